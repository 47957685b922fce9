"""tools/build/speed.py, the side-by-side benchmark of docs/engine-speed.md: its --only and --scale options
choose the configurations and lengthen every measurement, on both sides of a pair alike; a mistyped
--only is answered instead of timing nothing; and peers on another build of Python than the engines' are
refused, since the interpreter alone moved the Hearts peer by ~40%."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.build.build_tool import ROOT

SPEED = ROOT / "tools" / "build" / "speed.py"


def test_only_and_scale_choose_and_lengthen_every_measurement(monkeypatch) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("speed_tool", SPEED)
    assert spec and spec.loader
    speed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(speed)
    played: list[list[str]] = []
    peers: list[list[str]] = []
    monkeypatch.setattr(speed, "simulate", lambda args, build: played.append(args) or {"actions_per_cpu_s": 100.0})
    monkeypatch.setattr(
        speed, "peer",
        lambda python, name, args: peers.append([name, *args]) or {"actions_per_cpu_s": 20.0, "decisions_per_cpu_s": 200.0},
    )
    monkeypatch.setattr(speed, "interpreter", lambda python: sys.version)  # "py" stands for the same build
    monkeypatch.setattr(sys, "argv", ["speed.py", "--peers", "py", "--paired", "--runs", "1",
                                      "--only", "Trickster 4p, TIMETRAP 2p", "--scale", "3"])
    assert speed.main() == 0
    assert played == [
        ["trickster", "--players", "4", "--games", "6000"], ["trickster", "--players", "4", "--games", "6000"],
        ["timetrap", "--players", "2", "--games", "6000"], ["timetrap", "--players", "2", "--games", "6000"],
    ]
    assert ["bridge", "--games", "900"] in peers and ["hearts", "--games", "6000"] in peers


def test_an_only_that_matches_nothing_is_answered_with_the_labels() -> None:
    done = subprocess.run([sys.executable, str(SPEED), "--only", "Hearts 9p"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "matches no configuration" in done.stderr and "Trickster 4p" in done.stderr
    assert "Traceback" not in done.stderr


def test_peers_on_another_build_of_python_are_refused_in_one_line(tmp_path: Path) -> None:
    other = tmp_path / "python"  # a Python that reports another build, as a pyenv venv's did
    other.write_text("#!/bin/sh\necho '3.11.7 (main, May  9 2026, 07:35:25) [GCC 12.2.0]'\n")
    other.chmod(0o755)
    done = subprocess.run([sys.executable, str(SPEED), "--peers", str(other), "--only", "TIMETRAP 2p"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "3.11.7 (main, May 9 2026" in done.stderr and "-m venv" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_peers_on_the_engines_own_interpreter_are_accepted() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("speed_tool_same", SPEED)
    assert spec and spec.loader
    speed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(speed)
    assert speed.same_interpreter(sys.executable) is None


def test_paired_runs_also_give_the_ratio_of_each_sides_best(monkeypatch, capsys) -> None:
    """A measurement slowed by the host (the second run's pure build here) moves the median of the paired
    ratios but not the best of each side: the last two columns divide each side's fastest run by its
    peer's fastest run beside the same configuration."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("speed_tool_best", SPEED)
    assert spec and spec.loader
    speed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(speed)
    ours = iter([100.0, 40.0, 60.0, 50.0])  # run 1: pure, compiled; run 2: pure (slowed), compiled
    theirs = iter([20.0, 100.0, 25.0, 80.0])  # run 1: bridge, hearts; run 2: bridge, hearts
    monkeypatch.setattr(speed, "simulate", lambda args, build: {"actions_per_cpu_s": next(ours)})
    monkeypatch.setattr(
        speed, "peer",
        lambda python, name, args: {"actions_per_cpu_s": (speed_ := next(theirs)), "decisions_per_cpu_s": speed_},
    )
    monkeypatch.setattr(speed, "interpreter", lambda python: sys.version)
    monkeypatch.setattr(sys, "argv", ["speed.py", "--peers", "py", "--paired", "--runs", "2", "--only", "TIMETRAP 2p"])
    assert speed.main() == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| TIMETRAP 2p"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[1] == "2.40x / 3.70x / 5.00x"  # pure / Bridge per run: 100/20, 60/25
    assert cells[2] == "0.40x / 0.51x / 0.62x"  # compiled / Hearts per run: 40/100, 50/80
    assert cells[3] == "4.00x"  # best pure 100 over best Bridge 25
    assert cells[4] == "0.50x"  # best compiled 50 over best Hearts 100
