"""Deck choices, option validation, round set-up and the simultaneous tableau pick.

Rulebook 000_fcfbe286cff5777b.txt: 【ゲームの準備】, 【推奨デッキ以外の作り方】, 【ラウンドの準備】,
【２－３人用ルール】; RULINGS.md "Trickster: Champions of Time".
"""

from __future__ import annotations

import pytest
from cot_helpers import act, hand, knows, run

from games.core.errors import InvalidOptions
from games.trickster.cot import GAME
from games.trickster.cot.cards import HERO_INDEX, INTRO_DECK, SET_HEROES, STRATEGY_DECK
from games.trickster.cot.state import Phase


def codes(state: object) -> list[str]:
    return list(GAME.view(state, None)["heroes"])  # type: ignore[arg-type]


def test_intro_deck() -> None:
    """000, 【ゲームの準備】 入門デッキ: Brigand, Guard, Magician, Nomad, Peddler, Revolutionary, Soldier."""
    s = GAME.setup(4, {"deck": "intro"}, seed=3)
    assert codes(s) == ["bri", "gua", "mag", "nom", "ped", "rev", "sol"]
    assert s.heroes == INTRO_DECK


def test_strategy_deck() -> None:
    """000, 【ゲームの準備】 戦略デッキ: Archivist, Doctor, Explorer, Inventor, Scavenger, Scion, Witness."""
    s = GAME.setup(4, {"deck": "strategy"}, seed=3)
    assert codes(s) == ["arc", "doc", "exp", "inv", "sca", "sci", "wit"]
    assert s.heroes == STRATEGY_DECK


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({}, set(SET_HEROES["base"])),
        ({"grand_gambit": "true"}, set(SET_HEROES["base"] + SET_HEROES["gg"])),
        ({"promos": "true"}, set(SET_HEROES["base"] + SET_HEROES["promo"])),
        (
            {"deck": "random", "grand_gambit": "true", "promos": "true"},
            set(SET_HEROES["base"] + SET_HEROES["gg"] + SET_HEROES["promo"]),
        ),
    ],
)
def test_random_seven_from_enabled_heroes(options: dict[str, str], allowed: set[int]) -> None:
    """000, 【推奨デッキ以外の作り方】 ランダム: 7 heroes at random, from the enabled sets (RULINGS.md)."""
    seen: set[int] = set()
    for seed in range(40):
        s = GAME.setup(3, options, seed=seed)
        assert len(set(s.heroes)) == 7 and set(s.heroes) <= allowed
        seen |= set(s.heroes)
    assert seen == allowed


def test_draft_starts_with_the_trickster_and_picks_seven() -> None:
    """000, 【推奨デッキ以外の作り方】 ドラフト: from the Trickster clockwise, one each, 7 in all."""
    s = GAME.setup(4, {"deck": "draft", "grand_gambit": "true"}, seed=5)
    assert s.phase == Phase.DRAFT and s.hands == ((),) * 4
    leader = s.first
    trickster = (leader + 1) % 4
    order = []
    for pick in ("gen", "sai", "bri", "gua", "nom", "mag", "hun"):
        (seat,) = GAME.to_act(s)
        order.append(seat)
        assert f"draft:{pick}" in GAME.legal_actions(s, seat)
        s, _ = act(s, seat, f"draft:{pick}")
    assert order == [(trickster + i) % 4 for i in range(7)]
    assert s.phase == Phase.PICK
    assert sorted(s.heroes) == sorted(
        HERO_INDEX[c] for c in ("gen", "sai", "bri", "gua", "nom", "mag", "hun")
    )
    assert "draft:gen" not in GAME.legal_actions(s, order[-1])


def test_draft_two_players_starts_with_drawn_trickster() -> None:
    """000, 【２－３人用ルール】 and ドラフト: with 2 players the drawn Trickster drafts first."""
    s = GAME.setup(2, {"deck": "draft"}, seed=8)
    assert GAME.to_act(s) == frozenset({s.first})


@pytest.mark.parametrize(
    "options",
    [
        {"deck": "intro", "grand_gambit": "true"},
        {"deck": "strategy", "promos": "true"},
        {"deck": "basic"},
        {"grand_gambit": "yes"},
        {"heroes": "bri"},
    ],
)
def test_bad_options_are_refused_with_a_message(options: dict[str, str]) -> None:
    """Rulings: bad combinations are refused with a clear message in both languages."""
    with pytest.raises(InvalidOptions) as err:
        GAME.setup(4, options, seed=1)
    english, japanese = err.value.message("en"), err.value.message("ja")
    assert english and japanese and english != japanese and not english.startswith("cot_")


@pytest.mark.parametrize("players", [1, 8])
def test_player_count(players: int) -> None:
    """000, title: ２－７人."""
    with pytest.raises(InvalidOptions):
        GAME.setup(players, {}, seed=1)


@pytest.mark.parametrize(
    ("players", "size", "timeline", "deck"),
    [(2, 11, 12, 16), (3, 11, 12, 5), (4, 10, 0, 10), (5, 9, 0, 5), (6, 8, 0, 2), (7, 7, 0, 1)],
)
def test_round_setup_amounts(players: int, size: int, timeline: int, deck: int) -> None:
    """000, 【ラウンドの準備】: 6 face up to the Trash, hands 11/11/10/9/8/7; 【２－３人用ルール】: a
    12-card Timeline with 2-3 players."""
    s = GAME.setup(players, {"deck": "intro"}, seed=players)
    assert len(s.trash) == 6 and all(len(h) == size for h in s.hands)
    assert len(s.timeline) == timeline and len(s.deck) == deck
    view = GAME.view(s, 0)
    assert len(view["trash"]) == 6 and view["deck"] == deck and len(view["hand"]) == size


def test_tableau_pick_is_simultaneous_and_secret() -> None:
    """000, 【ラウンドの準備】: everyone picks a hand card and all reveal at once (RULINGS.md: committed
    secretly, revealed together)."""
    s = GAME.setup(3, {"deck": "intro"}, seed=2)
    assert GAME.to_act(s) == frozenset({0, 1, 2})
    card = hand(s, 1)[0]
    s, ev = act(s, 1, f"tab:{card}")
    assert GAME.to_act(s) == frozenset({0, 2})
    assert not knows(s, 0, card) and not knows(s, None, card)
    assert GAME.view(s, 1)["my_pick"] == card and GAME.view(s, 0)["my_pick"] is None
    assert all(card not in str(e.to_json()) for e in ev)
    s, ev = run(s, (0, f"tab:{hand(s, 0)[0]}"), (2, f"tab:{hand(s, 2)[0]}"))
    assert [len(t) for t in s.tableaus] == [1, 1, 1] and s.tableaus[1] == (s.tableaus[1][0],)
    assert knows(s, 0, card) and s.phase == Phase.PLAY
    assert len(s.timeline) == 11  # the first trick opened with the Timeline head


def test_first_roles_drawn_by_rng() -> None:
    """RULINGS.md "All games": the oldest player becomes a seeded RNG draw; 4-7 players: the Leader's
    left neighbour is the Trickster (000, 【リードとフォロー】)."""
    firsts = set()
    for seed in range(30):
        s = GAME.setup(5, {"deck": "intro"}, seed=seed)
        s, _ = run(s, *[(seat, f"tab:{hand(s, seat)[0]}") for seat in range(5)])
        assert s.trick is not None and s.trick.trickster == (s.trick.leader + 1) % 5
        firsts.add(s.trick.leader)
    assert len(firsts) > 2
