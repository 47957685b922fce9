"""Measure TIMETRAP's day-7 value tables (games/timetrap/horizon_table.py) from the heuristic playing itself.

    python tools/strength/timetrap_horizon.py [--games 40000] [--seed 500000] [--jobs 2] [--write]

For 3 and 4 players, plays `--games` games with every seat the normal AI (the heuristic, the seats the
strong AI plays against in docs/ai.md's tables), seeds `--seed` onward. At the first state of day 7 (the
day-7 trap check done, two seats or more still in) it notes every seat's cell (games/timetrap/horizon.py,
`horizon_key`) and whether that seat won. A cell's value is its win share pulled towards its coarse cell's
by PRIOR_GAMES games. Prints every cell with its games; `--write` writes the table module (run `ruff
format` on it is not needed: it is written formatted). The same arguments give the same tables.
"""

from __future__ import annotations

import argparse
import collections
import functools
import random
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games.timetrap.ai import heuristic_policy  # noqa: E402
from games.timetrap.game import TIMETRAP  # noqa: E402
from games.timetrap.horizon import Key, horizon_key  # noqa: E402
from games.timetrap.state import LAST_DAY  # noqa: E402

PRIOR_GAMES = 10
TABLE = ROOT / "games" / "timetrap" / "horizon_table.py"
Record = tuple[Key, Key, int]


def day_seven_records(players: int, seed: int) -> list[Record]:
    """One heuristic game: (cell, coarse cell, won) for every seat still in as day 7 begins."""
    rng = random.Random(seed)
    state = TIMETRAP.setup(players, {}, seed, None)
    noted: list[tuple[Key, Key, int]] = []
    while not TIMETRAP.is_over(state):
        if not noted and state.day >= LAST_DAY:
            sizes = [len(h) for h in state.hands]
            still_in = [s for s in range(players) if not state.out[s]]
            if len(still_in) >= 2:
                noted = [(*horizon_key(sizes, state.out, state.start, s), s) for s in still_in]
        acting = sorted(TIMETRAP.to_act(state))
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        legal = TIMETRAP.legal_actions(state, seat)
        action = heuristic_policy(functools.partial(TIMETRAP.view, state, seat), legal, rng)
        state, _ = TIMETRAP.apply(state, seat, action)
    return [(cell, coarse, int(state.winner == s)) for cell, coarse, s in noted]


def _chunk(players: int, seeds: range) -> list[Record]:
    return [r for seed in seeds for r in day_seven_records(players, seed)]


def records(players: int, games: int, seed0: int, jobs: int) -> Iterator[Record]:
    step = 500
    chunks = [range(s, min(s + step, seed0 + games)) for s in range(seed0, seed0 + games, step)]
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(functools.partial(_chunk, players), chunks):
            yield from part


def fit(found: list[Record]) -> tuple[dict[Key, float], dict[Key, float], dict[Key, int]]:
    """Cell values (shrunk towards the coarse cell), coarse values, and each cell's count."""
    cells: dict[Key, list[int]] = collections.defaultdict(lambda: [0, 0])
    coarse: dict[Key, list[int]] = collections.defaultdict(lambda: [0, 0])
    for cell, wide, won in found:
        cells[cell][0] += 1
        cells[cell][1] += won
        coarse[wide][0] += 1
        coarse[wide][1] += won
    coarse_value = {k: w / n for k, (n, w) in coarse.items()}
    # the prior of a cell: the coarse share of the records that fell into it
    prior: dict[Key, float] = collections.defaultdict(float)
    for cell, wide, _ in found:
        prior[cell] += coarse_value[wide] / cells[cell][0]
    values = {k: (w + PRIOR_GAMES * prior[k]) / (n + PRIOR_GAMES) for k, (n, w) in cells.items()}
    return values, coarse_value, {k: n for k, (n, _) in cells.items()}


def _literal(table: dict[Key, float]) -> str:
    rows = "".join(f"        {key!r}: {value:.3f},\n" for key, value in sorted(table.items()))
    return "{\n" + rows + "    }"


def module_text(fits: dict[int, tuple[dict[Key, float], dict[Key, float]]], games: int, seed0: int) -> str:
    cells = "".join(f"    {p}: {_literal(v)},\n" for p, (v, _) in sorted(fits.items()))
    coarse = "".join(f"    {p}: {_literal(c)},\n" for p, (_, c) in sorted(fits.items()))
    return (
        '"""TIMETRAP\'s day-7 values at 3 and 4 players (games/timetrap/horizon.py says what the cells are).\n\n'
        "Written by `python tools/strength/timetrap_horizon.py --write"
        f" --games {games} --seed {seed0}`: the heuristic\nplaying itself, {games:,} games per player count "
        f"from seed {seed0}. Not edited by hand.\n"
        '"""\n\n'
        "from __future__ import annotations\n\n"
        "from typing import Final\n\n"
        f"PRIOR_GAMES: Final = {PRIOR_GAMES}\n\n"
        f"CELLS: Final[dict[int, dict[tuple[int, ...], float]]] = {{\n{cells}}}\n\n"
        f"COARSE: Final[dict[int, dict[tuple[int, ...], float]]] = {{\n{coarse}}}\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=500_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    fits = {}
    for players in (3, 4):
        found = list(records(players, args.games, args.seed, args.jobs))
        values, coarse, counts = fit(found)
        fits[players] = (values, coarse)
        print(f"{players} players: {len(found)} seats at day 7 in {args.games} games")
        for key in sorted(values):
            print(f"  {key}: {values[key]:.3f} ({counts[key]} seats)")
        print("  coarse:", {k: round(v, 3) for k, v in sorted(coarse.items())})
    if args.write:
        TABLE.write_text(module_text(fits, args.games, args.seed))
        print(f"wrote {TABLE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
