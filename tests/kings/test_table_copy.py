"""The Table's working copy and its pickle keep every field (games/kings/state.py, docs/engine-speed.md).

Compiled, the working copy is `copy_fields`, one line per field: a field added to `Table` but not copied
there would be missing after the first action of a compiled game. These run on the source too, where
`copy_fields` is otherwise unused, so a forgotten field fails here on either build.
"""

from __future__ import annotations

import gc
import pickle
import random
from dataclasses import fields
from typing import Any

import pytest

from games.kings import state
from games.kings.game import GAME
from games.kings.state import PLAIN, Table, _restore, copy_fields


def _midgame() -> Table:
    t: Table = GAME.setup(4, {"cheerleader": "true"}, 7)
    for _ in range(30):  # into the first round's bids or tricks
        seat = min(GAME.to_act(t))
        t, _ = GAME.apply(t, seat, GAME.legal_actions(t, seat)[0])
    return t


def test_working_copies_share_every_field_with_the_table() -> None:
    t = _midgame()
    for copy in (t.working_copy(), copy_fields(t)):
        assert copy is not t
        for f in fields(Table):
            assert getattr(copy, f.name) is getattr(t, f.name), f.name
        assert copy == t


def test_a_pickled_table_plays_on_the_same() -> None:
    t = _midgame()
    back = pickle.loads(pickle.dumps(t))
    assert back == t and back.to_json() == t.to_json()
    seat = min(GAME.to_act(t))
    assert GAME.legal_actions(back, seat) == GAME.legal_actions(t, seat)


def _holds_a_table(value: Any) -> bool:
    kind = type(value)
    if kind is Table:
        return True
    if kind in (list, tuple):
        return any(_holds_a_table(v) for v in value)
    if kind is dict:
        return any(_holds_a_table(k) or _holds_a_table(v) for k, v in value.items())
    return False


@pytest.mark.parametrize(
    ("players", "variant", "options"),
    [
        (3, "standard", {}),
        (4, "standard", {"cheerleader": "true", "devil_contract": "true"}),
        (5, "standard", {"initial_parties": "true", "cheerleader": "true"}),
        (2, "two-player", {}),
    ],
)
def test_a_table_never_holds_a_table(players: int, variant: str, options: dict[str, str]) -> None:
    """Compiled, Table is `acyclic` (no garbage-collector header, state.py): sound only while no table
    refers, through its fields, to a table (nothing else in a table refers back to anything). Every
    field of every table of seeded games, all the way down."""
    for seed in (117600, 117601, 117602):
        rng = random.Random(seed)
        t: Table = GAME.setup(players, options, seed, variant)
        while GAME.to_act(t):
            for f in fields(Table):
                assert not _holds_a_table(getattr(t, f.name)), f.name
            seat = min(GAME.to_act(t))
            t, _ = GAME.apply(t, seat, rng.choice(GAME.legal_actions(t, seat)))


def test_compiled_tables_are_not_tracked_by_the_collector() -> None:
    """The `acyclic` mark took (compiled); the source's plain class is tracked as any object is."""
    assert gc.is_tracked(_midgame()) is PLAIN


def test_a_reused_table_holds_only_its_own_fields() -> None:
    """Compiled, a freed Table is kept for the next one (`free_list_len=1`, state.py): a copy, a table
    built by the dataclass, one restored from a pickle and one from JSON made right after another is freed
    hold their own fields and nothing of the freed one's."""
    first = _midgame()
    other = GAME.setup(3, {}, 117603)
    for make in (
        lambda: copy_fields(other),
        lambda: other.working_copy(),
        lambda: _restore(tuple(getattr(other, f.name) for f in fields(Table))),
        lambda: pickle.loads(pickle.dumps(other)),
        lambda: Table.from_json(other.to_json()),
    ):
        doomed = copy_fields(first)
        del doomed  # compiled: now the kept instance
        made = make()
        assert made == other and made.to_json() == other.to_json()
    fresh = Table("standard", 4, {}, 5, 8)
    defaults = (fresh.round, fresh.phase, fresh.cheer_seat, fresh.trick_no, fresh.free_play)
    assert defaults == (1, "draft", -1, 1, False)


def test_source_tables_are_made_without_the_dataclass_init(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the source a Table is only ever made as one `__dict__` (state.py `_plain`): a store through the
    dataclass's `__init__` or a `setattr` on a fresh instance would fill the class's shared attribute keys,
    and every later working copy would pay for them. A new game of each kind, its actions, a pickle and
    JSON round trip all hold the same fields as the dataclass's tables, with `__init__` and `__setattr__`
    out of reach; from_json keeps the dataclass's defaults and its refusal of a missing field."""
    if not PLAIN:
        pytest.skip("the source's plain class only")
    reference = [
        (Table.from_json(GAME.setup(players, options, 127000 + players, variant).to_json()), players)
        for players, variant, options in (
            (3, "standard", {}),
            (5, "standard", {"cheerleader": "true"}),
            (2, "two-player", {}),
        )
    ]
    partial = {"variant": "standard", "players": 4, "opts": {}, "rng": 5, "hand_size": 8}

    def refuse(*_: Any, **__: Any) -> None:
        raise AssertionError("a Table made through its own __init__ or setattr on the source")

    made_by_init = Table(**partial)
    monkeypatch.setattr(Table, "__init__", refuse)
    monkeypatch.setattr(state, "setattr", refuse, raising=False)  # _restore's builtin, shadowed
    for table, players in reference:
        variant = "two-player" if players == 2 else "standard"
        options = {"cheerleader": "true"} if players == 5 else {}
        rng = random.Random(127010 + players)
        t: Table = GAME.setup(players, options, 127000 + players, variant)
        assert t == table and list(vars(t)) == [f.name for f in fields(Table)]
        for _ in range(60):
            seat = min(GAME.to_act(t))
            t, _ = GAME.apply(t, seat, rng.choice(GAME.legal_actions(t, seat)))
        for back in (pickle.loads(pickle.dumps(t)), Table.from_json(t.to_json())):
            assert back == t and list(vars(back)) == list(vars(t)) and type(back) is Table
    monkeypatch.undo()
    assert Table.from_json(dict(partial)) == made_by_init
    with pytest.raises(TypeError):
        Table.from_json({"variant": "standard"})
