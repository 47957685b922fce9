"""Reproducible installs: every dependency pyproject.toml names is pinned, with hashes, in the
lock the Makefile, the Dockerfile and CI install from. A dependency added without `make lock` fails here
instead of failing at run time with a missing module."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~\[;]", requirement, maxsplit=1)[0].lower().replace("_", "-").replace(".", "-")


def _pinned(lock: Path) -> dict[str, str]:
    text = lock.read_text()
    return {m.group(1).lower(): m.group(2) for m in re.finditer(r"^([A-Za-z0-9._-]+)==(\S+) \\$", text, re.M)}


def test_every_dependency_is_pinned_with_hashes_in_the_locks() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = _pinned(ROOT / "requirements" / "runtime.lock")
    dev = _pinned(ROOT / "requirements" / "dev.lock")
    for requirement in project["dependencies"]:
        assert _name(requirement) in runtime, f"{requirement} is not in requirements/runtime.lock: run make lock"
        assert _name(requirement) in dev
    for requirement in project["optional-dependencies"]["dev"]:
        assert _name(requirement) in dev, f"{requirement} is not in requirements/dev.lock: run make lock"
    for lock in ("runtime.lock", "dev.lock"):
        text = (ROOT / "requirements" / lock).read_text()
        pins = re.findall(r"^\S+==\S+ \\\n(.*)$", text, re.M)
        assert pins and all(line.strip().startswith("--hash=sha256:") for line in pins)
        assert "--index-url" not in text and "file://" not in text  # no machine-specific sources


def test_play_installs_only_the_runtime_lock() -> None:
    makefile = (ROOT / "Makefile").read_text()
    play = re.search(r"^play: (.*)$", makefile, re.M)
    assert play is not None and "$(DEV)" not in play.group(1) and "$(RUNTIME)" in play.group(1)


def test_the_project_is_built_by_the_pinned_setuptools_without_build_isolation() -> None:
    """pip's build isolation would fetch whatever setuptools is newest to install the project itself:
    the one unpinned, unhashed download of an install. build.lock pins what [build-system] requires, and
    every install of the project (make, the Docker image, the systemd recipe and its upgrades) takes it
    from there."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    build = _pinned(ROOT / "requirements" / "build.lock")
    for requirement in project["build-system"]["requires"]:
        assert _name(requirement) in build, f"{requirement} is not in requirements/build.lock: run make lock"
    text = (ROOT / "requirements" / "build.lock").read_text()
    pins = re.findall(r"^\S+==\S+ \\\n(.*)$", text, re.M)
    assert pins and all(line.strip().startswith("--hash=sha256:") for line in pins)
    installs = {
        "Makefile": (ROOT / "Makefile").read_text(),
        "deploy/Dockerfile": (ROOT / "deploy" / "Dockerfile").read_text(),
        "deploy/README.md": (ROOT / "deploy" / "README.md").read_text(),
    }
    for where, text in installs.items():
        project_installs = re.findall(r"pip install [^\n]*?--no-deps[^\n]*", text)
        assert project_installs, where
        for line in project_installs:
            assert "--no-build-isolation" in line, (where, line)
        assert "-r requirements/build.lock" in text, where
    readme = installs["deploy/README.md"]
    assert not re.search(r"pip install (?:-q )?\.(?:\s|$)", readme), "an install of the project outside the locks"
