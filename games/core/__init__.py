"""The engine contract shared by every game: the records, errors, seeded RNG, registry, random policy and
invariant checker. It imports no game and not games/search; the command-line tools are in games/tools."""

from games.core.contract import (
    CardText,
    Event,
    Game,
    GameInfo,
    OptionInfo,
    Outcome,
    Policy,
    Prompt,
    VariantInfo,
)
from games.core.errors import GameError, IllegalAction, InvalidOptions
from games.core.rng import Rng, seed_state

__all__ = [
    "CardText",
    "Event",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalAction",
    "InvalidOptions",
    "OptionInfo",
    "Outcome",
    "Policy",
    "Prompt",
    "Rng",
    "VariantInfo",
    "seed_state",
]
