#!/usr/bin/env bash
# make test-service: property-based requests from Sources/GiroServer/openapi.json (schemathesis) against a live
# `giro serve` on a free loopback port. Fails on any 5xx, schema violation, undocumented status or crash.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
VENV=.build/service-venv
MAX_EXAMPLES="${GIRO_SERVICE_EXAMPLES:-25}"
MAX_TIME="${GIRO_SERVICE_MAX_TIME:-150}"

"$SWIFT" build --product giro
GIRO="$("$SWIFT" build --product giro --show-bin-path)/giro"

if [ ! -x "$VENV/bin/st" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet schemathesis
fi

LOG="$(mktemp)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  rm -f "$LOG"
}
trap cleanup EXIT INT TERM

# Port 0: the kernel picks a free port; the startup log line names it.
"$GIRO" serve --host 127.0.0.1 --port 0 --time-budget-ms 5000 2>"$LOG" &
SERVER_PID=$!
PORT=""
for _ in $(seq 100); do
  PORT="$(sed -n 's/.*"port":\([0-9]*\).*"msg":"listening".*/\1/p' "$LOG" | head -1)"
  [ -n "$PORT" ] && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$LOG"; echo "giro serve exited early" >&2; exit 1; }
  sleep 0.1
done
[ -n "$PORT" ] || { cat "$LOG"; echo "giro serve did not report its port" >&2; exit 1; }
echo "giro serve on 127.0.0.1:$PORT (pid $SERVER_PID)"

"$VENV/bin/st" --config-file openapi/schemathesis.toml run "http://127.0.0.1:$PORT/openapi.json" \
  --checks all --max-examples "$MAX_EXAMPLES" --max-time "$MAX_TIME" --workers 1 \
  --seed 20261123 --request-timeout 20 --suppress-health-check all

kill -0 "$SERVER_PID" 2>/dev/null || { echo "giro serve crashed during the run" >&2; tail -20 "$LOG"; exit 1; }
echo "schemathesis: no findings; giro serve still up"

# A short soak (SOAK_SECONDS, default 40) with the faulty clients: no 5xx, every request answered, bounded
# memory, every slot freed (scripts/soak-serve.sh; `make soak-serve` is the 5-minute version).
cleanup
trap - EXIT INT TERM
SOAK_SECONDS="${SOAK_SECONDS:-40}" GIRO_BIN="$GIRO" scripts/soak-serve.sh
