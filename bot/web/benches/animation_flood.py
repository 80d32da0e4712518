#!/usr/bin/env python3
"""One greedy client against a real `lalao` (console, sled, LALAO_WEB on 127.0.0.1): it cycles the
whole-game animations of ten long public matches from several connections at once and holds every
event stream of one public page it can get, while a class screen plays a Katro match by taps, one
a second. Times each tap's POST and the class page's GET before it, quiet and under the load, and
counts what the class was refused. Everything goes to 127.0.0.1, bounded in count and time.
Usage: animation_flood.py <path to the lalao binary> [taps per phase, default 25]."""

import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

LINKS, PLIES, CYCLERS, MAX_HOARD = 10, 100, 6, 2001


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Console:
    def __init__(self, binary, data, port):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LALAO_", "DISCORD_", "MATRIX_"))}
        env["LALAO_WEB"] = f"127.0.0.1:{port}"
        self.p = subprocess.Popen([binary, "--data-dir", data, "--user", "mme", "--output", "plain"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, env=env)
        self.answer()

    def answer(self):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "" or line == "\n":
                return "\n".join(lines)
            lines.append(line.rstrip("\n"))

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def ask(self, line):
        self.send(line)
        return self.answer()

    def close(self):
        try:
            self.send("/quit")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def random_line(binary, seed, plies):
    rng = random.Random(seed)
    rules = subprocess.Popen([binary, "rules"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    moves = []
    while len(moves) < plies:
        rules.stdin.write(json.dumps({"game": "katro", "moves": moves}) + "\n")
        rules.stdin.flush()
        answer = json.loads(rules.stdout.readline())
        if answer.get("outcome") or not answer.get("legal"):
            break
        moves.append(rng.choice(answer["legal"]))
    rules.stdin.close()
    rules.wait()
    return moves


def request(port, raw, timeout=30.0):
    """Sends `raw`, returns (status, body, seconds)."""
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(raw)
            chunks = []
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
    except OSError:
        return 0, b"", time.monotonic() - started
    data = b"".join(chunks)
    head, _, body = data.partition(b"\r\n\r\n")
    try:
        status = int(head.split(b" ")[1])
    except (IndexError, ValueError):
        status = 0
    return status, body, time.monotonic() - started


def get(port, path):
    return request(port, f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())


def post_move(port, path, board, move, nonce):
    body = json.dumps({"match": 1, "board": board, "move": move, "nonce": nonce})
    raw = (f"POST {path}/play HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
           f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n{body}").encode()
    return request(port, raw)


def article(page, match):
    for part in page.split("<article ")[1:]:
        if f'data-match="{match}"' in part:
            return part
    return None


def attribute(part, name):
    found = re.search(name + r'="([^"]*)"', part)
    return found and found.group(1).replace("&quot;", '"').replace("&amp;", "&")


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class StreamCounter(threading.Thread):
    """Holds the class screen's event stream and counts its `screen` events."""

    def __init__(self, port, path):
        super().__init__(daemon=True)
        self.events, self.status = 0, None
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(f"GET {path}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())

    def run(self):
        buffer = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return
                buffer += chunk
                if self.status is None and b"\r\n" in buffer:
                    self.status = int(buffer.split(b" ")[1])
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    if b"event: screen" in event:
                        self.events += 1
        except OSError:
            return


def taps(port, screen, count, label):
    """`count` taps on match 1, one a second: latencies and refusals of the class."""
    stream = StreamCounter(port, screen)
    stream.start()
    time.sleep(0.5)
    before = stream.events
    posts, gets, refused = [], [], []
    for n in range(count):
        status, page, took = get(port, screen)
        gets.append(took)
        if status != 200:
            refused.append(("GET", status))
            time.sleep(1.05)
            continue
        part = article(page.decode(), 1)
        board, moves = int(attribute(part, "data-board")), json.loads(attribute(part, "data-moves") or "[]")
        if not moves:
            break
        status, body, took = post_move(port, screen, board, moves[0]["m"], f"{label.replace(' ', '-')}-{n:04d}-bench")
        posts.append(took)
        if status != 200:
            refused.append(("POST", status, body[:80]))
        time.sleep(1.05)
    time.sleep(1.0)
    ms = lambda v: round(v * 1000, 1)
    print(f"{label}: {len(posts)} taps; POST p50 {ms(percentile(posts, .5))} ms, p99 {ms(percentile(posts, .99))} ms, "
          f"max {ms(max(posts))} ms; class page GET p50 {ms(percentile(gets, .5))} ms, p99 {ms(percentile(gets, .99))} ms; "
          f"class stream {stream.status}, {stream.events - before} screen events; refused {len(refused)}: {refused[:5]}")
    stream.sock.close()


def main():
    binary = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    data = tempfile.mkdtemp(prefix="lalao-flood-")
    port = free_port()
    console = Console(binary, data, port)
    try:
        console.ask("class new CE1")
        console.ask("class add Ana Bob")
        console.ask("class match Ana Bob katro")
        screen = re.search(r"http://[^/\s]+(/class/\w+)", console.ask("class link")).group(1)
        animations = []
        for n in range(LINKS):
            match = n + 2
            console.ask("play katro")
            for move in random_line(binary, match, PLIES):
                console.ask(f"{move} #{match}")
            console.send(f"board #{match}")
            while True:
                found = re.search(r"http://[^/\s]+(/m/\w+)", console.answer())
                if found:
                    break
            page = found.group(1)
            status, html, _ = get(port, page)
            link = re.search(r'href="(/m/\w+/animation/\d+/animation\.gif)"', html.decode()).group(1)
            animations.append(link)
        status, gif, took = get(port, animations[0])
        print(f"one animation of {PLIES} plies drawn in {round(took, 2)} s ({status}, {len(gif)} bytes)")

        taps(port, screen, count, "quiet")

        stop = threading.Event()
        statuses = []

        def cycle(c):
            n = c
            while not stop.is_set() and n < 20_000 * CYCLERS:
                statuses.append(get(port, animations[n % LINKS])[0])
                n += CYCLERS

        cyclers = [threading.Thread(target=cycle, args=(c,), daemon=True) for c in range(CYCLERS)]
        for thread in cyclers:
            thread.start()
        hoard = []
        for _ in range(MAX_HOARD):
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            s.sendall(f"GET {animations[0].split('/animation/')[0]}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            try:
                line = s.recv(64)
            except OSError:
                line = b""
            if not line.startswith(b"HTTP/1.1 200"):
                s.close()
                break
            hoard.append(s)
        print(f"the greedy client holds {len(hoard)} live-page event streams")
        taps(port, screen, count, "under load")
        stop.set()
        for thread in cyclers:
            thread.join(timeout=60)
        drawn = sum(1 for s in statuses if s == 200)
        print(f"the greedy client's animation requests: {len(statuses)}, {drawn} answered 200, "
              f"{sum(1 for s in statuses if s == 503)} answered 503, {sum(1 for s in statuses if s not in (200, 503))} other")
        for s in hoard:
            s.close()
    finally:
        console.close()


if __name__ == "__main__":
    main()
