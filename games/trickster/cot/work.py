"""A mutable working copy of a State for one apply(): zones, knowledge, events, then frozen back.

Effects and the round flow change this copy; the input State is never touched. Every move into a hand
or the deck sets the card's knowledge mask (who may know it is there); a card in a public zone needs no
mask, so moves to the tableaus, Trash and pot leave it alone (cheaper: no copy of the mask table).

apply() builds one Work per action, so this module is the simulation hot path: the zone tuples
(hands, tableaus, knowledge mask bytes) are shared with the input State until first written (copy on write:
`set_hand`, `set_tableau`, `set_known`), and events are built straight from a tuple (`event`).
"""

from __future__ import annotations

from typing import Any, Final

from games.core.contract import Event
from games.core.native64 import WRAPS
from games.core.rng import Rng
from games.trickster import zones
from games.trickster.cot.cards import CARD_IDS, TABLE
from games.trickster.cot.state import State
from games.trickster.tricks import Trick, add_card, can_follow

HAND: Final = "hand"
TABLEAU: Final = "tableau"
TRASH: Final = "trash"
POT: Final = "pot"
DECK_TOP: Final = "deck_top"
DECK_BOTTOM: Final = "deck_bottom"

MAX_SEATS: Final = 7

_new: Final = tuple.__new__  # `_new(Cls, (...))` builds a NamedTuple from a ready tuple (no Python __new__)
# The NamedTuple classes as `Final` names: compiled, a class name (a NamedTuple is no native class) is read
# from the module's dict on every use; a `Final` alias is a C static.
EVENT_TYPE: Final = Event
STATE_TYPE: Final = State

OPPONENTS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n)) for n in range(MAX_SEATS + 1)
)
"""OPPONENTS[players][seat]: the other seats clockwise from `seat` (built once, not per call)."""

ALONE: Final[tuple[frozenset[int], ...]] = tuple(frozenset({seat}) for seat in range(MAX_SEATS + 1))
"""ALONE[seat]: the audience (or acting set) of one seat, built once."""


class Work:
    """One apply()'s scratch state. A zone holds tuples; a changed zone gets a new tuple."""

    __slots__ = (
        "_options",
        "_pool",
        "buster",
        "choices",
        "deck",
        "events",
        "exchange",
        "final",
        "first",
        "hands",
        "heroes",
        "known",
        "memo",
        "n",
        "need",
        "pending",
        "phase",
        "picks",
        "rng",
        "round",
        "scores",
        "tableaus",
        "timeline",
        "trash",
        "trick",
    )

    n: int
    rng: int
    phase: int
    round: int
    heroes: tuple[int, ...]
    deck: tuple[int, ...]
    trash: tuple[int, ...]
    timeline: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...] | list[tuple[int, ...]]  # a list once written (set_hand)
    tableaus: tuple[tuple[int, ...], ...] | list[tuple[int, ...]]  # a list once written (set_tableau)
    known: bytes | bytearray  # a bytearray once written (set_known)
    trick: Trick | None
    first: int
    picks: tuple[int, ...]
    pending: tuple[int, int, tuple[int, ...]] | None
    need: str
    choices: tuple[str, ...]
    exchange: tuple[int, ...]
    buster: int
    scores: tuple[tuple[int, ...], ...]
    final: tuple[tuple[int, ...], ...]
    events: list[Event]
    memo: list[int] | None  # what an effect's can() found, for its run() in the same play (Archivist)
    _options: tuple[tuple[str, str], ...]  # never changed by an action: passed on as they are
    _pool: tuple[int, ...]

    def __init__(self, state: State) -> None:
        # One unpacking of the state tuple (field order of State) is much cheaper than 20 lookups. The
        # two fields no action changes are slots too: `freeze` reads a slot, where an index into the
        # NamedTuple (`state[1]`) is not specialized on 3.11 (~190 instructions against ~40).
        (
            self.n,
            self._options,
            self.rng,
            self.phase,
            self.round,
            self._pool,
            self.heroes,
            self.deck,
            self.trash,
            self.timeline,
            self.hands,
            self.tableaus,
            self.known,
            self.trick,
            self.first,
            self.picks,
            self.pending,
            self.need,
            self.choices,
            self.exchange,
            self.buster,
            self.scores,
            self.final,
        ) = state
        self.events = []
        self.memo = None

    def freeze(self) -> State:
        """The new State. A zone still shared with the input is passed on as it is; a written one (a list,
        a bytearray) becomes a tuple or bytes again (`isinstance` on the written type: compiled, a type flag
        test, where a `__class__` read is a generic attribute lookup). On the source `tuple()` itself
        returns a tuple as it is (one specialized call, no test); `bytes()` is no such call there."""
        hands = self.hands
        tableaus = self.tableaus
        if WRAPS:
            hands = tuple(hands) if isinstance(hands, list) else hands
            tableaus = tuple(tableaus) if isinstance(tableaus, list) else tableaus
        else:
            hands = tuple(hands)
            tableaus = tuple(tableaus)
        known = self.known
        return _new(
            STATE_TYPE,
            (
                self.n,
                self._options,
                self.rng,
                self.phase,
                self.round,
                self._pool,
                self.heroes,
                self.deck,
                self.trash,
                self.timeline,
                hands,
                tableaus,
                bytes(known) if isinstance(known, bytearray) else known,
                self.trick,
                self.first,
                self.picks,
                self.pending,
                self.need,
                self.choices,
                self.exchange,
                self.buster,
                self.scores,
                self.final,
            ),
        )

    # --- events and randomness ------------------------------------------------------------------
    def event(self, kind: str, data: dict[str, Any], audience: frozenset[int] | None = None) -> None:
        """Record an event (games.core.contract.new_event inlined: this runs 1.6 times per action)."""
        self.events.append(_new(EVENT_TYPE, (kind, data, audience)))

    def below(self, n: int) -> int:
        rng = Rng(self.rng)
        value = rng.below(n)
        self.rng = rng.state
        return value

    # --- knowledge --------------------------------------------------------------------------------
    @property
    def everyone(self) -> int:
        return (2 << self.n) - 1

    def set_known(self, card: int, mask: int) -> None:
        known = self.known
        if known[card] == mask:  # a quarter of the writes change nothing: spare the copy
            return
        if not isinstance(known, bytearray):
            known = self.known = bytearray(known)
        known[card] = mask

    def forget_hand(self, seat: int, witnesses: int) -> None:
        """A card left `seat`'s hand unseen: only `witnesses` (and the owner) still know its cards."""
        keep = witnesses | (1 << seat)
        known = self.known
        for card in self.hands[seat]:
            mask = known[card]
            if mask & ~keep:
                if not isinstance(known, bytearray):  # set_known inlined (a loop over a hand)
                    known = self.known = bytearray(known)
                known[card] = mask & keep

    # --- zones -------------------------------------------------------------------------------------
    def set_hand(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hands = zones.replace(self.hands, seat, cards)

    def set_tableau(self, seat: int, cards: tuple[int, ...]) -> None:
        self.tableaus = zones.replace(self.tableaus, seat, cards)

    def opponents(self, seat: int) -> tuple[int, ...]:
        return OPPONENTS[self.n][seat]

    def owner_of_tableau_card(self, card: int) -> int:
        for seat, cards in enumerate(self.tableaus):
            if card in cards:
                return seat
        raise ValueError(CARD_IDS[card])

    # Zone moves copy on first write through games/trickster/zones.py (shared with the classic edition).
    def take_hand(self, seat: int, card: int) -> None:
        self.hands = zones.take(self.hands, seat, card)

    def put_hand(self, seat: int, card: int, knowers: int) -> None:
        self.hands = zones.put(self.hands, seat, card)
        mask = knowers | (1 << seat)
        known = self.known
        if known[card] != mask:
            if not isinstance(known, bytearray):
                known = self.known = bytearray(known)
            known[card] = mask

    def take_tableau(self, seat: int, card: int) -> None:
        self.tableaus = zones.take(self.tableaus, seat, card)

    def put_tableau(self, seat: int, card: int) -> None:
        self.tableaus = zones.put(self.tableaus, seat, card)

    def take_trash(self, card: int) -> None:
        i = self.trash.index(card)
        self.trash = self.trash[:i] + self.trash[i + 1 :]

    def put_trash(self, card: int) -> None:
        self.trash = self.trash + (card,)  # noqa: RUF005  (no list detour, as in put_hand)

    def can_follow(self, card: int) -> bool:
        trick = self.trick
        return trick is not None and can_follow(TABLE, trick, card)

    def put_pot(self, card: int, seat: int) -> None:
        """An effect of `seat`'s card adds `card` to the pot (its own effect is never used)."""
        assert self.trick is not None
        before = self.trick
        self.trick = add_card(TABLE, before, card, seat)
        if self.trick.trickster != before.trickster:
            self.event("trickster_role", {"seat": seat})

    def move(
        self,
        by: int,
        card: int | None,
        src: str,
        src_seat: int | None,
        dst: str,
        dst_seat: int | None,
        audience: frozenset[int] | None = None,
    ) -> None:
        """Record a move. `card` None: the public sees that a card moved, not which."""
        data = {
            "by": by,
            "card": None if card is None else CARD_IDS[card],
            "src": src,
            "src_seat": src_seat,
            "dst": dst,
            "dst_seat": dst_seat,
        }
        self.events.append(_new(EVENT_TYPE, ("move", data, audience)))
