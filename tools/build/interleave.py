"""One engine and one peer in one process, taking turns of CPU time: the side-by-side measurement that a
shared machine moves least (tools/build/speed.py --interleaved runs it for every configuration).

Why another way to time the same thing: on the 2-vCPU host the speed of a whole process drifts by 15-30%
from one minute to the next (other tenants' load on the shared cores and caches). Eight back-to-back runs
of `python -m games simulate timetrap --players 2 --games 2000 --no-check` read 91.5k-132.5k actions per
CPU second, and RLCard's Bridge 15.8k-22.5k; the medians of speed.py --paired's ratios, each of two
measurements a few seconds apart, still moved by 10-15% between runs. Here the engine and the peer take
turns of about 0.1 CPU second each, whole games at a time, in one interpreter, so both sides are timed
through the same minutes of the host: over three runs the ratio of their totals (30 turns each) moved by
1-7% for the pure-Python source (most by 2-4%) and 3-17% for the compiled build (docs/engine-speed.md,
"Timed in turns, in one process").

    PYTHONPATH=. TRICKTABLE_BUILD=python /tmp/peers/bin/python tools/build/interleave.py timetrap --players 2 --peer bridge

It runs in the peers' venv (open_spiel and rlcard installed, made from the engines' own interpreter, which
speed.py checks) with the repository on PYTHONPATH: the engines need nothing beyond the standard library.
For the compiled build speed.py also puts the venv's compiled build (`games_compiled`) on PYTHONPATH, and
TRICKTABLE_BUILD=mypyc makes `import games` refuse a stale one. The engine side is `python -m games
simulate ... --no-check`'s own game (`play_one` with the game's random policy, seeds 1, 2, ...); the peer
side is tools/build/peers.py's loop (Bridge: actions; Hearts: decisions, as the targets count them).

Prints one JSON line: each side's count per CPU second over its counted turns (one turn of each first,
not counted, warms the interpreter's specializations and the engines' lazily built tables), their ratio,
and the spread of the turns' own ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Clock = Callable[[], float]


@dataclass(frozen=True)
class Turns:
    """What one side did over its counted turns: the count (actions or decisions) and the CPU seconds
    of each turn."""

    counts: tuple[int, ...]
    seconds: tuple[float, ...]

    @property
    def per_cpu_s(self) -> float:
        return sum(self.counts) / sum(self.seconds)

    def speeds(self) -> list[float]:
        return [count / spent for count, spent in zip(self.counts, self.seconds, strict=True)]


def turn(play: Callable[[], int], seconds: float, clock: Clock = time.process_time) -> tuple[int, float]:
    """Whole games of `play` until `seconds` of CPU time have passed: (their count, the CPU seconds)."""
    count = 0
    started = clock()
    while True:
        count += play()
        spent = clock() - started
        if spent >= seconds:
            return count, spent


def take_turns(
    ours: Callable[[], int], theirs: Callable[[], int], seconds: float, turns: int, clock: Clock = time.process_time
) -> tuple[Turns, Turns]:
    """`turns` turns each, ours then theirs, after one uncounted warm-up turn each."""
    turn(ours, seconds, clock)
    turn(theirs, seconds, clock)
    ours_done: list[tuple[int, float]] = []
    theirs_done: list[tuple[int, float]] = []
    for _ in range(turns):
        ours_done.append(turn(ours, seconds, clock))
        theirs_done.append(turn(theirs, seconds, clock))
    return _turns(ours_done), _turns(theirs_done)


def _turns(done: list[tuple[int, float]]) -> Turns:
    return Turns(tuple(count for count, _ in done), tuple(spent for _, spent in done))


def summary(ours: Turns, theirs: Turns) -> dict[str, Any]:
    ratios = [a / b for a, b in zip(ours.speeds(), theirs.speeds(), strict=True)]
    return {
        "ours_per_cpu_s": round(ours.per_cpu_s, 1),
        "peer_per_cpu_s": round(theirs.per_cpu_s, 1),
        "ratio": round(ours.per_cpu_s / theirs.per_cpu_s, 4),
        "turn_ratios": [round(min(ratios), 3), round(statistics.median(ratios), 3), round(max(ratios), 3)],
        "turns": len(ratios),
        "cpu_seconds": round(sum(ours.seconds) + sum(theirs.seconds), 2),
    }


def engine_player(game_id: str, players: int, variant: str | None) -> tuple[Callable[[], int], str]:
    """`python -m games simulate GAME --players N [--variant V] --no-check`'s games, one per call (seeds 1,
    2, ...): its actions. Also the build that runs (games.BUILD)."""
    import games
    from games.core.registry import get_game
    from games.tools.simulate import play_one

    game = get_game(game_id)
    variant_id = game.info.variant(variant).id
    policies = [game.policies()["random"]] * players
    seeds = iter(range(1, 1 << 62))

    def play() -> int:
        return play_one(game, players, policies, next(seeds), {}, variant_id, check=False).actions

    return play, games.BUILD


def peer_player(name: str) -> Callable[[], int]:
    """tools/build/peers.py's game of `name`, one per call: Bridge's actions, Hearts' decisions. (Run as a
    script, this file's folder is first on sys.path, so peers.py imports by its name.)"""
    import peers

    if name == "bridge":
        return peers.bridge_player(1)
    hearts = peers.hearts_player(1)
    return lambda: hearts()[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--variant")
    parser.add_argument("--peer", choices=["bridge", "hearts"], required=True)
    parser.add_argument("--turn", type=float, default=0.1, help="CPU seconds a turn (whole games)")
    parser.add_argument("--turns", type=int, default=30, help="counted turns of each side")
    args = parser.parse_args()
    if args.turn <= 0 or args.turns < 1:
        parser.error("--turn must be above 0 and --turns at least 1")
    ours, build = engine_player(args.game, args.players, args.variant)
    theirs = peer_player(args.peer)
    result = summary(*take_turns(ours, theirs, args.turn, args.turns))
    print(json.dumps({"game": args.game, "players": args.players, "variant": args.variant, "build": build,
                      "peer": args.peer, **result}))


if __name__ == "__main__":
    main()
