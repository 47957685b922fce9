"""Every game's seeded fingerprints on one build, held to the recorded ones: the check that a speed pass
changed no move (docs/engine-speed.md, "Changing an engine safely").

    TRICKTABLE_BUILD=python .venv/bin/python tools/build/fingerprints.py
    TRICKTABLE_BUILD=mypyc  .venv/bin/python tools/build/fingerprints.py      # after `make fast`
    .venv/bin/python tools/build/fingerprints.py --only kings --tree /tmp/wt   # another worktree's source

Each configuration runs `python -m games fingerprint GAME ...` (random play, seeds 1..N, the sha256 of every
action log) in a child process of this interpreter, with the build the environment names, and its printed
line is reduced to the first 16 hex digits of its md5: the form the session notes and docs/engine-speed.md
quote. The table below holds the values of the games as they are on main; a line that differs is printed
with both values and the run exits 1. A pass that means to change moves (a rules fix) changes the table
in the same commit, and says why.

Why these configurations: every variant and player count of every game, each option that takes another
path through the rules (KINGs' Cheerleader, Devil contract and initial parties, Capture of Dreams' number of
deals), and enough games (300 each, 2,000 for TIMETRAP's short games) that every branch of a round is
taken many times. The whole list takes about four minutes on one core of the 2-core machine.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]


class Configuration(NamedTuple):
    label: str
    args: tuple[str, ...]
    expected: str  # the first 16 hex digits of the md5 of the printed line (its newline included)


def _kings(label: str, *args: str, expected: str) -> Configuration:
    return Configuration(label, ("kings", *args), expected)


CONFIGURATIONS: tuple[Configuration, ...] = (
    _kings("kings 3,4,5", "--players", "3,4,5", "--games", "300", expected="8d6611cca0b18e6b"),
    _kings("kings two-player", "--variant", "two-player", "--players", "2", "--games", "300",
           expected="d1f3108cbad9fa02"),
    _kings("kings ombre", "--variant", "ombre", "--players", "3", "--games", "300", expected="94ba7bbc21a8148b"),
    _kings("kings whist", "--variant", "whist", "--players", "4", "--games", "300", expected="64dc9cebcbab431b"),
    _kings("kings napoleon", "--variant", "napoleon", "--players", "5", "--games", "300",
           expected="af3f9bdcdf981914"),
    _kings("kings 4,5 cheerleader devil", "--players", "4,5", "--games", "300", "--option", "cheerleader=true",
           "--option", "devil_contract=true", expected="3143d50fce56fe74"),
    _kings("kings 3 devil", "--players", "3", "--games", "300", "--option", "devil_contract=true",
           expected="6434999bf66859e4"),
    _kings("kings 4,5 parties cheerleader", "--players", "4,5", "--games", "300", "--option",
           "initial_parties=true", "--option", "cheerleader=true", expected="7e4f3fb00e4e1bb2"),
    _kings("kings 4,5 parties cheerleader advanced", "--players", "4,5", "--games", "300", "--option",
           "initial_parties=true", "--option", "cheerleader=true", "--option", "cheerleader_advanced=true",
           expected="0aece3c172a26880"),
    Configuration("timetrap 2,3,4", ("timetrap", "--players", "2,3,4", "--games", "2000"), "1875ce5431d86a10"),
    Configuration("trickster 2-7", ("trickster", "--players", "2,3,4,5,6,7", "--games", "300"),
                  "9b47e4ad0b561fac"),
    Configuration("trickster-cot 4", ("trickster-cot", "--players", "4", "--games", "200"), "3cd55e44751e720a"),
    Configuration("dream-capture 6", ("dream-capture", "--players", "6", "--games", "300"), "4607bfd97918aa48"),
    Configuration("dream-capture 6 deals=3", ("dream-capture", "--players", "6", "--games", "100", "--option",
                                               "deals=3"), "6851e066f88e870b"),
)


def fingerprint(configuration: Configuration, tree: Path, python: str) -> str:
    """The configuration's printed line, reduced as the table keeps it, on `tree`'s games package."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(part for part in (str(tree), env.get("PYTHONPATH", "")) if part)
    env.setdefault("PYTHONHASHSEED", "0")
    done = subprocess.run([python, "-m", "games", "fingerprint", *configuration.args], cwd=tree, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{configuration.label}: exit {done.returncode}: {done.stderr.strip()[-400:]}")
    return hashlib.md5(done.stdout.encode()).hexdigest()[:16]


def build_of(tree: Path, python: str) -> str:
    """The build the children run (`games.BUILD`: "python" or "mypyc"), asked the same way they are started:
    the line that says which build these fingerprints are of."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(part for part in (str(tree), env.get("PYTHONPATH", "")) if part)
    done = subprocess.run([python, "-c", "import games; print(games.BUILD)"], cwd=tree, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"games does not import: {done.stderr.strip()[-400:]}")
    return done.stdout.strip()


def matches(expected: str, got: str) -> bool:
    """A recorded value may be a prefix (the docs quote some at 8 digits)."""
    return got.startswith(expected)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="comma-separated parts of the labels to keep")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose games/ to run")
    parser.add_argument("--python", default=sys.executable, help="the interpreter (its venv's packages)")
    args = parser.parse_args(argv)
    wanted = [part.strip() for part in args.only.split(",") if part.strip()]
    chosen = [c for c in CONFIGURATIONS if not wanted or any(part in c.label for part in wanted)]
    if not chosen:
        print(f"--only {args.only!r} keeps none of: {', '.join(c.label for c in CONFIGURATIONS)}")
        return 2
    build = os.environ.get("TRICKTABLE_BUILD", "auto")
    print(f"# tree {args.tree}, TRICKTABLE_BUILD={build}, build run: {build_of(args.tree.resolve(), args.python)}")
    differ = 0
    for configuration in chosen:
        got = fingerprint(configuration, args.tree.resolve(), args.python)
        same = matches(configuration.expected, got)
        differ += not same
        mark = "same" if same else f"DIFFERS (recorded {configuration.expected})"
        print(f"{configuration.label:40} {got}  {mark}", flush=True)
    print(f"# {len(chosen) - differ} of {len(chosen)} as recorded")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
