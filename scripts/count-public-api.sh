#!/usr/bin/env bash
# Counts (or lists) the public API of Giro's library modules from their symbol graphs: what the compiler
# itself says is public, so `package` and internal declarations never count.
#
#   scripts/count-public-api.sh                  per module: public types and all public symbols
#   scripts/count-public-api.sh --list           every public symbol of the pinned modules (engine and plug-ins), one per line
#                                                (what docs/public-api.txt holds; `kind path`, sorted)
#   scripts/count-public-api.sh --modules DIR    use already built modules in DIR (default: builds debug)
#
# Needs a debug build (`swift build`; the script runs it unless --modules is given), swift-symbolgraph-extract
# (ships with the toolchain) and jq.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

# The modules whose API this repository pins (docs/api-stability.md): every module `import Giro` re-exports, the
# country plug-ins included, and GiroRegex.
engine=(GiroCore GiroParsers GiroImaging GiroOCR GiroSlips GiroInvoices Giro GiroRegex GiroISO20022)
countries=($(ls Countries | sed "s/^/Giro/"))
pinned=("${engine[@]}" "${countries[@]}")

list=false
modules=""
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list=true ;;
    --modules) modules="$2"; shift ;;
    *) echo "usage: $0 [--list] [--modules DIR]" >&2; exit 2 ;;
  esac
  shift
done

if [ -z "$modules" ]; then
  swift build --target Giro >&2
  modules="$(swift build --show-bin-path)/Modules"
fi
bin="$(dirname "$modules")"
extract="$(command -v swift-symbolgraph-extract || echo "$(dirname "$(command -v swift)")/swift-symbolgraph-extract")"

# The C modules GiroImaging and the plug-ins import (system library maps and the ones SwiftPM generates).
cflags=()
for map in Sources/C*/module.modulemap "$bin"/C*.build/module.modulemap; do
  [ -f "$map" ] && cflags+=(-Xcc "-fmodule-map-file=$map")
done

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# Symbol lines `Module<TAB>kind<TAB>Type.member` for one module, including its extensions of other modules' types.
symbols() {
  mkdir -p "$out/$1"
  "$extract" -module-name "$1" -I "$modules" "${cflags[@]}" -target "$(uname -m)-unknown-linux-gnu" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$out/$1" >/dev/null
  jq -r --arg m "$1" '.symbols[] | select(.accessLevel == "public")
      | [$m, (.kind.identifier | sub("^swift\\."; "")), (.pathComponents | join("."))] | @tsv' "$out/$1"/*.symbols.json
}

is_type='^(struct|enum|class|protocol|typealias)$'
if $list; then
  for m in "${pinned[@]}"; do symbols "$m"; done | LC_ALL=C sort
  exit 0
fi
printf '%-16s %6s %8s\n' module types symbols
for m in "${pinned[@]}"; do
  symbols "$m" > "$out/$m.tsv"
  printf '%-16s %6d %8d\n' "$m" "$(cut -f2 "$out/$m.tsv" | grep -cE "$is_type" || true)" "$(wc -l < "$out/$m.tsv")"
done
# `import Giro` re-exports the engine modules and every plug-in (Sources/Giro/Exports.swift); GiroRegex is a separate product.
all=("${pinned[@]/GiroRegex/}")
total_types=0; total=0
for m in "${all[@]}"; do
  [ -n "$m" ] || continue
  total_types=$((total_types + $(cut -f2 "$out/$m.tsv" | grep -cE "$is_type" || true)))
  total=$((total + $(wc -l < "$out/$m.tsv")))
done
printf '%-16s %6d %8d\n' "import Giro" "$total_types" "$total"
