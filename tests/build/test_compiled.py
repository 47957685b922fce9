"""The real compiled build (`make fast`): it runs compiled, plays exactly the moves of the source, says which
build it is, and is refused once the source beside it changes.

They need the compiled build installed: on a developer's machine without it they skip, naming the command;
under CI=true (.ci/run builds it) they fail instead.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games import _build
from tests.system_parts import SystemPart, require

ROOT = Path(__file__).resolve().parents[2]
COMPILED_BUILD = SystemPart(
    "the compiled build of games/ (mypyc)",
    "make fast (it needs a C compiler and the Python headers: apt-get install gcc python3-dev)",
)
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _installed() -> Path | None:
    """The compiled build of exactly this source, or None."""
    overlay = _build.find_overlay()
    return overlay if overlay is not None and _build.staleness(overlay) is None else None


@pytest.fixture(scope="module")
def overlay() -> Path:
    found = _installed()
    require(COMPILED_BUILD, found is not None)
    assert found is not None
    return found


def _python(code: str, build: str | None, cwd: Path = ROOT, path: list[Path] | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != _build.ENV}
    if build is not None:
        env[_build.ENV] = build
    if path is None:  # this checkout, and the compiled build wherever it is installed
        overlay = _build.find_overlay()
        path = [ROOT] + ([overlay.parent] if overlay else [])
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in path)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )


PROBE = "import games, games.trickster.rules as r, games.search.flat as f; print(games.BUILD, r.__file__, f.__file__)"


def test_the_compiled_build_runs_compiled_modules(overlay: Path) -> None:
    done = _python(PROBE, "mypyc")
    build, rules, search = done.stdout.split()
    assert done.returncode == 0 and build == "mypyc", done.stderr
    assert rules.endswith(SUFFIX) and search.endswith(SUFFIX) and rules.startswith(str(overlay))
    source = _python(PROBE, "python").stdout.split()
    assert source[0] == "python" and source[1].endswith("games/trickster/rules.py")


def test_games_list_says_which_build_runs(overlay: Path) -> None:
    for build in ("python", "mypyc"):
        done = _python("from games.tools.cli import main; main(['list'])", build)
        entries = json.loads(done.stdout)
        assert {entry["build"] for entry in entries} == {build}
        assert {"id", "names", "min_players", "max_players", "variants"} <= set(entries[0])


def test_the_fingerprint_command_runs_on_both_builds_and_agrees(overlay: Path) -> None:
    """`python -m games fingerprint` is how a speed change is checked on either build (a compiled module
    cannot be run with -m), and both builds print the same digest."""
    code = "import runpy, sys; sys.argv = ['games', 'fingerprint', 'timetrap', '--players', '3', '--games', '3']; runpy.run_module('games', run_name='__main__')"
    lines = {}
    for build in ("python", "mypyc"):
        done = _python(code, build)
        assert done.returncode == 0, done.stderr
        lines[build] = json.loads(done.stdout)
    assert lines["python"] == lines["mypyc"] and len(lines["python"]["sha256"]) == 64


def test_an_edited_source_file_is_never_shadowed_by_its_old_compiled_module(overlay: Path, tmp_path: Path) -> None:
    """A copy of the source with one edited file, beside the installed compiled build: the edited source
    runs (with one loud line), or, when the compiled build is demanded, nothing runs."""
    source = tmp_path / "games"
    shutil.copytree(ROOT / "games", source, ignore=shutil.ignore_patterns("__pycache__"))
    with (source / "trickster" / "rules.py").open("a") as rules:
        rules.write("\nEDITED = True  # an edit made after the build\n")
    path = [tmp_path, overlay.parent]
    probe = "import games, games.trickster.rules as r; print(games.BUILD, r.__file__, r.EDITED)"
    done = _python(probe, None, cwd=tmp_path, path=path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["python", str(source / "trickster" / "rules.py"), "True"]
    assert "stale" in done.stderr and "games/trickster/rules.py (changed)" in done.stderr
    refused = _python(probe, "mypyc", cwd=tmp_path, path=path)
    assert refused.returncode != 0 and "ImportError" in refused.stderr
    assert "games/trickster/rules.py (changed)" in refused.stderr
    shutil.copy2(ROOT / "games" / "trickster" / "rules.py", source / "trickster" / "rules.py")
    restored = _python(probe.replace(", r.EDITED", ""), "mypyc", cwd=tmp_path, path=path)
    assert restored.returncode == 0 and restored.stdout.split()[0] == "mypyc", restored.stderr


def test_both_builds_play_the_same_moves_and_show_the_same_things(overlay: Path) -> None:
    """Seeded random, heuristic and search games of every game, variant and player count: the same action
    logs (and placements) on the compiled build as on the source, and the same behaviour fingerprint
    (every event, view, prompt and legal list a seat could observe; tests/build/action_logs.py)."""
    script = str(ROOT / "tests" / "build" / "action_logs.py")
    logs = {}
    for build in ("python", "mypyc"):
        done = _python(f"import runpy, sys; sys.argv = [{script!r}]; runpy.run_path({script!r}, run_name='__main__')", build)
        assert done.returncode == 0, done.stderr[-2000:]
        logs[build] = json.loads(done.stdout)
    kinds = {key.rsplit("/", 1)[1] for key in logs["python"]}
    assert kinds == {"random", "heuristic", "search", "observed"} and len(logs["python"]) >= 4 * 14
    differ = sorted(k for k in logs["python"] if logs["python"][k] != logs["mypyc"].get(k))
    assert logs["python"] == logs["mypyc"], f"different moves on the compiled build: {differ}"


PICKLE_PROBE = """
import pickle, random
from games.core.registry import all_games
from games.search import Budget
budget = Budget(playouts=60, seconds=1.5)
assert pickle.loads(pickle.dumps(budget)) == budget
for game in all_games().values():
    for variant in game.info.variants:
        state = game.setup(variant.min_players, {}, 3, variant.id)
        rng = random.Random(3)
        for _ in range(80):
            acting = game.to_act(state)
            if not acting:
                break
            seat = min(acting)
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            copy = pickle.loads(pickle.dumps(state))
            assert game.view(copy, None) == game.view(state, None), (game.info.id, variant.id)
            assert game.legal_actions(copy, seat) == game.legal_actions(state, seat)
print("ok")
"""


def test_states_and_budgets_cross_to_the_ai_workers(overlay: Path) -> None:
    """The bot's strong AI runs in a process pool: every game's states and the search's budget must
    pickle on the compiled build (a frozen compiled dataclass did not: every strong decision fell back)."""
    for build in ("python", "mypyc"):
        done = _python(PICKLE_PROBE, build)
        assert done.returncode == 0 and done.stdout.strip() == "ok", (build, done.stderr[-2000:])
