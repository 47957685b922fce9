"""Every engine's random-play speed on both builds, beside OpenSpiel's Hearts and RLCard's Bridge, in one run
(docs/engine-speed.md's table):

    python tools/build/speed.py --peers /tmp/peers/bin/python [--runs 3]

The peers' venv must be made from the interpreter the engines run on (`make`'s venv: the distribution's
CPython, built with profile-guided optimization), or the ratios compare interpreters as much as engines:

    "$(.venv/bin/python -c 'import sys; print(sys._base_executable)')" -m venv /tmp/peers
    /tmp/peers/bin/pip install open_spiel rlcard

Measured on the 2-core machine (docs/engine-speed.md, "The peers on the engines' own interpreter"): the
same Hearts loop made ~40% more decisions per CPU second on Debian's CPython 3.11.2 than on a default pyenv
3.11.7 build (no PGO, libpython shared), and Bridge ~6% more actions, so peers on the slower one flattered
every ratio. speed.py therefore refuses, in one line, a --peers Python that is not the same build
(`sys.version`, which names the version, the build's date and the compiler) as its own.

Each run plays every configuration once on the pure-Python source and once on the compiled build
(`python -m games simulate GAME ... --no-check`, TRICKTABLE_BUILD=python / mypyc, one process at a time,
so one core each), then the peers (tools/build/peers.py, in the venv that --peers names; without it the
peers are left out). The figure is actions per CPU second of the play loop (`actions_per_cpu_s`), given
as min / median / max over the runs; the ratios use the medians. Prints a Markdown table.

    python tools/build/speed.py --peers /tmp/peers/bin/python --runs 5 --paired

--paired (needs --peers) is for a shared machine whose speed drifts within a run: each configuration is
measured beside its own peers, in the order pure Python, RLCard's Bridge, compiled, OpenSpiel's Hearts, so
each ratio compares two measurements a few seconds apart, and the table gives every run's ratio as min /
median / max. A drift of the host between configurations then moves both sides of a ratio alike. Its last
two columns are the ratio of the bests: each side's fastest of its --runs measurements (the pure build's
against the Bridge's measured beside that configuration, the compiled build's against those Hearts'), the
reading `timeit` recommends for CPU-bound code, since another process on the host only ever slows a
measurement: the best of a few is the least disturbed estimate of each side, where a median still carries
the host's load of that minute.

    python tools/build/speed.py --peers /tmp/peers/bin/python --runs 3 --interleaved

--interleaved (needs --peers and `make fast`'s compiled build) times each configuration and its peer in
one process, taking turns of about 0.1 CPU second each (tools/build/interleave.py): pure Python with
RLCard's Bridge, then the compiled build with OpenSpiel's Hearts. Both sides of a ratio are then timed
through the same minutes of the host, which --paired's separate processes, seconds apart, are not; over
three runs its pure-Python ratios moved 1-7% (most 2-4%) and its compiled ones 3-17%, where --paired's
medians moved 10-15%. --scale does not apply (a turn lasts a time, not a number of games). Each run gives every configuration
one ratio per build, the ratio of the totals over --turns turns of each side; the table gives min /
median / max over the runs.

    python tools/build/speed.py --peers /tmp/peers/bin/python --runs 9 --paired --only "Trickster 4p,KINGs standard 4p" --scale 3

--only keeps the configurations whose label contains one of its comma-separated parts, for a closer look
at a few without timing all thirteen; --scale K plays K times the games on both sides of every
measurement (the configurations and the peers alike, so a pair still lasts about as long on each side):
each measurement then lasts a few seconds instead of about one, which averages more of a shared host's
swings into each figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIGS: list[tuple[str, list[str]]] = [
    ("Trickster 4p", ["trickster", "--players", "4", "--games", "2000"]),
    ("Champions of Time 4p", ["trickster-cot", "--players", "4", "--games", "400"]),
    ("KINGs standard 3p", ["kings", "--players", "3", "--games", "500"]),
    ("KINGs standard 4p", ["kings", "--players", "4", "--games", "500"]),
    ("KINGs standard 5p", ["kings", "--players", "5", "--games", "500"]),
    ("KINGs two-player 2p", ["kings", "--variant", "two-player", "--players", "2", "--games", "500"]),
    ("Ombre 3p", ["kings", "--variant", "ombre", "--players", "3", "--games", "1000"]),
    ("Whist 4p", ["kings", "--variant", "whist", "--players", "4", "--games", "500"]),
    ("Napoleon 5p", ["kings", "--variant", "napoleon", "--players", "5", "--games", "1000"]),
    ("Capture of Dreams 6p", ["dream-capture", "--players", "6", "--games", "200"]),
    ("TIMETRAP 2p", ["timetrap", "--players", "2", "--games", "2000"]),
    ("TIMETRAP 3p", ["timetrap", "--players", "3", "--games", "2000"]),
    ("TIMETRAP 4p", ["timetrap", "--players", "4", "--games", "2000"]),
]
PEERS = [("hearts", ["--games", "2000"]), ("bridge", ["--games", "300"])]


def simulate(args: list[str], build: str) -> dict[str, object]:
    env = {**os.environ, "TRICKTABLE_BUILD": build}
    done = subprocess.run(
        [sys.executable, "-m", "games", "simulate", *args, "--no-check"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    if result["build"] != build:
        raise SystemExit(f"asked for the {build} build, ran {result['build']}: {done.stderr}")
    return result


def peer(python: str, name: str, args: list[str]) -> dict[str, object]:
    done = subprocess.run(
        [python, str(ROOT / "tools" / "build" / "peers.py"), name, *args],
        capture_output=True, text=True, check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def interpreter(python: str) -> str:
    """The build of the Python at `python`: its sys.version (version, build date, compiler)."""
    done = subprocess.run([python, "-c", "import sys; print(sys.version)"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else f"(could not run {python})"


def same_interpreter(peers: str) -> str | None:
    """Why the peers' Python may not be timed beside the engines' (module doc), or None when it may."""
    ours, theirs = sys.version.strip(), interpreter(peers)
    if theirs == ours:
        return None
    return (f"--peers {peers} runs Python {' '.join(theirs.split())}, the engines run {' '.join(ours.split())} "
            f"({sys.executable}): make the peers' venv from the engines' own interpreter, "
            f"{getattr(sys, '_base_executable', sys.executable)} -m venv DIR")


def wanted(label: str, only: str | None) -> bool:
    return only is None or any(part.strip() and part.strip() in label for part in only.split(","))


def scaled(args: list[str], scale: int) -> list[str]:
    """The same command line with its --games multiplied by `scale`."""
    at = args.index("--games") + 1
    return [*args[:at], str(int(args[at]) * scale), *args[at + 1:]]


def spread(values: list[float]) -> str:
    return " / ".join(f"{v / 1000:,.1f}k" for v in (min(values), statistics.median(values), max(values)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peers", help="the Python of a venv with open_spiel and rlcard installed")
    parser.add_argument("--paired", action="store_true", help="each configuration beside its own peers")
    parser.add_argument("--only", help="comma-separated parts of the labels to keep (default: every configuration)")
    parser.add_argument("--scale", type=int, default=1, help="play K times the games in every measurement")
    parser.add_argument("--interleaved", action="store_true", help="each configuration and its peer in turns, in one process")
    parser.add_argument("--turn", type=float, default=0.1, help="--interleaved: CPU seconds a turn")
    parser.add_argument("--turns", type=int, default=30, help="--interleaved: counted turns of each side")
    args = parser.parse_args()
    if args.scale < 1:
        parser.error("--scale must be 1 or more")
    chosen = [(label, scaled(config, args.scale)) for label, config in CONFIGS if wanted(label, args.only)]
    if not chosen:
        parser.error(f"--only {args.only!r} matches no configuration: {', '.join(label for label, _ in CONFIGS)}")
    CONFIGS[:] = chosen
    PEERS[:] = [(name, scaled(peer_args, args.scale)) for name, peer_args in PEERS]
    if args.peers and (why := same_interpreter(args.peers)):
        parser.error(why)
    if args.interleaved:
        if not args.peers:
            parser.error("--interleaved needs --peers")
        if args.turn <= 0 or args.turns < 1:
            parser.error("--turn must be above 0 and --turns at least 1")
        if args.scale != 1:
            parser.error("--scale does not apply to --interleaved: lengthen it with --turns")
        overlay = compiled_build()
        if overlay is None:
            parser.error("--interleaved times the compiled build too: build it first with make fast")
        return interleaved(args.peers, overlay, args.runs, args.turn, args.turns)
    if args.paired:
        if not args.peers:
            parser.error("--paired needs --peers")
        return paired(args.peers, args.runs)
    speeds: dict[tuple[str, str], list[float]] = {}
    for run in range(args.runs):
        for label, config in CONFIGS:
            for build in ("python", "mypyc"):
                figure = float(simulate(config, build)["actions_per_cpu_s"])  # type: ignore[arg-type]
                speeds.setdefault((label, build), []).append(figure)
        if args.peers:
            for name, peer_args in PEERS:
                result = peer(args.peers, name, peer_args)
                speeds.setdefault((name, "actions"), []).append(float(result["actions_per_cpu_s"]))  # type: ignore[arg-type]
                if "decisions_per_cpu_s" in result:
                    speeds.setdefault((name, "decisions"), []).append(float(result["decisions_per_cpu_s"]))  # type: ignore[arg-type]
        print(f"run {run + 1} of {args.runs} done", file=sys.stderr)
    hearts = statistics.median(speeds[("hearts", "decisions")]) if args.peers else None
    bridge = statistics.median(speeds[("bridge", "actions")]) if args.peers else None
    print("| engine | pure Python, actions per CPU s (min / median / max) | compiled (mypyc) | compiled / pure "
          "| pure vs RLCard Bridge | compiled vs OpenSpiel Hearts decisions |")
    print("|---|---|---|---|---|---|")
    for label, _ in CONFIGS:
        pure, compiled = speeds[(label, "python")], speeds[(label, "mypyc")]
        gain = statistics.median(compiled) / statistics.median(pure)
        vs_bridge = f"{statistics.median(pure) / bridge:.1f}x" if bridge else "-"
        vs_hearts = f"{statistics.median(compiled) / hearts:.2f}x" if hearts else "-"
        print(f"| {label} | {spread(pure)} | {spread(compiled)} | {gain:.1f}x | {vs_bridge} | {vs_hearts} |")
    if args.peers:
        print(f"\nOpenSpiel Hearts (C++): {spread(speeds[('hearts', 'actions')])} actions incl. chance, "
              f"{spread(speeds[('hearts', 'decisions')])} decisions per CPU s; "
              f"RLCard Bridge (Python, environment API): {spread(speeds[('bridge', 'actions')])} actions per CPU s.")
    return 0


def ratios(values: list[float]) -> str:
    return " / ".join(f"{v:.2f}x" for v in (min(values), statistics.median(values), max(values)))


def paired(peers: str, runs: int) -> int:
    """Every configuration beside its own peers (module doc, --paired): per run, the ratio of the pure
    build to the Bridge measured right after it, and of the compiled build to the Hearts measured right
    after that."""
    bridge_args, hearts_args = dict(PEERS)["bridge"], dict(PEERS)["hearts"]
    vs_bridge: dict[str, list[float]] = {}
    vs_hearts: dict[str, list[float]] = {}
    peer_speeds: dict[str, list[float]] = {"bridge": [], "hearts": []}
    sides: dict[tuple[str, str], list[float]] = {}  # (label, pure|bridge|compiled|hearts) -> every run's speed
    for run in range(runs):
        for label, config in CONFIGS:
            pure = float(simulate(config, "python")["actions_per_cpu_s"])  # type: ignore[arg-type]
            bridge = float(peer(peers, "bridge", bridge_args)["actions_per_cpu_s"])  # type: ignore[arg-type]
            compiled = float(simulate(config, "mypyc")["actions_per_cpu_s"])  # type: ignore[arg-type]
            hearts = float(peer(peers, "hearts", hearts_args)["decisions_per_cpu_s"])  # type: ignore[arg-type]
            vs_bridge.setdefault(label, []).append(pure / bridge)
            vs_hearts.setdefault(label, []).append(compiled / hearts)
            peer_speeds["bridge"].append(bridge)
            peer_speeds["hearts"].append(hearts)
            for side, speed in (("pure", pure), ("bridge", bridge), ("compiled", compiled), ("hearts", hearts)):
                sides.setdefault((label, side), []).append(speed)
        print(f"run {run + 1} of {runs} done", file=sys.stderr)
    print("| engine | pure Python vs the Bridge beside it (min / median / max) "
          "| compiled vs the Hearts decisions beside it (min / median / max) "
          "| best pure / best Bridge beside it | best compiled / best Hearts beside it |")
    print("|---|---|---|---|---|")
    for label, _ in CONFIGS:
        best_pure = max(sides[(label, "pure")]) / max(sides[(label, "bridge")])
        best_compiled = max(sides[(label, "compiled")]) / max(sides[(label, "hearts")])
        print(f"| {label} | {ratios(vs_bridge[label])} | {ratios(vs_hearts[label])} "
              f"| {best_pure:.2f}x | {best_compiled:.2f}x |")
    print(f"\nRLCard Bridge: {spread(peer_speeds['bridge'])} actions per CPU s; OpenSpiel Hearts: "
          f"{spread(peer_speeds['hearts'])} decisions per CPU s ({len(peer_speeds['bridge'])} measurements each).")
    return 0


def compiled_build() -> Path | None:
    """The venv's installed compiled build (`games_compiled`, games/_build.py), or None."""
    done = subprocess.run(
        [sys.executable, "-c", "from games._build import find_overlay; print(find_overlay() or '')"],
        cwd=ROOT, capture_output=True, text=True,
    )
    found = done.stdout.strip()
    return Path(found) if done.returncode == 0 and found else None


def without_games_count(config: list[str]) -> list[str]:
    """A configuration's simulate arguments without `--games N`: a turn lasts a time, not a number of games."""
    at = config.index("--games")
    return [*config[:at], *config[at + 2:]]


def take_turns(peers: str, config: list[str], build: str, peer_name: str, modules: str, turn: float,
               turns: int) -> dict[str, object]:
    """tools/build/interleave.py in the peers' Python: the configuration on `build` in turns with its peer.
    `modules` is PYTHONPATH: the repository, and for the compiled build a folder holding `games_compiled`."""
    env = {**os.environ, "TRICKTABLE_BUILD": build, "PYTHONPATH": modules}
    done = subprocess.run(
        [peers, str(ROOT / "tools" / "build" / "interleave.py"), *without_games_count(config),
         "--peer", peer_name, "--turn", str(turn), "--turns", str(turns)],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"interleave.py {' '.join(config)} ({build}) failed: {done.stderr.strip()[-2000:]}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    if result["build"] != build:
        raise SystemExit(f"asked for the {build} build, ran {result['build']}: {done.stderr.strip()}")
    return result


def interleaved(peers: str, overlay: Path, runs: int, turn: float, turns: int) -> int:
    """Every configuration in turns with its peer (module doc, --interleaved), `runs` times."""
    vs_bridge: dict[str, list[float]] = {}
    vs_hearts: dict[str, list[float]] = {}
    speeds: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="speed-compiled-") as folder:
        (Path(folder) / overlay.name).symlink_to(overlay, target_is_directory=True)  # only games_compiled
        source, compiled = str(ROOT), f"{ROOT}{os.pathsep}{folder}"
        for run in range(runs):
            for label, config in CONFIGS:
                pure = take_turns(peers, config, "python", "bridge", source, turn, turns)
                fast = take_turns(peers, config, "mypyc", "hearts", compiled, turn, turns)
                vs_bridge.setdefault(label, []).append(float(pure["ratio"]))  # type: ignore[arg-type]
                vs_hearts.setdefault(label, []).append(float(fast["ratio"]))  # type: ignore[arg-type]
                for side, result in (("pure", pure), ("compiled", fast)):
                    speeds.setdefault((label, side), []).append(float(result["ours_per_cpu_s"]))  # type: ignore[arg-type]
                speeds.setdefault(("bridge", ""), []).append(float(pure["peer_per_cpu_s"]))  # type: ignore[arg-type]
                speeds.setdefault(("hearts", ""), []).append(float(fast["peer_per_cpu_s"]))  # type: ignore[arg-type]
            print(f"run {run + 1} of {runs} done", file=sys.stderr)
    print("| engine | pure Python vs RLCard Bridge, in turns (min / median / max of the runs) "
          "| compiled vs OpenSpiel Hearts decisions, in turns | pure, actions per CPU s | compiled |")
    print("|---|---|---|---|---|")
    for label, _ in CONFIGS:
        print(f"| {label} | {ratios(vs_bridge[label])} | {ratios(vs_hearts[label])} "
              f"| {spread(speeds[(label, 'pure')])} | {spread(speeds[(label, 'compiled')])} |")
    print(f"\nRLCard Bridge: {spread(speeds[('bridge', '')])} actions per CPU s; OpenSpiel Hearts: "
          f"{spread(speeds[('hearts', '')])} decisions per CPU s ({turns} turns of {turn} CPU s a side a "
          f"measurement, {len(speeds[('bridge', '')])} measurements each).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
