#!/usr/bin/env python3
"""Faulty clients against a running `giro serve` (run by scripts/soak-serve.sh, during the soak's load):

- slowloris: connections that dribble their request head one byte at a time, never finishing it; the
  server must close each of them within --idle-timeout (plus slack);
- slow body: /v1/decode requests whose body trickles; each must get 503 time_budget_exceeded within
  --budget (plus slack), which frees its slot;
- a stalled /v1/batch upload (no time budget there): disconnected within --idle-timeout (plus slack);
- /v1/batch clients that vanish mid-stream (connection reset while uploading, after reading part of the
  answer, and while the server is blocked writing to a client that reads nothing);
- meanwhile, normal clients: a /v1/decode and a /v1/batch must be answered correctly within --prompt seconds.

Whether the work was freed is checked afterwards by the caller (/metrics in-flight and queued back to 0).
Exit status 1 when a check fails. Standard library only.
"""

import argparse
import socket
import struct
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
failures = []
lock = threading.Lock()


def check(condition, message):
    with lock:
        print(("ok   " if condition else "FAIL ") + message, flush=True)
        if not condition:
            failures.append(message)


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def reset(s):
    """Close with RST, as a crashed client or a dropped network does."""
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def read_response(s):
    """Status code and body of one HTTP/1.1 response (Content-Length or chunked)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the response head")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    if "content-length" in headers:
        length = int(headers["content-length"])
        while len(rest) < length:
            chunk = s.recv(65536)
            if not chunk:
                break
            rest += chunk
        return status, rest[:length]
    body = b""
    while True:  # chunked
        while b"\r\n" not in rest:
            rest += s.recv(65536)
        size_line, rest = rest.split(b"\r\n", 1)
        size = int(size_line.split(b";")[0], 16)
        while len(rest) < size + 2:
            chunk = s.recv(65536)
            if not chunk:
                raise ConnectionError("closed inside a chunk")
            rest += chunk
        if size == 0:
            return status, body
        body += rest[:size]
        rest = rest[size + 2:]


def request(port, method, path, body=b"", content_type="text/plain"):
    s = connect(port)
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n" \
               f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        s.sendall(head.encode() + body)
        return read_response(s)
    finally:
        s.close()


def chunk(data):
    return b"%x\r\n" % len(data) + data + b"\r\n"


def batch_lines(count):
    payload = (ROOT / "fixtures" / "samples" / "batch.ndjson").read_bytes().split(b"\n")[0]
    return payload + b"\n" + b"".join(payload.replace(b'"inv-1"', b'"l%d"' % i) + b"\n" for i in range(count))


def open_chunked_batch(port):
    """A connection with the head of a chunked /v1/batch upload sent; the body follows in chunks."""
    s = connect(port)
    s.sendall(b"POST /v1/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\n"
              b"Transfer-Encoding: chunked\r\n\r\n")
    return s


def slowloris(port, idle_timeout, results):
    s = connect(port)
    head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1000
    started = time.monotonic()
    s.settimeout(0.5)
    for byte in head:
        try:
            s.sendall(bytes([byte]))
            if s.recv(1) == b"":
                break
        except socket.timeout:
            continue
        except OSError:
            break
        if time.monotonic() - started > idle_timeout + 30:
            break
    results.append(time.monotonic() - started)
    s.close()


def slow_body(port, results):
    s = connect(port)
    s.sendall(b"POST /v1/decode HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
              b"Content-Length: 100000\r\n\r\nBCD\n")
    started = time.monotonic()
    s.settimeout(0.5)
    status = None
    while time.monotonic() - started < 120:
        try:
            s.sendall(b"x")
            head = s.recv(65536)
            if head:
                status = int(head.split(b" ", 2)[1])
            break
        except socket.timeout:
            continue
        except OSError:
            break
    results.append((status, time.monotonic() - started))
    s.close()


def stalled_batch_upload(port, results):
    """A /v1/batch upload that stops after its first lines: /v1/batch has no time budget, so only the idle
    timeout can free its slot."""
    s = open_chunked_batch(port)
    s.sendall(chunk(batch_lines(10)))
    started = time.monotonic()
    s.settimeout(120)
    try:
        while s.recv(65536):
            pass
    except OSError:
        pass
    results.append(time.monotonic() - started)
    s.close()


def batch_reset_while_uploading(port):
    s = open_chunked_batch(port)
    s.sendall(chunk(batch_lines(500)))
    time.sleep(0.3)
    reset(s)


def batch_reset_after_part_of_answer(port):
    s = open_chunked_batch(port)
    s.sendall(chunk(batch_lines(2000)))
    s.settimeout(10)
    s.recv(4096)  # the answer has started streaming
    s.sendall(chunk(batch_lines(2000)))
    reset(s)


def batch_reset_without_reading(port):
    # 20 000 lines whose answers (~40 MB) the client never reads: the server ends up blocked on a full socket.
    s = connect(port)
    body = batch_lines(20000)
    s.sendall(b"POST /v1/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\n"
              b"Content-Length: %d\r\n\r\n" % len(body))
    s.settimeout(5)
    try:
        s.sendall(body)
    except (socket.timeout, OSError):
        pass
    time.sleep(1)
    reset(s)


def normal_clients(port, prompt):
    payload = ROOT / "fixtures" / "samples" / "swiss-qr-bill.txt"
    started = time.monotonic()
    status, _ = request(port, "POST", "/v1/decode", payload.read_bytes())
    elapsed = time.monotonic() - started
    check(status == 200 and elapsed < prompt,
          f"a normal /v1/decode is answered while the faulty clients hold on ({status} in {elapsed:.2f} s)")
    started = time.monotonic()
    status, body = request(port, "POST", "/v1/batch", batch_lines(99), "application/x-ndjson")
    elapsed = time.monotonic() - started
    lines = body.count(b"\n")
    check(status == 200 and lines == 100 and elapsed < prompt,
          f"a normal /v1/batch of 100 lines is answered in full ({status}, {lines} lines, {elapsed:.2f} s)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--idle-timeout", type=float, required=True, help="the server's --idle-timeout-ms, in s")
    parser.add_argument("--budget", type=float, required=True, help="the server's --time-budget-ms, in s")
    parser.add_argument("--prompt", type=float, default=5.0, help="seconds a normal request may take")
    parser.add_argument("--slowloris", type=int, default=20)
    args = parser.parse_args()
    slack = 5.0

    closed_after, slow_answers = [], []
    faulty = [threading.Thread(target=slowloris, args=(args.port, args.idle_timeout, closed_after))
              for _ in range(args.slowloris)]
    faulty += [threading.Thread(target=slow_body, args=(args.port, slow_answers)) for _ in range(2)]
    stalled = []
    faulty.append(threading.Thread(target=stalled_batch_upload, args=(args.port, stalled)))
    for thread in faulty:
        thread.start()
    time.sleep(1)
    for fault in (batch_reset_while_uploading, batch_reset_after_part_of_answer, batch_reset_without_reading):
        try:
            fault(args.port)
        except OSError as error:
            print(f"     ({fault.__name__}: {error})")
    normal_clients(args.port, args.prompt)
    for thread in faulty:
        thread.join()

    check(len(closed_after) == args.slowloris and max(closed_after) < args.idle_timeout + slack,
          f"{args.slowloris} slowloris connections closed by the server after {min(closed_after):.1f}–"
          f"{max(closed_after):.1f} s (idle timeout {args.idle_timeout:.1f} s)")
    check(len(stalled) == 1 and stalled[0] < args.idle_timeout + slack,
          f"a stalled /v1/batch upload is disconnected after {stalled[0] if stalled else -1:.1f} s")
    check(all(status == 503 and seconds < args.budget + slack for status, seconds in slow_answers),
          f"slow-body requests answered 503 at the time budget: {[(s, round(t, 1)) for s, t in slow_answers]}")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
