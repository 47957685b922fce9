"""A behaviour fingerprint of one engine: the check that makes a speed change safe to land.

    python -m games.tools.fingerprint trickster --players 2,3,4,5,6,7 --games 300 [--option deck=tianxia]

plays seeded games (the random policy, and the heuristic one every 25th game so its paths are covered
too) and hashes, after setup and after every action: every event with its audience, who is to act,
every seat's legal actions, every seat's view and the public view, the JSON state and `is_over`; then
the outcome. Equal digests before and after a refactor mean no player could see a difference: the
engine speed work on Trickster and Champions of Time was landed step by step against such digests.
It prints one JSON line: game, variant, players, games, actions, sha256.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.contract import Event, Game, Policy
from games.core.policy import random_policy
from games.core.registry import get_game
from games.tools.simulate import play_one


def _dump(value: Any) -> bytes:
    return json.dumps(value, default=repr, ensure_ascii=False).encode()


def _snapshot(digest: Any, game: Game[Any], state: Any, events: Sequence[Event], players: int) -> None:
    for event in events:
        digest.update(_dump([event.kind, dict(event.data), None if event.audience is None else sorted(event.audience)]))
    digest.update(_dump(sorted(game.to_act(state))))
    for seat in range(players):
        digest.update(_dump(game.legal_actions(state, seat)))
    for viewer in [*range(players), None]:
        digest.update(_dump(game.view(state, viewer)))
    digest.update(_dump(game.to_json(state)))
    digest.update(_dump(game.is_over(state)))


def fingerprint(
    game: Game[Any],
    players: Sequence[int],
    games: int,
    options: Mapping[str, str] | None = None,
    variant: str | None = None,
) -> dict[str, Any]:
    """Play `games` seeded games per player count and hash everything any seat could observe."""
    digest = hashlib.sha256()
    policies = game.policies()
    heuristic: Policy = policies.get("heuristic", random_policy)
    actions = 0
    for count in players:
        for seed in range(games):
            policy = heuristic if seed % 25 == 0 else random_policy
            run = play_one(game, count, [policy] * count, seed, options, variant, check=False)
            digest.update(_dump([count, seed, run.actions, run.violations, run.log]))
            state = game.setup(count, options or {}, seed, variant)
            _snapshot(digest, game, state, game.setup_events(state), count)
            for seat, action in run.log:
                state, events = game.apply(state, seat, action)
                _snapshot(digest, game, state, events, count)
            outcome = game.outcome(state)
            digest.update(_dump(None if outcome is None else outcome.to_json()))
            actions += run.actions
    return {
        "game": game.info.id,
        "variant": variant,
        "players": list(players),
        "games": games * len(players),
        "actions": actions,
        "sha256": digest.hexdigest(),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `python -m games fingerprint` and of `python -m games.tools.fingerprint`."""
    parser.add_argument("game")
    parser.add_argument("--variant")
    parser.add_argument("--players", default="", help="comma-separated player counts (default: the minimum)")
    parser.add_argument("--games", type=int, default=100, help="seeded games per player count")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")


def run(args: argparse.Namespace) -> int:
    """Print the fingerprint the parsed options ask for, as one JSON line."""
    game = get_game(args.game)
    variant = game.info.variant(args.variant)
    counts = [int(p) for p in args.players.split(",") if p.strip()] or [variant.min_players]
    options = dict(pair.split("=", 1) for pair in args.option)
    print(json.dumps(fingerprint(game, counts, args.games, options, variant.id)))
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python -m games.tools.fingerprint` on the source build. A compiled module cannot be run with -m
    (it has no code object), so on the compiled build the same command is `python -m games fingerprint`
    (games/__main__.py is never compiled)."""
    parser = argparse.ArgumentParser(
        prog="python -m games.tools.fingerprint",  # a literal: a compiled module keeps no docstring
        description=DESCRIPTION,
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))


DESCRIPTION = "A behaviour fingerprint of one engine: the check that makes a speed change safe to land."

if __name__ == "__main__":
    raise SystemExit(main())
