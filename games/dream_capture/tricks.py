"""Trick mechanics: which cards may be played, and which card wins.

Rulebook 001_156fd8ce6bcaeb20.txt, 'プレー': the leader plays anything; the others must follow the led
suit, else must play a trump, else anything. The highest trump wins; with no trump, the highest card of
the led suit. The Fool is simply the strongest trump (it follows, and must be played, like any trump).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from games.dream_capture.cards import DECK, STRENGTH, SUIT_OF, SUITS, TRUMP


def playable(hand: Iterable[str], lead_suit: str | None) -> list[str]:
    """The cards of `hand` that may be played to a trick led in `lead_suit` (None: this seat leads)."""
    cards = list(hand)
    if lead_suit is None:
        return cards
    following = [c for c in cards if SUIT_OF[c] == lead_suit]
    if following:
        return following
    trumps = [c for c in cards if SUIT_OF[c] == TRUMP]
    return trumps or cards


def refusal(hand: Sequence[str], lead_suit: str | None, card: str) -> str | None:
    """Why `card` of `hand` may not be played (the IllegalAction code), or None when it may: the rule of
    `playable` for one card, without listing the others (the engine checks every play this way)."""
    if lead_suit is None:
        return None
    suit = SUIT_OF[card]
    if suit == lead_suit:
        return None
    for c in hand:
        if SUIT_OF[c] == lead_suit:
            return f"dc_must_follow_{lead_suit}"
    if suit != TRUMP:
        for c in hand:
            if SUIT_OF[c] == TRUMP:
                return "dc_must_trump"
    return None


CANNOT_WIN: Final = -1  # lighter than any card that can win: a led-suit card weighs 0 or more
TRUMP_WEIGHT: Final = 100  # added to a trump's strength (0-24): every trump outweighs every led-suit card


def weight(card: str, lead_suit: str) -> int:
    """What `card` weighs in a trick led in `lead_suit`, the heaviest card winning: a trump its strength
    plus TRUMP_WEIGHT, a card of the led suit its strength, any other card CANNOT_WIN. The order of
    (is a trump, strength), kept in one int so that the compiled build compares machine integers, not
    tuples. The one statement of the rule: winning_index and the heuristic's trick (ai._TrickSoFar) both
    weigh cards with it."""
    suit = SUIT_OF[card]
    if suit == TRUMP:
        return TRUMP_WEIGHT + STRENGTH[card]
    if suit != lead_suit:
        return CANNOT_WIN
    return STRENGTH[card]


# weight() of every card, by led suit: the engine judges every trick and the heuristic weighs every legal
# card of every playout decision, so they read the rule's answers from here instead of calling it.
WEIGHTS: Final[dict[str, dict[str, int]]] = {
    lead: {card: weight(card, lead) for card in DECK} for lead in (TRUMP, *SUITS)
}


def suits_shown_lacking(lead_suit: str, card: str) -> str:
    """The suits a seat proves it holds none of by playing `card` to a trick led in `lead_suit` (the
    rule of `playable` read backwards): off the led suit, none of it; neither the led suit nor a trump,
    no trump either. "" when the card follows. Public: everyone sees the card played."""
    suit = SUIT_OF[card]
    if suit == lead_suit:
        return ""
    if suit == TRUMP or lead_suit == TRUMP:
        return lead_suit
    return lead_suit + TRUMP


# suits_shown_lacking() of every card, by led suit: the engine notes voids at the end of every trick.
LACKING: Final[dict[str, dict[str, str]]] = {
    lead: {card: suits_shown_lacking(lead, card) for card in DECK} for lead in (TRUMP, *SUITS)
}


@cache
def _merged(old: str, new: str) -> str:
    return "".join(sorted(set(old) | set(new)))


def add_voids(voids: tuple[str, ...], plays: Sequence[tuple[int, str]]) -> tuple[str, ...]:
    """`voids` (per seat, the suits it has shown it lacks this deal, sorted letters) after the trick
    `plays` (in play order, the leader first). A hand only shrinks during play, so a void lasts the deal.
    Most tricks are followed by all, so this builds nothing new unless a void appears."""
    if not plays:
        return voids
    lacking = LACKING[SUIT_OF[plays[0][1]]]
    out: list[str] | None = None
    for seat, card in plays:  # the leader's card follows itself: it proves nothing
        new = lacking[card]
        if new:
            old = voids[seat] if out is None else out[seat]
            merged = _merged(old, new)
            if merged != old:
                if out is None:
                    out = list(voids)
                out[seat] = merged
    return voids if out is None else tuple(out)


def winning_index(cards: Sequence[str]) -> int:
    """Index in play order of the card that wins a trick whose first card was led."""
    weights = WEIGHTS[SUIT_OF[cards[0]]]
    best = 0
    best_weight = weights[cards[0]]
    for index in range(1, len(cards)):
        card_weight = weights[cards[index]]
        if card_weight > best_weight:
            best, best_weight = index, card_weight
    return best
