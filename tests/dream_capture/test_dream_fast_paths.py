"""The engine's shortcuts for the compiled build (docs/engine-speed.md, "Capture of Dreams on the compiled
build"), held to the plain rule: the next State built from a list of its fields with one `tuple.__new__`
is the State that `_replace` builds, and every module-level table of the hot modules is `Final` (compiled,
a name that is not is read from the module's dict on every use)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from games.dream_capture import engine
from games.dream_capture.game import GAME
from games.dream_capture.state import State

_SEEDS = range(116000, 116006)


def _seeded_states() -> list[State]:
    """Every state of a few seeded random games (the discards, each play, trick ends, deal ends)."""
    states = []
    for seed in _SEEDS:
        rng = random.Random(seed)
        state = GAME.setup(6, {"deals": "2"}, seed=seed)
        states.append(state)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            states.append(state)
    return states


def test_every_state_is_a_well_formed_state() -> None:
    """A State built by `tuple.__new__` from a list of fields (each play, the end of a trick) has every
    field, in order: the plain constructor rebuilds the same State from them."""
    states = _seeded_states()
    assert len(states) > 1000
    for state in states:
        assert type(state) is State
        assert len(state) == len(State._fields)
        assert State(*state) == state
        assert State.from_json(state.to_json()) == state


def test_replaced_is_replace() -> None:
    """`engine._replaced(state, changes)` is `state._replace(**changes)`, for one field, several, all."""
    everything = {name: f"new {name}" for name in State._fields}
    for state in _seeded_states()[::97]:
        for changes in ({"phase": "over"}, {"revealed": (), "phase": "play", "voids": ("s",) * 6}, everything):
            replaced = engine._replaced(state, changes)
            assert type(replaced) is State
            assert replaced == state._replace(**changes)


def test_the_field_positions_are_the_states() -> None:
    for name in State._fields:
        constant = getattr(engine, "_" + name.upper(), None)
        assert constant is None or constant == State._fields.index(name), name
        assert engine._FIELD[name] == State._fields.index(name)


_HOT_MODULES = ("ai", "cards", "engine", "scoring", "state", "tricks")
_PACKAGE = Path(__file__).resolve().parents[2] / "games" / "dream_capture"


@pytest.mark.parametrize("name", _HOT_MODULES)
def test_the_engine_tables_are_final(name: str) -> None:
    """Every module-level name the hot modules assign is declared `Final` (a compiled read of one that is
    not goes through the module's dict on every use); type aliases are declared `TypeAlias`."""
    tree = ast.parse((_PACKAGE / f"{name}.py").read_text())  # the source (compiled, the module is a .so)
    plain = [
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    ]
    annotated = [node for node in tree.body if isinstance(node, ast.AnnAssign)]
    not_final = [
        ast.unparse(node.target)
        for node in annotated
        if "Final" not in ast.unparse(node.annotation) and "TypeAlias" not in ast.unparse(node.annotation)
    ]
    assert not plain and not not_final, f"{name}: module tables without Final: {plain + not_final}"
