"""The trick's winner is found in one pass over the entries (docs/engine-speed.md); this holds it to the
rule as the module states it, entry by entry through `kind`, on random tricks of every variant's rules."""

from __future__ import annotations

import random

from games.kings.variants.components import ALL_CARDS, value_of
from games.kings.variants.state import Entry
from games.kings.variants.tricks import (
    TrickRules,
    bare_winning_index,
    effective_colour,
    kind,
    lead_colour,
    winning_index,
)


def reference(entries: list[Entry], rules: TrickRules) -> tuple[int, int]:
    """002 ■トリック, as `winning_index`'s docstring states it, one kind at a time."""
    kinds = [kind(e) for e in entries]
    kings = [i for i, k in enumerate(kinds) if k == "king"]
    if kings:
        return kings[-1], 0
    rares = [i for i, k in enumerate(kinds) if k == "rare"]
    flags = [i for i, k in enumerate(kinds) if k == "flag"]
    if rares:
        if flags and rules.flag_beats_rare:
            return flags[0], len(rares)
        return rares[0], 0
    lead = lead_colour(entries)
    best, best_key = -1, (-1, -1, -1)
    for i, (entry, k) in enumerate(zip(entries, kinds, strict=True)):
        if k != "number":
            continue
        colour = effective_colour(entry.card, lead)
        key = (int(colour is not None and colour == rules.trump), int(colour is not None and colour == lead))
        full = (*key, value_of(entry.card))
        if full > best_key:
            best, best_key = i, full
    return (best, 0) if best >= 0 else (flags[0], 0)


def test_one_pass_winner_matches_the_rule() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(20000):
        size = rng.randint(1, 5)
        cards = rng.sample(ALL_CARDS, size)
        entries = [
            Entry(seat, card, rng.random() < 0.1, rng.choice(("", "", "", "", "w", "r", "b", "k")))
            for seat, card in enumerate(cards)
        ]
        rules = TrickRules(rng.choice((None, "r", "b", "g", "k")), rng.random() < 0.5)
        assert winning_index(entries, rules) == reference(entries, rules), (entries, rules)
        checked += 1
    assert checked == 20000


def test_bare_winner_matches_the_one_pass_winner() -> None:
    """`bare_winning_index` (Variant.finish_trick's path for a trick with no king and no queen) gives
    `winning_index`'s answer on random such tricks of every trump and flag rule."""
    rng = random.Random(11)
    for _ in range(20000):
        cards = rng.sample(ALL_CARDS, rng.randint(1, 6))
        entries = [Entry(seat, card) for seat, card in enumerate(cards)]
        rules = TrickRules(rng.choice((None, "r", "b", "g", "k", "w")), rng.random() < 0.5)
        assert bare_winning_index(cards, rules) == winning_index(entries, rules), (cards, rules)
    specials = ["flag1", "flag2", "rare1", "rare2", "w11", "w12"]  # the free cards, often together
    for _ in range(5000):
        cards = rng.sample([*specials, *rng.sample(ALL_CARDS, 3)], rng.randint(1, 5))
        if len(set(cards)) != len(cards):
            continue
        entries = [Entry(seat, card) for seat, card in enumerate(cards)]
        rules = TrickRules(rng.choice((None, "k", "w")), rng.random() < 0.5)
        assert bare_winning_index(cards, rules) == winning_index(entries, rules), (cards, rules)
