"""The whole TIMETRAP table as plain immutable data that round-trips through JSON.

NamedTuples rather than frozen dataclasses: equally immutable and typed, and built by one
`tuple.__new__` in the rules' hot path (docs/engine-speed.md). `know` is a dict that is never written
once it is in a State: the working copy (table.py) copies it before its first write.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

LIMITS: Final = {2: 6, 3: 8, 4: 10}  # cards a day may hold, by players still in at the day's start
LAST_DAY: Final = 7


class Pending(NamedTuple):
    """A follow-up decision a yellow card asks for: `seat` decides; `actor` played the yellow number.

    kind: "draw" (actor picks whom to draw from), "give" (actor gives a card), "discard_next" (the next
    player discards a card of their choice), "discard_own" (actor discards a card).
    """

    kind: str
    seat: int
    actor: int


class State(NamedTuple):
    players: int
    rng: int
    date_set: str
    dates: tuple[str, ...]  # date card id for days 1..6
    day: int
    tile_up: bool  # the elapsed tile: face up = ascending
    hands: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]  # the face-down discard pile
    board: tuple[tuple[tuple[str, int], ...], ...]  # per day started: (card, value) in play order
    know: Mapping[str, int]  # card in a hand or the discard pile -> bitmask of non-owner seats who know it
    start: int
    turn: int
    limit: int
    played_today: int
    traps_today: int
    after_time: bool  # the last thing done today was playing a time card (a trap may follow)
    last_player: int | None  # the last to play a card today
    passed: frozenset[int]  # who passed since the last card played
    out: tuple[int, ...]  # elimination order per seat (0 = still in; equal numbers = same moment)
    pending: Pending | None
    over: bool
    winner: int | None
    end_reason: str | None
    extra_turn: bool = False  # transient while a yellow effect resolves
    skip_next: bool = False

    def active(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    def last_value(self) -> int | None:
        row = self.board[self.day - 1] if len(self.board) >= self.day else ()
        return row[-1][1] if row else None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "rng": self.rng,
            "date_set": self.date_set,
            "dates": list(self.dates),
            "day": self.day,
            "tile_up": self.tile_up,
            "hands": [list(h) for h in self.hands],
            "discard": list(self.discard),
            "board": [[[c, v] for c, v in row] for row in self.board],
            "know": dict(sorted(self.know.items())),
            "start": self.start,
            "turn": self.turn,
            "limit": self.limit,
            "played_today": self.played_today,
            "traps_today": self.traps_today,
            "after_time": self.after_time,
            "last_player": self.last_player,
            "passed": sorted(self.passed),
            "out": list(self.out),
            "pending": None
            if self.pending is None
            else {"kind": self.pending.kind, "seat": self.pending.seat, "actor": self.pending.actor},
            "over": self.over,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "extra_turn": self.extra_turn,
            "skip_next": self.skip_next,
        }

    @staticmethod
    def from_json(raw: Mapping[str, Any]) -> State:
        pending = raw.get("pending")
        last = raw.get("last_player")
        winner = raw.get("winner")
        return State(
            players=int(raw["players"]),
            rng=int(raw["rng"]),
            date_set=str(raw["date_set"]),
            dates=tuple(str(d) for d in raw["dates"]),
            day=int(raw["day"]),
            tile_up=bool(raw["tile_up"]),
            hands=tuple(tuple(str(c) for c in h) for h in raw["hands"]),
            discard=tuple(str(c) for c in raw["discard"]),
            board=tuple(tuple((str(c), int(v)) for c, v in row) for row in raw["board"]),
            know={str(k): int(v) for k, v in raw["know"].items()},
            start=int(raw["start"]),
            turn=int(raw["turn"]),
            limit=int(raw["limit"]),
            played_today=int(raw["played_today"]),
            traps_today=int(raw["traps_today"]),
            after_time=bool(raw["after_time"]),
            last_player=None if last is None else int(last),
            passed=frozenset(int(s) for s in raw["passed"]),
            out=tuple(int(o) for o in raw["out"]),
            pending=None
            if pending is None
            else Pending(str(pending["kind"]), int(pending["seat"]), int(pending["actor"])),
            over=bool(raw["over"]),
            winner=None if winner is None else int(winner),
            end_reason=None if raw.get("end_reason") is None else str(raw["end_reason"]),
            extra_turn=bool(raw.get("extra_turn", False)),
            skip_next=bool(raw.get("skip_next", False)),
        )
