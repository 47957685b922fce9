"""tools/build/speed.py, the side-by-side benchmark of docs/engine-speed.md: its --only and --scale options
choose the configurations and lengthen every measurement, on both sides of a pair alike, and a mistyped
--only is answered instead of timing nothing."""

from __future__ import annotations

import subprocess
import sys

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
