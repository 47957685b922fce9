"""Setting up a table: cards, date cards, elapsed tile, options."""

from __future__ import annotations

import json

import pytest

from games.core.errors import InvalidOptions
from games.timetrap import cards, dates

from .helpers import G


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_holds_nine_of_their_eleven_time_cards_and_one_trap(players: int) -> None:
    """003_3dd097fef3f40e34.txt, '4. ゲームの準備' steps 1-2: each player takes their colour's 1-11, shuffles,
    discards 2 at random face down, keeps 9, and is dealt one Time Trap card; unused traps go back."""
    state = G.setup(players, {}, seed=7)
    assert len(state.discard) == 2 * players
    traps = [c for h in state.hands for c in h if cards.is_trap(c)]
    assert len(traps) == players
    for seat, hand in enumerate(state.hands):
        own = set(cards.time_cards(seat))
        time_in_hand = [c for c in hand if cards.is_time_card(c)]
        assert len(time_in_hand) == 9 and set(time_in_hand) <= own
        assert sum(1 for c in hand if cards.is_trap(c)) == 1
        assert own - set(time_in_hand) <= set(state.discard)
    assert len(set(G.all_cards(state))) == 12 * players  # unique ids: conservation is checkable


def test_setup_discards_are_unknown_to_everyone_owner_included() -> None:
    """003_3dd097fef3f40e34.txt, '4. ゲームの準備' step 1 (裏向きのまま2枚をランダムに捨てます); RULINGS:
    the two discards are unknown to everyone, their owner included."""
    state = G.setup(3, {}, seed=3)
    for seat in (0, 1, 2, None):
        assert set(state.discard) <= G.hidden_from(state, seat)
        if seat is not None:
            view = json.dumps(G.view(state, seat))
            assert all(f'"{c}"' not in view for c in state.discard)


def test_blue_cards_on_days_1_3_5_and_yellow_on_2_4_6_drawn_at_random() -> None:
    """003_3dd097fef3f40e34.txt, '4. ゲームの準備' steps 5-6: blue date cards under days 1, 3, 5, yellow under
    2, 4, 6, one each at random; the rest go back to the box. Day 7 has none."""
    seen = set()
    for seed in range(40):
        state = G.setup(2, {}, seed=seed)
        assert len(state.dates) == 6 and len(set(state.dates)) == 6
        for day, card_id in enumerate(state.dates, start=1):
            if day in (1, 3, 5):
                assert dates.blue(card_id) is not None
            else:
                assert dates.yellow(card_id) is not None
        seen.add(state.dates)
    assert len(seen) > 30  # drawn by the table's RNG, not fixed


def test_elapsed_tile_starts_face_up_and_start_player_is_drawn() -> None:
    """003_3dd097fef3f40e34.txt, '4. ゲームの準備' steps 7 and 9: the elapsed tile starts face up; the start
    player is decided 'by any method' (RULINGS: a seeded draw)."""
    starts = {G.setup(4, {}, seed=s).start for s in range(40)}
    assert starts == {0, 1, 2, 3}
    state = G.setup(4, {}, seed=1)
    assert state.tile_up and state.day == 1
    assert G.to_act(state) == {state.start}


def test_same_seed_same_table() -> None:
    assert G.to_json(G.setup(3, {}, 11)) == G.to_json(G.setup(3, {}, 11))


def test_dates_option_fixes_the_date_cards_for_a_replayable_puzzle() -> None:
    """Fixed date cards: a table option fixes the date cards (days 1-6)."""
    state = G.setup(3, {"dates": "B1,Y2,B3,Y4,B5,Y6"}, seed=5)
    assert state.dates == ("B1", "Y2", "B3", "Y4", "B5", "Y6")
    assert G.setup(3, {"dates": "b7, y7, b6, y6, b5, y5", "date_set": "house"}, 9).dates == (
        "B7",
        "Y7",
        "B6",
        "Y6",
        "B5",
        "Y5",
    )


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"date_set": "deluxe"}, "timetrap.bad_date_set"),
        ({"dates": "B1,Y2,B3"}, "timetrap.bad_dates_count"),
        ({"dates": "Y1,Y2,B3,Y4,B5,Y6"}, "timetrap.bad_dates_blue"),
        ({"dates": "B1,B2,B3,Y4,B5,Y6"}, "timetrap.bad_dates_yellow"),
        ({"dates": "B1,Y2,B1,Y4,B5,Y6"}, "timetrap.bad_dates_repeat"),
        ({"dates": "B1,Y2,B3,Y4,B5,Y9"}, "timetrap.bad_dates_yellow"),
        ({"colour": "red"}, "timetrap.bad_option_name"),
    ],
)
def test_bad_options_are_refused_with_a_localized_reason(options: dict[str, str], code: str) -> None:
    with pytest.raises(InvalidOptions) as err:
        G.setup(3, options, seed=1)
    assert err.value.code == code
    assert err.value.message("en") != code and err.value.message("ja") != err.value.message("en")


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    with pytest.raises(InvalidOptions):
        G.setup(players, {}, seed=1)


def test_state_round_trips_through_json() -> None:
    state = G.setup(4, {}, seed=2)
    again = G.from_json(json.loads(json.dumps(G.to_json(state))))
    assert again == state


def test_registered_under_its_game_id() -> None:
    from games.core.registry import get_game

    game = get_game("timetrap")
    assert game is G and game.info.min_players == 2 and game.info.max_players == 4
    assert {o.name for o in game.info.options} == {"date_set", "dates"}
    assert set(game.policies()) == {"random", "heuristic"}
