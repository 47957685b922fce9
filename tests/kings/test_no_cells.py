"""No cells in the engine's per-action functions (docs/engine-speed.md, "KINGs standard, an eighth pass").

On CPython 3.11 a local that a comprehension (or a nested function) reads is a cell: the function allocates
a cell object for it on every call, whether or not the comprehension runs, and reads it through the cell.
The hot functions keep such comprehensions in helpers of their own. The code objects are compiled from the
source files, so this holds on both builds (compiled, the functions are native and have no code object)."""

from __future__ import annotations

import random
import types
from pathlib import Path

import pytest

from games.kings import engine
from games.kings.flow import common, play
from games.kings.flow.deal import new_table

_PACKAGE = Path(__file__).resolve().parents[2] / "games" / "kings"

# The functions run on every action or every listing of a common phase, by module.
_PER_ACTION = {
    "engine.py": ("to_act", "legal_actions", "apply", "_discards", "_listed_has"),
    "flow/play.py": ("legal_plays", "apply_play", "apply_turn", "_finish_trick", "play_is_legal"),
    "flow/draft.py": ("draft_actions", "apply_draft", "_advance_offer", "draft_is_legal"),
    "flow/bids.py": ("bid_actions", "apply_bid", "bid_is_legal", "_bid_items"),
    "flow/tasks.py": ("apply_discard", "apply_task_choice", "_run_tasks", "begin_setup", "end_round"),
    "flow/common.py": ("_king_numbers", "smallest_king_number", "_kept_order", "face_up", "has_up_of", "public", "private"),
    "flow/round_end.py": ("round_facts", "record_scores"),
    "scoring.py": ("score_round", "_score_own", "seat_items", "_taken_counts"),
    "tricks.py": ("beats", "entry_winner", "strength_code"),
}


def _functions(path: Path) -> dict[str, types.CodeType]:
    code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
    return {c.co_name: c for c in code.co_consts if isinstance(c, types.CodeType)}


@pytest.mark.parametrize("name", sorted(_PER_ACTION))
def test_per_action_functions_have_no_cells(name: str) -> None:
    functions = _functions(_PACKAGE / name)
    for function in _PER_ACTION[name]:
        assert function in functions, f"{name}: no function {function}"
        assert functions[function].co_cellvars == (), f"{name}:{function} has cells"


def test_helpers_answer_as_the_comprehensions_did() -> None:
    """The comprehensions moved out of to_act, legal_plays, _king_numbers and face_up, against their old
    forms on random inputs."""
    rng = random.Random(119000)
    for _ in range(2000):
        players = rng.randint(2, 5)
        bids: list[list[str] | None] = [rng.choice([None, [], ["jack"]]) for _ in range(players)]
        assert engine._yet_to_bid(bids, players) == frozenset([s for s in range(players) if bids[s] is None])
        led_by = rng.sample(range(players), rng.randint(0, players))
        assert play._ninja_leads(players, led_by) == [f"lead:{s}" for s in range(players) if s not in led_by]


def test_king_numbers_and_face_up_on_dealt_tables() -> None:
    rng = random.Random(119001)
    for seed in range(119002, 119032):
        players = rng.randint(3, 5)
        t, _ = new_table(players, {}, seed, "standard")
        colours = ["w", "r", "b", "g", "k", ""]
        t.own_king = [rng.choice(colours) for _ in range(players)]
        t.king_used = {c: rng.random() < 0.5 for c in colours if c}
        numbers = common._king_numbers(t)
        assert numbers == [common.seat_king_number(t, s) for s in range(players)]
        t.chars = [rng.sample([*sorted(play._ROLE), "healer1", "samurai1"], 3) for _ in range(players)]
        t.bids = [rng.choice([None, [], t.chars[s][:1], t.chars[s][1:3]]) for s in range(players)]
        for s in range(players):
            bids = t.bids[s]
            assert common.face_up(t, s) == [c for c in t.chars[s] if not bids or c not in bids]
