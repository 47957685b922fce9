"""The table explains itself. People are named in every board, log line, prompt and action
label; no raw lists, seat numbers from 0 or builders' notes reach a player; every card of every game has
its effect text in English and Japanese, and every option that plays or picks such a card says it."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest

from games.core.registry import all_games, get_game
from tests.text.playout import NAMES, TABLES, Transcript, play

LANGS = ("en", "ja")

# What must never reach a player (raw data and builders' words on screen; nobody unnamed).
FORBIDDEN = (
    re.compile(r"\bP[1-7]\b"),  # fallback labels: the tables here pass names
    re.compile(r"\bSeat \d"),
    re.compile(r"\bPlayer \d"),
    re.compile(r"プレイヤー\d"),
    re.compile(r"\d+番席"),
    re.compile(r"席\d"),
    re.compile(r"\["),  # Python lists ("Round 2 scored: [280, 430]", "Teams: [[0, 2], [1, 3]]")
    re.compile(r"PROVISIONAL"),
    re.compile(r"暫定"),
    re.compile(r"\.txt\b"),
    re.compile(r"Source:"),
    re.compile(r"\b1 cards\b"),
    re.compile(r"\(s\)"),
    re.compile(r"[{}]"),  # an unformatted template
    re.compile(r"\+  "),  # "Rare +  king"
    re.compile(r"\bNone\b"),
)


def _id(table: tuple[str, str | None, int, dict[str, str]]) -> str:
    game, variant, players, options = table
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{variant or 'default'}-{players}{'-' + extra if extra else ''}"


@cache
def _played(index: int, lang: str) -> Transcript:
    game, variant, players, options = TABLES[index]
    return play(game, variant, players, options, seed=3 + index, lang=lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("index", range(len(TABLES)), ids=[_id(t) for t in TABLES])
def test_what_players_read_names_people_and_shows_no_raw_data(index: int, lang: str) -> None:
    t = _played(index, lang)
    assert t.boards and t.logs and t.labels
    for text in t.texts():
        for pattern in FORBIDDEN:
            assert not pattern.search(text), f"{pattern.pattern!r} in: {text}"
    # every person is named on the board (turn order, scores, results)
    boards = "\n".join(t.boards)
    for name in t.names:
        assert name in boards, f"{name} never named on a board"
    assert t.game.is_over(t.states[-1]), "the playout should reach the end"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("index", range(len(TABLES)), ids=[_id(t) for t in TABLES])
def test_every_option_for_a_card_with_an_effect_describes_it(index: int, lang: str) -> None:
    t = _played(index, lang)
    game = t.game
    for action, description in t.described:
        if any(game.card_effect(token, lang) for token in action.split(":")[1:]):
            assert description, f"{action} has no description"
        if description:
            assert "{" not in description and "PROVISIONAL" not in description
            # a Discord select option's description holds at most 100 characters
            assert len(description) <= 100, f"{action}: {len(description)} characters: {description}"


def _number(card: str) -> bool:
    return card[1:].isdigit() and 0 <= int(card[1:]) <= 15


PLAIN: dict[str, tuple[Callable[[str], bool], str]] = {
    # plain cards have no effect of their own (card_effect None); a catalog line says how they play
    "kings": (lambda c: c[:1] in "rbgk" and _number(c) and int(c[1:]) <= 10, "number"),
    "dream-capture": (lambda c: c[:1] in "shdc" and _number(c), "number"),
    "timetrap": (lambda c: c[:2] in ("or", "pu", "bl", "gr") and _number(c[1:]), "time"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("index", range(len(TABLES)), ids=[_id(t) for t in TABLES])
def test_every_card_in_play_has_an_effect_text(index: int, lang: str) -> None:
    """A card with an effect has its text; a plain card is covered by its catalog line."""
    game_id, variant, players, options = TABLES[index]
    game = get_game(game_id)
    state = game.setup(players, options, 1, variant)
    keys = {c.key for c in game.card_catalog(lang)}
    for card in set(game.all_cards(state)):
        text = game.card_effect(card, lang)
        plain = PLAIN.get(game_id)
        if plain is not None and plain[0](card):
            assert text is None and plain[1] in keys, f"{game_id}: plain {card}"
            continue
        assert text and text.strip(), f"{game_id}: {card} has no {lang} text"
        assert "PROVISIONAL" not in text and "暫定" not in text, "provisional marks stay on the rules page"


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_card_catalog_lists_every_kind_in_both_languages(game_id: str) -> None:
    game = get_game(game_id)
    en, ja = game.card_catalog("en"), game.card_catalog("ja")
    assert en and [c.key for c in en] == [c.key for c in ja]
    assert len({c.key for c in en}) == len(en), "keys are unique"
    for a, b in zip(en, ja, strict=True):
        assert a.name and a.effect and b.name and b.effect
        assert a.ruling == b.ruling
        assert a.effect != b.effect, f"{a.key}: the Japanese text is a copy of the English one"


HERO_COUNTS = {"trickster": 21, "trickster-cot": 23}


@pytest.mark.parametrize("game_id", sorted(HERO_COUNTS))
def test_every_hero_is_in_the_catalog(game_id: str) -> None:
    """Trickster's 21 heroes (three sets) and Champions of Time's 23 (base, Grand Gambit, promos)."""
    assert len(get_game(game_id).card_catalog("en")) == HERO_COUNTS[game_id]


@pytest.mark.parametrize("game_id", sorted(all_games()))
@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_lists_every_card_and_cites_no_outside_file(game_id: str, lang: str) -> None:
    game = get_game(game_id)
    page = game.rules_page(lang)
    for card in game.card_catalog(lang):
        assert card.effect in page, f"{card.key} missing from the {lang} rules page"
    assert not re.search(r"\d{3}_[0-9a-f]{16}\.txt|RULINGS\.md|seeds/|\.py\b", page)
    ruling_word = "裁定" if lang == "ja" else "Ruling"
    assert ruling_word in page or "暫定" in page or "PROVISIONAL" in page


def test_names_fall_back_to_p1_when_none_are_given() -> None:
    """Without names (tools, old callers) people are P1..Pn: seat numbers count from 1."""
    t = play("trickster", None, 3, {}, names=("", "", ""))
    assert any("P1" in line for line in t.logs + t.boards)
    assert not any(re.search(r"\bP0\b", line) for line in t.logs + t.boards)


def test_names_given_are_the_ones_shown() -> None:
    t = play("timetrap", None, 3, {}, names=NAMES[:3])
    assert any(NAMES[0] in line for line in t.logs)
