#!/usr/bin/env bash
# make bench-serve: wrk (Debian) on loopback against a release `giro serve`, compared in the same run with the
# release `giro batch` on the same payloads. A benchmark, not a test: prints a table, asserts nothing.
#   /v1/decode: every fixture payload (fixtures/payloads/*/*.txt, valid and invalid) in rotation, 2 threads,
#               64 connections; giro batch --jobs 2 decodes the same payloads as NDJSON lines.
#   /v1/images: the generated photos (fixtures/images/generated/*-photo.jpg) in rotation.
#   GET /healthz: the same wrk settings on a route that decodes nothing (what HTTP alone costs here);
#   POST /v1/batch: the giro batch input as one streamed request (curl).
# BENCH_SECONDS (default 20) per wrk run.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
SECONDS_PER_RUN="${BENCH_SECONDS:-20}"
CONNECTIONS="${BENCH_CONNECTIONS:-64}"

# GIRO_BIN: an already built giro (skips the build).
if [ -n "${GIRO_BIN:-}" ]; then
  GIRO="$GIRO_BIN"
else
  "$SWIFT" build -c release --static-swift-stdlib -Xlinker --no-export-dynamic --product giro
  GIRO="$("$SWIFT" build -c release --static-swift-stdlib -Xlinker --no-export-dynamic --product giro --show-bin-path)/giro"
fi
WORK="$(mktemp -d)"
source scripts/serve/server.sh
trap 'stop_server; rm -rf "$WORK"' EXIT INT TERM

# Manifests for wrk: one request per line.
for f in fixtures/payloads/*/*.txt; do
  printf 'POST\t/v1/decode\ttext/plain\t%s\n' "$PWD/$f"
done > "$WORK/decode.tsv"
for f in fixtures/images/generated/*-photo.jpg; do
  printf 'POST\t/v1/images\timage/jpeg\t%s\n' "$PWD/$f"
done > "$WORK/images.tsv"
printf 'GET\t/healthz\t-\t-\n' > "$WORK/healthz.tsv"

# The same payloads as batch lines, repeated to about 100 000 lines.
python3 - "$WORK/batch.ndjson" fixtures/payloads/*/*.txt <<'EOF'
import base64, json, sys
out, files = sys.argv[1], sys.argv[2:]
lines = [json.dumps({"id": i, "payloadBase64": base64.b64encode(open(f, "rb").read()).decode()}) for i, f in enumerate(files)]
with open(out, "w") as handle:
    for _ in range(100_000 // len(lines) + 1):
        handle.write("\n".join(lines) + "\n")
EOF
BATCH_LINES=$(wc -l < "$WORK/batch.ndjson")

start_server "$GIRO" --time-budget-ms 30000
run_wrk() {  # manifest label
  wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --timeout 30s --latency -s scripts/serve/requests.lua \
    "http://127.0.0.1:$PORT" -- "$1" > "$WORK/$2.out"
  local rps p50 p99 statuses
  rps=$(sed -n 's/^Requests\/sec: *//p' "$WORK/$2.out")
  p50=$(awk '/^latency/ {printf "%.1f", $3/1000}' "$WORK/$2.out")
  p99=$(awk '/^latency/ {printf "%.1f", $5/1000}' "$WORK/$2.out")
  statuses=$(awk '/^status/ {printf "%s%s×%s", sep, $2, $3; sep=" "}' "$WORK/$2.out")
  echo "$rps|$p50|$p99|$statuses"
}
IFS='|' read -r DECODE_RPS DECODE_P50 DECODE_P99 DECODE_STATUSES < <(run_wrk "$WORK/decode.tsv" decode)
IFS='|' read -r IMAGES_RPS IMAGES_P50 IMAGES_P99 IMAGES_STATUSES < <(run_wrk "$WORK/images.tsv" images)
IFS='|' read -r HEALTH_RPS HEALTH_P50 HEALTH_P99 HEALTH_STATUSES < <(run_wrk "$WORK/healthz.tsv" healthz)
# The bulk path: the same lines as one streamed /v1/batch request.
SERVED_START=$(date +%s.%N)
curl -sf -H 'Content-Type: application/x-ndjson' --data-binary "@$WORK/batch.ndjson" \
  "http://127.0.0.1:$PORT/v1/batch" -o "$WORK/served.ndjson"
SERVED_END=$(date +%s.%N)
SERVED_LPS=$(python3 -c "print($(wc -l < "$WORK/served.ndjson") / ($SERVED_END - $SERVED_START))")
RSS_KB=$(awk '/^VmHWM/ {print $2}' "/proc/$SERVER_PID/status")
stop_server

BATCH_START=$(date +%s.%N)
"$GIRO" batch --jobs 2 --input "$WORK/batch.ndjson" --output /dev/null 2>/dev/null
BATCH_END=$(date +%s.%N)
BATCH_LPS=$(python3 -c "print($BATCH_LINES / ($BATCH_END - $BATCH_START))")

echo
echo "giro serve (release) on loopback, wrk -t2 -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $(nproc) cores shared with wrk"
printf '| %-44s | %12s | %8s | %8s | %s\n' "run" "per second" "p50 ms" "p99 ms" "answers"
printf '|%s|%s|%s|%s|%s\n' "----------------------------------------------" "--------------" "----------" "----------" "-------"
printf '| %-44s | %12.0f | %8s | %8s | %s\n' "POST /v1/decode, $(wc -l < "$WORK/decode.tsv") fixture payloads" "$DECODE_RPS" "$DECODE_P50" "$DECODE_P99" "$DECODE_STATUSES"
printf '| %-44s | %12.0f | %8s | %8s | %s\n' "giro batch --jobs 2, same payloads ($BATCH_LINES lines)" "$BATCH_LPS" "-" "-" "lines"
printf '| %-44s | %12.0f | %8s | %8s | %s\n' "POST /v1/batch, the same lines, one request" "$SERVED_LPS" "-" "-" "lines"
printf '| %-44s | %12.0f | %8s | %8s | %s\n' "GET /healthz (HTTP floor: no decoding)" "$HEALTH_RPS" "$HEALTH_P50" "$HEALTH_P99" "$HEALTH_STATUSES"
printf '| %-44s | %12.0f | %8s | %8s | %s\n' "POST /v1/images, $(wc -l < "$WORK/images.tsv") generated photos" "$IMAGES_RPS" "$IMAGES_P50" "$IMAGES_P99" "$IMAGES_STATUSES"
echo
printf '/v1/decode requests / giro batch lines: %.0f %%; /v1/batch / giro batch: %.0f %% (target >= 70 %%)\n' \
  "$(python3 -c "print(100 * $DECODE_RPS / $BATCH_LPS)")" "$(python3 -c "print(100 * $SERVED_LPS / $BATCH_LPS)")"
printf 'server peak RSS (VmHWM) %d MiB\n' "$((RSS_KB / 1024))"
