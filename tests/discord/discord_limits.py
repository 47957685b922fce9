"""Discord's rate limits as the fake Discord answers them: per-route buckets keyed by their major
parameter, one global budget per bot token, the old-message edit cap (30046), and injected outages.

Why: discord.py obeys what Discord says (the `X-RateLimit-*` headers, a 429's `retry_after` and `global`),
so a fake that answers every request at once hides what bounds a Discord game bot. The numbers below are
settings with their source; a test tightens them to provoke a limit.

Sources: Discord's documentation (developer docs, "Rate Limits") gives the global limit, 50 requests per
second per bot token, with interaction endpoints exempt, and says per-route limits are not published and
may change. The per-route numbers are what bot developers report and what Discord's headers show:
message posts and edits in one channel share about 5 per 5 s; a webhook (id + token) about 5 per 2 s;
edits of a message older than an hour are capped separately (error 30046, "a few").
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import aiohttp


@dataclass(frozen=True)
class Rate:
    """`limit` requests per `per` seconds (a window that opens with its first request)."""

    limit: int
    per: float


@dataclass
class DiscordLimits:
    """The limits the fake Discord enforces (None: none). Defaults name their source."""

    global_per_second: int | None = 50  # Discord's documentation: 50 requests/s per bot token
    channel_messages: Rate = field(default_factory=lambda: Rate(5, 5.0))  # reported: POST+PATCH share 5/5 s per channel
    webhook: Rate = field(default_factory=lambda: Rate(5, 2.0))  # reported: 5 per 2 s per webhook id + token
    other: Rate = field(default_factory=lambda: Rate(50, 1.0))  # any other route, per major parameter (assumed)
    old_message_after: float = 3600.0  # Discord: messages older than an hour…
    old_message_edits: int = 3  # …may be edited only a few times more (30046); the exact number is not published


@dataclass(frozen=True)
class Fault:
    """A failure the fake answers instead of Discord's work: an HTTP status (500/502/503…) or, with
    status None, a timeout. `applied`: the request took effect before the timeout (a post that was made,
    though the bot never heard)."""

    status: int | None
    until: float | None = None  # loop time; None: until `count` requests were refused
    count: int | None = None
    applied: bool = False
    interactions_too: bool = True  # interaction callbacks fail as well (a whole-API outage)
    only: tuple[str, str] | None = None  # (method, route template): only such requests fail
    channel: int | None = None  # only requests about this channel fail


@dataclass(frozen=True)
class Call:
    """One REST request the fake received."""

    at: float  # loop time
    method: str
    template: str
    params: dict[str, str]
    kind: str  # "thread" (public channel/thread messages), "callback", "hand" (interaction webhooks), "dm", "other"
    bucket: str  # "" for interaction callbacks (no bucket beyond the interaction)
    status: int  # 0: timed out
    scope: str = ""  # a 429's scope: "global" (the bot token's budget) or "user" (the route's bucket)


@dataclass
class _Window:
    opened: float
    used: int = 0


@dataclass
class Verdict:
    """What the limiter says about one request: let it through (with these headers) or answer 429."""

    headers: dict[str, str]
    retry_after: float | None = None
    is_global: bool = False


class Limiter:
    """The buckets and the global budget; time is the event loop's (virtual in the limit tests)."""

    def __init__(self, limits: DiscordLimits) -> None:
        self.limits = limits
        self._windows: dict[str, _Window] = {}
        self._global: _Window | None = None

    def rate_of(self, bucket: str) -> Rate:
        name = bucket.split(":", 1)[0]
        if name == "channel-messages":
            return self.limits.channel_messages
        if name == "webhook":
            return self.limits.webhook
        return self.limits.other

    def check(self, bucket: str, exempt_from_global: bool, now: float, wall: float) -> Verdict:
        if not exempt_from_global and self.limits.global_per_second is not None:
            second = float(int(now))
            if self._global is None or self._global.opened != second:
                self._global = _Window(second)
            if self._global.used >= self.limits.global_per_second:
                retry = round(second + 1.0 - now, 3) or 0.001
                return Verdict(
                    {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global", "Retry-After": str(retry)},
                    retry_after=retry,
                    is_global=True,
                )
        rate = self.rate_of(bucket)
        window = self._windows.get(bucket)
        if window is None or now >= window.opened + rate.per:
            window = self._windows[bucket] = _Window(now)
        reset_after = max(0.001, window.opened + rate.per - now)
        headers = {
            "X-RateLimit-Limit": str(rate.limit),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{wall + reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(bucket.split(":", 1)[0].encode()).hexdigest()[:16],
        }
        if window.used >= rate.limit:
            headers["X-RateLimit-Remaining"] = "0"
            headers["X-RateLimit-Scope"] = "user"
            headers["Retry-After"] = f"{reset_after:.3f}"
            return Verdict(headers, retry_after=reset_after)
        window.used += 1
        if self._global is not None and not exempt_from_global and self.limits.global_per_second is not None:
            self._global.used += 1
        headers["X-RateLimit-Remaining"] = str(rate.limit - window.used)
        return Verdict(headers)


def bucket_of(method: str, template: str, params: dict[str, str]) -> tuple[str, bool]:
    """(bucket key with its major parameter, exempt from the global limit)."""
    if template.startswith("/interactions/"):
        return "", True
    if template.startswith("/webhooks/"):
        # interaction follow-ups and edits (the application's webhook with the interaction's token)
        return f"webhook:{params.get('webhook_id')}:{params.get('webhook_token')}", True
    if template in ("/channels/{channel_id}/messages", "/channels/{channel_id}/messages/{message_id}") and method in (
        "POST",
        "PATCH",
    ):
        return f"channel-messages:{params['channel_id']}", False
    major = params.get("channel_id") or params.get("guild_id") or ""
    return f"{method} {template}:{major}", False


_TEMPLATES = (
    "/users/@me",
    "/users/@me/channels",
    "/oauth2/applications/@me",
    "/applications/{application_id}/commands",
    "/applications/{application_id}/guilds/{guild_id}/commands",
    "/channels/{channel_id}",
    "/channels/{channel_id}/threads",
    "/channels/{channel_id}/messages",
    "/channels/{channel_id}/messages/{message_id}",
    "/channels/{channel_id}/messages/{message_id}/threads",
    "/channels/{channel_id}/thread-members/{user_id}",
    "/interactions/{webhook_id}/{webhook_token}/callback",
    "/webhooks/{webhook_id}/{webhook_token}",
    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
)


def match_route(path: str) -> tuple[str, dict[str, str]]:
    """A REST path ("/channels/12/messages") → (its template, the placeholders' values)."""
    parts = path.strip("/").split("/")
    for template in _TEMPLATES:
        tparts = template.strip("/").split("/")
        if len(tparts) != len(parts):
            continue
        params: dict[str, str] = {}
        for want, got in zip(tparts, parts, strict=True):
            if want.startswith("{"):
                if got.startswith("@") and want != "{message_id}" and want != "{user_id}":
                    break
                params[want[1:-1]] = got
            elif want != got:
                break
        else:
            return template, params
    return path, {}


class FakeResponse:
    """Just enough of an aiohttp ClientResponse for discord.py's HTTPClient and webhook adapter."""

    def __init__(self, status: int, body: Any, headers: dict[str, str]) -> None:
        import json

        from multidict import CIMultiDict

        self.status = status
        self.reason = {200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
                       429: "Too Many Requests"}.get(status, "Error")
        self.headers: CIMultiDict[str] = CIMultiDict(headers)
        self.headers["Via"] = "1.1 google"  # discord.py treats a 429 without it as a Cloudflare ban
        if body is None:
            self._text = ""
        else:
            self._text = json.dumps(body)
            self.headers["Content-Type"] = "application/json"

    async def text(self, encoding: str | None = None) -> str:
        return self._text

    async def read(self) -> bytes:
        return self._text.encode()

    async def json(self, **_: Any) -> Any:
        import json

        return json.loads(self._text) if self._text else None

    def release(self) -> None:
        pass

    def close(self) -> None:
        pass

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *_: Any) -> None:
        pass


def timeout_error() -> Exception:
    return aiohttp.ServerTimeoutError("fake Discord: the request timed out")
