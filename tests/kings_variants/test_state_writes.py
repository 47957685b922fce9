"""The variants' set-up steps, bids, picks and round ends write the fields of a copy of the old state
(`VState.copy`; they wrote a list copy by field position before the state became a class, docs/engine-speed.md,
"KINGs variants, a fourth pass") instead of calling `VState.changed`/`with_info` with keywords. These hold
them to the plain rule: every `I_*` position names its field in `_fields` (the order of `list(s)` and the
JSON), a positional write on `list(s)` frozen back (`frozen`) is `_replace`, and every state of seeded games
of each variant is a whole VState whose `info` the next state never changed in place. The hot modules' tables
are `Final` (compiled, a C static each); the tables filled on first use instead of `functools.cache`
(`owing`, `set_actions`) and the hand sort give the rule."""

from __future__ import annotations

import copy
import itertools
import random
from pathlib import Path
from typing import Any

import pytest

from games.kings.variants import state as state_module
from games.kings.variants.base import owing
from games.kings.variants.components import ALL_CARDS, COLOURS, set_actions, sort_cards, sort_key
from games.kings.variants.state import VState, frozen
from tests.build.final_tables import tables_without_final
from tests.kings_variants.helpers import engine

PLAYERS = {"ombre": 3, "whist": 4, "napoleon": 5}
SEEDS = range(117400, 117406)
_PACKAGE = Path(__file__).resolve().parents[2] / "games" / "kings" / "variants"
_HOT_MODULES = ("base", "components", "data", "engine", "napoleon", "ombre", "state", "tricks", "whist")
_TYPE_ALIASES = {"PlayRow"}  # base.py's play row type (not a value the engine reads)


def test_every_position_names_its_field() -> None:
    positions = {name: value for name, value in vars(state_module).items() if name.startswith("I_")}
    assert len(positions) >= 27  # every field but the variant and the player count, which never change
    for name, value in positions.items():
        assert VState._fields[value] == name[2:].lower(), name


def states_of(variant: str, seed: int) -> list[VState]:
    """Every state of one seeded random game, set-up included."""
    game = engine(variant)
    rng = random.Random(seed)
    s = game.setup(PLAYERS[variant], {}, seed, variant)
    out = [s]
    while not game.is_over(s):
        seat = sorted(game.to_act(s))[0]
        before = copy.deepcopy(s.info)
        new, _ = game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
        assert s.info == before  # the old state's info was not changed in place
        out.append(new)
        s = new
    return out


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_every_state_is_a_whole_vstate(variant: str) -> None:
    for seed in SEEDS:
        for s in states_of(variant, seed):
            assert type(s) is VState and len(s) == len(VState._fields)
            assert VState.from_json(s.to_json()) == s
            assert s.info is None or type(s.info) is dict


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_a_positional_write_is_replace(variant: str) -> None:
    rng = random.Random(117450)
    states = states_of(variant, 117451)
    others = states_of(variant, 117452)
    for _ in range(300):
        s, other = rng.choice(states), rng.choice(others)
        names = rng.sample(VState._fields, rng.randrange(1, 6))
        changes: dict[str, Any] = {name: getattr(other, name) for name in names}
        w = list(s)
        for name, value in changes.items():
            w[getattr(state_module, "I_" + name.upper(), VState._fields.index(name))] = value
        new = frozen(w)
        assert type(new) is VState and new == s._replace(**changes) == s.changed(**changes)
        w[0] = "changed afterwards"
        assert new == s._replace(**changes)  # the state does not share the caller's list


@pytest.mark.parametrize("name", _HOT_MODULES)
def test_the_engine_tables_are_final(name: str) -> None:
    """Compiled, a module-level name without `Final` is read from the module's dict on every use."""
    missing = tables_without_final(_PACKAGE / f"{name}.py", _TYPE_ALIASES)
    assert not missing, f"{name}: module tables without Final: {missing}"


def test_owing_is_the_seats_that_owe() -> None:
    """`owing`'s table (filled on first use) against the rule, for every `pending` of up to five seats."""
    for pending in itertools.product(range(5), repeat=5):
        for n in range(1, 6):
            owed = pending[:n]
            seats = owing(owed)
            assert seats == frozenset(seat for seat in range(n) if owed[seat] > 0)
            assert owing(tuple(owed)) is seats  # built once


def test_set_actions_are_the_colours_left() -> None:
    """`set_actions`' table (filled on first use) against the rule: the colours nobody has, in order; a
    fresh list each call."""
    for sets in itertools.product(("", *COLOURS), repeat=4):
        listed = set_actions(sets)
        assert listed == [f"set:{colour}" for colour in COLOURS if colour not in sets]
        listed.append("changed")
        assert set_actions(sets) == [f"set:{colour}" for colour in COLOURS if colour not in sets]


def test_sort_cards_is_hand_order() -> None:
    rng = random.Random(117460)
    for _ in range(2_000):
        cards = rng.sample(ALL_CARDS, rng.randrange(0, 16))
        assert sort_cards(cards) == tuple(sorted(cards, key=sort_key))
        assert sort_cards(tuple(cards)) == tuple(sorted(cards, key=sort_key))


def test_ombre_trump_by_index_is_the_info_rule() -> None:
    """Ombre's trump read by the info's index (every trick's end asks) against the rule by `s.get`: the
    King's set colour, none before it is chosen or for white."""
    ombre = engine("ombre").variant
    for seed in range(117701, 117705):
        for s in states_of("ombre", seed):
            colour = s.get("trump")
            assert ombre.trump(s) == (None if colour in (None, "w") else colour)
        assert ombre.trump(s._replace(info=None)) is None
