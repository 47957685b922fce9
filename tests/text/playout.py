"""Random playouts of every game and variant, recording what each player would read (boards, logs,
prompts, action labels, option descriptions), for the text tests and for reading by eye
(`python -m tests.text.playout GAME [VARIANT] [PLAYERS] [LANG]`)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from games.core.contract import Game
from games.core.registry import get_game

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace")

TABLES: tuple[tuple[str, str | None, int, dict[str, str]], ...] = (
    ("trickster", None, 2, {}),
    ("trickster", None, 3, {"deck": "tianxia"}),
    ("trickster", None, 4, {"deck": "symbiosis"}),
    ("trickster", None, 5, {"deck": "epic-mix"}),
    ("trickster-cot", None, 2, {}),
    ("trickster-cot", None, 3, {"deck": "draft", "grand_gambit": "true", "promos": "true"}),
    ("trickster-cot", None, 5, {"deck": "random", "grand_gambit": "true", "promos": "true"}),
    ("kings", "standard", 3, {}),
    ("kings", "standard", 5, {"cheerleader": "true"}),
    ("kings", "standard", 4, {"initial_parties": "true", "devil_contract": "true"}),
    ("kings", "two-player", 2, {}),
    ("kings", "ombre", 3, {}),
    ("kings", "whist", 4, {}),
    ("kings", "napoleon", 5, {}),
    ("dream-capture", None, 6, {"deals": "2"}),
    ("timetrap", None, 2, {}),
    ("timetrap", None, 4, {}),
)


@dataclass
class Transcript:
    """Everything rendered during one game, by kind."""

    game: Game[Any]
    names: tuple[str, ...]
    boards: list[str] = field(default_factory=list)
    logs: list[str] = field(default_factory=list)
    prompts: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    described: list[tuple[str, str | None]] = field(default_factory=list)  # (action, description)
    states: list[Any] = field(default_factory=list)

    def texts(self) -> Iterator[str]:
        yield from self.boards
        yield from self.logs
        yield from self.prompts
        yield from self.labels


def play(
    game_id: str,
    variant: str | None,
    players: int,
    options: dict[str, str],
    seed: int = 1,
    lang: str = "en",
    names: tuple[str, ...] = NAMES,
    max_steps: int = 3000,
) -> Transcript:
    game = get_game(game_id)
    rng = random.Random(seed)
    seat_names = names[:players]
    state = game.setup(players, options, seed, variant)
    out = Transcript(game, seat_names)
    out.states.append(state)
    for event in game.setup_events(state):
        out.logs.append(game.render_event(event, lang, names=seat_names))
    for _ in range(max_steps):
        if game.is_over(state):
            break
        seat = sorted(game.to_act(state))[0]
        view = game.view(state, seat)
        prompt = game.prompt(state, seat)
        if prompt is not None:
            out.prompts.append(game.render_prompt(prompt, lang, names=seat_names))
        legal = game.legal_actions(state, seat)
        for action in legal:
            out.labels.append(game.render_action(action, view, lang, names=seat_names))
            out.described.append((action, game.describe_action(action, view, lang)))
        action = rng.choice(legal)
        state, events = game.apply(state, seat, action)
        out.states.append(state)
        for event in events:
            out.logs.append(game.render_event(event, lang, names=seat_names))
        if rng.random() < 0.08 or game.is_over(state):
            out.boards.append(game.render_view(game.view(state, seat), lang, names=seat_names))
            out.boards.append(game.render_view(game.view(state, None), lang, names=seat_names))
    return out


def main(argv: list[str]) -> None:
    game_id = argv[0]
    variant = argv[1] if len(argv) > 1 and argv[1] != "-" else None
    players = int(argv[2]) if len(argv) > 2 else next(t[2] for t in TABLES if t[0] == game_id)
    lang = argv[3] if len(argv) > 3 else "en"
    options = next(
        (t[3] for t in TABLES if t[0] == game_id and t[1] in (variant, None) and t[2] == players), {}
    )
    t = play(game_id, variant, players, options, seed=int(argv[4]) if len(argv) > 4 else 1, lang=lang)
    print("=== LOG ===")
    print("\n".join(t.logs))
    print("=== PROMPTS (sample) ===")
    print("\n".join(sorted(set(t.prompts))[:60]))
    print("=== LABELS (sample) ===")
    print("\n".join(sorted(set(t.labels))[:80]))
    print("=== DESCRIBED (sample) ===")
    print("\n".join(f"{a} -> {d}" for a, d in sorted(set(t.described), key=str)[:40]))
    print("=== LAST BOARDS ===")
    print("\n\n".join(t.boards[-3:]))


if __name__ == "__main__":
    main(sys.argv[1:])
