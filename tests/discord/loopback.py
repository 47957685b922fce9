"""A tiny Discord on 127.0.0.1 (REST + gateway websocket) for smoke-testing an unchanged `bot.start()`.

Only what a start needs: the bot's user and application, command sync, the gateway handshake
(HELLO → IDENTIFY → READY, heartbeats) and one interaction whose callback we record. Replies carry
`Content-Type: application/json` exactly (discord.py parses JSON only then).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import WSMsgType, web

APP_ID = "900000000000000001"
BOT_USER = {"id": APP_ID, "username": "Tricktable", "discriminator": "0", "avatar": None, "bot": True}


def _json(data: Any, status: int = 200) -> web.Response:
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


class LoopbackDiscord:
    def __init__(self) -> None:
        self.port = 0
        self.synced: list[dict[str, Any]] = []
        self.identified = asyncio.Event()
        self.callbacks: list[dict[str, Any]] = []
        self.callback_seen = asyncio.Event()
        self.requests: list[str] = []
        self.peers: set[str] = set()
        self._runner: web.AppRunner | None = None
        self._ws: web.WebSocketResponse | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)  # loopback only
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        if self._ws is not None and not self._ws.closed:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _rest(self, request: web.Request) -> web.Response:
        if request.remote:
            self.peers.add(request.remote)
        path = "/" + request.match_info["tail"]
        self.requests.append(f"{request.method} {path}")
        if request.method == "GET" and path == "/users/@me":
            return _json(BOT_USER)
        if request.method == "GET" and path == "/oauth2/applications/@me":
            return _json(
                {
                    "id": APP_ID,
                    "name": "Tricktable",
                    "description": "",
                    "icon": None,
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "owner": BOT_USER,
                    "verify_key": "0" * 64,
                    "flags": 0,
                }
            )
        if request.method == "PUT" and path.endswith("/commands"):
            body = await request.json()
            self.synced = [{**c, "id": str(1000 + i), "application_id": APP_ID, "version": "1"} for i, c in enumerate(body)]
            return _json(self.synced)
        if request.method == "POST" and path.endswith("/callback"):
            body = await request.json()
            self.callbacks.append(body)
            self.callback_seen.set()
            return _json({"interaction": {"id": path.split("/")[2], "type": 2}})
        return _json({"code": 10000, "message": f"loopback does not know {path}"}, status=404)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        seq = 0
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            op = data.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op == 2:
                self.identified.set()
                seq += 1
                ready = {
                    "v": 10,
                    "user": BOT_USER,
                    "guilds": [],
                    "session_id": "loopback",
                    "resume_gateway_url": self.gateway,
                    "application": {"id": APP_ID, "flags": 0},
                }
                await ws.send_str(json.dumps({"op": 0, "t": "READY", "s": seq, "d": ready}))
        return ws

    async def send_interaction(self, payload: dict[str, Any]) -> None:
        assert self._ws is not None
        await self._ws.send_str(json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": 2, "d": payload}))
