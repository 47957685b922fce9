"""Pooling benchmark chunks: one strength figure from many `simulate` runs.

Why: a strength figure needs 2,000 games or more (docs/ai.md), and on a small machine those are played in
chunks of 40-360 games, interrupted, resumed, on two cores. Each chunk's summary line gives its game
count, mean win share and 95% interval; the interval's half-width gives back the chunk's sample standard
deviation (cli._ci95: half = 1.96 * sd / sqrt(k)), so the chunks pool into exactly the figure one run over
all their games would print: the sum of squared deviations from the pooled mean is each chunk's own sum
plus its games times its mean's distance from the pooled mean. Only the rounding of the printed figures
(4 decimals) separates the two (tests/tools/test_pooling.py).

Input: JSON lines, each either a summary line of `python -m games simulate` or a record
{"label": ..., "seed": S, "result": <summary line>} (tools/strength/run.sh writes these). Chunks pool by
label; a bare summary line is labelled by its game, variant and players. A record's "build" says which
code ran it: "python" (the default) or "mypyc" (tools/strength/compile.sh, the same moves 2-2.5x faster).
Builds pool for win rates; `python -m games pool --build` keeps one, so decision times never mix them.
Pure: no files are read here.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Chunk:
    """One `simulate` run with a challenger: its games and what its summary line says of them."""

    label: str
    seed: int | None
    games: int
    win_rate: float
    chance: float
    sd: float  # sample standard deviation of one game's win share (0 for a one-game chunk)
    decision_mean_ms: float | None
    decision_p99_ms: float | None
    build: str = "python"  # which code ran the chunk (the module docstring)


@dataclass(frozen=True, slots=True)
class Pooled:
    label: str
    games: int
    win_rate: float
    low: float
    high: float
    chance: float
    decision_mean_ms: float | None
    decision_p99_ms: tuple[float, ...]  # one per chunk that timed its decisions
    seeds: tuple[tuple[int, int], ...]  # first and last seed of each run of consecutive seeds

    @property
    def ratio(self) -> float:
        return self.win_rate / self.chance if self.chance else math.inf

    @property
    def ratio_low(self) -> float:
        return self.low / self.chance if self.chance else math.inf


def read_chunks(lines: Iterable[str]) -> list[Chunk]:
    """The chunks of JSON lines; ValueError names the first line that is not one (1-based)."""
    chunks: list[Chunk] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            chunks.append(_chunk(json.loads(line)))
        except (ValueError, KeyError, TypeError) as err:
            raise ValueError(f"line {number}: not a simulate result with a challenger ({err})") from None
    return chunks


def _chunk(record: dict[str, object]) -> Chunk:
    result = record.get("result", record)
    if not isinstance(result, dict):
        raise TypeError("no result")
    games = int(result["games"])
    if games < 1:
        raise ValueError("no games")
    label = record.get("label") or f"{result['game']}-{result.get('variant', 'standard')}-{result['players']}"
    interval = result.get("challenger_ci95") or []
    sd = (float(interval[1]) - float(interval[0])) / 2 / Z95 * math.sqrt(games) if len(interval) == 2 else 0.0
    seed = record.get("seed")
    mean_ms, p99_ms = result.get("decision_mean_ms"), result.get("decision_p99_ms")
    return Chunk(
        label=str(label),
        seed=int(str(seed)) if seed is not None else None,
        games=games,
        win_rate=float(result["challenger_win_rate"]),
        chance=float(result["chance_rate"]),
        sd=sd,
        decision_mean_ms=float(mean_ms) if mean_ms is not None else None,
        decision_p99_ms=float(p99_ms) if p99_ms is not None else None,
        build=str(record.get("build") or "python"),
    )


def pool(chunks: Sequence[Chunk]) -> Pooled:
    """The figure of all `chunks` (one label) as one run over all their games would print it."""
    if not chunks:
        raise ValueError("nothing to pool")
    n = sum(c.games for c in chunks)
    mean = sum(c.win_rate * c.games for c in chunks) / n
    squares = sum((c.games - 1) * c.sd**2 + c.games * (c.win_rate - mean) ** 2 for c in chunks)
    half = Z95 * math.sqrt(squares / (n - 1) / n) if n > 1 else 0.0
    timed = [c for c in chunks if c.decision_mean_ms is not None]
    timed_games = sum(c.games for c in timed)
    decision_mean = sum(c.decision_mean_ms * c.games for c in timed if c.decision_mean_ms is not None)
    return Pooled(
        label=chunks[0].label,
        games=n,
        win_rate=mean,
        low=mean - half,
        high=mean + half,
        chance=sum(c.chance * c.games for c in chunks) / n,
        decision_mean_ms=decision_mean / timed_games if timed_games else None,
        decision_p99_ms=tuple(c.decision_p99_ms for c in chunks if c.decision_p99_ms is not None),
        seeds=_seed_runs(chunks),
    )


def _seed_runs(chunks: Sequence[Chunk]) -> tuple[tuple[int, int], ...]:
    runs: list[list[int]] = []
    for c in sorted((c for c in chunks if c.seed is not None), key=lambda c: c.seed or 0):
        first, last = c.seed or 0, (c.seed or 0) + c.games - 1
        if runs and runs[-1][1] + 1 == first:
            runs[-1][1] = last
        else:
            runs.append([first, last])
    return tuple((a, b) for a, b in runs)


def by_label(chunks: Iterable[Chunk]) -> list[Pooled]:
    """One pooled figure per label, in the order the labels first appear."""
    groups: dict[str, list[Chunk]] = {}
    for c in chunks:
        groups.setdefault(c.label, []).append(c)
    return [pool(group) for group in groups.values()]


TABLE_HEADER = (
    "| label | games | win rate (95% CI) | chance | ratio (at the interval's low end) "
    "| decision mean / p99 ms (p99 min-median-max over chunks) | seeds |\n"
    "| --- | --- | --- | --- | --- | --- | --- |"
)


def markdown_row(p: Pooled) -> str:
    """A row of docs/ai.md's strength tables."""
    timing = "-"
    if p.decision_mean_ms is not None and p.decision_p99_ms:
        p99 = p.decision_p99_ms
        timing = f"{p.decision_mean_ms:.0f} / {min(p99):.0f}-{statistics.median(p99):.0f}-{max(p99):.0f}"
    seeds = ", ".join(f"{a}-{b}" for a, b in p.seeds) or "-"
    return (
        f"| {p.label} | {p.games:,} | {p.win_rate:.3f} ({p.low:.3f}-{p.high:.3f}) | {p.chance:.2f} "
        f"| {p.ratio:.2f} ({p.ratio_low:.2f}) | {timing} | {seeds} |"
    )
