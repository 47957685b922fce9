"""Trick mechanics shared by the variants: lead colour, must-follow, and who wins a trick.

Standard strengths (002, ■トリック): king > rare > trump > lead colour > other colours > white flag;
later king wins, earlier rare wins. Variant changes come in through TrickRules: the trump colour (Ombre's
chosen king, none for white), the white flag beating rares (Ombre, Whist), and the white 11/12 cards that
are played at any time and take the lead colour (Whist, Napoleon).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.kings.variants.components import (
    NUMBER_COLOURS,
    colour_of,
    is_flag,
    is_rare,
    is_white_court,
    value_of,
)
from games.kings.variants.state import Entry


@dataclass(frozen=True, slots=True)
class TrickRules:
    trump: str | None
    flag_beats_rare: bool


def kind(entry: Entry) -> str:
    """king, rare, flag or number, after the king and the white/blue queens change a card's strength."""
    if entry.king:
        return "king"
    if entry.queen == "w" or (is_rare(entry.card) and entry.queen != "b"):
        return "rare"
    if entry.queen == "b" or is_flag(entry.card):
        return "flag"
    return "number"


def lead_colour(entries: Sequence[Entry]) -> str | None:
    """The colour of the first coloured number card played. A rare, flag or white 11/12 sets none, nor
    does a number card a white or blue queen turned into a rare or flag: it leads as what it became
    (RULINGS.md, the same rule as the standard engine), so the first number card after it sets the colour."""
    for entry in entries:
        if entry.queen == "w" or entry.queen == "b":
            continue
        colour = colour_of(entry.card)
        if colour in NUMBER_COLOURS:
            return colour
    return None


def is_free(card: str) -> bool:
    """Cards that ignore must-follow: flags, rares, and the white 11/12."""
    return is_flag(card) or is_rare(card) or is_white_court(card)


def followable(hand: Sequence[str], lead: str | None) -> list[str]:
    """Cards of `hand` that may be played under must-follow (マストフォロー)."""
    if lead is None or not any(colour_of(c) == lead for c in hand):
        return list(hand)
    return [c for c in hand if colour_of(c) == lead or is_free(c)]


def effective_colour(card: str, lead: str | None) -> str | None:
    return lead if is_white_court(card) else colour_of(card)


def winning_index(entries: Sequence[Entry], rules: TrickRules) -> tuple[int, int]:
    """(index of the winning entry, rares it beat as a white flag) for a non-empty trick."""
    kinds = [kind(e) for e in entries]
    kings = [i for i, k in enumerate(kinds) if k == "king"]
    if kings:
        return kings[-1], 0
    rares = [i for i, k in enumerate(kinds) if k == "rare"]
    flags = [i for i, k in enumerate(kinds) if k == "flag"]
    if rares and flags and rules.flag_beats_rare:
        return flags[0], len(rares)
    if rares:
        return rares[0], 0
    lead = lead_colour(entries)
    best = -1
    best_key: tuple[int, int, int] = (-1, -1, -1)
    for i, entry in enumerate(entries):
        if kinds[i] != "number":
            continue
        colour = effective_colour(entry.card, lead)
        key = (
            int(colour is not None and colour == rules.trump),
            int(colour is not None and colour == lead),
            value_of(entry.card),
        )
        if key > best_key:  # strictly greater: the earlier of two equal cards wins
            best, best_key = i, key
    if best >= 0:
        return best, 0
    return flags[0], 0
