# Sourced by the service scripts: start_server BINARY [FLAGS...] runs `giro serve` on a free loopback port
# (PORT, SERVER_PID, SERVER_LOG set); stop_server sends SIGTERM, then SIGKILL after 5 s. Logs go to a file:
# one JSON line per request would otherwise flood the terminal.
SERVER_PID=""
PORT=""
SERVER_LOG=""

start_server() {
  local giro="$1"
  shift
  SERVER_LOG="$(mktemp)"
  "$giro" serve --host 127.0.0.1 --port 0 "$@" 2>"$SERVER_LOG" &
  SERVER_PID=$!
  PORT=""
  for _ in $(seq 100); do
    PORT="$(sed -n 's/.*"port":\([0-9]*\).*"msg":"listening".*/\1/p' "$SERVER_LOG" | head -1)"
    [ -n "$PORT" ] && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$SERVER_LOG"; echo "giro serve exited early" >&2; return 1; }
    sleep 0.1
  done
  cat "$SERVER_LOG"
  echo "giro serve did not report its port" >&2
  return 1
}

stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
  [ -n "$SERVER_LOG" ] && rm -f "$SERVER_LOG"
  SERVER_LOG=""
}
