"""Trick mechanics shared by the variants: lead colour, must-follow, and who wins a trick.

Standard strengths (002, ■トリック): king > rare > trump > lead colour > other colours > white flag;
later king wins, earlier rare wins. Variant changes come in through TrickRules: the trump colour (Ombre's
chosen king, none for white), the white flag beating rares (Ombre, Whist), and the white 11/12 cards that
are played at any time and take the lead colour (Whist, Napoleon).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.core.contract import plain_class
from games.core.native64 import WRAPS
from games.kings.variants.components import (
    ALL_CARDS,
    FLAGS,
    NUMBER_COLOURS,
    RARES,
    SUIT,
    colour_of,
    is_flag,
    is_rare,
    is_white_court,
    value_of,
)
from games.kings.variants.state import Entry


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class TrickRules:
    trump: str | None
    flag_beats_rare: bool


WHITE_COURTS: Final = frozenset({"w11", "w12"})

# Tables by card for the hot path (a dict lookup instead of a cached function's call), built once.
COLOUR: Final[dict[str, str | None]] = {card: colour_of(card) for card in ALL_CARDS}
VALUE: Final[dict[str, int]] = {card: value_of(card) for card in ALL_CARDS}
OF_SUIT: Final[dict[str, frozenset[str]]] = {
    lead: frozenset([card for card in ALL_CARDS if SUIT[card] == lead]) for lead in NUMBER_COLOURS
}
"""The cards that follow each lead colour."""
FOLLOWERS: Final[dict[str, frozenset[str]]] = {
    lead: frozenset([card for card in ALL_CARDS if SUIT[card] in (lead, "")]) for lead in NUMBER_COLOURS
}
"""The cards playable under each lead colour by a seat holding that colour: the colour and the free cards."""


def kind(entry: Entry) -> str:
    """king, rare, flag or number, after the king and the white/blue queens change a card's strength."""
    if entry.king:
        return "king"
    if entry.queen == "w" or (is_rare(entry.card) and entry.queen != "b"):
        return "rare"
    if entry.queen == "b" or is_flag(entry.card):
        return "flag"
    return "number"


TURNING_QUEENS: Final = frozenset({"w", "b"})
"""The queens that turn a number card into a rare or a flag (it then sets no lead colour)."""


def lead_colour(entries: Sequence[Entry]) -> str | None:
    """The colour of the first coloured number card played. A rare, flag or white 11/12 sets none, nor
    does a number card a white or blue queen turned into a rare or flag: it leads as what it became
    (RULINGS.md, the same rule as the standard engine), so the first number card after it sets the colour."""
    for entry in entries:
        queen = entry[3]  # queen
        if queen == "w" or queen == "b":
            continue
        suit = SUIT[entry[1]]  # card
        if suit:
            return suit
    return None


def is_free(card: str) -> bool:
    """Cards that ignore must-follow: flags, rares, and the white 11/12."""
    return is_flag(card) or is_rare(card) or is_white_court(card)


def followable(hand: Sequence[str], lead: str | None) -> list[str]:
    """Cards of `hand` that may be played under must-follow (マストフォロー): with the lead colour in hand,
    that colour or a free card (flag, rare, white 11/12); otherwise anything."""
    if lead is None:
        return list(hand)
    if WRAPS:  # compiled: one plain loop (a bound `__contains__`, `filter`, a method by name cost more)
        return _followable_loop(hand, OF_SUIT[lead], FOLLOWERS[lead])
    if OF_SUIT[lead].isdisjoint(hand):
        return list(hand)
    return list(filter(FOLLOWERS[lead].__contains__, hand))  # C-level filter, no comprehension frame


def _followable_loop(hand: Sequence[str], of_suit: frozenset[str], followers: frozenset[str]) -> list[str]:
    """`followable` for a lead colour whose cards are `of_suit` and whose playable cards are `followers`, in
    one pass: the compiled build's shape (tests/kings_variants/test_tricks.py holds it to the rule)."""
    out: list[str] = []
    follows = False
    for card in hand:
        if card in followers:
            out.append(card)
            if card in of_suit:
                follows = True
    return out if follows else list(hand)


def may_follow(hand: Sequence[str], lead: str | None, card: str) -> bool:
    """`card in followable(hand, lead)` for a card of `hand`, without building the list."""
    if lead is None:
        return True
    suit = SUIT[card]
    if suit == lead or not suit:
        return True
    return OF_SUIT[lead].isdisjoint(hand)


def effective_colour(card: str, lead: str | None) -> str | None:
    return lead if is_white_court(card) else colour_of(card)


_RARE: Final = -1
_FLAG: Final = -2


def _rank(card: str, trump: str | None, lead: str | None) -> int:
    """A card's strength as a number card under a trump and a lead colour: (trump, lead colour, value)
    as one number (the value is at most 12); _RARE or _FLAG for those."""
    if card in RARES:
        return _RARE
    if card in FLAGS:
        return _FLAG
    colour = lead if card in WHITE_COURTS else COLOUR[card]
    key = VALUE[card]
    if colour is not None:
        if colour == trump:
            key += 32
        if colour == lead:
            key += 16
    return key


_LEADS: Final = (None, *NUMBER_COLOURS)
_RANKS: Final = {
    (trump, lead): {card: _rank(card, trump, lead) for card in ALL_CARDS}
    for trump in (*_LEADS, "w")
    for lead in _LEADS
}
"""`_rank` of every card, by (trump, lead colour): built once, so a trick's winner reads one table."""


def winning_index(entries: Sequence[Entry], rules: TrickRules) -> tuple[int, int]:
    """(index of the winning entry, rares it beat as a white flag) for a non-empty trick.

    What each entry counts as is `kind`: the last king wins; else the earliest rare (or, where the flag
    beats rares, the earliest flag over them); else the best number card by (trump, lead colour, value),
    the earlier of equals; else the earliest flag. One pass over the entries (read by index), the number
    cards ranked as they come (the lead colour is known first)."""
    first = entries[0]  # the lead colour is the first card's, unless a queen turned it (inlined)
    lead = None if first[3] in TURNING_QUEENS else SUIT[first[1]]  # queen, card
    keys = _RANKS[rules.trump, lead or lead_colour(entries)]
    last_king = first_rare = first_flag = best = -1
    rares = 0
    best_key = -1
    for i, entry in enumerate(entries):
        if entry[2]:  # king
            last_king = i
            continue
        queen = entry[3]
        key = _RARE if queen == "w" else _FLAG if queen == "b" else keys[entry[1]]  # card
        if key >= 0:  # a number card (or a white 11/12, of the lead colour)
            if key > best_key:  # strictly greater: the earlier of two equal cards wins
                best, best_key = i, key
        elif key == _RARE:
            rares += 1
            if first_rare < 0:
                first_rare = i
        elif first_flag < 0:
            first_flag = i
    if last_king >= 0:
        return last_king, 0
    if rares:
        if first_flag >= 0 and rules.flag_beats_rare:
            return first_flag, rares
        return first_rare, 0
    if best >= 0:
        return best, 0
    return first_flag, 0


_TOP: Final = 64
"""A rare's key in `_BARE_KEYS`: above every number card's (at most 12 + 32 for trump + 16 for lead)."""
_BARE_KEYS: Final = {
    leads: {card: _TOP if key == _RARE else key for card, key in keys.items()}
    for leads, keys in _RANKS.items()
}
"""`_RANKS` with the rares above every number card (flags stay below them): for a trick with no king and
no queen the winner is then the first card of the highest key."""


def bare_winning_index(cards: Sequence[str], rules: TrickRules) -> tuple[int, int]:
    """`winning_index` of a trick of these cards in order, none played with a king or a queen, by C-level
    passes (one trick in five plays: the entry loop was ~9% of a Napoleon action's bytecodes). The first
    card of the highest key: the earliest rare, else the best number card (the earlier of equals), else
    the first flag; where the flag beats rares, the earliest flag over them."""
    lead = SUIT[cards[0]] or next(filter(None, map(SUIT.__getitem__, cards)), None)  # lead_colour
    keys = list(map(_BARE_KEYS[rules.trump, lead or None].__getitem__, cards))
    best = max(keys)
    if best == _TOP and rules.flag_beats_rare and _FLAG in keys:
        return keys.index(_FLAG), keys.count(_TOP)
    return keys.index(best), 0
