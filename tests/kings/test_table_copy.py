"""The Table's working copy and its pickle keep every field (games/kings/state.py, docs/engine-speed.md).

Compiled, the working copy is `copy_fields`, one line per field: a field added to `Table` but not copied
there would be missing after the first action of a compiled game. These run on the source too, where
`copy_fields` is otherwise unused, so a forgotten field fails here on either build.
"""

from __future__ import annotations

import pickle
from dataclasses import fields

from games.kings.game import GAME
from games.kings.state import Table, copy_fields


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
