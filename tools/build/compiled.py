"""Build the compiled build of games/ (mypyc) and install it into a venv: `make fast`.

    python tools/build/compiled.py [--build-dir build/mypyc] [--jobs N]        # this checkout into this venv
    python tools/build/compiled.py --venv /opt/venv                           # a venv's installed games

Every module of games/ is compiled by mypyc (it ships with mypy, a dev dependency; it needs a C compiler
and the Python headers: apt-get install gcc python3-dev) from a COPY of the source in the build folder,
never in the development tree, where an edited .py file would be shadowed by its old .so. The extensions
are installed as a separate package, `games_compiled` (the running interpreter's site-packages unless
--site-packages says otherwise), with a manifest of the SHA-256 of every source file compiled;
games/_build.py runs them only while the source still matches (else the source runs, loudly, or the
import fails under TRICKTABLE_BUILD=mypyc). Remove the build with `rm -r <site-packages>/games_compiled`.

The runtime needs nothing but the interpreter the build was made with: the Docker image compiles in its
builder stage and copies the venv into a runtime image without a compiler (deploy/Dockerfile).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OVERLAY = "games_compiled"  # games/_build.py looks for this package
NOT_COMPILED = frozenset({"__init__.py", "__main__.py", "_build.py"})  # as games/_build.py
GROUP = "games_mypyc"  # the shared library of all modules, games_mypyc__mypyc<suffix>: games/_build.py loads it

SETUP = """\
import sys
from multiprocessing.pool import ThreadPool

from setuptools import setup
from setuptools._distutils.ccompiler import CCompiler
from mypyc.build import mypycify


def compile_in_parallel(self, sources, output_dir=None, macros=None, include_dirs=None, debug=False,
                        extra_preargs=None, extra_postargs=None, depends=None):
    # The shared library is one extension of ~140 C files (multi_file): compile them {jobs} at a time
    # (setuptools compiles one extension's files one after another).
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

    def one(obj):
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

    with ThreadPool({jobs}) as pool:
        list(pool.imap_unordered(one, objects))
    return objects


CCompiler.compile = compile_in_parallel
paths = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--inplace", "--parallel", "{jobs}"]
extensions = mypycify(
    paths, only_compile_paths=[p for p in paths if p not in {not_compiled!r}],
    opt_level="3", multi_file=True, group_name={group!r},
)
for extension in extensions:
    extension.extra_compile_args = [*extension.extra_compile_args, *{own_cflags!r}]
setup(name="games-compiled", ext_modules=extensions)
"""

# The C flags the build states itself, after any CFLAGS from the environment (which REPLACES the
# interpreter's own, -fwrapv and -DNDEBUG among them, as a builder's or packager's CFLAGS=-O2 would):
# - -fwrapv: signed arithmetic wraps. mypyc's native integers (games/core/native64.py, the RNG's step on
#   machine integers) rely on it; without it the C compiler may fold an overflow away, and a build made with
#   CFLAGS set took the source's paths with compiled classes and crashed at a game's end.
# - -DNDEBUG: mypyc's runtime without its internal assert()s, as in a release build of Python.
OWN_CFLAGS = ("-fwrapv", "-DNDEBUG")

OVERLAY_INIT = '''"""The compiled build of Tricktable's games (mypyc): one C extension per module of games/, in games/.

Never imported: games/_build.py puts games/ here first on the games package's path when manifest.json
names exactly the source files installed beside it. Built by tools/build/compiled.py.
"""
'''


def sources(package_dir: Path) -> list[Path]:
    """Every .py file of the package (relative paths), as games/_build.py hashes them."""
    return sorted(
        p.relative_to(package_dir) for p in package_dir.rglob("*.py") if "__pycache__" not in p.parts
    )


def copy_sources(package_dir: Path, src: Path) -> dict[str, str]:
    """A fresh copy of the package's .py files under `src`/games; returns the manifest's hashes."""
    target = src / "games"
    if target.exists():
        shutil.rmtree(target)
    hashes: dict[str, str] = {}
    for relative in sources(package_dir):
        data = (package_dir / relative).read_bytes()
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        (target / relative).write_bytes(data)
        if relative.as_posix() not in NOT_COMPILED:
            hashes[relative.as_posix()] = hashlib.sha256(data).hexdigest()
    return hashes


def compile_copy(src: Path, jobs: int) -> None:
    """mypyc over the copy, extensions written next to the copied sources (the copy, not the tree)."""
    setup = src / "setup_mypyc.py"
    top = sorted(f"games/{name}" for name in NOT_COMPILED)  # the package's own __init__.py, not a subpackage's
    setup.write_text(SETUP.format(jobs=jobs, not_compiled=top, group=GROUP, own_cflags=list(OWN_CFLAGS)))
    paths = [f"games/{p.as_posix()}" for p in sources(src / "games")]
    log = src / "mypyc.log"
    with log.open("w") as out:
        done = subprocess.run([sys.executable, setup.name, *paths], cwd=src, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        sys.stderr.write(log.read_text()[-4000:])
        raise SystemExit(f"mypyc failed (whole log: {log})")


def install(src: Path, site_packages: Path, hashes: dict[str, str]) -> Path:
    """The compiled extensions and the manifest as the `games_compiled` package, replacing any older one."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    staging = site_packages / f".{OVERLAY}.new"
    if staging.exists():
        shutil.rmtree(staging)
    (staging / "games").mkdir(parents=True)
    built = sorted((src / "games").rglob(f"*{suffix}"))
    expected = {name.removesuffix(".py") for name in hashes}  # package/__init__.py -> package/__init__<suffix>
    found = {p.relative_to(src / "games").as_posix().removesuffix(suffix) for p in built}
    if expected - found:
        raise SystemExit(f"mypyc built no extension for: {', '.join(sorted(expected - found))}")
    for path in built:
        target = staging / "games" / path.relative_to(src / "games")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    shutil.copy2(src / f"{GROUP}__mypyc{suffix}", staging / f"{GROUP}__mypyc{suffix}")
    (staging / "__init__.py").write_text(OVERLAY_INIT)
    manifest = {
        "extension_suffix": suffix,
        "python": sys.version.split()[0],
        "mypy": _mypy_version(),
        "built": datetime.now(UTC).isoformat(timespec="seconds"),
        "library": f"{GROUP}__mypyc",
        "sources": hashes,
    }
    (staging / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    final = site_packages / OVERLAY
    if final.exists():
        shutil.rmtree(final)
    staging.rename(final)
    return final


def check_native_integers(package: Path, site_packages: Path, final: Path) -> None:
    """Run the installed build once and refuse it (removed, the build fails) unless it is the compiled one
    and its native integers wrap (games/core/native64.WRAPS): the RNG's compiled step and the compiled
    classes' paths depend on it, and a C compiler without -fwrapv may fold the overflow away."""
    probe = "import games, games.core.native64 as n; print(games.BUILD, n.WRAPS)"
    env = {
        **os.environ,
        "TRICKTABLE_BUILD": "mypyc",
        "PYTHONPATH": os.pathsep.join([str(package.parent), str(site_packages)]),
    }
    done = subprocess.run([sys.executable, "-c", probe], cwd="/", env=env, capture_output=True, text=True)
    if done.stdout.split() != ["mypyc", "True"]:
        shutil.rmtree(final)
        raise SystemExit(
            f"the compiled build does not run as built ({done.stdout.strip() or done.stderr.strip()[-400:]}): "
            "its native integers must wrap (C flag -fwrapv); removed it. A build folder whose extensions were "
            "compiled without that flag is reused as it is: remove it (--build-dir, build/mypyc) and build again"
        )


def installed_in(venv: Path) -> tuple[Path, Path]:
    """The games package a venv runs (not a checkout's: isolated mode, from /) and its site-packages."""
    probe = (
        "import importlib.util, json, sysconfig; spec = importlib.util.find_spec('games'); "
        "print(json.dumps([spec.submodule_search_locations[0], sysconfig.get_paths()['purelib']]))"
    )
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-I", "-c", probe], cwd="/", capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{venv}: no games package installed ({done.stderr.strip().splitlines()[-1:]})")
    package, site_packages = json.loads(done.stdout)
    return Path(package), Path(site_packages)


def _mypy_version() -> str:
    from mypy.version import __version__

    return str(__version__)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", type=Path, default=ROOT / "games", help="the games package to compile")
    parser.add_argument("--build-dir", type=Path, default=ROOT / "build" / "mypyc")
    parser.add_argument(
        "--site-packages", type=Path, default=Path(sysconfig.get_paths()["purelib"]), help="where to install"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C compilers run at once")
    parser.add_argument(
        "--venv",
        type=Path,
        help="compile the games package installed in this venv, into it (instead of --package/--site-packages)",
    )
    args = parser.parse_args(argv)
    if args.venv is not None:
        args.package, args.site_packages = installed_in(args.venv)
    started = time.monotonic()
    src = args.build_dir.resolve() / "src"
    hashes = copy_sources(args.package.resolve(), src)
    compile_copy(src, args.jobs)
    final = install(src, args.site_packages.resolve(), hashes)
    check_native_integers(args.package.resolve(), args.site_packages.resolve(), final)
    minutes = (time.monotonic() - started) / 60
    print(f"compiled {len(hashes)} modules of games/ into {final} in {minutes:.1f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
