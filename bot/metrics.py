"""Operators' metrics: a Prometheus endpoint (the prometheus-client library), off unless
TRICKTABLE_METRICS_PORT is set.

Why: what bounds a Discord game bot is Discord (its rate limits), and an operator must see it coming:
requests and 429s by route, messages waiting to be posted, how long a click takes, and the host's own
load (tables in memory, actions and decisions per second, the strong AI's queue). docs/deploy says what
to alert on. Discord's requests are counted below discord.py, by an aiohttp trace on its HTTP session, so
the 429s discord.py handles itself (and retries) are counted too. Route labels have their ids and
interaction tokens replaced ("PATCH /channels/{id}/messages/{id}"): a bounded set, and no secret in a
label.

Names: tricktable_tables_loaded, tricktable_actions_total, tricktable_decisions_total,
tricktable_click_seconds (histogram), tricktable_discord_requests_total{route,status},
tricktable_discord_rate_limited_total{route,scope}, tricktable_messages_queued, tricktable_ai_queue_depth,
tricktable_ai_decision_seconds (histogram: a strong seat's decision from the table's request to its answer,
queue included, fallbacks too), tricktable_ai_queue_wait_seconds (histogram: the searched ones' wait for a
worker), tricktable_ai_fallbacks_total{reason} (a strong seat's moves the normal AI made: busy, late,
failed; bot/tables/ai.py), tricktable_ai_playouts_total.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

from bot.tables.ai import Decision
from bot.tables.models import Update

_API = re.compile(r"^/api(/v[0-9]+)?")
CLICK_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 3.0, 5.0)  # Discord wants an answer in 3 s
AI_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 1.0, 2.5)  # the strong AI's budget: 0.25 s


def route_label(method: str, path: str) -> str:
    """'PATCH /channels/{id}/messages/{id}' for '/api/v10/channels/12/messages/34': ids and tokens out."""
    parts = _API.sub("", path).strip("/").split("/")
    out: list[str] = []
    for i, part in enumerate(parts):
        if part.isdigit():
            out.append("{id}")
        elif i == 2 and parts[0] in ("webhooks", "interactions"):
            out.append("{token}")
        else:
            out.append(part)
    return f"{method} /" + "/".join(out)


class Metrics:
    """The bot's metrics in their own registry (so two bots in one process, as in tests, never clash)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.tables_loaded = Gauge("tricktable_tables_loaded", "Tables in memory", registry=r)
        self.actions = Counter("tricktable_actions", "Actions applied (people, AI seats, clocks)", registry=r)
        self.decisions = Counter("tricktable_decisions", "Decisions people made themselves", registry=r)
        self.click_seconds = Histogram(
            "tricktable_click_seconds", "A click (button or menu) from its arrival to the end of its handling",
            buckets=CLICK_BUCKETS, registry=r,
        )
        self.requests = Counter(
            "tricktable_discord_requests", "REST requests to Discord by route and HTTP status", ["route", "status"],
            registry=r,
        )
        self.rate_limited = Counter(
            "tricktable_discord_rate_limited", "Discord's 429 answers by route and scope (user, shared, global)",
            ["route", "scope"], registry=r,
        )
        self.queued = Gauge("tricktable_messages_queued", "Updates waiting to be posted to Discord", registry=r)
        self.ai_queue = Gauge("tricktable_ai_queue_depth", "Strong AI moves waiting for or in the pool", registry=r)
        self.ai_seconds = Histogram(
            "tricktable_ai_decision_seconds",
            "A strong seat's decision, from the table's request to its answer (queue and fallbacks included)",
            buckets=AI_BUCKETS, registry=r,
        )
        self.ai_wait = Histogram(
            "tricktable_ai_queue_wait_seconds", "A searched strong decision's wait for a worker",
            buckets=AI_BUCKETS, registry=r,
        )
        self.ai_fallbacks = Counter(
            "tricktable_ai_fallbacks",
            "A strong seat's moves the normal AI made: busy (queue too deep), late, failed (a worker died)",
            ["reason"], registry=r,
        )
        self.ai_playouts = Counter("tricktable_ai_playouts", "The strong AI's playouts", registry=r)
        self._server: Any = None

    # ---- what the bot reports -------------------------------------------------------------------------
    def watch(self, loaded: Callable[[], int], queued: Callable[[], int], ai_queue: Callable[[], int]) -> None:
        """Gauges read when scraped: tables in memory, updates waiting to be posted, the AI's queue."""
        self.tables_loaded.set_function(loaded)
        self.queued.set_function(queued)
        self.ai_queue.set_function(ai_queue)

    async def on_update(self, update: Update) -> None:
        """A service listener: every action, and the decisions people made (not the AI, not the clock)."""
        if update.action is None:
            return
        self.actions.inc()
        actor = update.actor
        by_clock = any(event.kind == "host.clock_expired" for event, _ in update.events)
        seats = {s.seat: s for s in update.table.seats}
        if actor is not None and actor in seats and not seats[actor].is_ai and not by_clock:
            self.decisions.inc()

    def on_ai(self, decision: Decision) -> None:
        """An AiRunner listener: every strong seat's decision (bot/tables/ai.py)."""
        self.ai_seconds.observe(decision.total)
        if decision.by == "search":
            self.ai_wait.observe(decision.waited)
            self.ai_playouts.inc(decision.playouts)
        else:
            self.ai_fallbacks.labels(decision.by).inc()

    def click(self, seconds: float) -> None:
        self.click_seconds.observe(seconds)

    def trace(self) -> aiohttp.TraceConfig:
        """An aiohttp trace for discord.py's HTTP session (`discord.Client(http_trace=…)`)."""
        config = aiohttp.TraceConfig()

        async def ended(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
            route = route_label(params.method, params.url.path)
            status = params.response.status
            self.requests.labels(route, str(status)).inc()
            if status == 429:
                scope = params.response.headers.get("X-RateLimit-Scope", "user")
                if params.response.headers.get("X-RateLimit-Global"):
                    scope = "global"
                self.rate_limited.labels(route, scope).inc()

        async def failed(session: Any, context: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
            self.requests.labels(route_label(params.method, params.url.path), "error").inc()

        config.on_request_end.append(ended)
        config.on_request_exception.append(failed)
        return config

    # ---- the endpoint -----------------------------------------------------------------------------------
    def serve(self, port: int, addr: str = "0.0.0.0") -> int:
        """Serve /metrics on `port` (0: any free port); returns the port."""
        server, _thread = start_http_server(port, addr=addr, registry=self.registry)
        self._server = server
        return int(server.server_port)

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
