"""A play joins a trick entry made once and copies a ready event data dict (`Variant.play_rows`,
docs/engine-speed.md). This holds both to the plain construction on every play of seeded games of each
variant, checks that an event's data is a dict of its own, and that no shared row changes in use."""

from __future__ import annotations

import copy
import random

import pytest

from games.kings.variants import base
from games.kings.variants.components import PARSED_PLAYS
from games.kings.variants.state import Entry
from tests.kings_variants.helpers import engine

PLAYERS = {"ombre": 3, "whist": 4, "napoleon": 5}


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_play_rows_give_the_plain_entry_and_event(variant: str) -> None:
    game = engine(variant)
    rules = game.variant
    plays = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.setup(PLAYERS[variant], {}, seed, variant)
        while not game.is_over(state):
            seat = sorted(game.to_act(state))[0]
            action = rng.choice(game.legal_actions(state, seat))
            if state.phase == "play" and seed % 3 == 0:
                game.to_act(state)  # and sometimes by the one-action check (no listing to find it in)
                state = state._replace(info=state.info)  # a new object: not the listed state
            new, events = game.apply(state, seat, action)
            if state.phase == "play" and action != "green":  # the green queen: no card, no row read
                card, queen, king = PARSED_PLAYS[action]
                played = events[0]
                assert played.kind == "played"
                data = {"seat": seat, "card": card, "king": king, "queen": queen, "variant": variant}
                assert played.data == data and list(played.data) == list(data)
                assert played.data is not rules.play_rows[action][4][seat]
                trick = new.trick or new.last_trick
                assert trick[len(state.trick)] == Entry(seat, card, king, queen)
                assert type(trick[len(state.trick)]) is Entry
                plays += 1
                assert isinstance(played.data, dict)
                played.data["seat"] = -1  # a reader changing its event leaves the shared rows alone
            state = new
    assert plays > 100
    for action, row in list(rules.play_rows.items()):
        kept = copy.deepcopy(row)
        rules.play_rows.pop(action)
        assert rules.play_row(action) == kept


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_a_row_has_the_table_s_seats(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A row holds an entry and an event template for each seat of the variant's table, no more ("KINGs
    variants on the compiled build, a third pass"), and a row is found the same way on both builds' branches
    (compiled, by `get`; the source, by a `try`): every seat's play joins the plain entry."""
    game = engine(variant)
    rules = game.variant
    players = PLAYERS[variant]
    for wraps in (False, True):
        monkeypatch.setattr(base, "WRAPS", wraps)
        rules.play_rows.clear()  # every row built again on this branch
        rng = random.Random(117710 + wraps)
        seats_played = set()
        for seed in range(117711, 117714):
            state = game.setup(players, {}, seed, variant)
            while not game.is_over(state):
                seat = sorted(game.to_act(state))[0]
                action = rng.choice(game.legal_actions(state, seat))
                new, _ = game.apply(state, seat, action)
                if state.phase == "play" and action != "green":
                    card, queen, king = PARSED_PLAYS[action]
                    trick = new.trick or new.last_trick
                    assert trick[len(state.trick)] == Entry(seat, card, king, queen)
                    seats_played.add(seat)
                state = new
        assert seats_played == set(range(players))
        assert rules.play_rows
        for row in rules.play_rows.values():
            assert len(row[3]) == len(row[4]) == players
