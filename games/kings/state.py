"""The table state of a standard or two-player KINGs game: plain JSON data in one dataclass.

`apply` never changes a Table it is given, so old states stay valid (logs, undo, the invariant checker).
It works on `working_copy()`, which shares every list with the input: the engine replaces a list before
it changes it (copy on write, docs/engine-speed.md), never changes one in place (tests/kings/
test_engine_fast_paths.py checks the input after every action). Every field is JSON-native so a state
round-trips exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from games.core.contract import plain_class


def json_copy(value: Any) -> Any:
    """Deep copy of JSON-native data (lists, dicts, scalars): much faster than copy.deepcopy."""
    kind = type(value)
    if kind is list:
        return [json_copy(v) if type(v) in (list, dict) else v for v in value]
    if kind is dict:
        return {k: json_copy(v) if type(v) in (list, dict) else v for k, v in value.items()}
    return value


_NAMES: tuple[str, ...] = ()


@plain_class  # a plain class in the compiled build too: it keeps its __dict__ (working_copy: one dict copy)
@dataclass
class Table:
    """No __slots__: a shallow copy is one dict copy (`working_copy`), the per-action cost that matters."""

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
        return Table(**{k: json_copy(v) for k, v in raw.items() if k in names})

    def working_copy(self) -> Table:
        """A shallow copy for one apply(): every list and dict is shared with self until the engine
        replaces it (copy on write)."""
        new = _new(Table)
        new.__dict__.update(self.__dict__)
        return new


_new = object.__new__


def _field_names() -> tuple[str, ...]:
    global _NAMES
    if not _NAMES:
        _NAMES = tuple(f.name for f in fields(Table))
    return _NAMES
