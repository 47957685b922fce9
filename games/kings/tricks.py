"""Trick resolution for KINGs TRICKTAKERs (002_4e143f857986e60e.txt, '# ■トリック', '■キング').

Kept apart from the standard engine so the variant engines (Ombre, Whist, Napoleon) can reuse it with a
different trump colour. Strength, strongest first: king (the later king wins) > rare (the earlier rare
wins) > trump colour (black in the standard game; higher number, the earlier of equals) > lead colour
(higher number) > other colours > white flag (Ruling: a trick of only flags goes to the earliest flag).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from games.core.contract import plain_class
from games.kings.cards import COLOUR_CODE, Colour, card_colour, card_number, is_flag, is_rare


class Power(IntEnum):
    """What a played card counts as, weakest first."""

    FLAG = 0
    NUMBER = 1
    RARE = 2
    KING = 3


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class Strength:
    """A card as it counts in the trick: its power, and for number power the colour and number it has."""

    power: Power
    colour: Colour | None = None
    number: int = 0


def strength_of(
    card: str,
    *,
    king: bool = False,
    white_queen: bool = False,
    blue_queen: bool = False,
    switch: bool = False,
    samurai: bool = False,
) -> Strength:
    """How a card counts: a king on it wins outright; the white queen makes it a rare and the blue queen a
    flag; the Resistance switch turns rare<->flag (after a queen too) or 1<->10; the Samurai's red counts as
    black (its colour stays red for following and scoring)."""
    if king:
        return Strength(Power.KING)
    if white_queen or blue_queen or is_flag(card) or is_rare(card):
        rare = white_queen or (not blue_queen and is_rare(card))
        if switch:
            rare = not rare
        return Strength(Power.RARE if rare else Power.FLAG)
    colour = card_colour(card)
    number = card_number(card) or 0
    if switch and number in (1, 10):
        number = 11 - number
    if samurai and colour is Colour.RED:
        colour = Colour.BLACK
    return Strength(Power.NUMBER, colour, number)


def strength_code(
    card: str, king: bool, white_queen: bool, blue_queen: bool, switch: bool, samurai: bool
) -> tuple[int, str, int]:
    """`strength_of` as plain values for the engine's hot path: (power, colour code or "", number)."""
    if king:
        return 3, "", 0
    colour = COLOUR_CODE.get(card)
    if colour is None:  # not a card id of the box: the general path
        s = strength_of(
            card, king=king, white_queen=white_queen, blue_queen=blue_queen, switch=switch, samurai=samurai
        )
        return int(s.power), str(s.colour or ""), s.number
    if white_queen or blue_queen or not colour:  # a queen's card, a flag or a rare
        rare = white_queen or (not blue_queen and is_rare(card))
        if switch:
            rare = not rare
        return (2 if rare else 0), "", 0
    number = card_number(card) or 0
    if switch and number in (1, 10):
        number = 11 - number
    if samurai and colour == "r":
        colour = "k"
    return 1, colour, number


def entry_winner(trick: Sequence[Mapping[str, Any]], lead: str) -> int:
    """`winner` over the engine's trick entries ("p" power, "col" colour code, "n" number) and a lead
    colour code ("" for none), without building Strength objects (hot path): the best entry so far
    against each later one by `beats`, the rule's one statement on entries. Same answer as `winner`
    (tests/kings/test_heuristic_trick.py)."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    best, best_entry = 0, trick[0]
    for i in range(1, len(trick)):
        entry = trick[i]
        if beats(best_entry, entry, lead):
            best, best_entry = i, entry
    return best


def winner(strengths: Sequence[Strength], lead: Colour | None, trump: Colour | None = Colour.BLACK) -> int:
    """Index (in play order) of the card that wins the trick."""
    if not strengths:
        raise ValueError("an empty trick has no winner")
    kings = [i for i, s in enumerate(strengths) if s.power is Power.KING]
    if kings:
        return kings[-1]
    rares = [i for i, s in enumerate(strengths) if s.power is Power.RARE]
    if rares:
        return rares[0]
    for colour in (trump, lead):
        if colour is None:
            continue
        group = [i for i, s in enumerate(strengths) if s.power is Power.NUMBER and s.colour is colour]
        if group:
            best = max(strengths[i].number for i in group)
            return next(i for i in group if strengths[i].number == best)
    numbers = [i for i, s in enumerate(strengths) if s.power is Power.NUMBER]
    if numbers:  # only reachable when no lead colour was set: the earliest number card
        return numbers[0]
    return 0


def must_follow(hand: Sequence[str], lead: Colour | None) -> list[str]:
    """Cards of `hand` playable under must-follow: with a lead colour in hand, that colour, or a rare or
    flag (playable at any time); otherwise anything."""
    if lead is None:
        return list(hand)
    if not any(card_colour(c) is lead for c in hand):
        return list(hand)
    return [c for c in hand if card_colour(c) is lead or is_flag(c) or is_rare(c)]



def beats(best: Mapping[str, Any], later: Mapping[str, Any], lead: str) -> bool:
    """Whether the trick entry `later` takes the trick from `best`, an entry played before it (black trump,
    `lead` the lead colour code or ""): the order `entry_winner` applies, as one comparison. The best of a
    trick's entries so far against each later one gives entry_winner's answer in fewer steps (hot path:
    flow/play.py; tests/kings/test_tricks.py holds the two equal)."""
    p: int = later["p"]  # typed reads: compiled, native comparisons (the source ignores annotations)
    if p == 3:  # the later king
        return True
    p0: int = best["p"]
    if p0 >= 2:  # a king, or the earlier rare
        return False
    if p == 2:  # the first rare
        return True
    if p != 1:  # a flag never takes a trick from an earlier card
        return False
    if p0 != 1:  # a number card over a flag
        return True
    c0: str = best["col"]  # two number cards: black first, then the lead colour, else the earlier
    c: str = later["col"]
    if c0 == c:  # one colour: the higher number if black or the lead colour (the earlier of equals)
        if c == "k" or (c == lead and lead):
            n: int = later["n"]
            n0: int = best["n"]
            return n > n0
        return False
    if c0 == "k":
        return False
    if c == "k":
        return True
    return c == lead and lead != ""
