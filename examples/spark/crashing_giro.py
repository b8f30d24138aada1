#!/usr/bin/env python3
"""Fault injection for the Spark test: stands in for `giro batch` and dies like a crashed binary.

Runs the real giro (GIRO_REAL_BINARY) on its input, unless a line holds the marker KILL-GIRO: then it answers
only half of the lines before the first marker (the rest of a real crash's output would still sit in a buffer)
and kills itself with SIGKILL. The job must still give every line exactly one row.
"""
import os
import signal
import subprocess
import sys

MARKER = b"KILL-GIRO"

real = os.environ["GIRO_REAL_BINARY"]
data = sys.stdin.buffer.read()
lines = data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n")
poisoned = next((index for index, line in enumerate(lines) if MARKER in line), None)
if poisoned is None:
    done = subprocess.run([real] + sys.argv[1:], input=data, stdout=subprocess.PIPE, check=False)
    sys.stdout.buffer.write(done.stdout)
    sys.exit(done.returncode)
before = lines[:poisoned // 2]
if before:
    done = subprocess.run([real] + sys.argv[1:], input=b"".join(line + b"\n" for line in before),
                          stdout=subprocess.PIPE, check=False)
    sys.stdout.buffer.write(done.stdout)
sys.stdout.buffer.write(b'{"id":"half a line, cut by the cra')
sys.stdout.flush()
os.kill(os.getpid(), signal.SIGKILL)
