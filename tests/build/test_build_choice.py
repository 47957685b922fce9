"""Which build runs (games/_build.py): a compiled build runs only while it is exactly the source beside it.

These build fake compiled builds (a manifest without extensions), so they need no compiler; the real
compiled build's tests are in test_compiled.py.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
from pathlib import Path

import pytest

import games
from games import _build
from tests.build.build_tool import load_build_tool

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A small package's source and a compiled build of exactly it (found on sys.path)."""
    package = tmp_path / "src" / "games"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("# chooses the build: never compiled\n")
    (package / "rules.py").write_text("def score() -> int:\n    return 1\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "view.py").write_text("VIEW = 1\n")
    overlay = tmp_path / "site" / _build.OVERLAY
    (overlay / "games").mkdir(parents=True)
    (overlay / "__init__.py").write_text("")
    manifest = {
        "extension_suffix": importlib.machinery.EXTENSION_SUFFIXES[0],
        "library": "games_mypyc__mypyc",
        "sources": _build.source_hashes(package),
    }
    (overlay / _build.MANIFEST).write_text(json.dumps(manifest))
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setattr(_build, "_load_library", lambda overlay: None)  # the fake build has no library
    importlib.invalidate_caches()
    return package, overlay


def test_a_compiled_build_of_exactly_the_source_runs(tree: tuple[Path, Path]) -> None:
    package, overlay = tree
    choice = _build.select(package, "auto")
    assert choice.build == "mypyc" and choice.modules == overlay / "games"
    assert _build.select(package, "mypyc").build == "mypyc"


def test_the_manifest_covers_every_module_but_the_ones_that_choose_the_build(tree: tuple[Path, Path]) -> None:
    package, _ = tree
    assert set(_build.source_hashes(package)) == {"rules.py", "sub/__init__.py", "sub/view.py"}


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda p: (p / "sub" / "view.py").write_text("VIEW = 2\n"), "games/sub/view.py (changed)"),
        (lambda p: (p / "sub" / "new.py").write_text("X = 1\n"), "games/sub/new.py (new)"),
        (lambda p: (p / "rules.py").unlink(), "games/rules.py (removed)"),
    ],
    ids=["edited", "added", "removed"],
)
def test_a_stale_compiled_build_is_refused_loudly(
    tree: tuple[Path, Path], change: object, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    package, _ = tree
    change(package)  # type: ignore[operator]
    choice = _build.select(package, "auto")
    assert choice.build == "python" and choice.modules is None  # the edited source runs, not the old .so
    err = capsys.readouterr().err
    assert "stale" in err and named in err and "make fast" in err
    with pytest.raises(ImportError, match="stale") as refused:
        _build.select(package, "mypyc")  # a server that demands the compiled build does not start
    assert named in str(refused.value)


def test_a_build_for_another_interpreter_is_refused(tree: tuple[Path, Path]) -> None:
    package, overlay = tree
    manifest = json.loads((overlay / _build.MANIFEST).read_text())
    manifest["extension_suffix"] = ".cpython-39-x86_64-linux-gnu.so"
    (overlay / _build.MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(ImportError, match="another interpreter"):
        _build.select(package, "mypyc")


def test_python_runs_the_source_even_with_a_fresh_compiled_build(
    tree: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    package, _ = tree
    assert _build.select(package, "python").build == "python"
    assert capsys.readouterr().err == ""


def test_without_a_compiled_build_the_source_runs_quietly_unless_the_build_is_demanded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_build, "find_overlay", lambda: None)
    assert _build.select(tmp_path, "auto").build == "python"
    assert capsys.readouterr().err == ""
    with pytest.raises(ImportError, match=r"no compiled build is installed.*make fast"):
        _build.select(tmp_path, "mypyc")


def test_an_unknown_build_name_is_refused() -> None:
    with pytest.raises(ImportError, match="expected auto, python or mypyc"):
        _build.select(Path("."), "fast")


def test_the_build_tool_hashes_what_the_package_checks(tmp_path: Path) -> None:
    """tools/build/compiled.py writes the manifest that games/_build.py compares: same files, same hashes."""
    tool = load_build_tool()
    hashes = tool.copy_sources(ROOT / "games", tmp_path)
    assert hashes == _build.source_hashes(ROOT / "games")
    assert tool.NOT_COMPILED == _build.NOT_COMPILED and tool.OVERLAY == _build.OVERLAY


def test_the_running_build_is_named() -> None:
    assert games.BUILD in ("python", "mypyc")
    assert games.describe_build().startswith("compiled (mypyc)" if games.BUILD == "mypyc" else "pure Python")


def test_simulate_reports_its_build_and_cpu_time(capsys: pytest.CaptureFixture[str]) -> None:
    """Benchmarks compare the builds by CPU time (a busy machine moves the wall clock) and name the build."""
    from games.tools.cli import main

    assert main(["simulate", "trickster", "--players", "4", "--games", "20", "--no-check"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert last["build"] == games.BUILD and last["cpu_seconds"] > 0
    cpu = last["cpu_seconds"]  # rounded to the millisecond
    assert last["actions"] / (cpu + 0.001) <= last["actions_per_cpu_s"] <= last["actions"] / max(cpu - 0.001, 1e-9)
