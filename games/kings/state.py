"""The table state of a standard or two-player KINGs game: plain JSON data in one dataclass.

`apply` never changes a Table it is given, so old states stay valid (logs, undo, the invariant checker).
It works on `working_copy()`, which shares every list with the input: the engine replaces a list before
it changes it (copy on write, docs/engine-speed.md), never changes one in place (tests/kings/
test_engine_fast_paths.py checks the input after every action). Every field is JSON-native so a state
round-trips exactly.

One source, two shapes (docs/engine-speed.md): on the source `Table` is a plain class and the working copy
is one `__dict__` copy; compiled by mypyc it is a native class, whose fields are C struct slots (a read
is a pointer load instead of a dictionary lookup) and whose working copy is `copy_fields`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Final

from games.core.contract import mypyc_attr


def json_copy(value: Any) -> Any:
    """Deep copy of JSON-native data (lists, dicts, scalars): much faster than copy.deepcopy."""
    kind = type(value)
    if kind is list:
        return [json_copy(v) if type(v) in (list, dict) else v for v in value]
    if kind is dict:
        return {k: json_copy(v) if type(v) in (list, dict) else v for k, v in value.items()}
    return value


_NAMES: tuple[str, ...] = ()


# Compiled only (mypyc reads the marks; on the source they change nothing): every action makes one Table and
# frees another, so the class keeps one freed instance to reuse (`free_list_len=1`: the next copy skips the
# allocator and the zeroing of 51 slots, the freed one the allocator's release), and it is not tracked by the
# garbage collector (`acyclic`: no GC header to link and unlink, and the collector's young-object count is
# not raised per action). A Table holds lists, dicts, strings, ints and bools of the game and never another
# Table or anything that refers back to one, so it is never part of a reference cycle
# (tests/kings/test_table_copy.py).
@mypyc_attr(free_list_len=1, acyclic=True)
@dataclass
class Table:
    """No __slots__ on the source: a shallow copy is one dict copy (`working_copy`), the per-action cost
    that matters; compiled, a native class (see the module's docstring)."""

    variant: str
    players: int
    opts: dict[str, bool]
    rng: int
    hand_size: int
    round: int = 1
    phase: str = "draft"
    scores: list[int] = field(default_factory=list)
    # KQJ sets and kings
    own_king: list[str] = field(default_factory=list)  # colour per seat ("" until drafted)
    extra_kings: list[list[str]] = field(default_factory=list)  # two-player round 3
    king_used: dict[str, bool] = field(default_factory=dict)
    queen_up: list[bool] = field(default_factory=list)
    jack_turned: list[bool] = field(default_factory=list)  # two-player +3
    king_deck: list[str] = field(default_factory=list)  # two-player devil kings, top first
    devil_colour: str = ""
    # party draft
    chars: list[list[str]] = field(default_factory=list)
    prev_chars: list[list[str]] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    sets_left: list[str] = field(default_factory=list)
    draft_order: list[int] = field(default_factory=list)
    extra_picks: list[int] = field(default_factory=list)  # two-player: [seat, how many] to choose
    # bids and the Cheerleader
    bids: list[list[str] | None] = field(default_factory=list)
    revealed: bool = False
    cheer_seat: int = -1
    cheer_mode: str = ""
    partner: int = -1
    copy_target: list[Any] = field(default_factory=list)  # [seat, bid card]
    cheer_used: bool = False
    exchange_from: int = -1
    known: list[list[Any]] = field(default_factory=list)  # [seat, card]: a card that seat saw privately
    # set-up and pending choices
    tasks: list[list[Any]] = field(default_factory=list)  # [seat, kind]
    discard_seat: int = -1
    discard_left: int = 0
    hermits_used: list[str] = field(default_factory=list)
    # cards
    deck: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    taken: list[list[str]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    box: list[str] = field(default_factory=list)
    # tricks
    start_player: int = 0
    trick: list[dict[str, Any]] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    lead_colour: str = ""
    led_by: list[int] = field(default_factory=list)
    green: int = -1
    free_play: bool = False
    red_queen: list[bool] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    trick_no: int = 1
    last_trick: list[dict[str, Any]] = field(default_factory=list)
    history: list[list[dict[str, Any]]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {name: json_copy(getattr(self, name)) for name in _field_names()}

    @staticmethod
    def from_json(raw: dict[str, Any]) -> Table:
        names = set(_field_names())
        values = {k: json_copy(v) for k, v in raw.items() if k in names}
        if PLAIN:  # the source: no instance of Table through its __init__ (see _plain)
            holder: Any = _Fields()
            _fill(holder, **values)  # the dataclass's defaults and checks, on a stand-in
            return _plain(holder.__dict__)
        return Table(**values)

    def working_copy(self) -> Table:
        """A shallow copy for one apply(): every list and dict is shared with self until the engine
        replaces it (copy on write)."""
        if PLAIN:
            new = Table.__new__(Table)
            plain: Any = new
            old: Any = self
            plain.__dict__ = old.__dict__.copy()
            return new
        return copy_fields(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (to the AI workers) as its fields: a compiled native class has no `__dict__` to pickle."""
        return _restore, (tuple([getattr(self, name) for name in _field_names()]),)


def _restore(values: tuple[Any, ...]) -> Table:
    if PLAIN:
        return _plain(dict(zip(_field_names(), values, strict=True)))
    new: Table = Table.__new__(Table)
    for name, value in zip(_field_names(), values, strict=True):
        setattr(new, name, value)
    return new


def _plain(fields_by_name: dict[str, Any]) -> Table:
    """A source Table holding these fields (every one, in the dataclass's order) as its own `__dict__`.

    Why not the dataclass's `__init__` or `setattr` on the source: on CPython 3.11 every `object.__new__` of
    a class (the working copy's, once an action) gives the instance an inline values array as long as the
    class's shared attribute keys, and assigning `__dict__` first turns that array into a dict and frees
    both. The keys stay empty (an array of ~1 slot) as long as no attribute is ever stored on a Table
    through its own values: the dataclass's `__init__` or a `setattr` on a fresh instance would store ~30
    of the 51 fields there for the rest of the process. Tables on the source are only ever made by one
    `__dict__` (new_table, the working copy, JSON, pickle): 3p ~550 instructions an action fewer (1.4%).
    tests/kings/test_table_copy.py holds these paths to the dataclass's."""
    new: Any = _new_table(Table)
    new.__dict__ = fields_by_name
    made: Table = new
    return made


class _Fields:
    """A stand-in `self` for the dataclass's `__init__` (from_json on the source, see _plain)."""


_fill: Final = Table.__init__  # the dataclass's __init__, run on a _Fields (from_json on the source)


# `Table.__new__` under a Final name (copy_fields, every action compiled): a C static instead of a method
# looked up on the type at every call.
_new_table: Final = Table.__new__


def copy_fields(t: Table) -> Table:
    """`working_copy` field by field, for the compiled build (a store per C struct slot). Every field
    must be here: tests/kings/test_table_copy.py checks it on both builds."""
    new: Table = _new_table(Table)
    new.variant = t.variant
    new.players = t.players
    new.opts = t.opts
    new.rng = t.rng
    new.hand_size = t.hand_size
    new.round = t.round
    new.phase = t.phase
    new.scores = t.scores
    new.own_king = t.own_king
    new.extra_kings = t.extra_kings
    new.king_used = t.king_used
    new.queen_up = t.queen_up
    new.jack_turned = t.jack_turned
    new.king_deck = t.king_deck
    new.devil_colour = t.devil_colour
    new.chars = t.chars
    new.prev_chars = t.prev_chars
    new.pool = t.pool
    new.sets_left = t.sets_left
    new.draft_order = t.draft_order
    new.extra_picks = t.extra_picks
    new.bids = t.bids
    new.revealed = t.revealed
    new.cheer_seat = t.cheer_seat
    new.cheer_mode = t.cheer_mode
    new.partner = t.partner
    new.copy_target = t.copy_target
    new.cheer_used = t.cheer_used
    new.exchange_from = t.exchange_from
    new.known = t.known
    new.tasks = t.tasks
    new.discard_seat = t.discard_seat
    new.discard_left = t.discard_left
    new.hermits_used = t.hermits_used
    new.deck = t.deck
    new.hands = t.hands
    new.taken = t.taken
    new.discards = t.discards
    new.box = t.box
    new.start_player = t.start_player
    new.trick = t.trick
    new.order = t.order
    new.lead_colour = t.lead_colour
    new.led_by = t.led_by
    new.green = t.green
    new.free_play = t.free_play
    new.red_queen = t.red_queen
    new.tricks_won = t.tricks_won
    new.trick_no = t.trick_no
    new.last_trick = t.last_trick
    new.history = t.history
    return new


# The source's Table keeps its fields in a `__dict__` (one dict copy per action); the compiled one has none.
PLAIN: Final = hasattr(_new_table(Table), "__dict__")


def _field_names() -> tuple[str, ...]:
    global _NAMES
    if not _NAMES:
        _NAMES = tuple(f.name for f in fields(Table))
    return _NAMES
