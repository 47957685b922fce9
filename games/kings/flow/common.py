"""What every phase of the standard and two-player engine shares: the constants, seat order and king
numbers, the face-up characters, copy-on-write helpers, events, hand order and the start of a trick.

002_4e143f857986e60e.txt: '■キング' (king numbers), the character pages (p31~). Rulings from
../shared/RULINGS.md are marked "Ruling".
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from games.core.contract import Event
from games.core.native64 import WRAPS
from games.kings.cards import (
    COLOUR_CODE,
    KING_COLOURS,
    Character,
    Colour,
    all_character_cards,
    card_colour,
    card_number,
    character_of,
    is_rare,
    king_number,
)
from games.kings.state import Table

STANDARD: Final = "standard"
TWO_PLAYER: Final = "two-player"
ROUNDS: Final = 3
T = TypeVar("T")
# "Only this seat": the usual answer of to_act, built once (docs/engine-speed.md, precomputed tables).
ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset({s}) for s in range(8))
NOBODY: Final[frozenset[int]] = frozenset()


def put(seq: list[T], index: int, value: T) -> list[T]:
    """A copy of `seq` with one item replaced (never change a shared list in place)."""
    out = list(seq)
    out[index] = value
    return out


def without(seq: list[T], item: T) -> list[T]:
    """A copy of `seq` without the first `item`."""
    out = list(seq)
    out.remove(item)
    return out


def is_two(t: Table) -> bool:
    return t.variant == TWO_PLAYER


def seats_from(t: Table, first: int) -> list[int]:
    return list(_SEATS_FROM[t.players][first])


# Seat orders by (players, first seat), built once.
_SEATS_FROM: Final = tuple(tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(9))


def seat_king_number(t: Table, seat: int) -> int:
    """Ruling (two-player): a seat holding several kings keeps its own king's number."""
    colour = t.own_king[seat]
    if not colour:
        return 99
    return king_number(colour, t.king_used[colour])


def _king_numbers(t: Table) -> list[int]:
    """seat_king_number of every seat, from a table by (colour, used) instead of a call per seat."""
    used = t.king_used
    number = _KING_NUMBER
    out = []  # a plain loop: a comprehension would make `used` and `number` cells and be a frame of its own
    for colour in t.own_king[: t.players]:
        out.append(number[colour, used[colour]] if colour else 99)
    return out


_KING_NUMBER: Final = {(str(c), used): king_number(c, used) for c in KING_COLOURS for used in (False, True)}


def by_king_number(t: Table) -> list[int]:
    if COMPILED:
        numbers = _king_numbers(t)
        return sorted(range(t.players), key=numbers.__getitem__)
    return list(_kept_order(t)[1])


def smallest_king_number(t: Table) -> int:
    """by_king_number(t)[0] without the sort: the first seat with the smallest king number."""
    if COMPILED:
        numbers = _king_numbers(t)
        return numbers.index(min(numbers))
    return _kept_order(t)[0]


def _kept_order(t: Table) -> tuple[int, list[int]]:
    """The source's (smallest_king_number, by_king_number) of a table, kept with copies of the fields they
    are read from (the own kings, which kings are used, the player count) and given again while those hold
    the same. Why: a 3-player game asks for the order ~9 times and the kings change only in round 1's
    draft and when a king is played, so most asks (the round's end, `next`, the next round's draft order
    and start player) meet the kept answer: two content comparisons instead of a tuple-keyed lookup per
    seat and a sort (~5k instructions an ask on the source). Compared by content, not identity, so a table
    whose lists were changed in place (a test's hand-made table) is read afresh. Compiled, the plain way
    (native loops). tests/kings/test_no_cells.py holds it to `seat_king_number` on random tables."""
    kept = _ORDER_KEPT[0]
    own = t.own_king
    used = t.king_used
    if kept[0] == own and kept[1] == used and kept[2] == t.players:
        return kept[3]
    numbers = _king_numbers(t)
    order = sorted(range(t.players), key=numbers.__getitem__)
    answer = (order[0] if order else numbers.index(min(numbers)), order)
    _ORDER_KEPT[0] = (list(own), dict(used), t.players, answer)
    return answer


# _kept_order's last answer: (own kings, used kings, players, (smallest, order)), replaced whole.
_ORDER_KEPT: Final[list[tuple[list[str], dict[str, bool], int, tuple[int, list[int]]]]] = [([], {}, -1, (0, []))]


def face_up(t: Table, seat: int) -> list[str]:
    """Character cards of `seat` used face up (all three before the bids are committed)."""
    bids = t.bids[seat] if t.bids else None
    if not bids:  # nothing committed: every card (a comprehension reading `bids` would make it a cell)
        return list(t.chars[seat])
    out = []
    for c in t.chars[seat]:
        if c not in bids:
            out.append(c)
    return out


def has_up(t: Table, seat: int, character: Character) -> bool:
    return has_up_of(t, seat, CARDS_OF[character])


def has_up_of(t: Table, seat: int, cards: frozenset[str]) -> bool:
    """`has_up` for a character given by its cards (CARDS_OF): the hot path's form, which spares a dict
    lookup keyed by an Enum member (its hash is a Python call)."""
    if not t.revealed and t.phase in ("draft", "bid", "extra"):
        return False
    bids = t.bids[seat] if t.bids else None
    for card in t.chars[seat]:  # noqa: SIM110  (face_up without building the list; a plain loop, hot path)
        if card in cards and (not bids or card not in bids):
            return True
    return False


# The character cards of each character, for set lookups instead of a call per card (hot path).
CARDS_OF: Final[dict[Character, frozenset[str]]] = {
    character: frozenset(c for c in all_character_cards() if character_of(c) is character)
    for character in Character
}
SAMURAI_CARDS: Final = CARDS_OF[Character.SAMURAI]
RESISTANCE_CARDS: Final = CARDS_OF[Character.RESISTANCE]
NINJA_CARDS: Final = CARDS_OF[Character.NINJA]
HERMIT_CARDS: Final = CARDS_OF[Character.HERMIT]
CHEERLEADER_CARDS: Final = CARDS_OF[Character.CHEERLEADER]


def kings_of(t: Table, seat: int) -> list[str]:
    own = [t.own_king[seat]] if t.own_king[seat] else []
    return own + t.extra_kings[seat]


def jack_up(t: Table, seat: int) -> bool:
    """The jack scores by wins unless it is a bid or (two-player) turned for +3."""
    bids = t.bids[seat] or []
    return "jack" not in bids and not t.jack_turned[seat]


def draw(t: Table, count: int) -> list[str]:
    drawn = t.deck[:count]
    t.deck = t.deck[count:]
    return drawn


def private(t: Table, kind: str, seat: int, /, **data: Any) -> Event:
    """An event only `seat` sees. Every event carries its table's variant (the last key of its data), so
    that render_event picks this engine's texts."""
    payload: dict[str, Any] = {"seat": seat, **data}
    payload["variant"] = t.variant
    return ev(EVENT, (kind, payload, ONLY[seat]))


def public(t: Table, kind: str, /, **data: Any) -> Event:
    """An event everyone sees, tagged with its table's variant as `private` does."""
    data["variant"] = t.variant
    return ev(EVENT, (kind, data, None))


ev: Final = tuple.__new__  # `ev(EVENT, (kind, data, audience))`: contract.new_event without a Python call
# The event class under a `Final` name: compiled, a class imported from another package is read from the
# module's dict at every use, a `Final` name is a C static (every event of the engine is built with it).
EVENT: Final = Event
# Which build runs (games.core.native64): compiled, some steps take plain loops that mypyc turns into native
# code, where the source keeps its C-level calls (docs/engine-speed.md, "KINGs standard on the compiled build").
COMPILED: Final = WRAPS


def drop_first(seq: list[str], item: str) -> bool:
    """`item in seq` and then `seq.remove(item)`, in one pass, answering whether it was there: the compiled
    build's form (mypyc compares two str natively; `in` and `list.remove` make a generic comparison call per
    item). The source keeps `in` and `remove`, C-level scans there. tests/kings/test_compiled_shapes.py."""
    for i in range(len(seq)):
        if seq[i] == item:
            seq.pop(i)  # compiled: a native list primitive (`del seq[i]` is a generic call)
            return True
    return False


def index_of(seq: list[str], item: str) -> int:
    """`seq.index(item)` by a plain loop: the compiled build's form (as `drop_first`); ValueError if absent."""
    for i in range(len(seq)):
        if seq[i] == item:
            return i
    return seq.index(item)  # not there: list.index's own ValueError


def _card_sort_key(card: str) -> tuple[int, int]:
    colour = card_colour(card)
    if colour is None:
        return (5 if is_rare(card) else -1, 0)
    return (list(Colour).index(colour), card_number(card) or 0)


_SORT_KEY: Final[dict[str, tuple[int, int]]] = {c: _card_sort_key(c) for c in COLOUR_CODE}
_KEY_ORDER: Final = sorted(set(_SORT_KEY.values()))
_SORT_RANK: Final[dict[str, int]] = {c: _KEY_ORDER.index(key) for c, key in _SORT_KEY.items()}
"""Each card's hand-order key as one int (cards with equal keys share one, so a stable sort keeps them in
the same order): a sort compares ints instead of tuples."""
sort_key: Final = _SORT_RANK.__getitem__  # a C-level sort key for hands (every card id of the box is in it)


def card_sort_key(card: str) -> tuple[int, int]:
    """Hand order: flags, then colours in Colour order by number, then rares."""
    try:
        return _SORT_KEY[card]
    except KeyError:
        return _card_sort_key(card)


def ask_discard(t: Table, seat: int, count: int) -> None:
    """`seat` owes `count` discards (the Gambler's, Berserker's and Hermit's draws: set-up and play)."""
    t.hands = put(t.hands, seat, sorted(t.hands[seat], key=sort_key))
    t.discard_seat, t.discard_left = seat, count


def begin_play(t: Table, events: list[Event]) -> None:
    """The set-up tasks are done: the start player leads the first trick."""
    t.phase = "play"
    new_trick(t, t.start_player)


def new_trick(t: Table, lead: int) -> None:
    """An empty trick led by `lead` (the first, or the last trick's winner)."""
    t.order = list(_SEATS_FROM[t.players][lead])
    t.led_by = [lead]
    t.trick, t.lead_colour, t.green, t.free_play = [], "", -1, False


def current(t: Table) -> int:
    return t.order[0]


def can_jack3(t: Table, seat: int) -> bool:
    bids = t.bids[seat] or []
    return is_two(t) and bool(bids) and "jack" not in bids and not t.jack_turned[seat]
