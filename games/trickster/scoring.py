"""Scoring: fewest cards wins; suits where you hold strictly the most are ignored; tie-breaks.

Rulebook: 004_6403efb1403ffcad.txt, "Scoring": "Whoever has fewest cards in their House wins! If you
have more of a suit than any other player, ignore cards of that suit ... (ties do not count.) If final
scores tie, the tied player with fewest actual cards wins. Still tied? Fewest red cards wins, then
orange, yellow, green, blue, indigo, or violet."
RULINGS.md: a sideways card counts as 2 for the suit comparison and the score; "actual cards" are
physical cards; red ... violet compare physical cards too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from games.core.native64 import WRAPS
from games.trickster.cards import NUM_SUITS, SUIT_OF


class Score(NamedTuple):
    score: int  # counted cards (sideways as 2), ignoring suits where this player holds strictly most
    weighted: tuple[int, ...]  # per suit, sideways counting 2
    actual: tuple[int, ...]  # per suit, physical cards
    ignored: tuple[int, ...]  # suits ignored for this player

    def key(self) -> tuple[int, ...]:
        """Lower is better: score, then actual cards, then red, orange ... violet."""
        return (self.score, sum(self.actual), *self.actual)


def score_houses(houses: Sequence[Sequence[int]], sideways: int) -> list[Score]:
    suit_of = SUIT_OF
    weighted: list[list[int]] = []
    actual: list[list[int]] = []
    for house in houses:
        a = [0] * NUM_SUITS
        for card in house:
            a[suit_of[card]] += 1
        actual.append(a)
        if sideways:  # a sideways card counts once more (only a few heroes turn cards)
            w = a[:]
            for card in house:
                if sideways >> card & 1:
                    w[suit_of[card]] += 1
            weighted.append(w)
        else:
            weighted.append(a)
    ignored: list[list[int]] = [[] for _ in weighted]  # ignored[seat] lists that seat's suits
    ignore_sole_most_by_seats(weighted, ignored)  # the plain rule, the reference of the per-build forms
    out = []
    for w, a, ign in zip(weighted, actual, ignored, strict=True):
        score = sum(w)
        for suit in ign:
            score -= w[suit]
        out.append(_new_score(Score, (score, tuple(w), tuple(a), tuple(ign))))
    return out


_SUITS: Final = range(NUM_SUITS)
_new_score: Final = tuple.__new__  # a Score from a ready tuple (skips NamedTuple.__new__)


def placements(scores: Sequence[Score]) -> tuple[int, ...]:
    """Competition ranking on the tie-break key; identical keys share a place (RULINGS: 'All games')."""
    keys = [(s[0], sum(s[2]), *s[2]) for s in scores]  # Score.key(), inlined
    ordered = sorted(keys)
    return tuple([ordered.index(k) + 1 for k in keys])


def final_scores(
    houses: tuple[tuple[int, ...], ...], sideways: int
) -> tuple[tuple[int, ...], tuple[float, ...], dict[str, Any]]:
    """(placements, scores, details) of a finished game: the values `Trickster.outcome` shows, the same as
    `placements(score_houses(...))`, each Score's `float(score)` and the details built from its fields.

    One pass over the State's House tuples without the Score tuples and their copies (once a game: a
    4-player game is only ~44 actions, so this was ~7% of an action's count on the compiled build, most of
    it generic reads of `Sequence` arguments and `map` chains there). tests/trickster/test_fast_paths.py
    holds it to score_houses and placements over seeded end states and random Houses."""
    suit_of = SUIT_OF
    per_suit: list[list[int]] = []
    weighted: list[list[int]] = []
    ignored: list[list[int]] = []
    actual_cards: list[int] = []  # a House's physical cards: its length (the sum of its per-suit counts)
    counted: list[int] = []  # the sum of its weighted counts: its length plus its sideways cards
    for house in houses:
        a = [0, 0, 0, 0, 0, 0, 0]  # NUM_SUITS
        for card in house:
            a[suit_of[card]] += 1
        per_suit.append(a)
        w = a[:]  # its own list: the details hold both
        total = len(house)
        actual_cards.append(total)
        if sideways:  # a sideways card counts once more (only a few heroes turn cards)
            for card in house:
                if sideways >> card & 1:
                    w[suit_of[card]] += 1
                    total += 1
        counted.append(total)
        weighted.append(w)
        ignored.append([])
    _IGNORE_SOLE_MOST(weighted, ignored)
    scores: list[float] = []
    keys: list[tuple[int, ...]] = []
    for seat, w in enumerate(weighted):
        score = counted[seat]
        for suit in ignored[seat]:
            score -= w[suit]
        scores.append(float(score))
        keys.append((score, actual_cards[seat], *per_suit[seat]))  # Score.key()
    ordered = sorted(keys)
    places = []
    for k in keys:
        places.append(ordered.index(k) + 1)
    details: dict[str, Any] = {
        "actual_cards": actual_cards,
        "per_suit": per_suit,
        "weighted": weighted,
        "ignored_suits": ignored,
        "lower_is_better": True,
    }
    return tuple(places), tuple(scores), details


def ignore_sole_most_by_seats(weighted: list[list[int]], ignored: list[list[int]]) -> None:
    """Per suit, the seat that alone holds the strict most (weighted) ignores it: `ignored[seat]` gets the
    suit. A plain loop over the seats (the compiled build runs it natively)."""
    for suit in _SUITS:
        best = 0
        holder = -1
        for seat, w in enumerate(weighted):
            count = w[suit]
            if count > best:
                best = count
                holder = seat
            elif count == best:
                holder = -1  # a tie for the most (or nobody holds the suit): nobody ignores it
        if holder >= 0:
            ignored[holder].append(suit)


def ignore_sole_most_by_columns(weighted: list[list[int]], ignored: list[list[int]]) -> None:
    """The same rule by each suit's column of counts (`zip`, `max`, `count`, `index`: C-level passes,
    about a third of the plain loop's count on the source build, but generic calls compiled)."""
    for suit, column in enumerate(zip(*weighted, strict=True)):
        best = max(column)
        if best and column.count(best) == 1:
            ignored[column.index(best)].append(suit)


# final_scores' form of the rule for this build (once a game): tests hold both to score_houses
_IGNORE_SOLE_MOST: Final = ignore_sole_most_by_seats if WRAPS else ignore_sole_most_by_columns
