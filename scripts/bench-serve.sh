#!/usr/bin/env bash
# make bench-serve: wrk (Debian) on loopback against a release `giro serve`, compared in the same run with the
# release `giro batch` on the same payloads. A benchmark, not a test: prints two tables, asserts nothing.
#   /v1/decode: every fixture payload (fixtures/payloads/*/*.txt, valid and invalid) in rotation, 2 threads,
#               64 connections, one request in flight per connection (no HTTP pipelining: the headline);
#               giro batch --jobs 2 decodes the same payloads as NDJSON lines.
#   /v1/decode pipelined: the same with BENCH_PIPELINE (16) requests in flight per connection (an extra row).
#   POST /v1/batch: the giro batch input as one streamed request (curl).
#   GET /healthz: the same wrk settings on a route that decodes nothing (what HTTP alone costs here).
#   /v1/images: the generated photos (fixtures/images/generated/*-photo.jpg) in rotation.
# Two figures per row: per wall-clock second (wrk and the server share the 2 cores, so wrk's own CPU is taken
# from the server), and per CPU-second of the serving process (utime + stime from /proc/PID/stat before and
# after the run) against giro batch's lines per CPU-second (user + sys of the whole process).
# BENCH_SECONDS (default 20) per wrk run; BENCH_BATCH_RUNS (3): giro batch and /v1/batch runs, the median kept.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
SECONDS_PER_RUN="${BENCH_SECONDS:-20}"
CONNECTIONS="${BENCH_CONNECTIONS:-64}"
PIPELINE="${BENCH_PIPELINE:-16}"
BATCH_RUNS="${BENCH_BATCH_RUNS:-3}"
TICKS=$(getconf CLK_TCK)

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
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

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

# CPU ticks (user + system) the server has used so far.
server_ticks() { awk '{print $14 + $15}' "/proc/$SERVER_PID/stat"; }
ratio() { python3 -c "print(($1) / ($2))"; }
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

start_server "$GIRO" --time-budget-ms 30000
# run_wrk MANIFEST LABEL [PIPELINE]: prints rate|p50|p99|statuses|requests per server CPU-second|wrk CPU share
run_wrk() {
  local before after
  before=$(server_ticks)
  /usr/bin/time -f '%e %U %S' -o "$WORK/$2.time" wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --timeout 30s \
    --latency -s scripts/serve/requests.lua "http://127.0.0.1:$PORT" -- "$1" "${3:-1}" > "$WORK/$2.out"
  after=$(server_ticks)
  local rps p50 p99 statuses requests per_cpu wrk_share
  rps=$(sed -n 's/^Requests\/sec: *//p' "$WORK/$2.out")
  p50=$(awk '/^latency/ {printf "%.1f", $3/1000}' "$WORK/$2.out")
  p99=$(awk '/^latency/ {printf "%.1f", $5/1000}' "$WORK/$2.out")
  statuses=$(awk '/^status/ {printf "%s%s×%s", sep, $2, $3; sep=" "}' "$WORK/$2.out")
  requests=$(awk '/^status/ {n += $3} END {print n + 0}' "$WORK/$2.out")
  per_cpu=$(ratio "$requests" "($after - $before) / $TICKS")
  wrk_share=$(awk '{printf "%.0f", 100 * ($2 + $3) / ($1 * '"$(nproc)"')}' "$WORK/$2.time")
  echo "$rps|$p50|$p99|$statuses|$per_cpu|$wrk_share"
}
IFS='|' read -r DECODE_RPS DECODE_P50 DECODE_P99 DECODE_STATUSES DECODE_CPU DECODE_WRK < <(run_wrk "$WORK/decode.tsv" decode)
IFS='|' read -r PIPED_RPS PIPED_P50 PIPED_P99 PIPED_STATUSES PIPED_CPU PIPED_WRK < <(run_wrk "$WORK/decode.tsv" piped "$PIPELINE")
IFS='|' read -r HEALTH_RPS HEALTH_P50 HEALTH_P99 HEALTH_STATUSES HEALTH_CPU HEALTH_WRK < <(run_wrk "$WORK/healthz.tsv" healthz)

# The bulk path: the same lines as one streamed /v1/batch request, BATCH_RUNS times.
for _ in $(seq "$BATCH_RUNS"); do
  before=$(server_ticks)
  start=$(date +%s.%N)
  curl -sf -H 'Content-Type: application/x-ndjson' -H 'Expect:' -T "$WORK/batch.ndjson" -X POST \
    "http://127.0.0.1:$PORT/v1/batch" -o "$WORK/served.ndjson"
  end=$(date +%s.%N)
  after=$(server_ticks)
  served=$(wc -l < "$WORK/served.ndjson")
  [ "$served" = "$BATCH_LINES" ] || echo "warning: /v1/batch answered $served of $BATCH_LINES lines" >&2
  ratio "$served" "$end - $start" >> "$WORK/served.lps"
  ratio "$served" "($after - $before) / $TICKS" >> "$WORK/served.cpu"
done
SERVED_LPS=$(median < "$WORK/served.lps")
SERVED_CPU=$(median < "$WORK/served.cpu")
# Last: photos take long, and work still queued when wrk stops would count in a later run.
IFS='|' read -r IMAGES_RPS IMAGES_P50 IMAGES_P99 IMAGES_STATUSES IMAGES_CPU IMAGES_WRK < <(run_wrk "$WORK/images.tsv" images)
RSS_KB=$(awk '/^VmHWM/ {print $2}' "/proc/$SERVER_PID/status")
stop_server

for _ in $(seq "$BATCH_RUNS"); do
  # /usr/bin/time, not bash's: that one would also count the server, reaped meanwhile, as a child.
  /usr/bin/time -f '%e %U %S' -o "$WORK/batch.time" "$GIRO" batch --jobs 2 --input "$WORK/batch.ndjson" --output /dev/null 2>/dev/null
  awk '{print '"$BATCH_LINES"' / $1}' "$WORK/batch.time" >> "$WORK/batch.lps"
  awk '{print '"$BATCH_LINES"' / ($2 + $3)}' "$WORK/batch.time" >> "$WORK/batch.cpu"
done
BATCH_LPS=$(median < "$WORK/batch.lps")
BATCH_CPU=$(median < "$WORK/batch.cpu")
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)

percent() { python3 -c "print(f'{100 * ($1) / ($2):.0f} %')"; }
row() {  # label rate p50 p99 per-cpu wrk-share answers; cpu %: the measured process's CPU share of all cores
  local cpu
  cpu=$(python3 -c "print(f'{100 * ($2) / ($5) / $(nproc):.0f}')")
  printf '| %-46s | %10.0f | %6s | %7s | %12.0f | %5s | %5s | %s |\n' "$1" "$2" "$3" "$4" "$5" "$cpu" "$6" "$7"
}
echo
echo "giro serve (release) on loopback, wrk -t2 -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $(nproc) cores shared by wrk and the server;"
echo "load average $LOAD_START at the start, $LOAD_END at the end. per s: per wall-clock second; per CPU-s: per CPU-second"
echo "of the serving process (giro batch: of the whole process); cpu %: that process's CPU, wrk %: wrk's CPU, each as a"
echo "share of all $(nproc) cores over the run."
echo
printf '| %-46s | %10s | %6s | %7s | %12s | %5s | %5s | %s |\n' "run" "per s" "p50 ms" "p99 ms" "per CPU-s" "cpu %" "wrk %" "answers"
echo "|---|---|---|---|---|---|---|---|"
row "POST /v1/decode, $(wc -l < "$WORK/decode.tsv") fixture payloads" "$DECODE_RPS" "$DECODE_P50" "$DECODE_P99" "$DECODE_CPU" "$DECODE_WRK" "$DECODE_STATUSES"
row "giro batch --jobs 2, same payloads ($BATCH_LINES lines)" "$BATCH_LPS" "-" "-" "$BATCH_CPU" "-" "lines, median of $BATCH_RUNS"
row "POST /v1/batch, the same lines, one request" "$SERVED_LPS" "-" "-" "$SERVED_CPU" "-" "lines, median of $BATCH_RUNS"
# wrk times a pipelined connection's requests as one: its percentiles are left out.
row "POST /v1/decode pipelined ×$PIPELINE (extra, not headline)" "$PIPED_RPS" "-" "-" "$PIPED_CPU" "$PIPED_WRK" "$PIPED_STATUSES"
row "GET /healthz (HTTP floor: no decoding)" "$HEALTH_RPS" "$HEALTH_P50" "$HEALTH_P99" "$HEALTH_CPU" "$HEALTH_WRK" "$HEALTH_STATUSES"
row "POST /v1/images, $(wc -l < "$WORK/images.tsv") generated photos" "$IMAGES_RPS" "$IMAGES_P50" "$IMAGES_P99" "$IMAGES_CPU" "$IMAGES_WRK" "$IMAGES_STATUSES"
echo
echo "ratios to giro batch --jobs 2 (target >= 70 %):"
echo "  wall-clock (requests/s over lines/s; wrk takes its CPU from the server): /v1/decode $(percent "$DECODE_RPS" "$BATCH_LPS"), /v1/batch $(percent "$SERVED_LPS" "$BATCH_LPS")"
echo "  per CPU-second (server process vs giro batch process):                    /v1/decode $(percent "$DECODE_CPU" "$BATCH_CPU"), /v1/batch $(percent "$SERVED_CPU" "$BATCH_CPU")"
printf 'server peak RSS (VmHWM) %d MiB\n' "$((RSS_KB / 1024))"
