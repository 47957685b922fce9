"""`python -m bot.art --charts [--states K] [--out DIR] [--lang L]`: the leaderboard and /stats pictures
measured like the boards (p50/p99 ms of drawing and encoding, the largest PNG), on full pages: ten rows
plus the viewer's own row, long and Japanese names, and a stats plot of six games with hundreds of
rated games each (the plot keeps MAX_POINTS per game). Prints one JSON object."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from bot.art.charts import leaderboard_scene, render_chart, stats_scene

NAMES = ("Alice", "ボブ", "Carla the Unbeatable Trick Taker of the North", "大和田 直樹", "Eve", "Ферзь", "Zoë", "Ω")


def sample_scenes(seed: int, lang: str) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rows = []
    rating = 40.0
    for rank in range(11, 21):
        rating -= rng.uniform(0.1, 3.0)
        trend = None if rng.random() < 0.15 else rng.uniform(-4, 4)
        rows.append((rank, rng.choice(NAMES) + str(rank), rating, trend, rng.randint(5, 400), rng.randint(0, 100)))
    viewer = (57, "You-the-viewer", 3.2, -0.8, 12, 2)
    board = leaderboard_scene("Leaderboard · All games", "November 2026 · this server", rows, viewer, False, 1, 6, 57, lang)
    games = []
    start = 1_780_000_000.0
    for g in range(6):
        ordinal, points, at = 0.0, [], start
        for _k in range(rng.randint(150, 600)):
            ordinal += rng.uniform(-1.2, 1.5)
            at += 3600 * rng.uniform(2, 30)
            points.append((at, ordinal))
        games.append(("All games" if g == 0 else f"Game {g}", ordinal, rng.randint(1, 90), len(points),
                      rng.randint(0, len(points) // 2), rng.uniform(1, 4), rng.randint(0, 9), points))
    stats = stats_scene("Stats · 大和田 直樹", "This server", games, lang)
    return [board, stats]


def run(states: int, out: Path | None, lang: str) -> dict[str, Any]:
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    start = time.perf_counter()
    for scene in sample_scenes(0, lang):  # fonts and the palette: once per process
        render_chart(scene)
    first_ms = (time.perf_counter() - start) * 1000
    for index in range(states):
        for scene in sample_scenes(index + 1, lang):
            start, start_cpu = time.perf_counter(), time.thread_time()
            png = render_chart(scene)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            sizes.append(len(png))
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                (out / f"{scene['kind']}-{index:03d}.png").write_bytes(png)
    times.sort()
    cpu.sort()

    def pct(values: list[float], q: float) -> float:
        return round(values[min(len(values) - 1, int(len(values) * q))], 2) if values else 0.0

    return {
        "charts": ["leaderboard", "stats"],
        "lang": lang,
        "images": len(times),
        "p50_ms": pct(times, 0.5),
        "p99_ms": pct(times, 0.99),
        "max_ms": round(max(times, default=0.0), 2),
        "max_bytes": max(sizes, default=0),
        "mean_bytes": round(sum(sizes) / len(sizes)) if sizes else 0,
        "first_ms": round(first_ms, 1),
        "p50_cpu_ms": pct(cpu, 0.5),
        "p99_cpu_ms": pct(cpu, 0.99),
    }


def main(states: int, out: str | None, lang: str) -> int:
    print(json.dumps(run(states, Path(out) if out else None, lang)))
    return 0
