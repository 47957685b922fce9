"""Random play in two peers' card games, for docs/engine-speed.md's side-by-side table: OpenSpiel's Hearts
(C++, through pyspiel) and RLCard's Bridge (pure Python). Run it in a throwaway venv, never the project's,
made from the same interpreter as the project's venv (Hearts' loop is Python too: on a slower build of
Python both peers read slower, and every ratio flatters our engines; tools/build/speed.py checks this):

    "$(.venv/bin/python -c 'import sys; print(sys._base_executable)')" -m venv /tmp/peers
    /tmp/peers/bin/pip install open_spiel rlcard
    /tmp/peers/bin/python tools/build/peers.py hearts --games 2000
    /tmp/peers/bin/python tools/build/peers.py bridge --games 300

Prints one JSON line: actions (and for Hearts, decisions: actions that are not chance nodes) per CPU second,
timed with time.process_time() around the play loop only, as `python -m games simulate` reports
`actions_per_cpu_s`. RLCard's Bridge through its environment (`rlcard.make`, what its users call, as the
targets were set) and, `bridge-game`, through its game object without the observation encoding.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any


def hearts_player(seed: int) -> Callable[[], tuple[int, int]]:
    """One OpenSpiel Hearts game of random play per call: (actions, decisions). The game is loaded here,
    outside any timing; tools/build/interleave.py takes turns with it game by game."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)

    def play() -> tuple[int, int]:
        actions = decisions = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rng.random() * len(outcomes))][0]  # every outcome is equally likely
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
                decisions += 1
            state.apply_action(action)
            actions += 1
        return actions, decisions

    return play


def bridge_player(seed: int) -> Callable[[], int]:
    """One RLCard Bridge game of random play per call, through its environment (rlcard.make, the API its
    users play through: each step also encodes the next player's observation): its actions."""
    import rlcard

    env = rlcard.make("bridge", config={"seed": seed})
    rng = random.Random(seed)

    def play() -> int:
        actions = 0
        state, _player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[int(rng.random() * len(legal))])
            actions += 1
        return actions

    return play


def hearts(games: int, seed: int) -> dict[str, Any]:
    play = hearts_player(seed)
    actions = decisions = 0
    started = time.process_time()
    for _ in range(games):
        game_actions, game_decisions = play()
        actions += game_actions
        decisions += game_decisions
    cpu = time.process_time() - started
    return {"peer": "open_spiel hearts", "games": games, "actions": actions, "decisions": decisions,
            "cpu_seconds": round(cpu, 3), "actions_per_cpu_s": round(actions / cpu, 1),
            "decisions_per_cpu_s": round(decisions / cpu, 1)}


def bridge(games: int, seed: int) -> dict[str, Any]:
    play = bridge_player(seed)
    actions = 0
    started = time.process_time()
    for _ in range(games):
        actions += play()
    cpu = time.process_time() - started
    return {"peer": "rlcard bridge (env)", "games": games, "actions": actions, "cpu_seconds": round(cpu, 3),
            "actions_per_cpu_s": round(actions / cpu, 1)}


def bridge_game(games: int, seed: int) -> dict[str, Any]:
    """Through RLCard's game object (`env.game`: init_game, step, the judger's legal actions): the rules
    without the environment's observation encoding, for comparison."""
    import numpy as np
    from rlcard.games.bridge.game import BridgeGame

    game = BridgeGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    actions = 0
    started = time.process_time()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            legal = game.judger.get_legal_actions()
            game.step(legal[int(rng.random() * len(legal))])
            actions += 1
    cpu = time.process_time() - started
    return {"peer": "rlcard bridge (game)", "games": games, "actions": actions, "cpu_seconds": round(cpu, 3),
            "actions_per_cpu_s": round(actions / cpu, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("peer", choices=["hearts", "bridge", "bridge-game"])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run = {"hearts": hearts, "bridge": bridge, "bridge-game": bridge_game}[args.peer]
    print(json.dumps(run(args.games, args.seed)))


if __name__ == "__main__":
    main()
