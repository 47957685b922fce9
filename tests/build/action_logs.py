"""Seeded games of every game and variant, reduced to one hash of their action logs per configuration.

The compiled build must play exactly the moves of the pure-Python source: tests/build/test_same_moves.py
runs this module once under each build (`TRICKTABLE_BUILD=python` / `mypyc`) and compares the hashes.
Run by hand it prints them as JSON (`python tests/build/action_logs.py [--search-games N]`), which is how
the hashes were recorded before the source was changed for mypyc.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from games.core.contract import Game, Policy
from games.core.registry import all_games
from games.search import Budget, search_policy
from games.tools.fingerprint import fingerprint
from games.tools.simulate import play_one

RANDOM_GAMES = 12
HEURISTIC_GAMES = 4
SEARCH_PLAYOUTS = 12  # small: the moves, not the strength, are compared


def configurations() -> list[tuple[Game[Any], str, int]]:
    """Every (game, variant, player count) the registry offers."""
    found: list[tuple[Game[Any], str, int]] = []
    for game in all_games().values():
        for variant in game.info.variants:
            for players in range(variant.min_players, variant.max_players + 1):
                found.append((game, variant.id, players))
    return found


def _digest(logs: list[Any]) -> str:
    return hashlib.sha256(json.dumps(logs, separators=(",", ":")).encode()).hexdigest()[:16]


def _play(game: Game[Any], variant: str, players: int, policies: list[Policy], seeds: range) -> str:
    logs: list[Any] = []
    for seed in seeds:
        run = play_one(game, players, policies, seed, None, variant, check=False)
        outcome = run.outcome
        logs.append([run.log, outcome.placements if outcome else None])
    return _digest(logs)


def hashes(
    search_games: int = 1, seed: int = 9000, playouts: int | None = SEARCH_PLAYOUTS, fingerprints: int = 2
) -> dict[str, str]:
    """Random, heuristic and search games of every configuration, and the behaviour fingerprint
    (games/tools/fingerprint.py) of `fingerprints` games, keyed `game/variant/players/kind`."""
    result: dict[str, str] = {}
    for game, variant, players in configurations():
        key = f"{game.info.id}/{variant}/{players}"
        available = game.policies()
        random_play = available["random"]
        result[f"{key}/random"] = _play(game, variant, players, [random_play] * players,
                                        range(seed, seed + RANDOM_GAMES))
        base = available.get("heuristic", random_play)
        result[f"{key}/heuristic"] = _play(game, variant, players, [base] * players,
                                           range(seed, seed + HEURISTIC_GAMES))
        if fingerprints:  # everything a seat could observe (events, views, prompts), not only the moves
            result[f"{key}/observed"] = str(fingerprint(game, [players], fingerprints, None, variant)["sha256"])[:16]
        if search_games:
            searcher = search_policy(game, Budget(playouts=playouts))
            result[f"{key}/search"] = _play(game, variant, players, [searcher] + [base] * (players - 1),
                                            range(seed, seed + search_games))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--search-games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--playouts", type=int, default=SEARCH_PLAYOUTS, help="0: each game's default budget")
    parser.add_argument("--fingerprints", type=int, default=2, help="games per behaviour fingerprint (0: none)")
    args = parser.parse_args(argv)
    json.dump(hashes(args.search_games, args.seed, args.playouts or None, args.fingerprints), sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
