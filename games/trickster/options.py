"""Table options: which heroes make the deck, and the set-up amounts per player count.

Option `deck` = fantasy | tianxia | symbiosis | basic-mix | epic-mix (default fantasy); option
`heroes` = comma-separated hero names for basic-mix or epic-mix (random when omitted).
Rulebook: 004_6403efb1403ffcad.txt, "Setup" and "Mixing Sets".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from games.core import i18n
from games.core.errors import InvalidOptions
from games.core.rng import Rng
from games.trickster.cards import HERO_INDEX, HEROES, SETS

DECKS = ("fantasy", "tianxia", "symbiosis", "basic-mix", "epic-mix")
OPTION_NAMES = ("deck", "heroes")

i18n.register(
    {
        "trickster.unknown_option": {
            "en": "Unknown option {name}; Trickster takes: deck, heroes.",
            "ja": "不明なオプション {name}。トリックスターで使えるのは deck と heroes です。",
        },
        "trickster.bad_deck": {
            "en": "Unknown deck {deck}; choose one of: {choices}.",
            "ja": "不明なデッキ {deck}。次から選んでください: {choices}",
        },
        "trickster.heroes_need_mix": {
            "en": "The heroes option only works with deck=basic-mix or deck=epic-mix.",
            "ja": "heroes オプションは deck=basic-mix か deck=epic-mix のときだけ使えます。",
        },
        "trickster.unknown_hero": {
            "en": "Unknown hero {hero}; heroes are: {choices}.",
            "ja": "不明な英雄 {hero}。英雄は次のとおりです: {choices}",
        },
        "trickster.duplicate_hero": {
            "en": "Hero {hero} is listed twice; a mix uses each hero once.",
            "ja": "英雄 {hero} が2回指定されています。ミックスでは各英雄を1回だけ使います。",
        },
        "trickster.hero_count": {
            "en": "This mix needs exactly {need} different heroes for {players} players (got {got}).",
            "ja": "このミックスは{players}人で異なる英雄がちょうど{need}種類必要です（{got}種類）。",
        },
        "trickster.epic_too_many": {
            "en": "Epic Mix needs {need} heroes for {players} players, but only 21 exist (at most 6 players).",
            "ja": "エピックミックスは{players}人で英雄{need}種類が必要ですが、21種類しかありません（6人まで）。",
        },
    }
)


class Setup(NamedTuple):
    deck_name: str
    heroes: tuple[int, ...]
    hand_size: int  # also the Trash size
    ends_at: int  # the Out count that ends the game


def hand_size(players: int) -> int:
    """'For two or three players: 7 cards; four-to-six players: 6; seven players: 5.'"""
    if players <= 3:
        return 7
    return 6 if players <= 6 else 5


def heroes_needed(deck: str, players: int) -> int:
    """Epic Mix: 'Starting with the third player, add three complete heroes for each additional player.'"""
    if deck == "epic-mix":
        return 7 + 3 * max(0, players - 2)
    return 7


def ends_at(deck: str, players: int) -> int:
    """Out counts that end the game: 4-7 players 1; 3 players 2; 2 players and Epic Mix 3."""
    if deck == "epic-mix" or players == 2:
        return 3
    return 2 if players == 3 else 1


def resolve(players: int, options: Mapping[str, str] | None, rng: Rng) -> Setup:
    """Validate the options and choose the heroes (random ones from the table RNG).

    A fixed deck (one of the three sets) resolves the same way every time: that result is kept, so a
    simulation's thousands of set-ups skip the validation. Random heroes are drawn on every call."""
    key = (players, *options.items()) if options else (players,)
    fixed = _FIXED.get(key)
    if fixed is not None:
        return fixed
    chosen = _resolve(players, options, rng)
    if chosen.deck_name in SETS and len(_FIXED) < 256:  # bounded: option strings come from users
        _FIXED[key] = chosen
    return chosen


_FIXED: dict[tuple[object, ...], Setup] = {}


def _resolve(players: int, options: Mapping[str, str] | None, rng: Rng) -> Setup:
    options = dict(options or {})
    for name in options:
        if name not in OPTION_NAMES:
            raise InvalidOptions("trickster.unknown_option", name=name)
    deck = (options.get("deck") or "fantasy").strip().lower()
    if deck not in DECKS:
        raise InvalidOptions("trickster.bad_deck", deck=deck, choices=", ".join(DECKS))
    raw_heroes = (options.get("heroes") or "").strip()
    need = heroes_needed(deck, players)
    if need > len(HEROES):
        raise InvalidOptions("trickster.epic_too_many", need=need, players=players)
    if deck in SETS:
        if raw_heroes:
            raise InvalidOptions("trickster.heroes_need_mix")
        heroes = tuple(HERO_INDEX[h.slug] for h in SETS[deck])
    elif raw_heroes:
        chosen: list[int] = []
        for name in (part.strip().lower() for part in raw_heroes.split(",")):
            if name not in HERO_INDEX:
                raise InvalidOptions(
                    "trickster.unknown_hero", hero=name, choices=", ".join(h.slug for h in HEROES)
                )
            if HERO_INDEX[name] in chosen:
                raise InvalidOptions("trickster.duplicate_hero", hero=name)
            chosen.append(HERO_INDEX[name])
        if len(chosen) != need:
            raise InvalidOptions("trickster.hero_count", need=need, players=players, got=len(chosen))
        heroes = tuple(sorted(chosen))
    else:
        heroes = tuple(sorted(rng.shuffled(range(len(HEROES)))[:need]))
    return Setup(deck, heroes, hand_size(players), ends_at(deck, players))
