"""The heuristic (games/dream_capture/ai.py) was made fast for the search's playouts, which ask it for
every action: the trick's winner is found once per decision and each card is only weighed against it,
and the enemy's chances are computed only when asked, once per card, counting the unseen cards (a suit's
cards above a strength less the seen ones) instead of listing them. These tests hold the fast code to the
straightforward one, so the AI seats play the moves their docs measured."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.core.contract import ViewThunk
from games.dream_capture.ai import _Table, _TrickSoFar, heuristic_policy
from games.dream_capture.cards import DECK, FOOL, STRENGTH, SUIT_OF, TRUMP
from games.dream_capture.game import GAME
from games.dream_capture.tricks import winning_index
from games.tools.simulate import play_one


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True), st.randoms(use_true_random=False))
def test_the_trick_after_one_more_card_is_the_tricks_winner(cards: list[str], rng: random.Random) -> None:
    """006's trick rule as tricks.winning_index applies it (the highest trump, else the highest card of
    the led suit), for every card that could be added to every trick."""
    seats = rng.sample(range(6), len(cards))
    plays = list(zip(seats[:-1], cards[:-1], strict=True))
    winner_seat, winning_card, lead = _TrickSoFar(plays).after(seats[-1], cards[-1])
    index = winning_index(cards)
    assert (winner_seat, winning_card, lead) == (seats[index], cards[index], SUIT_OF[cards[0]])


def _reference_enemy_beats(t: _Table, v: Mapping[str, Any], card: str, lead: str) -> float:
    """The chance as first written: every unseen card listed and filtered on each call."""
    later_enemies = t.later_enemies
    if not later_enemies or card == FOOL:
        return 0.0
    seen = set(v["hand"]) | {c for _, c in v["trick"]}
    unseen = [c for c in DECK if c not in seen]
    live = (sum(int(n) for n in v["hand_sizes"]) - len(v["hand"])) / max(1, len(unseen))
    higher_trumps = [
        c for c in unseen if SUIT_OF[c] == TRUMP and (SUIT_OF[card] != TRUMP or STRENGTH[c] > STRENGTH[card])
    ]
    known = [c for c in higher_trumps if c in t.honours]
    if any(t.honours[c] in later_enemies for c in known):
        return 0.95
    per_enemy = len([c for c in higher_trumps if c not in t.honours]) * live / 5
    if SUIT_OF[card] == TRUMP:
        expected = per_enemy * len(later_enemies)
        return 1 - math.exp(-0.8 * expected)
    higher_suit = [c for c in unseen if SUIT_OF[c] == lead and STRENGTH[c] > STRENGTH[card]]
    by_suit = len(higher_suit) * live / 5 * len(later_enemies)
    void = min(0.7, 0.05 + 0.05 * t.tricks_done) * len(later_enemies) / 3
    return min(0.97, 1 - math.exp(-0.9 * by_suit) + void)


def test_enemy_chances_are_those_of_the_straightforward_count_in_heuristic_games() -> None:
    asked = 0

    def recording(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
        nonlocal asked
        if legal[0].startswith("play:") and len(legal) > 1:
            v = view()
            t = _Table(v)
            lead = SUIT_OF[v["trick"][0][1]] if v["trick"] else TRUMP
            for action in legal:
                card = action.split(":", 1)[1]
                for suit in {lead, SUIT_OF[card]}:
                    assert t.enemy_beats(card, suit) == _reference_enemy_beats(t, v, card, suit)
                    asked += 1
        return heuristic_policy(view, legal, rng)

    for seed in range(3):
        assert play_one(GAME, 6, [recording] * 6, seed, check=False).violations == []
    assert asked > 2000
