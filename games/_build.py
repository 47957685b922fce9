"""Which build of the games runs: the pure-Python source, or the same source compiled by mypyc.

The compiled build (`make fast`, tools/build/compiled.py) is never written next to the source: it is a
separate package, `games_compiled`, installed into the venv's site-packages, holding one C extension per
module of games/ and a manifest with the SHA-256 of every source file it was compiled from. When `games`
is imported, `select` compares the manifest with the source files beside this module, byte for byte:

- all equal (and built for this interpreter): the compiled modules go first on `games.__path__`, so every
  `games.*` module below loads compiled; `BUILD` is "mypyc";
- anything differs (an edited, added or removed .py file): the compiled build is stale and is refused. By
  default the source runs instead, with one loud line on stderr naming the first files that differ and the
  command that rebuilds; with `TRICKTABLE_BUILD=mypyc` (the Docker image and the systemd recipe) the import
  fails with that line, so a server never runs code other than its source, nor silently the slow build.

`TRICKTABLE_BUILD=python` runs the source even when a fresh compiled build is installed (CI runs the
engine tests both ways). This module and `games/__init__.py` are never compiled: they choose the build.
Reading the source files at import (about 1 MB, a few milliseconds) is the one I/O in games/.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
OVERLAY = "games_compiled"  # the installed package holding the compiled build
MANIFEST = "manifest.json"
NOT_COMPILED = frozenset({"__init__.py", "__main__.py", "_build.py"})  # they choose the build or run it
ENV = "TRICKTABLE_BUILD"
REBUILD = "make fast (or: python tools/build/compiled.py)"


@dataclass(frozen=True)
class Choice:
    """The build that runs, where the compiled modules are (None: the source) and why."""

    build: str  # "python" or "mypyc"
    modules: Path | None
    reason: str


def source_hashes(package_dir: Path = PACKAGE_DIR) -> dict[str, str]:
    """SHA-256 of every module of the package that the compiled build compiles, by path (posix,
    relative to the package)."""
    found: dict[str, str] = {}
    for path in sorted(package_dir.rglob("*.py")):
        relative = path.relative_to(package_dir).as_posix()
        if relative in NOT_COMPILED or "__pycache__" in path.parts:
            continue
        found[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def find_overlay() -> Path | None:
    """The installed compiled build's folder (holding the manifest), or None."""
    spec = importlib.machinery.PathFinder.find_spec(OVERLAY)
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        if (Path(location) / MANIFEST).is_file():
            return Path(location)
    return None


def staleness(overlay: Path, package_dir: Path = PACKAGE_DIR) -> str | None:
    """Why the compiled build in `overlay` may not run the source in `package_dir`, or None when it is
    exactly that source compiled for this interpreter."""
    try:
        manifest = json.loads((overlay / MANIFEST).read_text(encoding="utf-8"))
        built: dict[str, str] = dict(manifest["sources"])
        suffix = str(manifest["extension_suffix"])
    except (OSError, ValueError, KeyError, TypeError) as err:
        return f"its manifest {overlay / MANIFEST} is unreadable ({err})"
    if suffix not in importlib.machinery.EXTENSION_SUFFIXES:
        return f"it was built for another interpreter ({suffix})"
    current = source_hashes(package_dir)
    differ = sorted(
        [f"{name} (changed)" for name in current.keys() & built.keys() if current[name] != built[name]]
        + [f"{name} (new)" for name in current.keys() - built.keys()]
        + [f"{name} (removed)" for name in built.keys() - current.keys()]
    )
    if differ:
        more = f" and {len(differ) - 3} more" if len(differ) > 3 else ""
        return f"the source differs from what was compiled: games/{', games/'.join(differ[:3])}{more}"
    return None


def _load_library(overlay: Path) -> None:
    """Load the compiled build's shared library (every module's code; each module's extension is a shim
    that imports it by its top-level name) from the overlay, which is not itself on sys.path."""
    name = str(json.loads((overlay / MANIFEST).read_text(encoding="utf-8"))["library"])
    if name in sys.modules:
        return
    path = overlay / f"{name}{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"the compiled build's library {path} cannot be loaded")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


def select(package_dir: Path = PACKAGE_DIR, wanted: str | None = None) -> Choice:
    """The build to run, by `TRICKTABLE_BUILD` (auto when unset): see the module's docstring. Raises
    ImportError when the compiled build is demanded and missing or stale."""
    mode = (os.environ.get(ENV, "") if wanted is None else wanted).strip().lower() or "auto"
    if mode not in ("auto", "python", "mypyc"):
        raise ImportError(f"{ENV}={mode!r}: expected auto, python or mypyc")
    if mode == "python":
        return Choice("python", None, f"{ENV}=python")
    overlay = find_overlay()
    if overlay is None:
        problem = "no compiled build is installed"
    else:
        stale = staleness(overlay, package_dir)
        if stale is None:
            _load_library(overlay)
            return Choice("mypyc", overlay / "games", f"compiled build in {overlay}")
        problem = f"the compiled build in {overlay} is stale: {stale}"
    if mode == "mypyc":
        raise ImportError(f"{ENV}=mypyc, but {problem}. Rebuild it with {REBUILD}.")
    if overlay is not None:
        print(
            f"tricktable: {problem}; running the pure-Python source instead. Rebuild it with {REBUILD}, "
            f"or remove it with: rm -r {overlay}",
            file=sys.stderr,
        )
    return Choice("python", None, problem)


def describe(choice: Choice) -> str:
    """One line for logs: which build runs."""
    if choice.build == "mypyc":
        return f"compiled (mypyc), {choice.reason}"
    return f"pure Python ({choice.reason})"
