"""Time banks, as on Board Game Arena: each person starts with a reserve, gains a fixed time with each
decision up to a cap, and the time a decision takes is taken from the reserve. When the reserve runs out,
the AI plays that decision, as a fixed clock's expiry does today, and the next decision starts with the
increment alone (so the person may come back).

The reserve lives in the table's clock rows (bot/store/records.py `DeadlineRow`), written in the same
transaction as the action that moved it: a running clock's reserve is `due_at - now`; a seat that owes
nothing keeps its reserve as an "idle" stopped clock. So the accounting is

    reserve = start + the increments (each capped) - the time the decisions took

and a table with a bank needs nothing beyond its clock rows to survive restarts and several processes.
Pure: no store, no clock of its own (`now` is always given).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.store.records import DeadlineRow

FAR = 1e18  # "never": when a stopped clock that only a person or a vote can start is looked at again

CLOCK_CHOICES = ("live", "async", "live-bank", "async-bank")  # /table new clock:, /settings server clock:


@dataclass(frozen=True, slots=True)
class Bank:
    start: int
    increment: int
    cap: int

    @property
    def spec(self) -> str:
        return f"{self.start},{self.increment},{self.cap}"


@lru_cache(maxsize=64)
def parse(spec: str | None) -> Bank | None:
    """The bank a table's `clock_bank` names (None: a fixed clock)."""
    if not spec:
        return None
    start, increment, cap = (int(x) for x in spec.split(","))
    return Bank(start, increment, max(cap, start))


def running(d: DeadlineRow | None) -> bool:
    return d is not None and d.held is None


def left(d: DeadlineRow | None, now: float, bank: Bank) -> float:
    """What a seat's reserve holds at `now` (a seat without a clock yet: the bank's start)."""
    if d is None:
        return float(bank.start)
    if d.held is None:
        return max(0.0, d.due_at - now)
    return max(0.0, d.held)


def begin(reserve: float, bank: Bank, now: float, seat: int) -> DeadlineRow:
    """A decision begins: the increment joins the reserve (up to the cap) and the clock runs. The
    reminder comes when a quarter of what the decision may take is left."""
    total = min(float(bank.cap), reserve + bank.increment)
    return DeadlineRow(seat, now + total, now + total * 3 / 4, False, since=now)


def idle(reserve: float, seat: int, now: float) -> DeadlineRow:
    """A seat that owes nothing keeps its reserve, stopped."""
    return DeadlineRow(seat, FAR, FAR, True, since=now, held=reserve, why="idle")


def hold(
    d: DeadlineRow, now: float, why: str, look_again: float = FAR, counted_from: float | None = None
) -> DeadlineRow:
    """Stop a running clock (away, paused): it keeps what was left; with `counted_from`, only the time up to
    that moment counted (a person away since then: the clock loop noticed later)."""
    until = now if counted_from is None else max(d.since, min(now, counted_from))
    return DeadlineRow(
        d.seat, look_again, look_again, True, since=now, held=max(0.0, d.due_at - until), why=why
    )


def resume(d: DeadlineRow, at: float, fixed_seconds: float | None = None) -> DeadlineRow:
    """Start a stopped clock again at `at` with what it held. A reminder follows at a quarter of what is
    left (a fixed clock: half of its full time when more than that is left)."""
    held = d.held or 0.0
    share = held / 4 if fixed_seconds is None else min(held / 2, fixed_seconds / 2)
    return DeadlineRow(d.seat, at + held, at + held - share, False, since=at)


@dataclass(frozen=True, slots=True)
class SeatClock:
    """One seat's clock as a board shows it: what is left, and whether it runs (why it is stopped:
    idle, away, paused)."""

    seat: int
    left: float
    running: bool
    why: str = ""
    since: float = 0.0  # when it began running (or stopped)


@dataclass(frozen=True, slots=True)
class ClockBoard:
    """What a board shows of a table's clocks: each human seat's clock, who is away (seat -> until when),
    whether the table is paused, and whether its clock is a bank (then every person's reserve shows)."""

    clocks: dict[int, SeatClock]
    away: dict[int, float]
    paused: bool
    bank: bool
    at: float = 0.0  # when `clocks` were read (what is left counts from then)


def seat_clocks(clocks: dict[int, DeadlineRow], now: float) -> dict[int, SeatClock]:
    return {
        seat: SeatClock(
            seat, max(0.0, d.due_at - now) if d.held is None else d.held, d.held is None, d.why, d.since
        )
        for seat, d in sorted(clocks.items())
    }


def choose(
    choice: str, live_bank: tuple[int, int, int], async_bank: tuple[int, int, int]
) -> tuple[str, str | None]:
    """A clock choice (`CLOCK_CHOICES`) as the table's (clock_mode, clock_bank); ValueError otherwise."""
    if choice not in CLOCK_CHOICES:
        raise ValueError(choice)
    mode, _, kind = choice.partition("-")
    if not kind:
        return mode, None
    start, increment, cap = live_bank if mode == "live" else async_bank
    return mode, Bank(start, increment, max(cap, start)).spec


def choice_of(clock_mode: str, clock_bank: str | None) -> str:
    """The clock choice a table was made with (its board and a rematch name it)."""
    return f"{clock_mode}-bank" if clock_bank else clock_mode


def duration(seconds: float, lang: str = "en") -> str:
    """A reserve as people read it: "2d 4h", "5h 10m", "4m 05s", "12s"; in Japanese "2日4時間", "5時間10分",
    "4分05秒", "12秒" (a Japanese board or refusal never mixes in English units)."""
    s = max(0, int(seconds))
    ja = lang == "ja"
    if s >= 86400:
        days, hours = s // 86400, (s % 86400) // 3600
        return f"{days}日{hours}時間" if ja else f"{days}d {hours}h"
    if s >= 3600:
        hours, minutes = s // 3600, (s % 3600) // 60
        return f"{hours}時間{minutes}分" if ja else f"{hours}h {minutes}m"
    if s >= 60:
        return f"{s // 60}分{s % 60:02d}秒" if ja else f"{s // 60}m {s % 60:02d}s"
    return f"{s}秒" if ja else f"{s}s"
