"""One immutable state shape shared by the three variants; variant-only facts live in `info`.

Zones are tuples of card ids so every card is somewhere exactly once (the conservation check). `info`
is plain JSON and is replaced, never mutated. The state and the trick entries are NamedTuples (the
hot-path rule of docs/engine-speed.md): a new state is one `tuple.__new__` from a list copy of the old
one (`I_*` below are the field positions the play phase writes), `VState.changed` elsewhere; the play
phase reads fields by index (the field named in a comment).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple


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


class VState(NamedTuple):
    variant: str
    players: int
    rng: int
    round: int
    phase: str  # pick, bid, auction, set, exchange, play, scored, over
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...] = ()
    box: tuple[str, ...] = ()  # out of play, known to all
    dead: tuple[str, ...] = ()  # out of play, seen by nobody (Ombre's spent auction cards)
    discards: tuple[tuple[str, ...], ...] = ()  # each seat's own discards, known to that seat
    taken: tuple[tuple[str, ...], ...] = ()
    pool: tuple[str, ...] = ()  # face-up cards to pick (Whist flags and rares)
    aside: tuple[tuple[str, ...], ...] = ()  # Ombre auction cards / Napoleon committed bids
    sets: tuple[str, ...] = ()  # KQJ set colour per seat ("" before picking)
    king_used: tuple[bool, ...] = ()
    king_ok: tuple[bool, ...] = ()
    queen_left: tuple[int, ...] = ()
    trick: tuple[Entry, ...] = ()
    leader: int = 0
    regular: int = 0  # seats that have had their regular turn in this trick
    waiting: tuple[int, ...] = ()  # seats owing a late card after the green queen
    tricks: tuple[int, ...] = ()
    bonus: tuple[int, ...] = ()  # red-queen wins this round
    scores: tuple[int, ...] = ()
    public: frozenset[str] = frozenset()  # cards whose holder everyone knows
    pending: tuple[int, ...] = ()  # cards each seat still owes to a discard
    order: tuple[int, ...] = ()  # seats still to pick, in order
    last_trick: tuple[Entry, ...] = ()
    info: Mapping[str, Any] | None = None

    def changed(self, **changes: Any) -> VState:
        """`_replace`, for the variants' own code: one list copy written by field position instead of a
        dictionary lookup per field (`_replace` was the largest cost of a bid, a pick or a discard)."""
        w = list(self)
        for name, value in changes.items():
            w[FIELD[name]] = value
        new: VState = tuple.__new__(VState, w)
        return new

    def with_info(self, **changes: Any) -> VState:
        merged = dict(self.info or {})
        merged.update(changes)
        w = list(self)
        w[-1] = merged  # info, the last field
        new: VState = tuple.__new__(VState, w)
        return new

    def get(self, key: str, default: Any = None) -> Any:
        info = self[28]  # info (read by index: Ombre's trump is read once a trick)
        return default if info is None else info.get(key, default)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        value: Any
        for name, value in zip(self._fields, self, strict=True):
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

# Field positions, written on the play phase's hot path and by the set-up phases' steps (see VState).
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


_new_tuple: Final = tuple.__new__  # a NamedTuple from ready items (skips its __new__)
_VSTATE: Final = VState  # compiled, a C static (a module-level class is otherwise a dict lookup per use)


def frozen(fields: list[Any]) -> VState:
    """The VState of a working copy `list(s)` written by field position (I_*): what `VState.changed` gives,
    without a keyword call (compiled, a keyword call of a NamedTuple's method was ~3.5k instructions more
    than this; a set-up step, a bid or a pick made one to three). The list stays the caller's."""
    new: VState = _new_tuple(_VSTATE, fields)
    return new


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
