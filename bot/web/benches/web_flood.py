#!/usr/bin/env python3
"""Holds 1,500 idle connections and 1,000 open event streams against a real `lalao` (console,
web pages on, started under `ulimit -Sn 1024`) and times what a newcomer gets meanwhile: a
fresh page GET and a console command. Usage: web_flood.py <path to the lalao binary>."""

import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time

IDLE, STREAMS = 1500, 1000


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, path, timeout=10.0):
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        status = s.recv(64).split(b"\r\n")[0].decode()
    return status, time.monotonic() - started


def main():
    binary = sys.argv[1]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    port = free_port()
    data = tempfile.mkdtemp()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LALAO_", "DISCORD_", "MATRIX_"))}
    env.update(LALAO_WEB=f"127.0.0.1:{port}", LALAO_WEB_URL=f"http://127.0.0.1:{port}", RUST_LOG="warn")
    bot = subprocess.Popen(
        ["sh", "-c", f"ulimit -Sn 1024; exec {binary} --data-dir {data} --user ana"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True, bufsize=1,
    )

    def say(line, expect):
        started = time.monotonic()
        bot.stdin.write(line + "\n")
        bot.stdin.flush()
        seen = []
        while True:
            out = bot.stdout.readline()
            if not out:
                sys.exit(f"lalao stopped; it said: {seen}")
            seen.append(out)
            found = re.search(expect, out)
            if found:
                return found, time.monotonic() - started

    say("play fano solo cells=5", r"#1")
    found, _ = say("board", r"(http://\S+/m/(\S+))")
    public = found.group(2).rstrip(".")
    page = f"/m/{public}"
    print("page", page, get(port, page))

    idle = []
    for _ in range(IDLE):
        idle.append(socket.create_connection(("127.0.0.1", port)))
    streams, refused = [], 0
    for _ in range(STREAMS):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(f"GET {page}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        streams.append(s)
    opened = 0
    for s in streams:
        s.settimeout(10)
        head = s.recv(256)
        if head.startswith(b"HTTP/1.1 200"):
            opened += 1
        else:
            refused += 1
    print(f"held: {len(idle)} idle connections, {opened} event streams open ({refused} refused)")
    gets = [get(port, page) for _ in range(5)]
    print("fresh page GETs meanwhile:", [(status, round(took, 3)) for status, took in gets])
    _, took = say("board", r"Follow it live")
    print(f"console `board` meanwhile: {took:.3f} s")
    # A move made now reaches every open stream.
    _, took_move = say("@3", r"played @3")
    started = time.monotonic()
    reached = 0
    for s in streams[:opened]:
        s.settimeout(10)
        buffer = b""
        while b"@3" not in buffer:
            chunk = s.recv(65536)
            if not chunk:
                break
            buffer += chunk
        reached += b"@3" in buffer
    print(f"the move: answered in {took_move:.3f} s; on {reached} of {opened} streams within {time.monotonic() - started:.3f} s")
    bot.stdin.close()
    bot.wait(timeout=30)


if __name__ == "__main__":
    main()
