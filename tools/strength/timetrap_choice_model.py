"""Fit the search's finer model of TIMETRAP's heuristic seats (games/timetrap/choice_model.py) and say how
well it predicts them.

Plays heuristic-only games (the heuristic in every seat, seeded), and at every turn of days 3-6 where the
heuristic's look-ahead compares two or more options records each option's features and which one the
heuristic played. The weights of the conditional logit are the maximum-likelihood ones (Newton's method, a
small ridge penalty so that a feature never seen varying stays at 0).

Games with an even seed fit the weights; games with an odd seed are held out, and the tool prints the
average log-likelihood per decision there for: every option alike, the measured situation table of
playout_model.py fitted on the same even games (what 3 players use), and the logit. --write then refits on
all the games and rewrites games/timetrap/choice_weights.py.

    python tools/strength/timetrap_choice_model.py --players 4 --games 4000 --seed 620000          # print
    python tools/strength/timetrap_choice_model.py --players 4 --games 4000 --seed 620000 --write  # and write
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games.timetrap.ai import rule_policy  # noqa: E402
from games.timetrap.choice_model import (  # noqa: E402
    FEATURE_NAMES,
    Features,
    choice_view,
    modelled,
    option_features,
    options_of,
    probabilities,
)
from games.timetrap.playout_model import (  # noqa: E402
    Situation,
    kind_of,
    plays_by_mildness,
    situation,
)
from games.timetrap.search_hooks import RULES_PLAYOUT  # noqa: E402
from tools.strength.timetrap_model import fit as fit_table  # noqa: E402
from tools.strength.timetrap_model import heuristic_turns  # noqa: E402

RIDGE = 1.0  # the penalty's weight: one pseudo-observation's worth per feature
NEWTON_STEPS = 12
WEIGHTS = ROOT / "games" / "timetrap" / "choice_weights.py"


@dataclass(frozen=True, slots=True)
class Decision:
    """One turn the model covers: its options' features, the one played, and the table's key for it."""

    seed: int
    features: list[Features]
    chosen: int
    key: Situation
    kinds: list[int]


def decisions(players: int, games: int, seed0: int) -> list[Decision]:
    """Every modelled decision with two or more options of `games` heuristic-only games."""
    out: list[Decision] = []
    for seed, state, seat, legal, action in heuristic_turns(players, games, seed0):
        if len(legal) < 2 or not modelled(state):
            continue
        seen = choice_view(state, seat, RULES_PLAYOUT.playout_view(state, seat))
        traps = [a for a in legal if a.startswith("trap:")]
        rule_trap = rule_policy(seen, traps, random.Random(0)) if traps else None
        options = options_of(legal, rule_trap)
        if len(options) > 1 and action in options:
            rules = rule_policy(seen, legal, random.Random(0))
            plays = plays_by_mildness(legal, seen["tile"] == "up")
            key = situation(int(seen["day"]), plays, bool(traps), rules)
            features = option_features(seen, options, rules)
            out.append(
                Decision(seed, features, options.index(action), key, [kind_of(o, plays) for o in options])
            )
    return out


def fit(data: Sequence[Decision]) -> list[float]:
    """The ridge-penalized maximum-likelihood weights, by Newton's method."""
    n = len(FEATURE_NAMES)
    weights = [0.0] * n
    for _ in range(NEWTON_STEPS):
        grad = [-RIDGE * w for w in weights]
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for d in data:
            chances = probabilities(weights, d.features)
            mean = [0.0] * n
            for row, p in zip(d.features, chances, strict=True):
                for i, v in row:
                    mean[i] += p * v
            for i, v in d.features[d.chosen]:
                grad[i] += v
            active = [i for i in range(n) if mean[i]]
            for i in active:
                grad[i] -= mean[i]
            for row, p in zip(d.features, chances, strict=True):
                for i, v in row:
                    for j, u in row:
                        hess[i][j] += p * v * u
            for i in active:
                for j in active:
                    hess[i][j] -= mean[i] * mean[j]
        step = solve(hess, grad)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return weights


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector (Gaussian elimination with partial pivoting; the matrix is positive
    definite thanks to the ridge)."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def table_chances(table: dict[Situation, tuple[float, float, float, float]], d: Decision) -> list[float]:
    """The situation table's chance of each option: its kind's share, split evenly among that kind's
    options (a situation the table left out: the rules of thumb's kind)."""
    shares = table.get(d.key)
    if shares is None:
        shares = tuple(1.0 if k == d.key[3] else 0.0 for k in range(4))  # type: ignore[assignment]
    counts = [d.kinds.count(k) for k in range(4)]
    return [shares[k] / counts[k] for k in d.kinds]


def mean_log_likelihood(chances_of: object, data: Sequence[Decision]) -> float:
    total = 0.0
    for d in data:
        chances = chances_of(d)  # type: ignore[operator]
        total += math.log(max(chances[d.chosen], 1e-9))
    return total / len(data)


def render(weights: dict[int, list[float]], how: str) -> str:
    lines = [
        '"""The weights of the finer model of TIMETRAP\'s heuristic seats (choice_model.py), written by',
        "`python tools/strength/timetrap_choice_model.py --write`.",
        "",
        f"Fitted on {how}.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "# players -> one weight per choice_model.FEATURE_NAMES",
        "WEIGHTS: Final[dict[int, tuple[float, ...]]] = {",
    ]
    for players, row in sorted(weights.items()):
        lines.append(f"    {players}: (")
        for name, w in zip(FEATURE_NAMES, row, strict=True):
            lines.append(f"        {w:.4f},  # {name}")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=620000)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    data = decisions(args.players, args.games, args.seed)
    train = [d for d in data if d.seed % 2 == 0]
    held = [d for d in data if d.seed % 2 == 1]
    print(f"{len(data)} decisions ({len(train)} fitted, {len(held)} held out)")
    weights = fit(train)
    table = fit_table(iter([(d.key, d.kinds[d.chosen]) for d in train]))
    print(
        f"held-out log-likelihood per decision, every option alike: "
        f"{mean_log_likelihood(lambda d: [1 / len(d.kinds)] * len(d.kinds), held):.4f}"
    )
    print(f"  the situation table: {mean_log_likelihood(partial(table_chances, table), held):.4f}")
    print(f"  the logit: {mean_log_likelihood(lambda d: probabilities(weights, d.features), held):.4f}")
    for name, w in zip(FEATURE_NAMES, weights, strict=True):
        print(f"  {name:>16} {w:+.3f}")
    if args.write:
        final = fit(data)
        how = f"{args.games} heuristic-only games at {args.players} players, seeds {args.seed}-{args.seed + args.games - 1}"
        WEIGHTS.write_text(render({args.players: final}, how), encoding="utf-8")
        print(f"wrote {WEIGHTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
