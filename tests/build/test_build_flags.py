"""The compiled build's C flags: a CFLAGS variable in the environment (as a Docker builder or a packager
sets) must not change what the compiled engines compute.

tools/build/compiled.py states -fwrapv itself: mypyc's native integers (games/core/native64.py, the RNG's
step on machine integers) wrap only with it, and CFLAGS from the environment replaces the interpreter's own
flags, which carry it. Without it the C compiler folded `native64.WRAPS` to False: the compiled classes
then took the source's paths and a game's end crashed (`object.__new__(Outcome) is not safe`).
This compiles one module with the build tool's own set-up, so it needs a C compiler (CI installs one).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.build.build_tool import load_build_tool

ROOT = Path(__file__).resolve().parents[2]
HAS_COMPILER = shutil.which(sysconfig.get_config_var("CC").split()[0]) is not None and Path(
    sysconfig.get_paths()["include"], "Python.h"
).exists()


@pytest.mark.skipif(not HAS_COMPILER and not os.environ.get("CI"), reason="needs a C compiler and Python.h")
def test_native_integers_wrap_even_when_the_environment_sets_cflags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = load_build_tool()
    package = tmp_path / "games"
    (package / "core").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "core" / "__init__.py").write_text("")
    shutil.copy(ROOT / "games" / "core" / "native64.py", package / "core" / "native64.py")
    monkeypatch.setenv("CFLAGS", "-O2")  # replaces the interpreter's "-DNDEBUG -g -fwrapv -O2 -Wall ..."
    tool.compile_copy(tmp_path, jobs=2)
    probe = (
        "from games.core import native64 as n\n"
        "print(n.WRAPS, n.splitmix(0), n.__file__.endswith('.py'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    )
    wraps, *rest = done.stdout.split(maxsplit=1)
    assert rest[0].rstrip().endswith("False"), "the compiled module ran"
    assert wraps == "True", "an i64 overflow must wrap in the compiled build"
    # SplitMix64's first output from state 0 (the reference value of the published algorithm)
    assert "16294208416658607535" in done.stdout


def test_the_build_tool_refuses_a_build_that_does_not_run_compiled(tmp_path: Path) -> None:
    """The check at the end of `make fast`: a build that does not run as the compiled build (here: the
    source beside it was edited, so games/_build.py refuses it) is removed and the build fails."""
    tool = load_build_tool()
    package = tmp_path / "src" / "games"
    shutil.copytree(ROOT / "games", package, ignore=shutil.ignore_patterns("__pycache__"))
    with (package / "core" / "native64.py").open("a") as edited:
        edited.write("\n# edited after the build\n")
    final = tmp_path / "site" / "games_compiled"
    final.mkdir(parents=True)
    with pytest.raises(SystemExit, match="native integers must wrap"):
        tool.check_native_integers(package, tmp_path / "site", final)
    assert not final.exists()
