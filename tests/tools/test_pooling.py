"""`python -m games pool`: strength figures of 2,000 games are played in chunks, and the pooled
figure must be the one a single run over all the chunks' games would print, or the docs' intervals lie."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tools.cli import _ci95, main
from games.tools.pooling import by_label, pool, read_chunks


def _summary(shares: list[float], **extra: object) -> dict[str, object]:
    """A chunk's summary line as cmd_simulate prints it (rounded to 4 decimals)."""
    return {
        "game": "timetrap", "variant": "standard", "players": 4, "games": len(shares),
        "challenger_win_rate": round(sum(shares) / len(shares), 4), "chance_rate": 0.25,
        "challenger_ci95": _ci95(shares), **extra,
    }


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0.0, 0.5, 1.0, 1 / 3]), min_size=2, max_size=400), st.randoms(use_true_random=False))
def test_pooled_chunks_give_the_figure_of_one_run_over_all_their_games(
    shares: list[float], rng: random.Random
) -> None:
    cuts = sorted(rng.sample(range(1, len(shares)), k=min(len(shares) - 1, rng.randint(0, 8))))
    pieces = [shares[a:b] for a, b in zip([0, *cuts], [*cuts, len(shares)], strict=True)]
    lines = [json.dumps({"label": "x", "seed": 0, "result": _summary(piece)}) for piece in pieces]
    pooled = pool(read_chunks(lines))
    whole = _ci95(shares)
    assert pooled.games == len(shares)
    assert pooled.win_rate == pytest.approx(sum(shares) / len(shares), abs=1e-4)
    assert (pooled.low, pooled.high) == (pytest.approx(whole[0], abs=2e-3), pytest.approx(whole[1], abs=2e-3))


def test_chunks_pool_by_label_with_their_seed_runs_and_decision_times() -> None:
    lines = [
        json.dumps({"label": "a", "seed": 100, "result": _summary([1, 0], decision_mean_ms=10, decision_p99_ms=30)}),
        json.dumps({"label": "b", "seed": 100, "result": _summary([1, 1, 0])}),
        json.dumps({"label": "a", "seed": 102, "result": _summary([0, 0], decision_mean_ms=20, decision_p99_ms=50)}),
        json.dumps({"label": "a", "seed": 200, "result": _summary([1, 1, 1, 1], decision_mean_ms=40, decision_p99_ms=90)}),
    ]
    a, b = by_label(read_chunks(lines))
    assert (a.label, a.games, b.label, b.games) == ("a", 8, "b", 3)
    assert a.win_rate == pytest.approx(5 / 8)
    assert a.seeds == ((100, 103), (200, 203))
    assert a.decision_mean_ms == pytest.approx((10 * 2 + 20 * 2 + 40 * 4) / 8)
    assert sorted(a.decision_p99_ms) == [30, 50, 90]


def test_a_bare_simulate_line_is_labelled_by_its_game() -> None:
    (chunk,) = read_chunks([json.dumps(_summary([1, 0, 0, 0]))])
    assert chunk.label == "timetrap-standard-4" and chunk.seed is None


def test_pool_prints_a_table_row_per_label(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(
        json.dumps({"label": "tt4", "seed": 1, "result": _summary([1, 0, 0, 0])})
        + "\n"
        + json.dumps({"label": "tt4", "seed": 5, "result": _summary([1, 1, 0, 0])})
        + "\n"
    )
    assert main(["pool", str(results)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| tt4 ")]
    assert rows == [rows[0]] and "| 8 | 0.375 (" in rows[0] and "| 1.50 (" in rows[0] and "| 1-8 |" in rows[0]


def test_pool_refuses_a_line_that_is_not_a_result_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(json.dumps({"label": "x", "seed": 1, "result": _summary([1, 0])}) + "\nnot json\n")
    assert main(["pool", str(results)]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert main(["pool", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err


def test_pool_keeps_one_build_so_decision_times_of_compiled_runs_stay_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tools/strength/compile.sh runs the same moves faster: its chunks count for the win rate, but a
    decision time pooled over both builds would describe neither (docs/ai.md, Capture of Dreams)."""
    results = tmp_path / "results.jsonl"
    records = [
        {"label": "dc6", "seed": 1, "result": _summary([1, 0], decision_mean_ms=60, decision_p99_ms=160)},
        {"label": "dc6", "seed": 3, "build": "python", "result": _summary([1, 1], decision_mean_ms=70, decision_p99_ms=170)},
        {"label": "dc6", "seed": 5, "build": "mypyc", "result": _summary([1, 1, 1, 0], decision_mean_ms=25, decision_p99_ms=60)},
    ]
    results.write_text("".join(json.dumps(r) + "\n" for r in records))

    def row(*options: str) -> str:
        assert main(["pool", str(results), *options]) == 0
        (line,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| dc6 ")]
        return line

    every = row()
    assert "| 8 | 0.750 (" in every and "| 1-8 |" in every
    python = row("--build", "python")
    assert "| 4 | 0.750 (" in python and "| 65 / 160-165-170 |" in python
    compiled = row("--build", "mypyc")
    assert "| 4 | 0.750 (" in compiled and "| 25 / 60-60-60 |" in compiled and "| 5-8 |" in compiled
