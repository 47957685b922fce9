"""The host's words around the games' texts: results say which way wins and list teams by
their players, seat numbers count from 1, card texts come from what the seat sees, grouped by effect."""

from __future__ import annotations

import pytest

from bot import render
from bot.tables.models import ClockMode, SeatInfo, SeatView, TableInfo, TableStatus
from games.core.contract import Event, Outcome
from games.core.registry import get_game


def _info(*names: str) -> TableInfo:
    seats = tuple(SeatInfo(i, i + 1, n) for i, n in enumerate(names))
    return TableInfo(1, 1, 1, None, "trickster", "standard", {}, TableStatus.FINISHED, 3, seats, 1, ClockMode.LIVE, 120, 0, 0)


def test_results_say_which_way_wins() -> None:
    info = _info("Ann", "Ben", "Cy", "Dee")
    low = Outcome(placements=(1, 2, 3, 4), scores=(2.0, 4.0, 5.0, 6.0))  # Trickster: fewest counted cards
    assert render.outcome_lines(info, low, "en")[0] == "Final result (the lowest score wins)"
    assert render.outcome_lines(info, low, "ja")[0] == "最終結果（得点の低い方が勝ち）"
    # KINGs: a tie on points broken by king numbers still reads as "highest wins"
    high = Outcome(placements=(3, 4, 1, 2), scores=(130.0, 80.0, 170.0, 170.0))
    lines = render.outcome_lines(info, high, "en")
    assert lines == ["Final result (the highest score wins)", "1. Cy — 170", "2. Dee — 170", "3. Ann — 130", "4. Ben — 80"]
    # no direction to tell when everyone scored the same
    assert render.outcome_lines(info, Outcome((1, 1, 1, 1), (0.0,) * 4), "en")[0] == "Final result"


def test_team_results_list_each_team_by_its_players() -> None:
    info = _info("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
    outcome = Outcome(
        placements=(2, 1, 2, 1, 2, 1), scores=(3.0, 5.0, 3.0, 5.0, 3.0, 5.0), teams=((0, 2, 4), (1, 3, 5))
    )
    assert render.outcome_lines(info, outcome, "en")[1:] == [
        "1. Team Ben, Dee & Fay — 5",
        "2. Team Ann, Cy & Eve — 3",
    ]
    assert render.outcome_lines(info, outcome, "ja")[1] == "1位 Ben・Dee・Fayチーム — 5"


def test_seat_numbers_count_from_one() -> None:
    info = _info("Ann", "Ben")
    assert render.seat_lines(info, "en") == ["Seat 1: Ann", "Seat 2: Ben"]
    joined = Event("host.joined", {"name": "Ben", "seat": 1})
    assert render.event_text(get_game("trickster"), joined, "en") == "Ben sat down at seat 2."


def test_card_texts_are_what_the_seat_sees_grouped_by_effect() -> None:
    game = get_game("trickster")
    state = game.setup(4, {"deck": "fantasy"}, seed=3)
    seat = min(game.to_act(state))
    view = SeatView(seat, game.view(state, seat), tuple(game.legal_actions(state, seat)), game.prompt(state, seat), 0, None)
    found = render.card_texts(game, view, "en")
    effects = [effect for _, effect in found]
    assert len(effects) == len(set(effects)), "one line per effect"
    hidden = game.hidden_from(state, seat)
    for card in hidden:  # nobody else's card is named
        assert all(game.render_card(card, "en") not in names.split(", ") for names, _ in found)
    first_card = view.legal_actions[0].split(":", 1)[1]  # "house:i-druid": the card the first choice names
    assert effects[0] == game.card_effect(first_card, "en"), "the choices' cards come first"
    assert render.card_texts(game, view, "ja")[0][1] != found[0][1], "in the reader's language"


def test_card_texts_of_a_kings_draft_name_each_character_once() -> None:
    """KINGs' draft shows character cards by kind ("healer1"), which the game cannot draw as a card:
    the Card texts button failed on them; each kind now reads once, by its name."""
    game = get_game("kings")
    state = game.setup(4, {}, seed=5)
    seat = min(game.to_act(state))
    view = SeatView(seat, game.view(state, seat), tuple(game.legal_actions(state, seat)), game.prompt(state, seat), 0, None)
    for lang in ("en", "ja"):
        found = render.card_texts(game, view, lang)
        names = [name for name, _ in found]
        assert found and all(names) and len(names) == len(set(names)), names
        assert not any(name.rstrip("0123456789") != name for name in names), "kinds by their names, not ids"


def _variants() -> list[tuple[str, str]]:
    from games.core.registry import all_games

    return [(gid, v.id) for gid, g in all_games().items() for v in g.info.variants]


@pytest.mark.parametrize(("game_id", "variant"), _variants())
def test_card_texts_never_fail_and_name_only_what_the_seat_sees(game_id: str, variant: str) -> None:
    """A random game of every game and variant: the Card texts of the seat to act, in both languages,
    at every fifth step: no error, one line per effect, every line named. (They are drawn only from the
    seat's view; the Discord tests leak-check the reply.)"""
    import random

    game = get_game(game_id)
    players = game.info.variant(variant).min_players
    state = game.setup(players, {}, seed=11, variant=variant)
    rng = random.Random(11)
    step = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        if step % 5 == 0:
            view = SeatView(seat, game.view(state, seat), tuple(game.legal_actions(state, seat)), None, 0, None)
            for lang in ("en", "ja"):
                found = render.card_texts(game, view, lang)
                assert len({e for _, e in found}) == len(found)
                assert all(names and effect for names, effect in found), found
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        step += 1
