#!/usr/bin/env python3
"""Holds 1,500 idle connections and 1,000 open event streams against a real `lalao` started under
`ulimit -Sn 1024` with its web pages on, and times what a newcomer gets meanwhile: a fresh page
GET and a console command (console mode), or a signed Discord interaction on the endpoint in the
same process (`--discord`, with a stand-in for Discord's REST API so the bot can start).
Usage: web_flood.py <path to the lalao binary> [--discord]."""

import json
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

IDLE, STREAMS = 1500, 1000
APPLICATION_ID = "1300000000000000100"
GUILD_ID = "1300000000000000001"
CHANNEL_ID = "1300000000000000200"


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


def hold(port, page):
    """Opens the idle connections and the event streams; returns (idle, streams, opened)."""
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(IDLE)]
    streams = []
    for _ in range(STREAMS):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(f"GET {page}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        streams.append(s)
    opened = 0
    for s in streams:
        s.settimeout(10)
        if s.recv(256).startswith(b"HTTP/1.1 200"):
            opened += 1
    print(f"held: {len(idle)} idle connections, {opened} event streams open ({STREAMS - opened} refused)")
    gets = [get(port, page) for _ in range(5)]
    print("fresh page GETs meanwhile:", [(status, round(took, 3)) for status, took in gets])
    return idle, streams, opened


def reached_streams(streams, opened, text):
    """How many of the open streams carry `text`, and how long it took them all."""
    started = time.monotonic()
    reached = 0
    for s in streams[:opened]:
        s.settimeout(10)
        buffer = b""
        while text not in buffer:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            buffer += chunk
        reached += text in buffer
    return reached, time.monotonic() - started


def start(binary, port, extra_env, args):
    data = tempfile.mkdtemp()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LALAO_", "DISCORD_", "MATRIX_"))}
    env.update(LALAO_WEB=f"127.0.0.1:{port}", LALAO_WEB_URL=f"http://127.0.0.1:{port}", RUST_LOG="warn")
    env.update(extra_env)
    log = open(os.path.join(data, "lalao.log"), "w")
    bot = subprocess.Popen(
        ["sh", "-c", f"ulimit -Sn 1024; exec {binary} --data-dir {data} {args}"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=env, text=True, bufsize=1,
    )
    bot.log = log.name
    return bot


def console(binary):
    port = free_port()
    bot = start(binary, port, {}, "--user ana")

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
    page = f"/m/{found.group(2).rstrip('.')}"
    print("page", page, get(port, page))
    idle, streams, opened = hold(port, page)
    _, took = say("board", r"Follow it live")
    print(f"console `board` meanwhile: {took:.3f} s")
    # A move made now reaches every open stream.
    _, took_move = say("@3", r"played @3")
    reached, took_streams = reached_streams(streams, opened, b"@3")
    print(f"the move: answered in {took_move:.3f} s; on {reached} of {opened} streams within {took_streams:.3f} s")
    bot.stdin.close()
    bot.wait(timeout=30)


class FakeDiscordRest(BaseHTTPRequestHandler):
    """Just enough of Discord's REST API for the bot to start and answer: it registers its
    commands, and sends follow-ups through the interaction's webhook. Bodies are kept."""

    bodies = []
    registered = threading.Event()

    def log_message(self, *args):
        pass

    def answer(self, status, value):
        body = json.dumps(value).encode() if value is not None else b""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def read(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        FakeDiscordRest.bodies.append(raw.decode(errors="replace"))
        try:
            return json.loads(raw) if raw.startswith((b"{", b"[")) else {}
        except ValueError:
            return {}

    def message(self, body):
        return {
            "id": str(1300000000000900000 + len(FakeDiscordRest.bodies)), "channel_id": CHANNEL_ID,
            "guild_id": GUILD_ID, "author": bot_user(), "content": body.get("content") or "",
            "timestamp": "2026-12-03T12:00:00.000000+00:00", "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
            "pinned": False, "type": 20, "flags": 0, "components": body.get("components") or [],
            "webhook_id": APPLICATION_ID, "application_id": APPLICATION_ID,
        }

    def do_GET(self):
        if self.path.startswith("/api/v10/users/@me"):
            self.answer(200, bot_user())
        elif self.path.startswith("/api/v10/oauth2/applications/@me"):
            self.answer(200, {"id": APPLICATION_ID, "name": "lalao", "icon": None, "description": "",
                              "bot_public": True, "bot_require_code_grant": False, "verify_key": "00" * 32,
                              "flags": 0})
        else:
            self.answer(404, {"message": "Unknown", "code": 0})

    def do_PUT(self):
        commands = self.read()
        if "/commands" in self.path and isinstance(commands, list):
            FakeDiscordRest.registered.set()
            guild = self.path.split("/guilds/")[1].split("/")[0] if "/guilds/" in self.path else None
            self.answer(200, [dict({"type": 1, "default_member_permissions": None, "nsfw": False}, **command,
                                   id=str(1300000000000000300 + n), application_id=APPLICATION_ID, version="1",
                                   **({"guild_id": guild} if guild else {}))
                              for n, command in enumerate(commands)])
        else:
            self.answer(404, {"message": "Unknown", "code": 0})

    def do_POST(self):
        body = self.read()
        if self.path.endswith("/callback"):
            self.answer(204, None)
        else:
            self.answer(200, self.message(body))

    def do_PATCH(self):
        self.answer(200, self.message(self.read()))

    def do_DELETE(self):
        self.read()
        self.answer(204, None)


def bot_user():
    return {"id": APPLICATION_ID, "username": "lalao", "discriminator": "0", "global_name": None,
            "avatar": None, "bot": True, "public_flags": 0, "flags": 0}


def discord(binary):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    rest = ThreadingHTTPServer(("127.0.0.1", 0), FakeDiscordRest)
    threading.Thread(target=rest.serve_forever, daemon=True).start()
    port, endpoint = free_port(), free_port()
    bot = start(binary, port, {
        "DISCORD_TOKEN": "MTMwMDAwMDAwMDAwMDAwMDEwMA.fake.token-for-the-flood",
        "DISCORD_API_URL": f"http://127.0.0.1:{rest.server_address[1]}",
        "DISCORD_MODE": "endpoint", "DISCORD_APPLICATION_ID": APPLICATION_ID, "DISCORD_PUBLIC_KEY": public,
        "DISCORD_LISTEN": f"127.0.0.1:{endpoint}", "DISCORD_GUILD_ID": GUILD_ID,
    }, "")
    if not FakeDiscordRest.registered.wait(120):
        sys.exit("the bot never registered its commands")
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", endpoint)).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                sys.exit("the endpoint never opened; log:\n" + open(bot.log).read()[-3000:])
            time.sleep(0.05)
    serial = [0]

    def interaction(kind, data):
        serial[0] += 1
        ident = str(1300000000000500000 + serial[0])
        body = {"id": ident, "application_id": APPLICATION_ID, "type": kind, "token": f"dG9rZW4{ident}", "version": 1,
                "entitlements": [], "authorizing_integration_owners": {}, "attachment_size_limit": 10485760}
        if kind != 1:
            user = {"id": "1300000000000000501", "username": "ana_r", "discriminator": "0", "global_name": "Ana",
                    "avatar": None, "public_flags": 0, "flags": 0, "bot": False}
            body.update(data=data, guild_id=GUILD_ID, channel_id=CHANNEL_ID, locale="en-GB", guild_locale="en-GB",
                        app_permissions="562949953421311", context=0,
                        channel={"id": CHANNEL_ID, "type": 0, "guild_id": GUILD_ID, "name": "games", "position": 0,
                                 "permissions": "562949953421311", "flags": 0, "nsfw": False, "parent_id": None},
                        member={"user": user, "nick": None, "avatar": None, "roles": [],
                                "joined_at": "2025-03-14T09:26:53.589000+00:00", "deaf": False, "mute": False,
                                "pending": False, "flags": 0, "permissions": "2248473465835073"})
        raw = json.dumps(body)
        stamp = str(int(time.time()))
        signature = key.sign(stamp.encode() + raw.encode()).hex()
        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", endpoint), timeout=10) as s:
            s.sendall((f"POST /interactions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       f"X-Signature-Ed25519: {signature}\r\nX-Signature-Timestamp: {stamp}\r\n"
                       f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n{raw}").encode())
            answer = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
        return answer.decode(errors="replace"), time.monotonic() - started

    def slash(verb, options):
        return interaction(2, {"id": "1300000000000000300", "name": "lalao", "type": 1, "guild_id": GUILD_ID,
                               "options": [{"name": verb, "type": 1, "options": options}]})

    answer, took = interaction(1, None)
    print(f"PING before the flood: {answer.splitlines()[0]} in {took:.3f} s")
    slash("play", [{"name": "game", "type": 3, "value": "fano"}, {"name": "practice", "type": 5, "value": True}])
    answer, _ = slash("board", [])
    seen = answer + "".join(FakeDiscordRest.bodies)
    found = re.search(rf"http://127\.0\.0\.1:{port}/m/([A-Za-z0-9_-]+)", seen)
    if not found:
        sys.exit(f"no live page in the answers: {seen[-2000:]}")
    page = f"/m/{found.group(1)}"
    print("page", page, get(port, page))
    idle, streams, opened = hold(port, page)
    for name, send in [("PING", lambda: interaction(1, None)), ("/lalao board", lambda: slash("board", [])),
                       ("/lalao help", lambda: slash("help", []))]:
        answer, took = send()
        status = answer.splitlines()[0] if answer else "(no answer)"
        body = answer.split("\r\n\r\n", 1)[-1]
        try:
            reply = json.loads(body[body.index("{"):body.rindex("}") + 1])
        except ValueError:
            reply = {}
        content = (reply.get("data") or {}).get("content") or ""
        print(f"{name} meanwhile: {status}, interaction response type {reply.get('type')} "
              f"({content[:60]!r}…), in {took:.3f} s (Discord waits 3 s)")
    bot.kill()
    bot.wait(timeout=30)
    rest.shutdown()


def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    if "--discord" in sys.argv[2:]:
        discord(sys.argv[1])
    else:
        console(sys.argv[1])


if __name__ == "__main__":
    main()
