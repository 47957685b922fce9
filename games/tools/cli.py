"""`python -m games list`, `python -m games simulate` (contracts in DESIGN.md; keep them stable),
`python -m games pool` (chunked simulate results pooled into one figure per label, games/tools/pooling.py)
and `python -m games replay FILE` (a game record replayed and verified, games/tools/replay.py)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import games
from games.core.contract import Game, Policy
from games.core.errors import GameError
from games.core.registry import all_games, get_game
from games.tools import fingerprint, pooling, replay
from games.tools.simulate import challenger_seats, play_one, summary_line, win_share


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"--option expects KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _count(text: str) -> int:
    """A whole number, 0 or more (argparse answers a bad one with one line naming the option)."""
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number, 0 or more, got {text!r}")
    return int(text)


def _policy(
    game: Game[Any],
    name: str,
    budget: int | None = None,
    playout: str | None = None,
    race_deals: int | None = None,
) -> Policy:
    """A policy by name: the game's own, or `search` (games/search: every game's strong AI)."""
    available = game.policies()
    if name == "search":
        from games.search import Budget, search_policy

        return search_policy(game, Budget(playouts=budget or None, race_deals=race_deals), playout)
    if name not in available:
        choices = ", ".join([*available, "search"])
        raise SystemExit(f"unknown policy {name!r} for {game.info.id}; choose one of: {choices}")
    return available[name]


class _TimedSearch:
    """A searching policy that records how long each of its decisions takes (ms). A wrapper rather than
    a replaced `decide`: a class of the compiled build (games/_build.py) takes no new attributes."""

    wants_sampler = True

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.times: list[float] = []

    def __call__(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        return str(self.policy(view, legal, rng))

    def decide(self, *args: Any) -> str:
        started = time.perf_counter()
        try:
            return str(self.policy.decide(*args))
        finally:
            self.times.append((time.perf_counter() - started) * 1000)


def _time_decisions(policy: Policy) -> tuple[Policy, list[float]]:
    """The policy to play, and the list that collects each searching decision's time (ms); other
    policies are played as they are and not timed."""
    if not getattr(policy, "wants_sampler", False):
        return policy, []
    timed = _TimedSearch(policy)
    return timed, timed.times


def _ci95(shares: list[float]) -> list[float]:
    """A normal-approximation 95% interval of the mean win share."""
    if len(shares) < 2:
        return []
    mean = sum(shares) / len(shares)
    var = sum((x - mean) ** 2 for x in shares) / (len(shares) - 1)
    half = 1.96 * (var / len(shares)) ** 0.5
    return [round(mean - half, 4), round(mean + half, 4)]


def cmd_list() -> int:
    """The games as a JSON array; each entry also says which build of the engines runs ("build": "python"
    or "mypyc", games/_build.py), an added key that leaves the documented ones as they were."""
    entries = [{**g.info.to_json(), "build": games.BUILD} for g in all_games().values()]
    print(json.dumps(entries, ensure_ascii=False, indent=2))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
        variant = game.info.variant(args.variant)
    except GameError as err:
        print(err.message("en"), file=sys.stderr)
        return 2
    players = args.players or variant.min_players
    options = _parse_options(args.option)
    base = _policy(game, args.policy, args.budget, args.playout, args.race_deals)
    challenger = (
        _policy(game, args.challenger, args.budget, args.playout, args.race_deals) if args.challenger else None
    )
    decision_ms: list[float] = []
    if challenger is not None:
        challenger, decision_ms = _time_decisions(challenger)
    try:
        probe = game.setup(players, options, args.seed, variant.id)
    except GameError as err:
        print(err.message("en"), file=sys.stderr)
        return 2
    total_actions = 0
    violations: list[str] = []
    shares: list[float] = []
    chances: list[float] = []
    started = time.perf_counter()
    cpu_started = time.process_time()  # CPU seconds of the loop: the figure that a busy machine moves least
    for index in range(args.games):
        seed = args.seed + index
        policies = [base] * players
        seats: list[int] = []
        if challenger:
            seats = challenger_seats(game, probe, index % players, players)
            for s in seats:
                policies[s] = challenger
        run = play_one(game, players, policies, seed, options, variant.id, check=not args.no_check)
        total_actions += run.actions
        violations.extend(run.violations)
        if challenger and run.outcome:
            shares.append(win_share(run.outcome, seats))
            teams = run.outcome.teams
            chances.append(1.0 / len(teams) if teams else 1.0 / players)
        if len(violations) > 200:
            break
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    for line in violations[:20]:
        print("VIOLATION", line, file=sys.stderr)
    result: dict[str, Any] = {
        "game": game.info.id,
        "variant": variant.id,
        "players": players,
        "games": args.games,
        "actions": total_actions,
        "seconds": round(seconds, 3),
        "games_per_s": round(args.games / seconds, 1) if seconds else 0.0,
        "actions_per_s": round(total_actions / seconds, 1) if seconds else 0.0,
        "violations": len(violations),
        "cpu_seconds": round(cpu_seconds, 3),
        "actions_per_cpu_s": round(total_actions / cpu_seconds, 1) if cpu_seconds else 0.0,
        "build": games.BUILD,  # python or mypyc (games/_build.py): benchmarks and strength chunks record it
    }
    if challenger:
        result["challenger_win_rate"] = round(sum(shares) / len(shares), 4) if shares else 0.0
        result["chance_rate"] = round(sum(chances) / len(chances), 4) if chances else 0.0
        result["challenger_ci95"] = _ci95(shares)
        if decision_ms:
            ordered = sorted(decision_ms)
            result["decision_mean_ms"] = round(sum(ordered) / len(ordered), 2)
            result["decision_p99_ms"] = round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2)
    print(summary_line(**result))
    return 1 if violations else 0


def cmd_pool(args: argparse.Namespace) -> int:
    """Pool chunked `simulate` results into one figure per label (games/tools/pooling.py)."""
    chunks: list[pooling.Chunk] = []
    for path in args.files:
        try:
            with open(path, encoding="utf-8") as lines:
                chunks.extend(pooling.read_chunks(lines))
        except OSError as err:
            print(f"{path}: {err.strerror}", file=sys.stderr)
            return 2
        except ValueError as err:
            print(f"{path}: {err}", file=sys.stderr)
            return 2
    if args.label:
        chunks = [c for c in chunks if c.label in args.label]
    if args.build:
        chunks = [c for c in chunks if c.build in args.build]
    print(pooling.TABLE_HEADER)
    for pooled in pooling.by_label(chunks):
        print(pooling.markdown_row(pooled))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description="Tricktable rule engines")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="print the games as a JSON array")
    sim = sub.add_parser("simulate", help="play whole games with AI seats, checking invariants")
    sim.add_argument("game")
    sim.add_argument("--variant")
    sim.add_argument("--players", type=int)
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--games", type=_count, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--policy", default="random")
    sim.add_argument("--challenger")
    sim.add_argument(
        "--budget",
        type=_count,
        default=None,
        help="playouts per decision for the search policy (0: the game's default)",
    )
    sim.add_argument("--playout", default=None, help="the policy that plays the search's playouts")
    sim.add_argument(
        "--race-deals",
        type=_count,
        default=None,
        help="deals of its own for the search's best move against the anchor's (default: the game's)",
    )
    sim.add_argument("--no-check", action="store_true", help="skip invariant checks (raw speed)")
    pool = sub.add_parser("pool", help="pool chunked simulate results (JSON lines) into one figure per label")
    pool.add_argument("files", nargs="+", metavar="FILE")
    pool.add_argument("--label", action="append", default=[], help="only this label (repeatable)")
    pool.add_argument(
        "--build",
        action="append",
        default=[],
        metavar="BUILD",
        help="only chunks run by this build: python or mypyc (repeatable; tools/strength/compile.sh)",
    )
    replay.add_parser(sub)
    prints = sub.add_parser("fingerprint", help=fingerprint.DESCRIPTION)
    fingerprint.add_arguments(prints)
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay.run(args)
    if args.command == "fingerprint":
        return fingerprint.run(args)
    if args.command == "list":
        return cmd_list()
    if args.command == "pool":
        return cmd_pool(args)
    return cmd_simulate(args)
