#!/usr/bin/env python3
"""Three `lalao` processes on one PostgreSQL with max_connections=50, every round trip to it
slowed by a proxy, under 400 concurrent GETs of live pages and class screens, while each
process's console keeps playing moves. Counts the connections each process holds at once (one
proxy per process, so each count is that process's alone) and times the moves and the pages.

Usage (as root or a user PostgreSQL runs as): slow_pool.py <lalao binary> [delay_ms] [pool]
PostgreSQL from Debian's `postgresql` package (/usr/lib/postgresql/<version>/bin)."""

import asyncio
import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

PROCESSES, GETS, ROUNDS, MAX_CONNECTIONS = 3, 400, 5, 50


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def as_postgres_user(args):
    """PostgreSQL refuses to run as root: run it as `nobody` then."""
    if os.getuid() != 0:
        return args
    uid = subprocess.check_output(["id", "-u", "nobody"]).strip().decode()
    gid = subprocess.check_output(["id", "-g", "nobody"]).strip().decode()
    return ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups"] + args


def start_postgres(root):
    bin_dir = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1]
    data = os.path.join(root, "pg")
    os.makedirs(data)
    if os.getuid() == 0:
        shutil.chown(root, "nobody")
        shutil.chown(data, "nobody")
    subprocess.run(as_postgres_user([f"{bin_dir}/initdb", "-D", data, "-U", "lalao", "--auth=trust", "-E", "UTF8"]),
                   check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    server = subprocess.Popen(as_postgres_user([
        f"{bin_dir}/postgres", "-D", data, "-p", str(port), "-k", root,
        "-c", "listen_addresses=127.0.0.1", "-c", f"max_connections={MAX_CONNECTIONS}"]),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while subprocess.run([f"{bin_dir}/pg_isready", "-h", "127.0.0.1", "-p", str(port)],
                         stdout=subprocess.DEVNULL).returncode != 0:
        if time.monotonic() > deadline:
            sys.exit("PostgreSQL did not start")
        time.sleep(0.2)
    subprocess.run([f"{bin_dir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "lalao", "lalao"], check=True)
    return server, port, bin_dir


class SlowProxy:
    """Forwards one process's connections to PostgreSQL, holding each chunk the server sends
    back for `delay` seconds: every round trip of that process is slowed. Counts its connections."""

    def __init__(self, upstream, delay):
        self.upstream, self.delay = upstream, delay
        self.open = self.most = 0
        self.port = free_port()

    async def pipe(self, reader, writer, delay):
        try:
            while chunk := await reader.read(65536):
                if delay:
                    await asyncio.sleep(delay)
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def serve_one(self, client_reader, client_writer):
        self.open += 1
        self.most = max(self.most, self.open)
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
            await asyncio.gather(self.pipe(client_reader, server_writer, 0),
                                 self.pipe(server_reader, client_writer, self.delay))
        except OSError:
            client_writer.close()
        finally:
            self.open -= 1

    async def run(self):
        server = await asyncio.start_server(self.serve_one, "127.0.0.1", self.port)
        async with server:
            await server.serve_forever()


class Console:
    def __init__(self, binary, root, n, database_url, pool, user):
        self.web = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LALAO_", "DISCORD_", "MATRIX_"))}
        env.update(LALAO_DATABASE_URL=database_url, LALAO_DATABASE_POOL=str(pool), RUST_LOG="warn",
                   LALAO_WEB=f"127.0.0.1:{self.web}", LALAO_WEB_URL=f"http://127.0.0.1:{self.web}")
        self.log = os.path.join(root, f"lalao-{n}.log")
        self.bot = subprocess.Popen([binary, "--data-dir", os.path.join(root, f"data-{n}"), "--user", user],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(self.log, "w"),
                                    env=env, text=True, bufsize=1)

    def say(self, line, expect, timeout=60):
        started = time.monotonic()
        self.bot.stdin.write(line + "\n")
        self.bot.stdin.flush()
        seen = []
        while time.monotonic() - started < timeout:
            out = self.bot.stdout.readline()
            if os.environ.get("SLOW_POOL_TRACE"):
                print(self.web, repr(out), flush=True)
            if not out:
                sys.exit(f"lalao stopped; it said: {seen}; log: {open(self.log).read()[-2000:]}")
            seen.append(out)
            found = re.search(expect, out)
            if found:
                return found, time.monotonic() - started
        sys.exit(f"no {expect!r} within {timeout} s; it said: {seen}")


def fetch(port, path):
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
            s.settimeout(30)
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            status = s.recv(64).split(b"\r\n")[0].decode()
            while s.recv(65536):
                pass
    except OSError as err:
        status = f"error: {err}"
    return status, time.monotonic() - started


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def main():
    binary = os.path.abspath(sys.argv[1])
    delay_ms = float(sys.argv[2]) if len(sys.argv) > 2 else 20
    pool = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    root = tempfile.mkdtemp()
    os.chmod(root, 0o755)
    server, pg_port, bin_dir = start_postgres(root)
    loop = asyncio.new_event_loop()
    proxies = [SlowProxy(pg_port, delay_ms / 1000) for _ in range(PROCESSES)]
    for proxy in proxies:
        loop.create_task(proxy.run())
    threading.Thread(target=loop.run_forever, daemon=True).start()
    try:
        consoles = []
        for n, proxy in enumerate(proxies):
            url = f"postgres://lalao@127.0.0.1:{proxy.port}/lalao?sslmode=disable"
            consoles.append(Console(binary, root, n, url, pool, ["teacher", "ana", "bob"][n]))
            consoles[-1].say("board", r".")  # started: the schema is in place before the next
        teacher = consoles[0]
        teacher.say("class new CE1", r"CE1")
        teacher.say("class add Ana Bob Cleo Dan Eli Fara", r"Fara")
        teacher.say("class tournament fano cells=5", r"#\d+")
        # The projector's address: the read-only class screen, reading every match of the class.
        screen = teacher.say("class link", r"project.*http://[^/\s]+(/class/[a-z0-9]+)")[0].group(1)
        pages = []
        for console in consoles[1:]:
            console.say("play katro solo", r"#\d+")
            found, _ = console.say("board", r"http://\S+?(/m/[a-z0-9]+)")
            pages.append((console.web, found.group(1)))
        targets = [(consoles[n % PROCESSES].web, screen) if n % 2 else pages[n % len(pages)] for n in range(GETS)]
        print(f"PostgreSQL max_connections={MAX_CONNECTIONS}, each round trip slowed by {delay_ms:g} ms, "
              f"LALAO_DATABASE_POOL={pool} in each of {PROCESSES} processes")
        print("before the load, connections held per process:", [proxy.most for proxy in proxies])

        # The console's channel is the class's, so it speaks the class's French from here on.
        # The load: five rounds of 400 GETs at once (half class screens, across the three processes), while the
        # two players' consoles keep moving.
        moves, stop = [], threading.Event()

        def play(console):
            while not stop.is_set():
                found, _ = console.say("move zz", r"(?:You can play|Tu peux jouer) ?: ([^,\s]+)")
                moves.append(console.say(f"move {found.group(1)}", r"played|joué")[1])

        players = [threading.Thread(target=play, args=(console,)) for console in consoles[1:]]
        for player in players:
            player.start()
        answers, took = [], []
        with ThreadPoolExecutor(max_workers=GETS) as pool_of_clients:
            for _ in range(ROUNDS):
                started = time.monotonic()
                answers += list(pool_of_clients.map(lambda target: fetch(*target), targets))
                took.append(time.monotonic() - started)
        stop.set()
        for player in players:
            player.join()
        statuses = {}
        for (_, path), (status, _) in zip(targets * ROUNDS, answers):
            key = f"{path.split('/')[1]} {status.split(' ', 1)[-1]}"
            statuses[key] = statuses.get(key, 0) + 1
        times = [t for _, t in answers]
        print(f"{ROUNDS} rounds of {GETS} concurrent GETs, each round in {min(took):.2f}–{max(took):.2f} s: {statuses}; "
              f"median {percentile(times, 0.5):.3f} s, p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s")
        print(f"moves answered meanwhile: {len(moves)}, median {percentile(moves, 0.5):.3f} s, "
              f"max {max(moves):.3f} s")
        print("most connections held at once, per process:", [proxy.most for proxy in proxies],
              f"(pool {pool})")
        held = subprocess.check_output([f"{bin_dir}/psql", "-h", "127.0.0.1", "-p", str(pg_port), "-U", "lalao",
                                         "-d", "lalao", "-tAc",
                                         "select count(*) from pg_stat_activity where backend_type='client backend'"])
        print("client backends at PostgreSQL after the load:", held.decode().strip(),
              f"(of {MAX_CONNECTIONS})")
        for console in consoles:
            console.bot.stdin.close()
            console.bot.wait(timeout=30)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
