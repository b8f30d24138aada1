#!/usr/bin/env bash
# make soak-serve: wrk keeps `giro serve` busy with a mix of valid, invalid and junk requests on every route
# for SOAK_SECONDS (default 300) while scripts/serve/faults.py adds slowloris, slow-body and vanishing batch
# clients. Fails when:
#   - any answer is a 5xx, or a request was not answered (wrk socket errors or timeouts);
#   - the faulty clients were not handled (see faults.py), or a slot is still taken once the load has ended
#     (/metrics giro_http_in_flight_requests and giro_http_queued_requests back to 0);
#   - resident memory (VmRSS) peaks above SOAK_RSS_LIMIT_MIB (default 512), or ends more than
#     SOAK_RSS_GROWTH_MIB (default 64) above its level after the first fifth of the run (warm-up).
# `make test-service` runs a 40-second version on the debug build; GIRO_CONFIG=release for the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
CONFIG="${GIRO_CONFIG:-debug}"
# Release builds use the Makefile's RELEASE flags everywhere, so this reuses the other release targets' build.
BUILD_FLAGS="-c $CONFIG"
[ "$CONFIG" = release ] && BUILD_FLAGS="$BUILD_FLAGS --static-swift-stdlib -Xlinker --no-export-dynamic"
DURATION="${SOAK_SECONDS:-300}"
CONNECTIONS="${SOAK_CONNECTIONS:-16}"
RSS_LIMIT_MIB="${SOAK_RSS_LIMIT_MIB:-512}"
RSS_GROWTH_MIB="${SOAK_RSS_GROWTH_MIB:-64}"
IDLE_TIMEOUT_MS=4000
BUDGET_MS=10000

# GIRO_BIN: an already built giro (skips the build).
if [ -n "${GIRO_BIN:-}" ]; then
  GIRO="$GIRO_BIN"
else
  "$SWIFT" build $BUILD_FLAGS --product giro
  GIRO="$("$SWIFT" build $BUILD_FLAGS --product giro --show-bin-path)/giro"
fi
WORK="$(mktemp -d)"
SAMPLER=""
source scripts/serve/server.sh
cleanup() {
  [ -n "$SAMPLER" ] && kill "$SAMPLER" 2>/dev/null || true
  stop_server
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

python3 scripts/serve/soak_requests.py "$WORK" > "$WORK/requests.tsv"
echo "soak: $(wc -l < "$WORK/requests.tsv") distinct requests in rotation, $CONNECTIONS connections, ${DURATION} s, $GIRO"

start_server "$GIRO" --idle-timeout-ms "$IDLE_TIMEOUT_MS" --time-budget-ms "$BUDGET_MS" --max-queue 1024
rss_kib() { awk '/^VmRSS/ {print $2}' "/proc/$SERVER_PID/status"; }
RSS_START=$(rss_kib)
( while kill -0 "$SERVER_PID" 2>/dev/null; do rss_kib >> "$WORK/rss"; sleep 1; done ) &
SAMPLER=$!

wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --timeout 60s -s scripts/serve/requests.lua \
  "http://127.0.0.1:$PORT" -- "$WORK/requests.tsv" > "$WORK/wrk.out" &
WRK=$!
sleep $((DURATION / 5))
RSS_WARM=$(rss_kib)
FAULTS=0
python3 scripts/serve/faults.py --port "$PORT" --idle-timeout "$((IDLE_TIMEOUT_MS / 1000))" \
  --budget "$((BUDGET_MS / 1000))" --prompt 8 || FAULTS=1
wait "$WRK"
RSS_END=$(rss_kib)
kill "$SAMPLER" 2>/dev/null || true
SAMPLER=""
RSS_PEAK=$(sort -n "$WORK/rss" | tail -1)

# Every slot is free again once the load is over (nothing leaked by the faulty clients). A slot is held until its
# work really ends, and a request cut off by wrk's end or answered 503 may still read: its barcode search and slip
# reading share one deadline, the reader budget (0.8 × BUDGET_MS) from the request's start, and a cancelled request
# stops at its next zone; the wait allows twice the budget and 10 s more (a loaded machine), and prints what it took.
FREED=0
FREE_WAIT_S=$((2 * BUDGET_MS / 1000 + 10))
FREE_START=$(date +%s)
for _ in $(seq $((FREE_WAIT_S * 5))); do
  METRICS="$(curl -s "http://127.0.0.1:$PORT/metrics")"
  if echo "$METRICS" | grep -q '^giro_http_in_flight_requests 0' && echo "$METRICS" | grep -q '^giro_http_queued_requests 0'; then
    FREED=1
    break
  fi
  sleep 0.2
done
echo "slots free $(( $(date +%s) - FREE_START )) s after the load (at most $FREE_WAIT_S s)"
kill -0 "$SERVER_PID" 2>/dev/null && ALIVE=1 || ALIVE=0

read -r REQUESTS ERRORS_CONNECT ERRORS_READ ERRORS_WRITE ERRORS_TIMEOUT < <(awk '/^summary/ {print $3, $7, $9, $11, $15}' "$WORK/wrk.out")
ANSWERED=$(awk '/^status/ {n += $3} END {print n + 0}' "$WORK/wrk.out")
SERVER_ERRORS=$(awk '/^status/ && $2 >= 500 {n += $3} END {print n + 0}' "$WORK/wrk.out")
echo "requests: $REQUESTS sent, $ANSWERED answered; by status: $(awk '/^status/ {printf "%s%s×%s", sep, $2, $3; sep=", "}' "$WORK/wrk.out" | tr '\n' ' ')"
echo "wrk socket errors: connect $ERRORS_CONNECT, read $ERRORS_READ, write $ERRORS_WRITE, timeout $ERRORS_TIMEOUT"
echo "VmRSS MiB: start $((RSS_START / 1024)), after warm-up $((RSS_WARM / 1024)), peak $((RSS_PEAK / 1024)), end $((RSS_END / 1024)) (limits: peak $RSS_LIMIT_MIB, growth $RSS_GROWTH_MIB)"

FAILED=0
fail() { echo "FAIL $1"; FAILED=1; }
[ "$ALIVE" = 1 ] || fail "giro serve died"
[ "$REQUESTS" -gt 0 ] || fail "no request was made"
[ "$SERVER_ERRORS" = 0 ] || fail "$SERVER_ERRORS answers were 5xx"
[ "$ANSWERED" = "$REQUESTS" ] || fail "$((REQUESTS - ANSWERED)) requests got no answer"
[ "$((ERRORS_CONNECT + ERRORS_READ + ERRORS_WRITE + ERRORS_TIMEOUT))" = 0 ] || fail "wrk saw socket errors or timeouts"
[ "$FAULTS" = 0 ] || fail "faulty clients were not handled (above)"
[ "$FREED" = 1 ] || fail "slots still taken $FREE_WAIT_S s after the load: $(echo "$METRICS" | grep -E '^giro_http_(in_flight|queued)')"
[ $((RSS_PEAK / 1024)) -le "$RSS_LIMIT_MIB" ] || fail "peak RSS above $RSS_LIMIT_MIB MiB"
[ $(((RSS_END - RSS_WARM) / 1024)) -le "$RSS_GROWTH_MIB" ] || fail "RSS grew by more than $RSS_GROWTH_MIB MiB after warm-up"
[ "$FAILED" = 0 ] || exit 1
echo "soak: passed"
