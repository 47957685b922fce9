"""`python -m bot.art GAME [--variant V] --players N [--seed S] [--states K] [--out DIR] [--lang L]`

Renders every seat's hand and the board for K states of random games, uncached (the sprite cache warms
as a running bot's would), checks each picture's source data for hidden cards, and prints one JSON object
last: game, images, p50_ms, p99_ms, max_bytes, mean_bytes (plus variant, players, lang, leaks, and
first_ms: the one-time cost of a process, fonts and palette, measured apart, and p50/p99_cpu_ms: the
CPU time of this thread per picture, which a busy shared machine does not inflate).
`--fonts` prints the font files in use (exit 1 when no Japanese font is installed). Exit 1 on a leak.
`--charts` measures the leaderboard and /stats pictures instead (bot/art/chartbench.py; no GAME).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bot.art import board_scene, fonts, hand_scene, leaks, render
from bot.art.playout import states
from games.core.registry import get_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.art", description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--variant")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--states", type=int, default=20)
    parser.add_argument("--out")
    parser.add_argument("--lang", default="en", choices=("en", "ja"))
    parser.add_argument("--fonts", action="store_true", help="print the font files in use")
    parser.add_argument("--charts", action="store_true", help="measure the leaderboard and stats pictures")
    args = parser.parse_args(argv)
    if args.charts:
        from bot.art import chartbench

        return chartbench.main(args.states, args.out, args.lang)
    if args.fonts:
        found = fonts.describe()
        print(json.dumps(found))
        return 0 if found["japanese"] else 1
    if not args.game:
        parser.error("GAME is required")
    game = get_game(args.game)
    variant = game.info.variant(args.variant)
    players = args.players or variant.min_players
    game.info.check_players(variant.id, players)
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    times: list[float] = []
    cpu: list[float] = []  # this thread's CPU time: what a picture costs on a machine shared with others
    sizes: list[int] = []
    leaked = 0
    names = [f"P{s + 1}" for s in range(players)]
    # One-time costs of a process (font files, the game's palette) are measured apart as first_ms: a
    # running bot pays them once. Card sprites are not warmed: the timed pictures draw them as they come.
    start = time.perf_counter()
    first = game.setup(players, {}, args.seed, variant.id)
    render(board_scene(game.view(first, None), args.lang, names), cache=None)
    first_ms = (time.perf_counter() - start) * 1000
    for index, state in enumerate(states(game, players, variant.id, args.seed, args.states)):
        for seat in [*range(players), None]:
            start = time.perf_counter()
            start_cpu = time.thread_time()
            view = game.view(state, seat)
            scene = (
                hand_scene(view, args.lang, names)
                if seat is not None
                else board_scene(view, args.lang, names)
            )
            png = render(scene, cache=None)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            sizes.append(len(png))
            shown = leaks(scene, game.hidden_from(state, seat))
            if shown:
                leaked += 1
                print(
                    f"state {index} seat {seat}: picture shows hidden cards {sorted(shown)[:3]}",
                    file=sys.stderr,
                )
            if out is not None:
                name = f"s{index:03d}-{'board' if seat is None else f'hand{seat}'}.png"
                (out / name).write_bytes(png)
    times.sort()
    cpu.sort()
    result = {
        "game": game.info.id,
        "variant": variant.id,
        "players": players,
        "lang": args.lang,
        "images": len(times),
        "p50_ms": round(times[len(times) // 2], 2) if times else 0.0,
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2) if times else 0.0,
        "max_bytes": max(sizes, default=0),
        "mean_bytes": round(sum(sizes) / len(sizes)) if sizes else 0,
        "leaks": leaked,
        "first_ms": round(first_ms, 1),
        "p50_cpu_ms": round(cpu[len(cpu) // 2], 2) if cpu else 0.0,
        "p99_cpu_ms": round(cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))], 2) if cpu else 0.0,
    }
    print(json.dumps(result))
    return 1 if leaked else 0


if __name__ == "__main__":
    sys.exit(main())
