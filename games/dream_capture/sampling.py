"""How the search deals the cards its seat cannot see (games/search/sampler.py, `SearchHooks.sample_deal`).

The hidden cards lie in two kinds of place: the other hands, and the face-down discards (three a seat, 15
hidden from a seat during play). A uniform deal spreads the trumps and court cards evenly over both, but
seats do not discard them: discards go to the enemy, so a seat throws cheap number cards from short suits
and keeps trumps and courts (games/dream_capture/ai.py, `_discard`; people do the same). Measured over
heuristic games (docs/ai.md), the real discards held no trump, court or point at all, while a uniform deal
put 0.13 trumps and 0.18 courts per discard there, so the sampled hands held 16% fewer trumps and 19% fewer
courts than the real ones and the search overrated its own strong cards. A uniform deal also put half a
card per sample where no seat can discard it (an ∞ or the Fool: '5点の札は捨てられません。(-5点も)',
rulebook 001_156fd8ce6bcaeb20.txt, 'ディスカード').

So the deal here:
1. deals as the generic sampler does, honouring the seat's inferences, with two more rules for the discard
   places: never a card no one may discard (a rule, always kept), and, when the deal allows it, only number
   cards (what seats discard; dropped, not the rules, when a deal cannot honour it);
2. then, seat by seat, models the discard itself: of that seat's hidden cards (its hidden hand and its
   hidden discards, the hand it chose from less the cards already played), the discards are the cheapest
   by the heuristic's own discard cost with a little noise, except that a card the seat's inferences keep
   out of that hand stays in the discards.

Everything it reads is the seat's view (hand sizes, tricks, its inferences) and the places and cards the
sampler hands it: nothing of where the hidden cards really are.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.dealing import deal, forbidden_at
from games.core.search_hooks import Constraints, Path
from games.dream_capture.ai import card_value
from games.dream_capture.cards import IS_NUMBER, STRENGTH, SUIT_OF, TRUMP, UNDISCARDABLE

DISCARDS: Path = ("discards",)
NOT_NUMBERS = frozenset(card for card, number in IS_NUMBER.items() if not number)
NOISE = 1.0  # spread added to the discard cost: seats do not all discard alike (a rank step costs 0.1)


def discard_cost(card: str, suit_length: Mapping[str, int]) -> float:
    """The heuristic's cost of discarding `card` (games/dream_capture/ai.py, `_discard`): trumps last,
    then by points, rank and the length of the suit (a short suit is emptied to trump it later)."""
    suit = SUIT_OF[card]
    if suit == TRUMP:
        return 20.0 + STRENGTH[card]
    return 3.0 * card_value(card) + STRENGTH[card] / 10 + 0.6 * suit_length.get(suit, 0)


def _allowed(places: Sequence[Path], dealt: Sequence[str], constraints: Constraints) -> bool:
    return all(card not in forbidden_at(place, constraints) for place, card in zip(places, dealt, strict=True))


def sample_deal(
    view: Mapping[str, Any],
    seat: int,
    places: Sequence[Path],
    cards: Sequence[str],
    rng: random.Random,
    constraints: Constraints,
) -> list[str]:
    """The cards for `places` (a permutation of `cards`): hands as the generic deal, discards as seats
    discard. Every constraint the generic deal would honour is honoured too."""
    hard = {**constraints, DISCARDS: UNDISCARDABLE}
    if not any(place[0] == "discards" for place in places):
        return deal(places, cards, rng, hard)
    dealt = deal(places, cards, rng, {**constraints, DISCARDS: NOT_NUMBERS})
    if not _allowed(places, dealt, hard):  # the soft rule cannot be met (or even the inferences)
        dealt = deal(places, cards, rng, hard)
    by_seat: dict[int, tuple[list[int], list[int]]] = {}
    for i, place in enumerate(places):
        if place[0] in ("hands", "discards") and len(place) >= 2 and isinstance(place[1], int):
            lists = by_seat.setdefault(place[1], ([], []))
            lists[0 if place[0] == "hands" else 1].append(i)
    for owner, (hand, discards) in sorted(by_seat.items()):
        if discards:
            _discard_as_seats_do(dealt, hand, discards, rng, hard, owner)
    return dealt


def _discard_as_seats_do(
    dealt: list[str],
    hand: list[int],
    discards: list[int],
    rng: random.Random,
    constraints: Constraints,
    owner: int,
) -> None:
    """Rearrange `owner`'s hidden cards between its hand places and its discard places (in `dealt`) so the
    discards are the cheapest discardable ones; a card kept out of the hand stays discarded. Leaves the
    seat as dealt when that cannot be done within the constraints."""
    in_hand = forbidden_at(("hands", owner), constraints)
    pool = [dealt[i] for i in hand + discards]
    must = [c for c in pool if c in in_hand]
    if len(must) > len(discards) or any(c in UNDISCARDABLE for c in must):
        return
    length: dict[str, int] = {}
    for card in pool:
        length[SUIT_OF[card]] = length.get(SUIT_OF[card], 0) + 1
    rest = [c for c in pool if c not in in_hand]
    cost = {c: discard_cost(c, length) + NOISE * rng.random() for c in rest}
    choices = sorted((c for c in rest if c not in UNDISCARDABLE), key=lambda c: (cost[c], c))
    thrown = must + choices[: len(discards) - len(must)]
    if len(thrown) < len(discards):
        return
    kept = [c for c in rest if c not in thrown]
    for i, card in zip(discards, thrown, strict=True):
        dealt[i] = card
    for i, card in zip(hand, kept, strict=True):
        dealt[i] = card
