"""The Champions of Time table state: one immutable tuple of zones, roles and scores.

Cards are ints (games.trickster.cot.cards). `known[card]` is a bit mask of the seats that know where a
card in a hand or in the deck is (bit `players` = known to spectators too, i.e. publicly revealed);
the masks are bytes, since a move into a hand copies them (in JSON they stay a list of ints);
cards in the Trash, Timeline, pot, tableaus and the box are public whatever it says.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any, Final, NamedTuple, TypeAlias

from games.trickster.cot.cards import TABLE
from games.trickster.tricks import Trick, trick_from_json, trick_to_json


class Phase(IntEnum):
    DRAFT = 0  # players draft the 7 heroes (deck=draft)
    PICK = 1  # everyone secretly picks a tableau card (【ラウンドの準備】)
    PLAY = 2  # the seat to act plays a card to the pot
    EFFECT = 3  # the player of a card makes a choice for its effect
    EXCHANGE = 4  # Peddler: two seats secretly choose the card they give
    OVER = 5
    SCORED = 6  # a round was scored; the next round's first player deals (rounds 1-2)


NO_CARD: Final = -1

# Plain ints for the hot path (an IntEnum attribute lookup costs ten times an int compare). Each is a
# `Final` constant of its own: compiled, a name unpacked from a tuple is read from the module's dict on
# every use, a `Final` int is a C constant.
PH_DRAFT: Final = 0
PH_PICK: Final = 1
PH_PLAY: Final = 2
PH_EFFECT: Final = 3
PH_EXCHANGE: Final = 4
PH_OVER: Final = 5
PH_SCORED: Final = 6
assert tuple(Phase) == (PH_DRAFT, PH_PICK, PH_PLAY, PH_EFFECT, PH_EXCHANGE, PH_OVER, PH_SCORED)

Pending: TypeAlias = tuple[int, int, tuple[int, ...]]
"""A running effect: (hero whose effect runs, its player, its answers and recorded values so far)."""


class State(NamedTuple):
    players: int
    options: tuple[tuple[str, str], ...]
    rng: int
    phase: int  # a Phase value
    round: int  # 1..3
    pool: tuple[int, ...]  # heroes the table enabled (the box holds their cards not in play)
    heroes: tuple[int, ...]  # the 7 heroes in play (fewer while drafting)
    deck: tuple[int, ...]  # index 0 is the top
    trash: tuple[int, ...]
    timeline: tuple[int, ...]  # index 0 is the head (2-3 players)
    hands: tuple[tuple[int, ...], ...]
    tableaus: tuple[tuple[int, ...], ...]
    known: bytes  # per card, see the module docstring (one byte: at most 7 seats + the public bit)
    trick: Trick | None
    first: int  # who leads (4-7) / holds the Trickster token (2-3) at the next trick; draft: who picks
    picks: tuple[int, ...]  # secret tableau picks / Peddler commits per seat (NO_CARD = none yet)
    pending: Pending | None  # (hero whose effect runs, its player, choices)
    need: str  # what the pending effect asks (a message code)
    choices: tuple[str, ...]  # the legal actions of that question
    exchange: tuple[int, ...]  # Peddler: (player, opponent) while they choose
    buster: int  # the last seat that busted
    scores: tuple[tuple[int, ...], ...]  # trouble points per finished round, per seat
    final: tuple[tuple[int, ...], ...]  # per seat, cards per suit in the last scored round (tie-break)

    @property
    def everyone(self) -> int:
        """Bit mask of every seat plus the public bit."""
        return (2 << self.players) - 1


def to_json(state: State) -> dict[str, Any]:
    data = state._asdict()
    data["phase"] = int(state.phase)
    data["trick"] = None if state.trick is None else trick_to_json(state.trick)
    data["options"] = [list(o) for o in state.options]
    data["pending"] = (
        None if state.pending is None else [state.pending[0], state.pending[1], list(state.pending[2])]
    )
    for key in ("pool", "heroes", "deck", "trash", "timeline", "known", "picks", "choices", "exchange"):
        data[key] = list(data[key])
    for key in ("hands", "tableaus", "scores", "final"):
        data[key] = [list(x) for x in data[key]]
    return data


def from_json(raw: Mapping[str, Any]) -> State:
    def ints(key: str) -> tuple[int, ...]:
        return tuple(int(x) for x in raw[key])

    def nested(key: str) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(int(x) for x in row) for row in raw[key])

    pending = raw["pending"]
    return State(
        players=int(raw["players"]),
        options=tuple((str(k), str(v)) for k, v in raw["options"]),
        rng=int(raw["rng"]),
        phase=int(Phase(int(raw["phase"]))),
        round=int(raw["round"]),
        pool=ints("pool"),
        heroes=ints("heroes"),
        deck=ints("deck"),
        trash=ints("trash"),
        timeline=ints("timeline"),
        hands=nested("hands"),
        tableaus=nested("tableaus"),
        known=bytes(ints("known")),
        trick=None if raw["trick"] is None else trick_from_json(TABLE, raw["trick"]),
        first=int(raw["first"]),
        picks=ints("picks"),
        pending=None
        if pending is None
        else (int(pending[0]), int(pending[1]), tuple(int(x) for x in pending[2])),
        need=str(raw["need"]),
        choices=tuple(str(x) for x in raw["choices"]),
        exchange=ints("exchange"),
        buster=int(raw["buster"]),
        scores=nested("scores"),
        final=nested("final"),
    )
