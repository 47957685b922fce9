"""Trouble points and the final ranking (rulebook 【ラウンド終了と得点計算】 and 【ゲーム終了と勝者】)."""

from __future__ import annotations

from collections.abc import Sequence

from games.trickster.cot.cards import CARD_SUIT, NUM_SUITS


def suit_counts(cards: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * NUM_SUITS
    for card in cards:
        counts[CARD_SUIT[card]] += 1
    return tuple(counts)


def sole_most(counts: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Per seat, the suits in which it holds strictly more cards than every other player."""
    exempt: list[list[int]] = [[] for _ in counts]
    for suit, column in enumerate(zip(*counts, strict=True)):  # one column per suit, built in C
        top = max(column)
        if top > 0 and column.count(top) == 1:
            exempt[column.index(top)].append(suit)
    return tuple([tuple(e) for e in exempt])


def trouble_points(counts: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """One point per tableau card, except the suits where a player holds the sole most."""
    exempt = sole_most(counts)
    points = []
    for row, suits in zip(counts, exempt, strict=True):
        total = sum(row)
        for suit in suits:
            total -= row[suit]
        points.append(total)
    return tuple(points), exempt


def ranking_keys(totals: Sequence[int], final_counts: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Lowest total wins; ties by fewer red cards acquired in the final round (exempt ones count), then
    orange, yellow, green, blue, purple, black, white. Equal keys share a place (RULINGS.md)."""
    return [(totals[seat], *final_counts[seat]) for seat in range(len(totals))]


def placements(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition ranking on keys, lower is better: (1, 2, 2, 4)."""
    return tuple([1 + sum([other < key for other in keys]) for key in keys])
