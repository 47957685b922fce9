"""What ships the compiled build: the Docker image compiles in a builder stage and runs without a compiler,
the systemd recipe compiles into its venv, both refuse to start on anything but the compiled build, and the
bot says at start which build it runs."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parents[2]


def test_the_docker_image_compiles_in_the_builder_and_ships_no_compiler() -> None:
    text = (ROOT / "deploy" / "Dockerfile").read_text()
    builder, runtime = text.split("\nFROM ", 2)[1:]
    assert "AS build" in builder and "gcc" in builder
    assert "tools/build/compiled.py --venv /opt/venv" in builder
    assert "gcc" not in runtime and "/opt/mypyc" not in runtime  # no compiler, no build venv at run time
    assert "COPY --from=build /opt/venv /opt/venv" in runtime and "TRICKTABLE_BUILD=mypyc" in runtime


def test_the_systemd_recipe_compiles_into_its_venv_and_the_unit_demands_it() -> None:
    readme = (ROOT / "deploy" / "README.md").read_text()
    assert "tools/build/compiled.py --venv .venv" in readme
    unit = (ROOT / "deploy" / "tricktable.service").read_text()
    assert "Environment=TRICKTABLE_BUILD=mypyc" in unit and "RestartPreventExitStatus=78" in unit


def test_the_bot_logs_which_build_runs_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot import __main__ as entry

    async def connected(settings: object) -> None:  # Discord is not reached in this test
        return None

    for name in list(os.environ):
        if name.startswith(("DISCORD_", "DATABASE_", "TRICKTABLE_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("DISCORD_TOKEN", "sekrit.tok.en")
    monkeypatch.setenv("TRICKTABLE_DB", str(tmp_path / "t.db"))
    monkeypatch.setattr(entry, "_run", connected)
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        assert entry.main([]) == 0
    finally:
        root.handlers[:], root.level = handlers, level
    assert f"game engines: {games.describe_build()}" in capsys.readouterr().err


def test_a_bad_build_setting_stops_the_bot_as_a_configuration_error(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TRICKTABLE_", "DATABASE_"))}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="sekrit.tok.en", TRICKTABLE_BUILD="fastest")
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 78, done.stderr
    assert "Traceback" not in done.stderr and "TRICKTABLE_BUILD='fastest'" in done.stderr
