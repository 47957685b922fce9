"""An in-process fake Discord that drives the real discord.py code.

Why: dpytest cannot drive slash commands, components or ephemeral replies. Here discord.py's HTTP session
is answered in-process (aiohttp's `ClientSession.request` for Discord's API URL), below discord.py's own
rate-limit handling: given `DiscordLimits` the fake answers with Discord's `X-RateLimit-*` headers and 429s
(discord_limits.py), and injected outages and timeouts. Gateway events are fed to
`bot._connection.parsers[...]`. Every message is
recorded with who may see it (public channel, ephemeral to one user, DM to one user), so tests can assert
what each person saw.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import yarl
from discord import utils
from discord.http import Route
from multidict import CIMultiDict

from tests.discord.discord_limits import (
    Call,
    DiscordLimits,
    FakeResponse,
    Fault,
    Limiter,
    bucket_of,
    match_route,
    timeout_error,
)
from tests.discord.virtual_time import VirtualTimeLoop, virtual_seconds

APP_ID = 900_000_000_000_000_001
BOT_USER_ID = APP_ID
GUILD_ID = 910_000_000_000_000_001
CHANNEL_ID = 920_000_000_000_000_001
EPHEMERAL = 64
NONCE_MEMORY = 300.0  # seconds Discord remembers a message nonce ("the past few minutes")
ALL_PERMISSIONS = str((1 << 53) - 1)
MEMBER_PERMISSIONS = str(0x0000_0400 | 0x0000_0800 | 0x0004_0000 | 0x80_0000_0000)  # view, send, threads

# Task names that belong to discord.py's own long-lived machinery, not to the handling of one event.
_BACKGROUND_CORO_NAMES = (
    "__timeout_task_impl",
    "_delay_ready",
    "_run_event_loop",
    "TableService._dispatch",  # the service's update dispatcher lives as long as the service
    "TableService._clock_loop",
)


@dataclass(frozen=True)
class ChannelOption:
    """A text channel given as a slash-command option (sent with its resolved data, as Discord does)."""

    id: int
    name: str = "cards"


@dataclass
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    admin: bool = False
    dms_open: bool = True

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(frozen=True)
class Visibility:
    """Who can see a message: kind is "public" (channel members), "ephemeral" or "dm" (one user)."""

    kind: str
    channel_id: int
    user_id: int | None = None

    def visible_to(self, user_id: int) -> bool:
        return self.kind == "public" or self.user_id == user_id


@dataclass
class FakeMessage:
    id: int
    channel_id: int
    visibility: Visibility
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    edits: int = 0
    deleted: bool = False
    interaction_token: str | None = None
    notified: frozenset[int] = frozenset()  # users whose mention in it notified them (when it was posted)

    def text(self) -> str:
        """Everything a reader could see or a client could inspect: content, embeds, component labels and ids."""
        return "\n".join(_strings(self.content, self.embeds, self.components))

    def said(self) -> str:
        """The message's words: its content, or the text blocks of a Components V2 message (which has no
        content; a mention there notifies as in content)."""
        texts = [c.get("content", "") for c in _walk(self.components) if c.get("type") == 10]
        return "\n".join(t for t in [self.content, *texts] if t)

    def custom_ids(self) -> list[str]:
        found: list[str] = []
        for comp in _walk(self.components):
            if "custom_id" in comp:
                found.append(comp["custom_id"])
        return found

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in _walk(self.components) if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in _walk(self.components) if c.get("type") == 3]

    def payload(self, guild_id: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": {
                "id": str(BOT_USER_ID),
                "username": "Tricktable",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
            },
            "content": self.content,
            "timestamp": utils.snowflake_time(self.id).isoformat(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": self.embeds,
            "pinned": False,
            "type": 0,
            "flags": self.flags,
            "components": self.components,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return data


def _walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    stack = list(components)
    while stack:
        comp = stack.pop(0)
        yield comp
        stack.extend(comp.get("components", []))


def _strings(*values: Any) -> Iterator[str]:
    stack = list(values)
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


class _Refusal(Exception):
    """Discord refuses a request: its HTTP status and JSON error (discord.py makes the exception)."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _error(status: int, code: int, message: str) -> _Refusal:
    return _Refusal(status, code, message)


class _Pending:
    """What `session.request(...)` returns: awaitable and an async context manager, like aiohttp's."""

    def __init__(self, coro: Any) -> None:
        self._coro = coro
        self._response: FakeResponse | None = None

    def __await__(self) -> Any:
        return self._coro.__await__()

    async def __aenter__(self) -> FakeResponse:
        self._response = await self._coro
        return self._response

    async def __aexit__(self, *_: Any) -> None:
        pass


@dataclass
class _InteractionRecord:
    id: int
    token: str
    user: FakeUser
    channel_id: int
    response_type: int | None = None
    deferred_ephemeral: bool = False
    original: FakeMessage | None = None
    followups: int = 0
    source_message: FakeMessage | None = None
    responded_at: float | None = None  # perf_counter() when the bot acknowledged (benchmarks)
    responded_cpu: float | None = None  # thread_time() of the event loop's thread at that moment
    choices: list[dict[str, Any]] | None = None  # an autocomplete's answer
    responded_loop: float | None = None  # loop time of the acknowledgement (virtual-clock benchmarks)


class FakeDiscord:
    """One guild, one text channel, threads and DMs; records every message and who can see it."""

    def __init__(self, limits: DiscordLimits | None = None) -> None:
        """`limits`: Discord's rate limits to enforce (DiscordLimits() for Discord's; None: answer at once,
        as the tests that run in real time need)."""
        self.limiter = Limiter(limits) if limits is not None else None
        self.faults: list[Fault] = []
        self.calls: list[Call] = []
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}  # (channel, nonce) -> (message, when)
        self._old_edits: dict[int, int] = {}  # message id -> edits made while it was older than an hour
        self._ids = itertools.count(1)
        self.clock_offset = 0.0  # seconds added to "now" for message ids (to age messages)
        self.users: dict[int, FakeUser] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.dm_channels: dict[int, int] = {}  # channel id -> user id
        self.interactions: dict[str, _InteractionRecord] = {}
        self.synced_commands: dict[int | None, list[dict[str, Any]]] = {}
        self.requests: list[tuple[str, str]] = []
        self.changed: list[FakeMessage] = []  # messages created or edited since the last take_changed()
        self.fail_edits_older_than: float | None = None  # seconds; emulates error 30046
        self.threads_allowed = True
        self.max_active_threads = 1000  # Discord: at most 1,000 active threads per server (160006)
        self._thread_activity: dict[int, float] = {}  # thread -> loop time of its last message
        self.guild_locale = "en-US"
        self.deleted_channels: set[int] = set()
        self.channels[CHANNEL_ID] = {
            "id": str(CHANNEL_ID),
            "type": 0,
            "guild_id": str(GUILD_ID),
            "name": "cards",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
        }
        self._patches: list[tuple[Any, str, Any]] = []
        self.watch: Any = None  # called with every message created or edited (benchmarks)
        self.settle_hooks: list[Any] = []  # async callables run until quiet (e.g. service.drain_updates)
        self._bots: list[discord.Client] = []

    # ---- ids and time ----------------------------------------------------------------------------
    def now(self) -> dt.datetime:
        return utils.utcnow() + dt.timedelta(seconds=self.clock_offset + virtual_seconds())

    def snowflake(self) -> int:
        return utils.time_snowflake(self.now()) + next(self._ids) % 4_000_000

    # ---- people ------------------------------------------------------------------------------------
    def make_thread(self, parent: int = CHANNEL_ID, name: str = "table") -> int:
        """A public thread under `parent`, as if the bot had created it (benchmark set-up)."""
        thread_id = self.snowflake()
        self.channels[thread_id] = {
            "id": str(thread_id), "type": 11, "guild_id": str(GUILD_ID), "parent_id": str(parent),
            "owner_id": str(BOT_USER_ID), "name": name, "message_count": 0, "member_count": 1,
            "rate_limit_per_user": 0, "flags": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                                "archive_timestamp": self.now().isoformat(), "locked": False},
        }
        self._thread_activity[thread_id] = self._loop_time()
        return thread_id

    # ---- threads: Discord archives a thread after `auto_archive_duration` minutes without activity ------
    def archived(self, channel_id: int) -> bool:
        channel = self.channels.get(channel_id)
        if channel is None or channel.get("type") != 11:
            return False
        meta = channel["thread_metadata"]
        if not meta["archived"]:
            idle = self._loop_time() - self._thread_activity.get(channel_id, self._loop_time())
            if idle > 60 * int(meta["auto_archive_duration"]):
                meta["archived"] = True
        return bool(meta["archived"])

    def active_threads(self) -> list[int]:
        return [cid for cid in self.threads() if not self.archived(cid)]

    def _touch(self, channel_id: int) -> None:
        if channel_id in self.channels and self.channels[channel_id].get("type") == 11:
            self._thread_activity[channel_id] = self._loop_time()

    def add_user(self, name: str, locale: str = "en-US", admin: bool = False) -> FakeUser:
        user = FakeUser(id=930_000_000_000_000_000 + len(self.users) + 1, name=name, locale=locale, admin=admin)
        self.users[user.id] = user
        return user

    # ---- installing into discord.py --------------------------------------------------------------
    def install(self) -> None:
        """Answer discord.py's HTTP requests (class-wide: every bot instance talks to this fake).

        The fake sits below discord.py, at the aiohttp session both its HTTPClient and the interaction
        webhooks use, so discord.py's own rate-limit handling runs: it reads our `X-RateLimit-*` headers
        and 429 bodies. Requests to other hosts go to the real aiohttp."""
        fake = self
        real_request = aiohttp.ClientSession.request

        def session_request(session: aiohttp.ClientSession, method: str, url: Any, **kwargs: Any) -> Any:
            if not str(url).startswith(Route.BASE):
                return real_request(session, method, url, **kwargs)
            return _Pending(fake._traced(session, method, str(url), kwargs))

        self._patch(aiohttp.ClientSession, "request", session_request)

    def uninstall(self) -> None:
        for owner, name, old in reversed(self._patches):
            setattr(owner, name, old)
        self._patches.clear()

    def _patch(self, owner: Any, name: str, new: Any) -> None:
        self._patches.append((owner, name, owner.__dict__[name]))
        setattr(owner, name, new)

    async def connect(self, bot: discord.Client) -> None:
        """Log in (real `login()`: runs setup_hook, which syncs commands here) and mark the bot ready."""
        bot._connection.guild_ready_timeout = 0
        await bot.login("fake-token-not-real")
        if isinstance(bot, discord.AutoShardedClient):
            # one shard, as launch_shards() would set up after asking the gateway (not connected here)
            bot.shard_count = bot.shard_count or 1
            bot._connection.shard_count = bot.shard_count
            bot._connection.shard_ids = list(bot.shard_ids or range(bot.shard_count))
        bot._connection.parsers["READY"](
            {
                "v": 10,
                "user": {**self.bot_user_payload()},
                "guilds": [],
                "session_id": "fake-session",
                "shard": [0, 1],  # read by an AutoShardedClient (a plain Client ignores it)
                "resume_gateway_url": "wss://127.0.0.1",
                "application": {"id": str(APP_ID), "flags": 0},
            }
        )
        await asyncio.wait_for(bot.wait_until_ready(), 5)
        self._bots.append(bot)

    def bot_user_payload(self) -> dict[str, Any]:
        return {"id": str(BOT_USER_ID), "username": "Tricktable", "discriminator": "0", "avatar": None, "bot": True}

    # ---- the wire: limits, faults, then Discord's work ------------------------------------------------
    def _loop_time(self) -> float:
        return asyncio.get_running_loop().time()

    async def _traced(self, session: Any, method: str, url: str, kwargs: dict[str, Any]) -> FakeResponse:
        """Serve a request, telling the session's aiohttp traces (`discord.Client(http_trace=…)`) as
        aiohttp itself does."""
        configs = list(getattr(session, "trace_configs", None) or [])
        try:
            response = await self._serve(method, url, kwargs)
        except Exception as err:
            for config in configs:
                params = aiohttp.TraceRequestExceptionParams(method, yarl.URL(url), CIMultiDict(), err)
                await config.on_request_exception.send(session, config.trace_config_ctx(), params)
            raise
        for config in configs:
            done = aiohttp.TraceRequestEndParams(method, yarl.URL(url), CIMultiDict(), response)  # type: ignore[arg-type]
            await config.on_request_end.send(session, config.trace_config_ctx(), done)
        return response

    async def _serve(self, method: str, url: str, kwargs: dict[str, Any]) -> FakeResponse:
        path = url[len(Route.BASE):].split("?", 1)[0]
        template, params = match_route(path)
        self.requests.append((method, url))
        body = _body_of(kwargs.get("data"))
        bucket, exempt = bucket_of(method, template, params)
        kind = self._kind_of(template, params)
        now = self._loop_time()
        headers: dict[str, str] = {}
        fault = self._fault_for(method, template, params, now)
        if fault is not None and not fault.applied:
            return self._failed(now, method, template, params, kind, bucket, fault)
        if self.limiter is not None:
            verdict = self.limiter.check(bucket or f"interaction:{params.get('webhook_token')}", exempt, now,
                                         self.now().timestamp())
            headers = verdict.headers
            if verdict.retry_after is not None:
                scope = "global" if verdict.is_global else "user"
                self._record(now, method, template, params, kind, bucket, 429, scope)
                body429 = {"message": "You are being rate limited.", "retry_after": verdict.retry_after,
                           "global": verdict.is_global}
                return FakeResponse(429, body429, headers)
        try:
            if template.startswith(("/webhooks/", "/interactions/")):
                result = await self._webhook(method, template, params, body)
            else:
                result = await self._http(method, template, params, body)
            status = 204 if result is None else 200
        except _Refusal as refusal:
            result = {"code": refusal.code, "message": refusal.message}
            status = refusal.status
        if fault is not None:  # applied, but the answer never arrived
            self._record(now, method, template, params, kind, bucket, 0)
            raise timeout_error()
        self._record(now, method, template, params, kind, bucket, status)
        return FakeResponse(status, result, headers)

    def _fault_for(self, method: str, template: str, params: dict[str, str], now: float) -> Fault | None:
        for fault in list(self.faults):
            if fault.until is not None and now >= fault.until:
                self.faults.remove(fault)
                continue
            if template.startswith("/interactions/") and not fault.interactions_too:
                continue
            if fault.only is not None and fault.only != (method, template):
                continue
            if fault.channel is not None and params.get("channel_id") != str(fault.channel):
                continue
            if fault.count is not None:
                self.faults.remove(fault)
                if fault.count > 1:
                    self.faults.insert(0, Fault(fault.status, fault.until, fault.count - 1, fault.applied,
                                                fault.interactions_too, fault.only, fault.channel))
            return fault
        return None

    def _failed(
        self, now: float, method: str, template: str, params: dict[str, str], kind: str, bucket: str, fault: Fault
    ) -> FakeResponse:
        self._record(now, method, template, params, kind, bucket, fault.status or 0)
        if fault.status is None:
            raise timeout_error()
        return FakeResponse(fault.status, {"message": "fake outage", "code": 0}, {})

    def outage(self, seconds: float, status: int = 503, interactions_too: bool = True) -> None:
        """Discord answers `status` to every request for `seconds` of loop time from now."""
        self.faults.append(Fault(status, until=self._loop_time() + seconds, interactions_too=interactions_too))

    def fail_next(
        self,
        count: int = 1,
        status: int | None = None,
        applied: bool = False,
        only: tuple[str, str] | None = None,
        channel: int | None = None,
    ) -> None:
        """The next `count` requests (`only` such: method, route template; about `channel`) fail: with
        `status`, or time out (None), taking effect when `applied`."""
        self.faults.append(Fault(status, count=count, applied=applied, only=only, channel=channel))

    def _kind_of(self, template: str, params: dict[str, str]) -> str:
        if template.startswith("/interactions/"):
            return "callback"
        if template.startswith("/webhooks/"):
            return "hand"
        if template == "/users/@me/channels":
            return "dm"
        if template.startswith("/channels/{channel_id}/messages"):
            return "dm" if int(params["channel_id"]) in self.dm_channels else "thread"
        return "other"

    def _record(
        self,
        now: float,
        method: str,
        template: str,
        params: dict[str, str],
        kind: str,
        bucket: str,
        status: int,
        scope: str = "",
    ) -> None:
        self.calls.append(Call(now, method, template, params, kind, bucket, status, scope))

    # ---- the REST door -----------------------------------------------------------------------------
    async def _http(self, method: str, path: str, params: dict[str, str], body: Any) -> Any:
        if method == "GET" and path == "/users/@me":
            return self.bot_user_payload()
        if method == "GET" and path == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "Tricktable",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.bot_user_payload(),
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if method == "PUT" and path.startswith("/applications/") and path.endswith("/commands"):
            guild = int(params["guild_id"]) if "guild_id" in params else None
            commands = [{**c, "id": str(self.snowflake()), "application_id": str(APP_ID), "version": "1"}
                        for c in body or []]
            self.synced_commands[guild] = commands
            return commands
        if method == "POST" and path == "/users/@me/channels":
            user_id = int(body["recipient_id"])
            found = next((cid for cid, owner in self.dm_channels.items() if owner == user_id), None)
            channel_id = found if found is not None else self.snowflake()
            self.dm_channels[channel_id] = user_id
            return {"id": str(channel_id), "type": 1, "recipients": [self.users[user_id].payload()]}
        if method == "POST" and path == "/channels/{channel_id}/threads":
            if not self.threads_allowed:
                raise _error(403, 50013, "Missing Permissions")
            if len(self.active_threads()) >= self.max_active_threads:
                raise _error(400, 160006, "Maximum number of active threads reached")
            thread_id = self.snowflake()
            parent = int(params["channel_id"])
            self.channels[thread_id] = {
                "id": str(thread_id),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "parent_id": str(parent),
                "owner_id": str(BOT_USER_ID),
                "name": body["name"],
                "message_count": 0,
                "member_count": 1,
                "rate_limit_per_user": 0,
                "flags": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": body.get("auto_archive_duration", 1440),
                    "archive_timestamp": self.now().isoformat(),
                    "locked": False,
                },
            }
            self._thread_activity[thread_id] = self._loop_time()
            return self.channels[thread_id]
        if method == "POST" and path == "/channels/{channel_id}/messages":
            channel_id = int(params["channel_id"])
            if channel_id in self.deleted_channels:
                raise _error(404, 10003, "Unknown Channel")
            if self.archived(channel_id):  # a message in an archived (not locked) thread wakes it
                self.channels[channel_id]["thread_metadata"]["archived"] = False
            self._touch(channel_id)
            if channel_id in self.dm_channels:
                user = self.users[self.dm_channels[channel_id]]
                if not user.dms_open:
                    raise _error(403, 50007, "Cannot send messages to this user")
                vis = Visibility("dm", channel_id, user.id)
            else:
                vis = Visibility("public", channel_id)
            nonce = (body or {}).get("nonce")
            if nonce is not None and (body or {}).get("enforce_nonce"):
                # Discord: with enforce_nonce, a nonce seen in the past few minutes returns that message
                found = self._nonces.get((channel_id, str(nonce)))
                if found is not None and self._loop_time() - found[1] < NONCE_MEMORY:
                    return self.messages[found[0]].payload(None if vis.kind == "dm" else GUILD_ID)
            msg = self._new_message(channel_id, vis, body or {})
            if nonce is not None:
                self._nonces[(channel_id, str(nonce))] = (msg.id, self._loop_time())
            return msg.payload(None if vis.kind == "dm" else GUILD_ID)
        if method == "PATCH" and path == "/channels/{channel_id}/messages/{message_id}":
            msg = self._edit(int(params["message_id"]), body or {}, old_cap=True)
            return msg.payload(None if msg.visibility.kind == "dm" else GUILD_ID)
        if method == "DELETE" and path == "/channels/{channel_id}/messages/{message_id}":
            self.messages[int(params["message_id"])].deleted = True
            return None
        if method == "PUT" and "/thread-members/" in path:
            return None
        raise _error(404, 10000, f"fake Discord does not know {method} {path}")

    # ---- the interaction webhook door --------------------------------------------------------------
    async def _webhook(self, method: str, path: str, params: dict[str, str], payload: Any) -> Any:
        token = params.get("webhook_token", "")
        rec = self.interactions.get(token)
        if rec is None:
            raise _error(404, 10015, "Unknown Webhook")
        if path.endswith("/callback"):
            if rec.response_type is not None:
                raise _error(400, 40060, "Interaction has already been acknowledged.")
            kind = int(payload["type"])
            rec.response_type = kind
            rec.responded_at = time.perf_counter()
            rec.responded_cpu = time.thread_time()
            rec.responded_loop = self._loop_time()
            data = payload.get("data") or {}
            message_payload = None
            if kind == 4:  # a message
                ephemeral = bool(int(data.get("flags", 0)) & EPHEMERAL)
                rec.original = self._new_message(
                    rec.channel_id, self._vis(rec, ephemeral), data, token=token
                )
                message_payload = rec.original.payload(GUILD_ID)
            elif kind == 8:  # autocomplete choices
                rec.choices = list(data.get("choices") or [])
            elif kind == 5:  # deferred message ("thinking")
                rec.deferred_ephemeral = bool(int(data.get("flags", 0)) & EPHEMERAL)
            elif kind == 7:  # update the message the component is on
                assert rec.source_message is not None
                self._edit(rec.source_message.id, data)
                message_payload = rec.source_message.payload(GUILD_ID)
            result: dict[str, Any] = {
                "interaction": {
                    "id": str(rec.id),
                    "type": 2,
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": rec.deferred_ephemeral,
                }
            }
            if message_payload is not None:
                result["resource"] = {"type": kind, "message": message_payload}
            return result
        if method == "POST" and path == "/webhooks/{webhook_id}/{webhook_token}":  # follow-up
            if rec.response_type is None:
                raise _error(404, 10015, "Unknown Webhook")
            rec.followups += 1
            if rec.response_type == 5 and rec.original is None:
                # The first follow-up after a "thinking" defer replaces it: its visibility is the defer's.
                ephemeral = rec.deferred_ephemeral
            else:
                ephemeral = bool(int(payload.get("flags", 0)) & EPHEMERAL)
            msg = self._new_message(rec.channel_id, self._vis(rec, ephemeral), payload, token=token)
            if rec.response_type == 5 and rec.original is None:
                rec.original = msg
            return msg.payload(GUILD_ID)
        original = params.get("message_id") == "@original"
        if method == "PATCH" and original:
            if rec.original is None:
                if rec.response_type == 5:
                    rec.original = self._new_message(
                        rec.channel_id, self._vis(rec, rec.deferred_ephemeral), payload, token=token
                    )
                    return rec.original.payload(GUILD_ID)
                if rec.response_type in (6, 7) and rec.source_message is not None:
                    return self._edit(rec.source_message.id, payload).payload(GUILD_ID)
                raise _error(404, 10008, "Unknown Message")
            return self._edit(rec.original.id, payload).payload(GUILD_ID)
        if method == "PATCH" and "/messages/" in path:
            return self._edit(int(params["message_id"]), payload).payload(GUILD_ID)
        if method == "DELETE" and "/messages/" in path:
            target = rec.original if original else self.messages[int(params["message_id"])]
            if target is not None:
                target.deleted = True
            return None
        raise _error(404, 10000, f"fake Discord does not know webhook {method} {path}")

    def _vis(self, rec: _InteractionRecord, ephemeral: bool) -> Visibility:
        if rec.channel_id in self.dm_channels:
            return Visibility("dm", rec.channel_id, self.dm_channels[rec.channel_id])
        if ephemeral:
            return Visibility("ephemeral", rec.channel_id, rec.user.id)
        return Visibility("public", rec.channel_id)

    def _new_message(
        self, channel_id: int, vis: Visibility, data: dict[str, Any], token: str | None = None
    ) -> FakeMessage:
        flags = int(data.get("flags", 0) or 0)
        if vis.kind == "ephemeral":
            flags |= EPHEMERAL
        msg = FakeMessage(
            id=self.snowflake(),
            channel_id=channel_id,
            visibility=vis,
            content=data.get("content") or "",
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            flags=flags,
            interaction_token=token,
        )
        msg.notified = _notified(msg.said(), data.get("allowed_mentions"))
        self.messages[msg.id] = msg
        self.changed.append(msg)
        if self.watch is not None:
            self.watch(msg)
        return msg

    def _edit(self, message_id: int, data: dict[str, Any], old_cap: bool = False) -> FakeMessage:
        """Edit a message; `old_cap`: a REST edit, subject to the cap on edits of hour-old messages."""
        msg = self.messages.get(message_id)
        if msg is not None and msg.channel_id in self.deleted_channels:
            raise _error(404, 10003, "Unknown Channel")
        if old_cap and msg is not None and self.archived(msg.channel_id):
            raise _error(400, 50083, "Thread is archived")
        if msg is None or msg.deleted:
            raise _error(404, 10008, "Unknown Message")
        age = (self.now() - utils.snowflake_time(msg.id)).total_seconds()
        if self.fail_edits_older_than is not None and age > self.fail_edits_older_than:
            raise _error(400, 30046, "Maximum number of edits to messages older than 1 hour reached.")
        if old_cap and self.limiter is not None and age > self.limiter.limits.old_message_after:
            done = self._old_edits.get(message_id, 0)
            if done >= self.limiter.limits.old_message_edits:
                raise _error(400, 30046, "Maximum number of edits to messages older than 1 hour reached.")
            self._old_edits[message_id] = done + 1
        if "content" in data:
            msg.content = data["content"] or ""
        if "embeds" in data:
            msg.embeds = list(data["embeds"] or [])
        if "components" in data:
            msg.components = list(data["components"] or [])
        msg.edits += 1
        self.changed.append(msg)
        if self.watch is not None:
            self.watch(msg)
        return msg

    # ---- what people see ---------------------------------------------------------------------------
    def visible_to(self, user: FakeUser) -> list[FakeMessage]:
        return [m for m in self.messages.values() if not m.deleted and m.visibility.visible_to(user.id)]

    def take_changed(self) -> list[FakeMessage]:
        changed, self.changed = self.changed, []
        unique: dict[int, FakeMessage] = {m.id: m for m in changed}
        return list(unique.values())

    def channel_messages(self, channel_id: int) -> list[FakeMessage]:
        return [
            m for m in self.messages.values()
            if m.channel_id == channel_id and m.visibility.kind == "public" and not m.deleted
        ]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        return [m for m in self.messages.values() if m.visibility.kind == "dm" and m.visibility.user_id == user.id]

    def threads(self) -> list[int]:
        return [cid for cid, ch in self.channels.items() if ch["type"] == 11]

    # ---- gateway events: interactions ---------------------------------------------------------------
    def _base_interaction(self, user: FakeUser, channel_id: int, kind: int, data: dict[str, Any]) -> dict[str, Any]:
        interaction_id = self.snowflake()
        token = f"itoken-{interaction_id}"
        rec = _InteractionRecord(id=interaction_id, token=token, user=user, channel_id=channel_id)
        self.interactions[token] = rec
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": ALL_PERMISSIONS,
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "data": data,
        }
        if channel_id in self.dm_channels:
            payload["context"] = 1
            payload["channel_id"] = str(channel_id)
            payload["channel"] = {"id": str(channel_id), "type": 1, "recipients": [user.payload()]}
            payload["user"] = user.payload()
        else:
            payload["context"] = 0
            payload["guild_id"] = str(GUILD_ID)
            payload["guild_locale"] = self.guild_locale
            payload["channel_id"] = str(channel_id)
            payload["channel"] = self.channels[channel_id]
            payload["member"] = {
                "user": user.payload(),
                "roles": [],
                "joined_at": "2024-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "pending": False,
                "nick": None,
                "avatar": None,
                "premium_since": None,
                "permissions": ALL_PERMISSIONS if user.admin else MEMBER_PERMISSIONS,
            }
        return payload

    def slash_payload(
        self,
        user: FakeUser,
        command: str,
        /,
        channel_id: int = CHANNEL_ID,
        **options: Any,
    ) -> dict[str, Any]:
        """`command` may be "table new" (a subcommand) or "hand"; options are name=value (None omitted)."""
        names = command.split()
        opts: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for key, value in options.items():
            if value is None:
                continue
            if isinstance(value, FakeUser):
                opts.append({"name": key, "type": 6, "value": str(value.id)})
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
            elif isinstance(value, ChannelOption):
                opts.append({"name": key, "type": 7, "value": str(value.id)})
                resolved.setdefault("channels", {})[str(value.id)] = {
                    "id": str(value.id),
                    "type": 0,
                    "name": value.name,
                    "permissions": "0",
                    "parent_id": None,
                }
            elif isinstance(value, bool):
                opts.append({"name": key, "type": 5, "value": value})
            elif isinstance(value, int):
                opts.append({"name": key, "type": 4, "value": value})
            else:
                opts.append({"name": key, "type": 3, "value": str(value)})
        for sub in reversed(names[1:]):
            opts = [{"name": sub, "type": 1, "options": opts}]
        data: dict[str, Any] = {"id": str(self.snowflake()), "name": names[0], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        return self._base_interaction(user, channel_id, 2, data)

    def autocomplete_payload(
        self, user: FakeUser, command: str, focused: str, /, channel_id: int = CHANNEL_ID, **options: Any
    ) -> dict[str, Any]:
        """The user is typing option `focused` of `command` (its current text among `options`)."""
        payload = self.slash_payload(user, command, channel_id=channel_id, **options)
        payload["type"] = 4
        stack = list(payload["data"]["options"])
        while stack:
            option = stack.pop()
            if option.get("name") == focused and "value" in option:
                option["focused"] = True
            stack.extend(option.get("options", []))
        return payload

    def component_payload(
        self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[str] | None = None
    ) -> dict[str, Any]:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = values
        payload = self._base_interaction(user, message.channel_id, 3, data)
        payload["message"] = message.payload(None if message.visibility.kind == "dm" else GUILD_ID)
        self.interactions[payload["token"]].source_message = message
        return payload

    def record_for(self, payload: dict[str, Any]) -> _InteractionRecord:
        return self.interactions[payload["token"]]

    async def feed(self, bot: discord.Client, payload: dict[str, Any], settle: bool = True) -> _InteractionRecord:
        """Deliver one INTERACTION_CREATE to the bot, then wait until its handling (and what it spawned) ends."""
        bot._connection.parsers["INTERACTION_CREATE"](payload)
        if settle:
            await self.settle()
        return self.record_for(payload)

    async def settle(self, timeout: float = 10.0) -> None:
        """Wait until every task spawned by the bot has finished (discord.py's long-lived tasks excepted)."""
        me = asyncio.current_task()
        loop = asyncio.get_running_loop()
        if isinstance(loop, VirtualTimeLoop):
            timeout = max(timeout, 3600.0)  # waits for Discord's buckets cost no real time there
        deadline = loop.time() + timeout
        while True:
            await asyncio.sleep(0)
            for hook in self.settle_hooks:
                await asyncio.wait_for(hook(), max(0.1, deadline - loop.time()))
            pending = [t for t in asyncio.all_tasks() if t is not me and not t.done() and not _is_background(t)]
            if not pending:
                for hook in self.settle_hooks:
                    await hook()
                # one more turn: callbacks scheduled with call_soon may create tasks
                await asyncio.sleep(0)
                pending = [t for t in asyncio.all_tasks() if t is not me and not t.done() and not _is_background(t)]
                if not pending:
                    return
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"tasks still running: {[t.get_name() for t in pending]}")
            await asyncio.wait(pending, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)


_background_names: set[str] = set()


def mark_background(name: str) -> None:
    """Tests register long-lived task names of the bot (e.g. its clock loop) so settle() ignores them."""
    _background_names.add(name)


def _is_background(task: asyncio.Task[Any]) -> bool:
    if task.get_name() in _background_names:
        return True
    coro = task.get_coro()
    qualname = getattr(coro, "__qualname__", "") or ""
    return any(qualname.endswith(n) for n in _BACKGROUND_CORO_NAMES) or "pytest" in qualname


def _notified(text: str, allowed: dict[str, Any] | None) -> frozenset[int]:
    """Who a new message's mentions notify: every mentioned user unless `allowed_mentions` narrows it
    (edits notify nobody)."""
    mentioned = {int(found) for found in re.findall(r"<@!?([0-9]+)>", text)}
    if allowed is None or "users" in (allowed.get("parse") or []):
        return frozenset(mentioned)
    return frozenset(mentioned & {int(u) for u in allowed.get("users") or []})


def _body_of(data: Any) -> Any:
    """The JSON a request carried: a JSON string, or the payload_json part of a multipart form."""
    if data is None:
        return None
    if isinstance(data, str | bytes):
        return json.loads(data) if data else None
    if isinstance(data, aiohttp.FormData):
        parts = [
            {"name": options.get("name"), "value": value, "filename": options.get("filename")}
            for options, _headers, value in data._fields
        ]
        return _json_from_form(parts)
    return data


def _json_from_form(form: Any) -> dict[str, Any]:
    """The payload_json part of a multipart request's parts (name, value, filename)."""
    for part in form:
        if part.get("name") == "payload_json":
            return dict(json.loads(part["value"]))
    return {}
