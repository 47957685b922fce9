"""Measure how TIMETRAP's heuristic seats play their turns on days 3-6, for the search's opponent model.

Plays heuristic-only games (the heuristic in every seat, seeded), and at every turn of days 3-6 with a real
choice records the situation (games/timetrap/playout_model.situation) and the kind of card the heuristic
played. The shares per situation are what the search's playouts then play for the seats against it.

    python tools/strength/timetrap_model.py --players 3 --games 4000 --seed 600000          # print
    python tools/strength/timetrap_model.py --players 3 --games 4000 --seed 600000 --write  # and write

The table holds the player counts measured in one run (the search uses the table at 3 players only; at 4
players it was measured and screened too, and a finer model plays there instead: timetrap_choice_model.py,
docs/ai.md).

--write rewrites games/timetrap/playout_table.py. A share is (count + PRIOR at the rules' kind) / (decisions
+ PRIOR): a thin situation leans towards the rules of thumb; one seen fewer than MIN_DECISIONS times is
left out (the rules of thumb play it).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games.core.registry import get_game  # noqa: E402
from games.timetrap.ai import rule_policy  # noqa: E402
from games.timetrap.playout_model import (  # noqa: E402
    KIND_NAMES,
    MIN_DECISIONS,
    Situation,
    kind_of,
    modelled_turn,
    plays_by_mildness,
    situation,
)
from games.timetrap.state import State  # noqa: E402

PRIOR = 2.0  # pseudo-decisions at the rules of thumb's kind
TABLE = ROOT / "games" / "timetrap" / "playout_table.py"
Shares = tuple[float, float, float, float]


def heuristic_turns(players: int, games: int, seed0: int) -> Iterator[tuple[int, State, int, list[str], str]]:
    """(seed, state, seat, legal actions, the heuristic's action) at every decision of `games` seeded
    heuristic-only games (this tool's and tools/strength/timetrap_choice_model.py's measurements)."""
    game = get_game("timetrap")
    heuristic = game.policies()["heuristic"]
    for seed in range(seed0, seed0 + games):
        rng = random.Random(seed)
        state = game.setup(players, {}, seed, None)
        while not game.is_over(state):
            acting = sorted(game.to_act(state))
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            legal = game.legal_actions(state, seat)
            action = heuristic(partial(game.view, state, seat), legal, rng)
            yield seed, state, seat, legal, action
            state, _ = game.apply(state, seat, action)


def decisions(players: int, games: int, seed0: int) -> Iterator[tuple[Situation, int]]:
    """(situation, kind played) for every modelled turn of `games` heuristic-only games."""
    game = get_game("timetrap")
    for _, state, seat, legal, action in heuristic_turns(players, games, seed0):
        seen = game.view(state, seat)
        if modelled_turn(seen, legal):
            plays = plays_by_mildness(legal, seen["tile"] == "up")
            trap_playable = any(a.startswith("trap:") for a in legal)
            rules = rule_policy(seen, legal, random.Random(0))
            yield situation(int(seen["day"]), plays, trap_playable, rules), kind_of(action, plays)


def fit(observed: Iterator[tuple[Situation, int]]) -> dict[Situation, Shares]:
    """The smoothed share of each kind per situation seen at least MIN_DECISIONS times (module doc)."""
    counts: dict[Situation, Counter[int]] = defaultdict(Counter)
    for key, kind in observed:
        counts[key][kind] += 1
    table: dict[Situation, Shares] = {}
    for key, seen in sorted(counts.items()):
        total = sum(seen.values())
        if total < MIN_DECISIONS:
            continue
        rules_kind = key[3]
        shares = [(seen[k] + (PRIOR if k == rules_kind else 0.0)) / (total + PRIOR) for k in range(4)]
        table[key] = (shares[0], shares[1], shares[2], shares[3])
    return table


def render(tables: dict[int, dict[Situation, Shares]], how: str) -> str:
    lines = [
        '"""How TIMETRAP\'s heuristic seats play a turn on days 3-6, measured (written by',
        "`python tools/strength/timetrap_model.py --write`; playout_model.py reads it).",
        "",
        f"Measured: {how}.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "# players -> (day, playable cards up to 4, a Time Trap playable, the kind the rules of thumb pick:",
        "# 0 mild, 2 stopper, 3 trap) -> the shares of (mild, middle, stopper, trap)",
        "SHARES: Final[dict[int, dict[tuple[int, int, bool, int], tuple[float, float, float, float]]]] = {",
    ]
    for players, table in sorted(tables.items()):
        lines.append(f"    {players}: {{")
        for key, shares in table.items():
            values = ", ".join(f"{s:.3f}" for s in shares)
            lines.append(f"        {key!r}: ({values}),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="3")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=600000)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    tables: dict[int, dict[Situation, Shares]] = {}
    for players in (int(p) for p in args.players.split(",")):
        tables[players] = fit(decisions(players, args.games, args.seed))
        for key, shares in tables[players].items():
            named = " ".join(f"{name} {s:.2f}" for name, s in zip(KIND_NAMES, shares, strict=True))
            print(players, key, named)
    how = (
        f"{args.games} heuristic-only games per player count, seeds {args.seed}-{args.seed + args.games - 1}"
    )
    if args.write:
        TABLE.write_text(render(tables, how), encoding="utf-8")
        print(f"wrote {TABLE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
