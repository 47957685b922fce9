"""tools/build/interleave.py and speed.py --interleaved, the side-by-side timing in turns of one process:
each side plays whole games until its turn's CPU time is spent, the sides alternate (ours first) after
one uncounted warm-up turn each, the engine side plays exactly `python -m games simulate`'s games, and
speed.py asks for the source beside RLCard's Bridge and the compiled build beside OpenSpiel's Hearts,
refusing in one line to time without a compiled build."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.build.build_tool import ROOT


def _load(name: str, file: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "build" / file)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the dataclasses look their module up while it loads
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


class FakeCPU:
    """A process clock that the fake games advance: each game costs its side a fixed CPU time."""

    def __init__(self) -> None:
        self.now = 0.0
        self.played: list[str] = []

    def clock(self) -> float:
        return self.now

    def side(self, name: str, cost: float, count: int):
        def play() -> int:
            self.now += cost
            self.played.append(name)
            return count

        return play


def test_turns_alternate_whole_games_after_an_uncounted_warm_up() -> None:
    tool = _load("interleave_tool", "interleave.py")
    cpu = FakeCPU()
    ours = cpu.side("ours", cost=0.03, count=20)  # 20 actions in 0.03 s: four games fill a 0.1 s turn
    theirs = cpu.side("theirs", cost=0.06, count=3)  # two games a turn
    mine, peer = tool.take_turns(ours, theirs, 0.1, 3, clock=cpu.clock)
    assert cpu.played == (["ours"] * 4 + ["theirs"] * 2) * 4  # warm-up, then three counted turns each
    assert mine.counts == (80, 80, 80) and peer.counts == (6, 6, 6)
    assert mine.per_cpu_s == pytest.approx(20 / 0.03) and peer.per_cpu_s == pytest.approx(3 / 0.06)
    result = tool.summary(mine, peer)
    assert result["ratio"] == pytest.approx((20 / 0.03) / (3 / 0.06), rel=1e-3)
    assert result["turns"] == 3


def test_a_slow_turn_moves_its_own_ratio_not_the_others() -> None:
    tool = _load("interleave_tool_slow", "interleave.py")
    mine = tool.Turns(counts=(100, 100), seconds=(0.1, 0.2))  # the second turn ran on a busy host
    peer = tool.Turns(counts=(20, 20), seconds=(0.1, 0.2))  # and so did the peer's turn beside it
    result = tool.summary(mine, peer)
    assert result["turn_ratios"] == [5.0, 5.0, 5.0]
    assert result["ratio"] == pytest.approx(5.0)


def test_the_engine_side_plays_simulates_own_games() -> None:
    """The engine's turns are `python -m games simulate GAME --no-check` seeded 1, 2, 3...: the same
    games and action counts, so a turn measures what the benchmark's table always measured."""
    tool = _load("interleave_tool_engine", "interleave.py")
    play, build = tool.engine_player("timetrap", 2, None)
    played = sum(play() for _ in range(6))
    done = subprocess.run(
        [sys.executable, "-m", "games", "simulate", "timetrap", "--players", "2", "--games", "6", "--seed", "1",
         "--no-check"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    simulated = json.loads(done.stdout.strip().splitlines()[-1])
    assert played == simulated["actions"]
    assert build == simulated["build"]


def test_speed_asks_for_the_source_beside_bridge_and_the_compiled_build_beside_hearts(
    monkeypatch, capsys, tmp_path: Path
) -> None:
    speed = _load("speed_tool_turns", "speed.py")
    overlay = tmp_path / "site" / "games_compiled"
    overlay.mkdir(parents=True)
    asked: list[tuple[list[str], str, str, str]] = []
    ratios = iter([5.5, 0.7, 4.5, 0.9])  # run 1: pure, compiled; run 2: pure, compiled

    def take_turns(peers, config, build, peer_name, modules, turn, turns):
        folders = modules.split(":")
        assert folders[0] == str(ROOT)
        if build == "mypyc":  # the compiled build's folder holds games_compiled and nothing else
            assert [p.name for p in Path(folders[1]).iterdir()] == ["games_compiled"]
        asked.append((config, build, peer_name, f"{turn}x{turns}"))
        return {"ratio": next(ratios), "ours_per_cpu_s": 100.0, "peer_per_cpu_s": 20.0}

    monkeypatch.setattr(speed, "take_turns", take_turns)
    monkeypatch.setattr(speed, "compiled_build", lambda: overlay)
    monkeypatch.setattr(speed, "interpreter", lambda python: sys.version)
    monkeypatch.setattr(sys, "argv", ["speed.py", "--peers", "py", "--interleaved", "--runs", "2",
                                      "--only", "KINGs two-player", "--turns", "7"])
    assert speed.main() == 0
    config = ["kings", "--variant", "two-player", "--players", "2", "--games", "500"]
    assert asked == [(config, "python", "bridge", "0.1x7"), (config, "mypyc", "hearts", "0.1x7")] * 2
    assert speed.without_games_count(config) == ["kings", "--variant", "two-player", "--players", "2"]
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| KINGs two-player"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[1] == "4.50x / 5.00x / 5.50x"
    assert cells[2] == "0.70x / 0.80x / 0.90x"


def test_interleaved_without_a_compiled_build_is_answered_in_one_line(monkeypatch, capsys) -> None:
    speed = _load("speed_tool_no_build", "speed.py")
    monkeypatch.setattr(speed, "compiled_build", lambda: None)
    monkeypatch.setattr(speed, "interpreter", lambda python: sys.version)
    monkeypatch.setattr(sys, "argv", ["speed.py", "--peers", "py", "--interleaved", "--only", "TIMETRAP 2p"])
    with pytest.raises(SystemExit) as stopped:
        speed.main()
    assert stopped.value.code == 2
    assert "make fast" in capsys.readouterr().err


def test_interleaved_refuses_scale_which_it_would_ignore(monkeypatch, capsys) -> None:
    """A turn lasts a time, not a number of games: --scale would change nothing, so it is refused."""
    speed = _load("speed_tool_scale", "speed.py")
    monkeypatch.setattr(speed, "compiled_build", lambda: Path("/nowhere/games_compiled"))
    monkeypatch.setattr(speed, "interpreter", lambda python: sys.version)
    monkeypatch.setattr(sys, "argv", ["speed.py", "--peers", "py", "--interleaved", "--scale", "3"])
    with pytest.raises(SystemExit) as stopped:
        speed.main()
    assert stopped.value.code == 2
    assert "--turns" in capsys.readouterr().err
