"""Machine instructions per action of one configuration's random play, counted by valgrind: the measure of
docs/engine-speed.md's speed passes, steady to about 0.3% on a shared machine where timings swing by 30%.

    TRICKTABLE_BUILD=python .venv/bin/python tools/build/instructions.py timetrap --players 2 --big 400 --small 100
    TRICKTABLE_BUILD=mypyc PYTHONPATH=build/site .venv/bin/python tools/build/instructions.py kings --players 3

It runs `python -m games simulate GAME ARGS --games N --seed 1 --no-check` under `valgrind --tool=callgrind`
twice, with N = --big and N = --small, and divides the difference of the instructions by the difference of
the actions (both runs start with the same seeds, so the difference is whole games). The start-up of Python,
the imports and the first games' warm-up cancel out; each game's own set-up is counted, as `simulate` pays it.
PYTHONHASHSEED is fixed at 0 so two counts of the same tree agree. --tree runs another worktree's games/.
--out DIR keeps the two callgrind files (for `callgrind_annotate` or a per-function difference).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_COLLECTED = re.compile(r"Collected : (\d+)")


def count(game_args: list[str], games: int, tree: Path, python: str, out: Path) -> tuple[int, int]:
    """(instructions, actions) of one simulate run of `games` games under callgrind."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(part for part in (env.get("PYTHONPATH", ""), str(tree)) if part)
    env["PYTHONHASHSEED"] = "0"
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-m", "games",
               "simulate", *game_args, "--games", str(games), "--seed", "1", "--no-check"]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"valgrind run failed (exit {done.returncode}): {done.stderr.strip()[-400:]}")
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return int(found.group(1)), int(report["actions"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--big", type=int, default=400)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--out", type=Path, help="keep the callgrind files here (cgBIG.out, cgSMALL.out)")
    args, game_args = parser.parse_known_args(argv)
    if args.big <= args.small:
        print("--big must be more games than --small")
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.out or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        big = count([args.game, *game_args], args.big, args.tree.resolve(), args.python, folder / f"cg{args.big}.out")
        small = count([args.game, *game_args], args.small, args.tree.resolve(), args.python,
                      folder / f"cg{args.small}.out")
    per_action = (big[0] - small[0]) / (big[1] - small[1])
    print(json.dumps({"game": args.game, "args": game_args, "build": os.environ.get("TRICKTABLE_BUILD", "auto"),
                      "instructions_per_action": round(per_action), "actions": big[1] - small[1]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
