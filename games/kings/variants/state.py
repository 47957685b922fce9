"""One immutable state shape shared by the three variants; variant-only facts live in `info`.

Zones are tuples of card ids so every card is somewhere exactly once (the conservation check). `info`
is plain JSON and is replaced, never mutated. The trick entries are NamedTuples; the state is a class
with one attribute per field (see VState): each step writes the fields of a `copy` of the state it was
given and hands that copy out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Final, NamedTuple, final

from games.core.native64 import WRAPS


class Entry(NamedTuple):
    """A card in the current trick, with the king put on it and the queen used with it."""

    seat: int
    card: str
    king: bool = False
    queen: str = ""  # "", or the colour of the queen used with this card: w, r, b, k

    def to_json(self) -> list[Any]:
        return [self.seat, self.card, self.king, self.queen]

    @staticmethod
    def from_json(raw: list[Any]) -> Entry:
        return Entry(int(raw[0]), str(raw[1]), bool(raw[2]), str(raw[3]))


# VState's fields in their order (the NamedTuple's, and its JSON's): its slots on the source and its `_fields`.
_FIELDS: Final = (
    "variant",
    "players",
    "rng",
    "round",
    "phase",
    "hands",
    "deck",
    "box",
    "dead",
    "discards",
    "taken",
    "pool",
    "aside",
    "sets",
    "king_used",
    "king_ok",
    "queen_left",
    "trick",
    "leader",
    "regular",
    "waiting",
    "tricks",
    "bonus",
    "scores",
    "public",
    "pending",
    "order",
    "last_trick",
    "info",
)


@final
class VState:
    """One variant table's state. A class with one attribute per field (in `_fields`' order), not a
    NamedTuple: compiled (mypyc), a native class whose fields are C struct members read without a lookup and
    whose `copy` is one C function, where a NamedTuple's working copy (`list(s)`), its `tuple.__new__` and
    their boxed reads were a third of a play (docs/engine-speed.md, "KINGs variants, a fourth pass"). On the
    source the same class, with `__slots__`: a field read is a specialized slot read instead of a tuple
    subclass's unspecialized index.

    States are never changed once handed out: each step writes a `copy` of the state it was given and hands
    that out. `to_json`/`from_json` give and take the JSON the NamedTuple did (field by field, in order)."""

    __slots__ = _FIELDS

    _fields: ClassVar[tuple[str, ...]] = _FIELDS  # (compiled, the class has no __slots__ to read)

    variant: str
    players: int
    rng: int
    round: int
    phase: str  # pick, bid, auction, set, exchange, play, scored, over
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    box: tuple[str, ...]  # out of play, known to all
    dead: tuple[str, ...]  # out of play, seen by nobody (Ombre's spent auction cards)
    discards: tuple[tuple[str, ...], ...]  # each seat's own discards, known to that seat
    taken: tuple[tuple[str, ...], ...]
    pool: tuple[str, ...]  # face-up cards to pick (Whist flags and rares)
    aside: tuple[tuple[str, ...], ...]  # Ombre auction cards / Napoleon committed bids
    sets: tuple[str, ...]  # KQJ set colour per seat ("" before picking)
    king_used: tuple[bool, ...]
    king_ok: tuple[bool, ...]
    queen_left: tuple[int, ...]
    trick: tuple[Entry, ...]
    leader: int
    regular: int  # seats that have had their regular turn in this trick
    waiting: tuple[int, ...]  # seats owing a late card after the green queen
    tricks: tuple[int, ...]
    bonus: tuple[int, ...]  # red-queen wins this round
    scores: tuple[int, ...]
    public: frozenset[str]  # cards whose holder everyone knows
    pending: tuple[int, ...]  # cards each seat still owes to a discard
    order: tuple[int, ...]  # seats still to pick, in order
    last_trick: tuple[Entry, ...]
    info: Mapping[str, Any] | None

    def __init__(
        self,
        variant: str,
        players: int,
        rng: int,
        round: int,
        phase: str,
        hands: tuple[tuple[str, ...], ...],
        deck: tuple[str, ...] = (),
        box: tuple[str, ...] = (),
        dead: tuple[str, ...] = (),
        discards: tuple[tuple[str, ...], ...] = (),
        taken: tuple[tuple[str, ...], ...] = (),
        pool: tuple[str, ...] = (),
        aside: tuple[tuple[str, ...], ...] = (),
        sets: tuple[str, ...] = (),
        king_used: tuple[bool, ...] = (),
        king_ok: tuple[bool, ...] = (),
        queen_left: tuple[int, ...] = (),
        trick: tuple[Entry, ...] = (),
        leader: int = 0,
        regular: int = 0,
        waiting: tuple[int, ...] = (),
        tricks: tuple[int, ...] = (),
        bonus: tuple[int, ...] = (),
        scores: tuple[int, ...] = (),
        public: frozenset[str] = frozenset(),
        pending: tuple[int, ...] = (),
        order: tuple[int, ...] = (),
        last_trick: tuple[Entry, ...] = (),
        info: Mapping[str, Any] | None = None,
    ) -> None:
        self.variant = variant
        self.players = players
        self.rng = rng
        self.round = round
        self.phase = phase
        self.hands = hands
        self.deck = deck
        self.box = box
        self.dead = dead
        self.discards = discards
        self.taken = taken
        self.pool = pool
        self.aside = aside
        self.sets = sets
        self.king_used = king_used
        self.king_ok = king_ok
        self.queen_left = queen_left
        self.trick = trick
        self.leader = leader
        self.regular = regular
        self.waiting = waiting
        self.tricks = tricks
        self.bonus = bonus
        self.scores = scores
        self.public = public
        self.pending = pending
        self.order = order
        self.last_trick = last_trick
        self.info = info

    def copy(self) -> VState:
        """A new state with every field of this one (the working copy each step writes, then hands out).
        Compiled, the constructor: one C function. On the source, a blank object and its slots written one
        by one: about 40% fewer instructions than a call of `__init__` with 29 arguments."""
        if WRAPS:
            return VState(
                self.variant,
                self.players,
                self.rng,
                self.round,
                self.phase,
                self.hands,
                self.deck,
                self.box,
                self.dead,
                self.discards,
                self.taken,
                self.pool,
                self.aside,
                self.sets,
                self.king_used,
                self.king_ok,
                self.queen_left,
                self.trick,
                self.leader,
                self.regular,
                self.waiting,
                self.tricks,
                self.bonus,
                self.scores,
                self.public,
                self.pending,
                self.order,
                self.last_trick,
                self.info,
            )
        new = object.__new__(VState)
        new.variant = self.variant
        new.players = self.players
        new.rng = self.rng
        new.round = self.round
        new.phase = self.phase
        new.hands = self.hands
        new.deck = self.deck
        new.box = self.box
        new.dead = self.dead
        new.discards = self.discards
        new.taken = self.taken
        new.pool = self.pool
        new.aside = self.aside
        new.sets = self.sets
        new.king_used = self.king_used
        new.king_ok = self.king_ok
        new.queen_left = self.queen_left
        new.trick = self.trick
        new.leader = self.leader
        new.regular = self.regular
        new.waiting = self.waiting
        new.tricks = self.tricks
        new.bonus = self.bonus
        new.scores = self.scores
        new.public = self.public
        new.pending = self.pending
        new.order = self.order
        new.last_trick = self.last_trick
        new.info = self.info
        return new

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (to the bot's AI workers) as its constructor and its fields: a compiled native class has
        no `__dict__` or slots for pickle's default, and its constructor needs the fields."""
        return VState, self.as_tuple()

    def as_tuple(self) -> tuple[Any, ...]:
        """The fields in `_fields`' order (what the NamedTuple was)."""
        return (
            self.variant,
            self.players,
            self.rng,
            self.round,
            self.phase,
            self.hands,
            self.deck,
            self.box,
            self.dead,
            self.discards,
            self.taken,
            self.pool,
            self.aside,
            self.sets,
            self.king_used,
            self.king_ok,
            self.queen_left,
            self.trick,
            self.leader,
            self.regular,
            self.waiting,
            self.tricks,
            self.bonus,
            self.scores,
            self.public,
            self.pending,
            self.order,
            self.last_trick,
            self.info,
        )

    def __iter__(self) -> Iterator[Any]:
        return iter(self.as_tuple())

    def __len__(self) -> int:
        return len(self._fields)

    def __eq__(self, other: object) -> bool:
        return type(other) is VState and self.as_tuple() == other.as_tuple()

    def __repr__(self) -> str:
        fields = ", ".join(
            [f"{name}={value!r}" for name, value in zip(self._fields, self.as_tuple(), strict=True)]
        )
        return f"VState({fields})"

    def changed(self, **changes: Any) -> VState:
        """A copy with the named fields replaced (the NamedTuple's `_replace`): for tests and rare uses, the
        steps write their copy's fields directly."""
        new = self.copy()
        for name, value in changes.items():
            if name not in FIELD:
                raise ValueError(f"Got unexpected field names: {[name]!r}")
            setattr(new, name, value)
        return new

    def _replace(self, **changes: Any) -> VState:
        """The NamedTuple's name for `changed` (tests)."""
        return self.changed(**changes)

    def with_info(self, **changes: Any) -> VState:
        merged = dict(self.info or {})
        merged.update(changes)
        new = self.copy()
        new.info = merged
        return new

    def get(self, key: str, default: Any = None) -> Any:
        info = self.info
        return default if info is None else info.get(key, default)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        value: Any
        for name, value in zip(self._fields, self.as_tuple(), strict=True):
            if name in ("trick", "last_trick"):
                out[name] = [e.to_json() for e in value]
            elif name == "public":
                out[name] = sorted(value)
            elif name == "info":
                out[name] = dict(value or {})
            elif isinstance(value, tuple):
                out[name] = [list(v) if isinstance(v, tuple) else v for v in value]
            else:
                out[name] = value
        return out

    @staticmethod
    def from_json(raw: Mapping[str, Any]) -> VState:
        kwargs: dict[str, Any] = {}
        for name in VState._fields:
            value = raw[name]
            if name in ("trick", "last_trick"):
                kwargs[name] = tuple(Entry.from_json(e) for e in value)
            elif name == "public":
                kwargs[name] = frozenset(value)
            elif name == "info":
                kwargs[name] = dict(value)
            elif isinstance(value, list):
                kwargs[name] = tuple(tuple(v) if isinstance(v, list) else v for v in value)
            else:
                kwargs[name] = value
        return VState(**kwargs)


FIELD: Final[dict[str, int]] = {name: i for i, name in enumerate(VState._fields)}
"""Each field's position (VState.changed)."""

# Field positions (in `_fields`, `list(s)` and the JSON's order).
I_RNG: Final = VState._fields.index("rng")
I_ROUND: Final = VState._fields.index("round")
I_PHASE: Final = VState._fields.index("phase")
I_DECK: Final = VState._fields.index("deck")
I_BOX: Final = VState._fields.index("box")
I_DEAD: Final = VState._fields.index("dead")
I_POOL: Final = VState._fields.index("pool")
I_ASIDE: Final = VState._fields.index("aside")
I_SETS: Final = VState._fields.index("sets")
I_KING_OK: Final = VState._fields.index("king_ok")
I_SCORES: Final = VState._fields.index("scores")
I_ORDER: Final = VState._fields.index("order")
I_INFO: Final = VState._fields.index("info")
I_HANDS: Final = VState._fields.index("hands")
I_DISCARDS: Final = VState._fields.index("discards")
I_PENDING: Final = VState._fields.index("pending")
I_TAKEN: Final = VState._fields.index("taken")
I_KING_USED: Final = VState._fields.index("king_used")
I_QUEEN_LEFT: Final = VState._fields.index("queen_left")
I_TRICK: Final = VState._fields.index("trick")
I_LEADER: Final = VState._fields.index("leader")
I_REGULAR: Final = VState._fields.index("regular")
I_WAITING: Final = VState._fields.index("waiting")
I_TRICKS: Final = VState._fields.index("tricks")
I_BONUS: Final = VState._fields.index("bonus")
I_PUBLIC: Final = VState._fields.index("public")
I_LAST_TRICK: Final = VState._fields.index("last_trick")


def frozen(fields: list[Any]) -> VState:
    """The VState of a list of its fields in `_fields`' order (`list(s)` written by field position, I_*):
    for tests; the engine's steps write a `copy`'s attributes."""
    return VState(*fields)


def put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of `items` with one position (a valid index) replaced: through a list, about half the
    instructions of two slices joined with the new item on 3.11 (the hot path's commonest copy)."""
    out = list(items)
    out[index] = value
    return tuple(out)


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A copy of `cards` without the first `card` (ValueError when it holds none): through a list, as put."""
    out = list(cards)
    out.remove(card)
    return tuple(out)
