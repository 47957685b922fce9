"""A mutable working copy of a State for one apply(): zones, knowledge, events, then frozen back.

Effects and the round flow change this copy; the input State is never touched. Every move into a hand
or the deck sets the card's knowledge mask (who may know it is there); a card in a public zone needs no
mask, so moves to the tableaus, Trash and pot leave it alone (cheaper: no copy of the mask table).
"""

from __future__ import annotations

from games.core.contract import JSON, Event
from games.core.rng import Rng
from games.trickster.cot.cards import CARD_IDS, TABLE
from games.trickster.cot.state import State
from games.trickster.tricks import Trick, add_card, can_follow

HAND = "hand"
TABLEAU = "tableau"
TRASH = "trash"
POT = "pot"
DECK_TOP = "deck_top"
DECK_BOTTOM = "deck_bottom"


class Work:
    """One apply()'s scratch state. Zones are lists of tuples (a changed zone gets a new tuple)."""

    __slots__ = (
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
        "n",
        "need",
        "pending",
        "phase",
        "picks",
        "rng",
        "round",
        "s",
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
    hands: list[tuple[int, ...]]
    tableaus: list[tuple[int, ...]]
    known: tuple[int, ...] | list[int]
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
    s: State

    def __init__(self, state: State) -> None:
        # One unpacking of the state tuple (field order of State) is much cheaper than 20 lookups.
        (
            self.n,
            _options,
            self.rng,
            self.phase,
            self.round,
            _pool,
            self.heroes,
            self.deck,
            self.trash,
            self.timeline,
            hands,
            tableaus,
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
        self.s = state
        self.hands = list(hands)
        self.tableaus = list(tableaus)
        self.events = []

    def freeze(self) -> State:
        s = self.s
        known = self.known
        return tuple.__new__(
            State,
            (
                self.n,
                s.options,
                self.rng,
                self.phase,
                self.round,
                s.pool,
                self.heroes,
                self.deck,
                self.trash,
                self.timeline,
                tuple(self.hands),
                tuple(self.tableaus),
                known if known.__class__ is tuple else tuple(known),
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
    def emit(self, kind: str, audience: frozenset[int] | None = None, **data: JSON) -> None:
        self.events.append(Event(kind, data, audience))

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
        if isinstance(known, tuple):
            known = self.known = list(known)
        known[card] = mask

    def forget_hand(self, seat: int, witnesses: int) -> None:
        """A card left `seat`'s hand unseen: only `witnesses` (and the owner) still know its cards."""
        keep = witnesses | (1 << seat)
        known = self.known
        for card in self.hands[seat]:
            if known[card] & ~keep:
                self.set_known(card, known[card] & keep)
                known = self.known

    # --- zones -------------------------------------------------------------------------------------
    def opponents(self, seat: int) -> list[int]:
        n = self.n
        return [(seat + i) % n for i in range(1, n)]

    def owner_of_tableau_card(self, card: int) -> int:
        for seat, cards in enumerate(self.tableaus):
            if card in cards:
                return seat
        raise ValueError(CARD_IDS[card])

    def take_hand(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1 :]

    def put_hand(self, seat: int, card: int, knowers: int) -> None:
        self.hands[seat] = (*self.hands[seat], card)
        self.set_known(card, knowers | (1 << seat))

    def take_tableau(self, seat: int, card: int) -> None:
        cards = self.tableaus[seat]
        i = cards.index(card)
        self.tableaus[seat] = cards[:i] + cards[i + 1 :]

    def put_tableau(self, seat: int, card: int) -> None:
        self.tableaus[seat] = (*self.tableaus[seat], card)

    def take_trash(self, card: int) -> None:
        i = self.trash.index(card)
        self.trash = self.trash[:i] + self.trash[i + 1 :]

    def put_trash(self, card: int) -> None:
        self.trash = (*self.trash, card)

    def can_follow(self, card: int) -> bool:
        trick = self.trick
        return trick is not None and can_follow(TABLE, trick, card)

    def put_pot(self, card: int, seat: int) -> None:
        """An effect of `seat`'s card adds `card` to the pot (its own effect is never used)."""
        assert self.trick is not None
        before = self.trick
        self.trick = add_card(TABLE, before, card, seat)
        if self.trick.trickster != before.trickster:
            self.emit("trickster_role", seat=seat)

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
        self.emit(
            "move",
            audience,
            by=by,
            card=None if card is None else CARD_IDS[card],
            src=src,
            src_seat=src_seat,
            dst=dst,
            dst_seat=dst_seat,
        )
