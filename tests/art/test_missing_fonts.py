"""A fresh machine without fonts: the picture tests skip with the install command, and CI fails on it.

The README promises that `make test` passes with only Python and make; CI must still prove the Japanese
lettering, so there a missing font is a failure. The fonts are hidden by pointing the art code's font
lookup (`TRICKTABLE_FONT_DIRS`, which also turns off fontconfig) at an empty folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.system_parts import JAPANESE_FONT, SystemPart, require

ROOT = Path(__file__).resolve().parents[2]
FONT_TESTS = ["tests/art/test_counts_and_names.py", "tests/art/test_fonts_and_cli.py"]


def _pytest_without_fonts(tmp_path: Path, ci: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["TRICKTABLE_FONT_DIRS"] = str(tmp_path)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", *FONT_TESTS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_without_fonts_the_picture_tests_pass_and_say_how_to_install_them(tmp_path: Path) -> None:
    done = _pytest_without_fonts(tmp_path, ci=False)
    assert done.returncode == 0, done.stdout[-3000:]
    assert " skipped" in done.stdout
    assert "apt-get install fonts-noto-cjk" in done.stdout
    assert "test_counts_and_names.py" in done.stdout  # the skip names the test, not the helper


def test_without_fonts_ci_fails_and_names_the_missing_font(tmp_path: Path) -> None:
    done = _pytest_without_fonts(tmp_path, ci=True)
    assert done.returncode == 1, done.stdout[-3000:]
    assert "a Japanese font (Noto Sans CJK) is not installed" in done.stdout
    assert "CI=true" in done.stdout


def test_a_present_part_changes_nothing_and_a_missing_one_skips_or_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    part = SystemPart("the frobnicator", "apt-get install frobnicator")
    require(part, present=True)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install frobnicator"):
        require(part, present=False)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="the frobnicator is not installed"):
        require(part, present=False)
    assert JAPANESE_FONT.install.startswith("apt-get install")
