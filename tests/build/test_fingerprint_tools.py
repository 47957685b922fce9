"""tools/build/fingerprints.py and tools/build/instructions.py, the two checks of every speed pass
(docs/engine-speed.md, "Changing an engine safely"): a fingerprint that moved is named with the value main
records and fails the run; the recorded table is what the engines of this build play; and the instruction
count divides the difference of two runs by the difference of their actions."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from tests.build.build_tool import ROOT


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{name}_tool", ROOT / "tools" / "build" / f"{name}.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = tool  # NamedTuple looks its module up while the class is made
    try:
        spec.loader.exec_module(tool)
    finally:
        del sys.modules[spec.name]
    return tool


def test_a_moved_fingerprint_is_named_and_fails_the_run(monkeypatch, capsys) -> None:
    tool = _load("fingerprints")
    recorded = {c.label: c.expected for c in tool.CONFIGURATIONS}
    monkeypatch.setattr(
        tool, "fingerprint",
        lambda configuration, tree, python: "0" * 16 if "ombre" in configuration.label else recorded[configuration.label],
    )
    assert tool.main(["--only", "ombre,whist"]) == 1
    out = capsys.readouterr().out
    assert f"DIFFERS (recorded {recorded['kings ombre']})" in out
    assert "kings whist" in out and "1 of 2 as recorded" in out


def test_a_mistyped_only_is_answered_instead_of_checking_nothing(capsys) -> None:
    tool = _load("fingerprints")
    assert tool.main(["--only", "bridge"]) == 2
    assert "keeps none of" in capsys.readouterr().out


def test_the_recorded_two_player_kings_line_is_what_this_build_plays(capsys) -> None:
    """The real check on one configuration: `python -m games fingerprint` in a child process, on the build
    this test runs (CI runs tests/build on the compiled one)."""
    tool = _load("fingerprints")
    assert tool.main(["--only", "kings two-player"]) == 0, capsys.readouterr().out


def test_instructions_per_action_is_the_difference_of_two_runs(monkeypatch, capsys) -> None:
    tool = _load("instructions")
    runs = {400: (9_000_000, 800), 100: (3_000_000, 200)}
    monkeypatch.setattr(tool, "count", lambda args, games, tree, python, out: runs[games])
    assert tool.main(["timetrap", "--players", "2"]) == 0
    assert '"instructions_per_action": 10000' in capsys.readouterr().out


def test_instructions_refuses_a_big_run_no_bigger_than_the_small(capsys) -> None:
    tool = _load("instructions")
    assert tool.main(["kings", "--big", "10", "--small", "10"]) == 2
    assert "--big must be more games" in capsys.readouterr().out

