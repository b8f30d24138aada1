#!/usr/bin/env bash
# Fetches the external test corpora listed in scripts/corpora.tsv into corpora/<name>/ (git-ignored), each at its
# pinned upstream commit, and verifies its sha256. Where ../shared/corpora exists (CI: a copy of shared/ beside the
# clone, no network) it is the local mirror and nothing is downloaded; otherwise each corpus is fetched with git from
# its upstream repository (GitHub). A corpus already in corpora/ with the right checksum is kept as it is.
#
#   scripts/fetch-corpora.sh [NAME …]      fetch every corpus (or the named ones)
#   scripts/fetch-corpora.sh --checksum DIR  print the checksum of a corpus folder (to pin a new one)
#
# Without a corpus the tests that need it are reported as skipped by name (Tests/GiroTestSupport/Corpora.swift):
# this script then warns and exits 0, unless GIRO_REQUIRE_CORPORA=1 (set by .ci/run), where it exits 1.
# A checksum mismatch always exits 1 and leaves nothing of that corpus behind.
# Environment: GIRO_CORPORA_DIR (default corpora/), GIRO_CORPORA_MIRROR (default ../shared/corpora); for the
# script's own tests (Tests/GiroTests/CorporaTests.swift) GIRO_CORPORA_MANIFEST (default scripts/corpora.tsv) and
# GIRO_CORPORA_UPSTREAM (default https://github.com).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
manifest="${GIRO_CORPORA_MANIFEST:-$root/scripts/corpora.tsv}"
upstream="${GIRO_CORPORA_UPSTREAM:-https://github.com}"
dest_root="${GIRO_CORPORA_DIR:-$root/corpora}"
mirror="${GIRO_CORPORA_MIRROR:-$root/../shared/corpora}"

# sha256 of the sorted `sha256sum` list of a folder's files, extras (names starting with "_") left out.
checksum() {
  (cd "$1" && find . -type f ! -name '_*' -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum | sha256sum | cut -c1-64)
}

if [ "${1:-}" = "--checksum" ]; then
  checksum "$2"
  exit 0
fi

# The local name of a manifest item: `path=name`, or the path's last component.
local_name() { case "$1" in *=*) echo "${1#*=}" ;; *) basename "$1" ;; esac; }

fetch_upstream() { # repo commit items tmp
  local repo="$1" commit="$2" items="$3" tmp="$4" clone="$4.git" item
  rm -rf "$clone"
  # (called as a condition, so set -e does not apply here: every step returns on failure)
  git clone --quiet --filter=blob:none --no-checkout "$upstream/$repo.git" "$clone" || return 1
  git -C "$clone" -c advice.detachedHead=false checkout --quiet "$commit" || return 1
  IFS=, read -ra list <<< "$items"
  for item in "${list[@]}"; do cp -R "$clone/${item%%=*}" "$tmp/$(local_name "$item")" || return 1; done
  rm -rf "$clone"
}

fetch_mirror() { # name items extras tmp
  local name="$1" items="$2" extras="$3" tmp="$4" item
  IFS=, read -ra list <<< "$items"
  for item in "${list[@]}"; do cp -R "$mirror/$name/$(local_name "$item")" "$tmp/" || return 1; done
  if [ "$extras" != "-" ]; then
    IFS=, read -ra list <<< "$extras"
    for item in "${list[@]}"; do
      if [ -e "$mirror/$name/$item" ]; then cp "$mirror/$name/$item" "$tmp/"; fi
    done
  fi
}

mkdir -p "$dest_root"
missing=()
failed=0
while IFS=$'\t' read -r name repo commit sum items extras; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
  dest="$dest_root/$name"
  if [ -d "$dest" ] && [ "$(checksum "$dest")" = "$sum" ]; then
    echo "corpus $name: present, checksum ok"
    continue
  fi
  tmp="$dest_root/.$name.tmp"
  rm -rf "$dest" "$tmp"
  mkdir -p "$tmp"
  if [ -d "$mirror/$name" ]; then
    source="mirror $mirror/$name"
    fetched=0; fetch_mirror "$name" "$items" "$extras" "$tmp" && fetched=1 || true
  else
    source="$upstream/$repo@$commit"
    fetched=0; fetch_upstream "$repo" "$commit" "$items" "$tmp" 2>&1 && fetched=1 || true
  fi
  if [ "$fetched" != 1 ]; then
    rm -rf "$tmp" "$tmp.git"
    echo "corpus $name: NOT FETCHED from $source" >&2
    missing+=("$name")
    continue
  fi
  chmod -R u+w "$tmp"
  actual="$(checksum "$tmp")"
  if [ "$actual" != "$sum" ]; then
    rm -rf "$tmp"
    echo "corpus $name: CHECKSUM MISMATCH from $source: sha256 $actual, scripts/corpora.tsv pins $sum" >&2
    failed=1
    continue
  fi
  mv "$tmp" "$dest"
  echo "corpus $name: fetched from $source, checksum ok"
done < "$manifest"

if [ "$failed" = 1 ]; then exit 1; fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "corpora missing: ${missing[*]} — the tests that need them are skipped (each named in the test output);" \
       "fetch them with scripts/fetch-corpora.sh" >&2
  if [ "${GIRO_REQUIRE_CORPORA:-0}" = 1 ]; then
    echo "GIRO_REQUIRE_CORPORA=1: a missing corpus is an error" >&2
    exit 1
  fi
fi
exit 0
