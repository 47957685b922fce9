"""The table state: plain frozen data that round-trips through JSON (seed + action log replays it).

State is a NamedTuple rather than a frozen dataclass: as immutable and typed, and the engine builds the
next State from a list of its fields with one `tuple.__new__` (docs/engine-speed.md), since every action
builds one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, TypeAlias

from games.core.contract import plain_class
from games.dream_capture.scoring import TeamDealScore

Plays: TypeAlias = tuple[tuple[int, str], ...]
Piles: TypeAlias = tuple[tuple[str, ...], ...]

PHASE_DISCARD: Final = "discard"
PHASE_PLAY: Final = "play"
PHASE_SCORED: Final = "scored"  # a deal was scored; the next dealer is to deal
PHASE_OVER: Final = "over"

SEATS: Final = 6
DISCARDS_PER_SEAT: Final = 3
TRICKS_PER_DEAL: Final = 15
NO_VOIDS: Final[tuple[str, ...]] = ("",) * SEATS


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class Bonus:
    """A capture or a magic result during the deal. `team` is the team it scores for (None: vanished)."""

    team: int | None
    kind: str  # "capture_hope", "capture_dream", "capture_world", "capture_magician", "magic_success",
    # "magic_failure", "magic_vanish"
    seat: int  # who played the capturing card / the Magician
    trick: int  # 1-based trick number

    def to_json(self) -> list[Any]:
        return [self.team, self.kind, self.seat, self.trick]

    @staticmethod
    def from_json(raw: list[Any]) -> Bonus:
        return Bonus(None if raw[0] is None else int(raw[0]), str(raw[1]), int(raw[2]), int(raw[3]))


class State(NamedTuple):
    deals: int  # how many deals the table plays (the rulebook: 6)
    deal: int  # 1-based number of the current (or, when over, the last) deal
    first_dealer: int
    dealer: int
    rng: int
    phase: str
    hands: Piles  # per seat, display order
    discards: Piles  # per seat, this deal's face-down discards in the order chosen
    revealed: Piles  # per seat, the honours shown to everyone this deal
    trick: Plays  # the trick in progress, in play order
    leader: int
    tricks_done: int
    won: Piles  # per team, cards taken in tricks this deal (plus, once scored, the enemy's discards)
    tricks_won: tuple[int, int]
    bonuses: tuple[Bonus, ...]  # this deal
    last_trick: Plays
    last_winner: int | None
    totals: tuple[int, int]
    history: tuple[tuple[TeamDealScore, TeamDealScore], ...]
    # Per seat, the suits it has shown it lacks in this deal's finished tricks (sorted suit letters,
    # tricks.add_voids): public, since every card played is seen, and kept so a seat's view (and the
    # search's sampler, inference.py) need not remember the whole deal. Last, with a default, so states
    # saved before it existed still load (they start with no voids known).
    voids: tuple[str, ...] = NO_VOIDS

    @property
    def to_play(self) -> int:
        """Play goes counter-clockwise: reverse seat order from the leader."""
        return (self.leader - len(self.trick)) % SEATS

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "deal": self.deal,
            "first_dealer": self.first_dealer,
            "dealer": self.dealer,
            "rng": self.rng,
            "phase": self.phase,
            "hands": [list(h) for h in self.hands],
            "discards": [list(d) for d in self.discards],
            "revealed": [list(r) for r in self.revealed],
            "trick": [[seat, card] for seat, card in self.trick],
            "leader": self.leader,
            "tricks_done": self.tricks_done,
            "won": [list(w) for w in self.won],
            "tricks_won": list(self.tricks_won),
            "bonuses": [b.to_json() for b in self.bonuses],
            "last_trick": [[seat, card] for seat, card in self.last_trick],
            "last_winner": self.last_winner,
            "totals": list(self.totals),
            "history": [[a.to_json(), b.to_json()] for a, b in self.history],
            "voids": list(self.voids),
        }

    @staticmethod
    def from_json(raw: Mapping[str, Any]) -> State:
        tricks_won = raw["tricks_won"]
        totals = raw["totals"]
        voids = raw.get("voids")
        return State(
            deals=int(raw["deals"]),
            deal=int(raw["deal"]),
            first_dealer=int(raw["first_dealer"]),
            dealer=int(raw["dealer"]),
            rng=int(raw["rng"]),
            phase=str(raw["phase"]),
            hands=_piles(raw, "hands"),
            discards=_piles(raw, "discards"),
            revealed=_piles(raw, "revealed"),
            trick=_plays(raw, "trick"),
            leader=int(raw["leader"]),
            tricks_done=int(raw["tricks_done"]),
            won=_piles(raw, "won"),
            tricks_won=(int(tricks_won[0]), int(tricks_won[1])),
            bonuses=tuple(Bonus.from_json(b) for b in raw["bonuses"]),
            last_trick=_plays(raw, "last_trick"),
            last_winner=None if raw["last_winner"] is None else int(raw["last_winner"]),
            totals=(int(totals[0]), int(totals[1])),
            history=tuple(
                (TeamDealScore.from_json(a), TeamDealScore.from_json(b)) for a, b in raw["history"]
            ),
            voids=NO_VOIDS if voids is None else tuple(str(v) for v in voids),
        )


def _piles(raw: Mapping[str, Any], key: str) -> Piles:
    """Card piles from JSON (module level: mypyc compiles no nested function in a NamedTuple's method)."""
    return tuple(tuple(str(c) for c in pile) for pile in raw[key])


def _plays(raw: Mapping[str, Any], key: str) -> Plays:
    """(seat, card) plays from JSON."""
    return tuple((int(seat), str(card)) for seat, card in raw[key])
