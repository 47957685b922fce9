"""Deck options: one set, Basic Mix, Epic Mix; bad values refused with clear, localized messages.

Rulebook: 004_6403efb1403ffcad.txt, "Mixing Sets"; RULINGS.md: Epic Mix needs 7 + 3(n-2) heroes.
"""

from __future__ import annotations

import pytest

from games.core.errors import InvalidOptions
from games.trickster.cards import HEROES
from games.trickster.game import GAME


@pytest.mark.parametrize(
    ("deck", "first"), [("fantasy", "bard"), ("tianxia", "nun"), ("symbiosis", "explorer")]
)
def test_single_set_decks(deck: str, first: str) -> None:
    st = GAME.setup(4, {"deck": deck}, seed=1)
    view = GAME.view(st, None)
    assert view["heroes"][0] == first and len(view["heroes"]) == 7
    assert len(GAME.all_cards(st)) == 49


def test_basic_mix_with_chosen_heroes() -> None:
    """Basic Mix: 'stay at a 49-card limit with 7 different heroes and suits'."""
    heroes = "bard,nun,explorer,striker,archivist,druid,hunter"
    st = GAME.setup(3, {"deck": "basic-mix", "heroes": heroes}, seed=1)
    assert sorted(GAME.view(st, None)["heroes"]) == sorted(heroes.split(","))
    assert len(GAME.all_cards(st)) == 49


def test_basic_mix_random_heroes_follow_the_seed() -> None:
    a = GAME.view(GAME.setup(4, {"deck": "basic-mix"}, seed=11), None)["heroes"]
    b = GAME.view(GAME.setup(4, {"deck": "basic-mix"}, seed=11), None)["heroes"]
    assert a == b and len(set(a)) == 7


@pytest.mark.parametrize(("players", "heroes"), [(2, 7), (3, 10), (4, 13), (5, 16), (6, 19)])
def test_epic_mix_adds_three_heroes_per_player_beyond_two(players: int, heroes: int) -> None:
    """Epic Mix: 'Starting with the third player, add three complete heroes for each additional player.'"""
    st = GAME.setup(players, {"deck": "epic-mix"}, seed=3)
    assert len(st.heroes) == heroes and len(GAME.all_cards(st)) == heroes * 7
    assert st.ends_at == 3


def test_epic_mix_refused_for_seven_players() -> None:
    with pytest.raises(InvalidOptions) as err:
        GAME.setup(7, {"deck": "epic-mix"}, seed=1)
    assert "22" in err.value.message("en") and "22" in err.value.message("ja")


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"deck": "deluxe"}, "trickster.bad_deck"),
        ({"deck": "fantasy", "heroes": "bard"}, "trickster.heroes_need_mix"),
        ({"deck": "basic-mix", "heroes": "bard,wizard"}, "trickster.unknown_hero"),
        ({"deck": "basic-mix", "heroes": "bard,bard,nun,mage,druid,guard,rogue"}, "trickster.duplicate_hero"),
        ({"deck": "basic-mix", "heroes": "bard,nun"}, "trickster.hero_count"),
        ({"colour": "red"}, "trickster.unknown_option"),
    ],
)
def test_bad_options_are_refused_in_both_languages(options: dict[str, str], code: str) -> None:
    with pytest.raises(InvalidOptions) as err:
        GAME.setup(4, options, seed=1)
    assert err.value.code == code
    en, ja = err.value.message("en"), err.value.message("ja")
    assert en != code and ja != code and en != ja


def test_player_count_checked() -> None:
    with pytest.raises(InvalidOptions):
        GAME.setup(8, {}, seed=1)
    with pytest.raises(InvalidOptions):
        GAME.setup(1, {}, seed=1)


def test_every_hero_named_in_the_option_choices() -> None:
    names = {o.name: o for o in GAME.info.options}
    assert set(names["deck"].choices) == {"fantasy", "tianxia", "symbiosis", "basic-mix", "epic-mix"}
    assert len(names["heroes"].choices) == 21 == len(HEROES)
