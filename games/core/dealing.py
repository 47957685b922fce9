"""Dealing hidden cards onto places under constraints: the search's default deal, and the pieces a game's
own deal (`SearchHooks.sample_deal`) builds on. Here, below every game, so a game's deal needs no import
from games/search."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.core.search_hooks import Constraints, Path


def forbidden_at(path: Path, constraints: Constraints) -> frozenset[str]:
    """The cards `constraints` keep out of the place at `path` (every constraint whose prefix it has)."""
    found: frozenset[str] = frozenset()
    for prefix, cards in constraints.items():
        if path[: len(prefix)] == prefix:
            found = found | cards
    return found


def deal(
    places: Sequence[Path],
    cards: Sequence[str],
    rng: random.Random,
    constraints: Constraints,
    tries: int = 20,
) -> list[str]:
    """Cards for `places` (a permutation of `cards`), honouring `constraints` when possible.

    The most constrained places are filled first with a random allowed card; a dead end restarts, and
    after `tries` the constraints are dropped (a sample that breaks an inference beats no sample).
    """
    forbidden = [forbidden_at(p, constraints) for p in places] if constraints else [frozenset()] * len(places)
    if not any(forbidden):
        shuffled = list(cards)
        rng.shuffle(shuffled)
        return shuffled
    order = sorted(range(len(places)), key=lambda i: -len(forbidden[i]))
    for _ in range(tries):
        left = list(cards)
        rng.shuffle(left)
        dealt: list[str | None] = [None] * len(places)
        for i in order:
            pick = next((c for c in left if c not in forbidden[i]), None)
            if pick is None:
                break
            left.remove(pick)
            dealt[i] = pick
        else:
            return [c for c in dealt if c is not None]
    shuffled = list(cards)
    rng.shuffle(shuffled)
    return shuffled
