"""The variants' state is a class with one attribute per field (games/kings/variants/state.py: compiled, a
native class whose `copy` is one C function; docs/engine-speed.md, "KINGs variants, a fourth pass"), where it
was a NamedTuple. These hold it to what the NamedTuple gave: the same JSON both ways (old_vstate_json.json
holds states of seeded games saved by the NamedTuple code, as the players' stored games were), `copy` and
`changed` against building the state from its fields, equality field by field, and, since a state is now an
object each step writes on a copy of, no state handed out is changed by any later step."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.kings.variants import state as state_module
from games.kings.variants.state import VState
from tests.kings_variants.helpers import engine

PLAYERS = {"ombre": 3, "whist": 4, "napoleon": 5}
OLD_JSON = Path(__file__).with_name("old_vstate_json.json")


def played(variant: str, seed: int) -> list[tuple[VState, dict[str, Any]]]:
    """Every state of one seeded random game with its JSON taken when it was handed out (the choices as the
    stored JSON's game made them: random.Random(seed) over the first seat to act's legal list)."""
    game = engine(variant)
    rng = random.Random(seed)
    s = game.setup(PLAYERS[variant], {}, seed, variant)
    out = [(s, s.to_json())]
    while not game.is_over(s):
        seat = sorted(game.to_act(s))[0]
        s, _ = game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
        out.append((s, s.to_json()))
    return out


def test_the_namedtuple_json_loads_and_is_given_back() -> None:
    stored = json.loads(OLD_JSON.read_text())
    assert {entry["variant"] for entry in stored} == set(PLAYERS)
    games: dict[tuple[str, int], list[tuple[VState, dict[str, Any]]]] = {}
    for entry in stored:
        raw = entry["state"]
        assert sorted(raw) == sorted(VState._fields)  # the NamedTuple's fields (stored with sorted keys)
        loaded = VState.from_json(raw)
        assert type(loaded) is VState and loaded.to_json() == raw
        assert list(loaded.to_json()) == list(VState._fields)  # in the NamedTuple's order
        key = (entry["variant"], entry["seed"])
        if key not in games:
            games[key] = played(*key)
        again, _ = games[key][entry["step"]]
        assert again.to_json() == raw and again == loaded  # the same game gives the same states
        game = engine(entry["variant"])
        for seat in range(loaded.players):  # the loaded state plays on as the played one does
            assert game.legal_actions(loaded, seat) == game.legal_actions(again, seat)


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_no_state_handed_out_changes_afterwards(variant: str) -> None:
    for seed in range(122100, 122104):
        for s, when_handed_out in played(variant, seed):
            assert s.to_json() == when_handed_out


@pytest.mark.parametrize("wraps", [False, True])
def test_copy_is_the_state_built_from_its_fields(wraps: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both branches of `copy` (the compiled build's constructor call, the source's slot writes), on the
    source; compiled, the flag is a constant and the branch it takes is checked."""
    monkeypatch.setattr(state_module, "WRAPS", wraps)
    for variant in sorted(PLAYERS):
        for s, _ in played(variant, 122200):
            new = s.copy()
            assert type(new) is VState and new is not s and new == s
            fields = [getattr(s, name) for name in VState._fields]
            for name, value in zip(VState._fields, fields, strict=True):
                # the same objects (compiled, an int field is stored unboxed: each read boxes it again)
                assert getattr(new, name) is value or (type(value) is int and getattr(new, name) == value)
            assert new == VState(*fields) == VState(**dict(zip(VState._fields, fields, strict=True)))
            new.phase = "changed afterwards"
            assert s.phase != new.phase  # the copy shares no field slot with its state


def test_changed_is_the_state_built_with_the_changes() -> None:
    rng = random.Random(122300)
    states = [s for variant in sorted(PLAYERS) for s, _ in played(variant, 122301)]
    for _ in range(600):
        s, other = rng.choice(states), rng.choice(states)
        names = rng.sample(VState._fields, rng.randrange(1, 6))
        changes = {name: getattr(other, name) for name in names}
        plain = VState(**{**{name: getattr(s, name) for name in VState._fields}, **changes})
        assert s.changed(**changes) == plain == s._replace(**changes)
        assert list(s.changed(**changes)) == [changes.get(name, getattr(s, name)) for name in VState._fields]
    with pytest.raises(ValueError):
        states[0].changed(no_such_field=1)


def test_equality_is_field_by_field() -> None:
    rng = random.Random(122400)
    states = [s for variant in sorted(PLAYERS) for s, _ in played(variant, 122401)]
    for _ in range(300):
        s, other = rng.choice(states), rng.choice(states)
        assert (s == other) == (list(s) == list(other)) == (s.to_json() == other.to_json())
        assert (s != other) == (list(s) != list(other))
        name = rng.choice(VState._fields)
        if getattr(s, name) != getattr(other, name):
            assert s != s.changed(**{name: getattr(other, name)})
    assert states[0] != list(states[0]) and states[0] != tuple(states[0])
    with pytest.raises(TypeError):
        hash(states[0])  # as the NamedTuple holding its `info` dict
