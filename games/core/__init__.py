"""The engine contract shared by every game, and the tools built on it."""

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
