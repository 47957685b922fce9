"""The physical cards of TIMETRAP and their ids.

Each player owns a coloured set of time cards 1-11 (rulebook: orange, purple, blue, green), so a card id
is the colour prefix and the number ("or7", "bl11"): unique per physical card, which lets the invariant
checker count them. The Time Trap cards are identical in play; their ids ("tt0".."tt3") only keep them
countable.
"""

from __future__ import annotations

import sys
from typing import Final

COLOURS: Final = ("or", "pu", "bl", "gr")
COLOUR_NAMES: Final = {
    "or": {"en": "Orange", "ja": "橙"},
    "pu": {"en": "Purple", "ja": "紫"},
    "bl": {"en": "Blue", "ja": "青"},
    "gr": {"en": "Green", "ja": "緑"},
}
NUMBERS: Final = tuple(range(1, 12))
TRAP_PREFIX: Final = "tt"
SETUP_DISCARDS: Final = 2

# A Time Trap counts 12 while the elapsed tile is face up and 0 while face down (rulebook, section 6).
TRAP_HIGH: Final = 12
TRAP_LOW: Final = 0


# Card ids are interned, and every table keyed by card (NUMBER_OF, the rules' action tables, the deal's
# hands) holds these very objects: a lookup or a comparison of two ids then stops at identity instead of
# comparing the characters (the hot path looks cards up a few dozen times an action; docs/engine-speed.md).
_TIME_CARDS: Final = tuple(tuple(sys.intern(f"{colour}{n}") for n in NUMBERS) for colour in COLOURS)


def time_cards(seat: int) -> tuple[str, ...]:
    """The eleven time cards of the seat's colour, 1 to 11."""
    return _TIME_CARDS[seat]


_TRAP_CARDS: Final = tuple(sys.intern(f"{TRAP_PREFIX}{seat}") for seat in range(len(COLOURS)))


def trap_card(seat: int) -> str:
    """The seat's Time Trap card id ("tt0".."tt3"), looked up: a deal asks once per seat."""
    return _TRAP_CARDS[seat] if 0 <= seat < len(_TRAP_CARDS) else f"{TRAP_PREFIX}{seat}"


# Every time card id -> its number (a lookup: these run in every legal-move check).
NUMBER_OF: Final[dict[str, int]] = {
    card: n for own in _TIME_CARDS for card, n in zip(own, NUMBERS, strict=True)
}


def is_trap(card: str) -> bool:
    return card.startswith(TRAP_PREFIX)


def is_time_card(card: str) -> bool:
    return card in NUMBER_OF


def number(card: str) -> int:
    """The number on a time card (ValueError for a trap)."""
    try:
        return NUMBER_OF[card]
    except KeyError:
        raise ValueError(f"not a time card: {card}") from None


def sort_key(card: str) -> tuple[int, int, str]:
    """Hands read time cards by number, traps last."""
    return (0, NUMBER_OF[card], card) if card in NUMBER_OF else (1, 0, card)


# Every card's place in a sorted hand, looked up instead of calling sort_key per card (hot path).
_RANK: Final = {card: rank for rank, card in enumerate(sorted([*NUMBER_OF, *_TRAP_CARDS], key=sort_key))}


def sorted_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    try:
        return tuple(sorted(cards, key=_RANK.__getitem__))
    except KeyError:  # a card id outside the game's set (only a malformed state has one)
        return tuple(sorted(cards, key=sort_key))


def sorted_in(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """sorted_hand(hand + (card,)) for a `hand` already in that order, as every hand of play is (the deal's
    are, a card taken leaves the rest in order, and a card added is sorted in, here or by the working copy's
    freeze): the card goes into its place, found from the end. The day's pick-up of a Time Trap card (quick.py)
    puts it last or nearly, one or two comparisons instead of a sort with a Python-level key (compiled, about
    2,400 instructions fewer)."""
    try:
        rank = _RANK[card]
        at = len(hand)
        while at and _RANK[hand[at - 1]] > rank:
            at -= 1
    except KeyError:  # a card id outside the game's set (only a malformed state has one)
        return sorted_hand((*hand, card))
    return hand[:at] + (card,) + hand[at:]  # noqa: RUF005  (slices joined: no list between)
