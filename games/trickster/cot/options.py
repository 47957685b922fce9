"""Table options: which deck (intro, strategy, random, draft) and which sets the table enables.

Rulebook 【ゲームの準備】 lists the intro and strategy decks; 【推奨デッキ以外の作り方】 the random and
draft ways. A listed deck is base-set only, so enabling Grand Gambit or the promos with it is refused
rather than silently ignored.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.core.contract import OptionInfo
from games.core.errors import InvalidOptions
from games.trickster.cot import messages  # noqa: F401  (registers the texts used below)
from games.trickster.cot.cards import INTRO_DECK, SET_HEROES, STRATEGY_DECK

DECKS = ("random", "intro", "strategy", "draft")
BOOLS = ("false", "true")

OPTIONS: tuple[OptionInfo, ...] = (
    OptionInfo(
        "deck",
        DECKS,
        "random",
        {
            "en": "intro / strategy (the rulebook's decks), random 7 or a draft of the enabled heroes",
            "ja": "入門 / 戦略（推奨デッキ）、有効な英雄からランダム７種、またはドラフト",
        },
    ),
    OptionInfo(
        "grand_gambit",
        BOOLS,
        "false",
        {"en": "add the Grand Gambit heroes (random or draft)", "ja": "拡張『Grand Gambit』の英雄を加える"},
    ),
    OptionInfo(
        "promos",
        BOOLS,
        "false",
        {
            "en": "add the promo heroes Beast and Maven (random or draft)",
            "ja": "限定カード（野獣・専門家）を加える",
        },
    ),
)


class Setup:
    """Validated options: the deck mode, the enabled heroes, and the normalized option pairs."""

    __slots__ = ("mode", "normalized", "pool")

    def __init__(self, mode: str, pool: tuple[int, ...], normalized: tuple[tuple[str, str], ...]) -> None:
        self.mode = mode
        self.pool = pool
        self.normalized = normalized


def parse(options: Mapping[str, str] | None) -> Setup:
    """Validate options; raise InvalidOptions with a player-facing reason."""
    given = {str(k).strip().lower(): str(v).strip().lower() for k, v in (options or {}).items()}
    known = {o.name for o in OPTIONS}
    for key in given:
        if key not in known:
            raise InvalidOptions("cot_unknown_option", name=key, choices=", ".join(sorted(known)))
    values: dict[str, str] = {}
    for option in OPTIONS:
        value = given.get(option.name, option.default or "")
        if value not in option.choices:
            raise InvalidOptions(
                "cot_bad_value", name=option.name, value=value, choices=", ".join(option.choices)
            )
        values[option.name] = value
    mode = values["deck"]
    extras = values["grand_gambit"] == "true" or values["promos"] == "true"
    if mode in ("intro", "strategy") and extras:
        raise InvalidOptions("cot_fixed_deck_extras", deck=mode)
    if mode == "intro":
        pool = INTRO_DECK
    elif mode == "strategy":
        pool = STRATEGY_DECK
    else:
        pool = SET_HEROES["base"]
        if values["grand_gambit"] == "true":
            pool += SET_HEROES["gg"]
        if values["promos"] == "true":
            pool += SET_HEROES["promo"]
    return Setup(mode, tuple(sorted(pool)), tuple(sorted(values.items())))
