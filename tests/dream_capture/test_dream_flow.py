"""Set-up, dealing, the secret discards, the honours, the deal rotation and the end of the game."""

from __future__ import annotations

import json

import pytest
from dc_builders import of_kind, snapshot

from games.core.errors import IllegalAction, InvalidOptions
from games.core.invariants import leaked
from games.dream_capture.cards import DECK, HONOURS, UNDISCARDABLE
from games.dream_capture.game import GAME
from games.dream_capture.state import PHASE_DISCARD, PHASE_OVER, PHASE_PLAY, PHASE_SCORED, State


def _discard_all(state: State) -> tuple[State, list]:  # type: ignore[type-arg]
    """Everyone discards their first three legal cards, seats in turn."""
    events = []
    for _ in range(3):
        for seat in range(6):
            state, more = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
            events.extend(more)
    return state, events


def test_players_and_options_are_validated_in_both_languages() -> None:
    """001_156fd8ce6bcaeb20.txt, '人数': 「6人 一人おきの3人が組む、3人对3人のチーム戦です。」"""
    for players in (4, 5, 7):
        with pytest.raises(InvalidOptions) as err:
            GAME.setup(players)
        assert err.value.code == "dc_bad_players"
        assert str(players) in err.value.message("en") and "6人" in err.value.message("ja")
    with pytest.raises(InvalidOptions) as err:
        GAME.setup(6, {"colour": "red"})
    assert err.value.code == "dc_unknown_option" and "colour" in err.value.message("ja")
    for bad in ("0", "7", "x", ""):
        with pytest.raises(InvalidOptions) as err:
            GAME.setup(6, {"deals": bad})
        assert err.value.code == "dc_bad_deals"
    with pytest.raises(InvalidOptions):
        GAME.setup(6, variant="short")
    assert GAME.setup(6, {"deals": "2"}).deals == 2
    assert GAME.setup(6).deals == 6


def test_deal_gives_eighteen_cards_each_and_the_dealers_right_leads() -> None:
    """001_156fd8ce6bcaeb20.txt, 'ディール': 「手札は1人18枚となるはずです。」; 'プレー': 「最初のリードは
    ディーラーの右隣です。」 (the right is seat - 1, RULINGS.md)."""
    state = GAME.setup(6, seed=7)
    assert [len(h) for h in state.hands] == [18] * 6
    assert sorted(c for h in state.hands for c in h) == sorted(DECK)
    assert state.phase == PHASE_DISCARD and GAME.to_act(state) == set(range(6))
    view = GAME.view(state, None)
    assert view["teams"] == [[0, 2, 4], [1, 3, 5]]
    assert view["first_dealer"] == state.dealer
    state, _ = _discard_all(state)
    assert GAME.to_act(state) == {(state.dealer - 1) % 6}


def test_the_first_dealer_is_drawn_by_the_seed() -> None:
    """RULINGS.md, 'All games': 「最初のディーラーは適当に決め」 becomes a seeded draw, shown to everyone."""
    dealers = {GAME.setup(6, seed=seed).dealer for seed in range(40)}
    assert dealers == set(range(6))
    assert GAME.setup(6, seed=3).dealer == GAME.setup(6, seed=3).dealer


def test_discards_are_secret_until_the_deal_is_scored() -> None:
    """001_156fd8ce6bcaeb20.txt, 'ディスカード': 「各自は、手札から3枚を選んで伏せて捨てます。」 RULINGS.md: a
    simultaneous secret choice. Nobody else, a partner included, sees the card; only the count is public."""
    state = GAME.setup(6, seed=11)
    card = GAME.legal_actions(state, 0)[0].split(":")[1]
    state, events = GAME.apply(state, 0, f"discard:{card}")
    assert GAME.view(state, 0)["my_discards"] == [card]
    assert GAME.view(state, 0)["discard_counts"] == [1, 0, 0, 0, 0, 0]
    for seat in (1, 2, 3, 4, 5, None):
        assert card in GAME.hidden_from(state, seat)
        assert not leaked({card}, GAME.view(state, seat))
        visible = [e.to_json()["data"] for e in events if e.visible_to(seat)]
        assert visible and not leaked({card}, visible)
    # everyone still owes discards, in any order: seat 0 is not waited for by the others
    assert GAME.to_act(state) == set(range(6))


def test_illegal_discards_are_refused_and_leave_the_state_unchanged() -> None:
    """001_156fd8ce6bcaeb20.txt, 'ディスカード': 「このとき5点の札は捨てられません。(-5点も)」"""
    state = GAME.setup(6, seed=5)
    holder = next(s for s in range(6) if any(c in UNDISCARDABLE for c in state.hands[s]))
    card = next(c for c in state.hands[holder] if c in UNDISCARDABLE)
    assert f"discard:{card}" not in GAME.legal_actions(state, holder)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, holder, f"discard:{card}")
    assert err.value.code == "dc_cannot_discard"
    not_mine = next(c for c in DECK if c not in state.hands[holder])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, holder, f"discard:{not_mine}")
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, holder, f"play:{state.hands[holder][-1]}")
    assert err.value.code == "dc_discard_first"
    assert snapshot(state) == before
    for action in GAME.legal_actions(state, holder)[:3]:
        state, _ = GAME.apply(state, holder, action)
    assert holder not in GAME.to_act(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, holder, f"discard:{state.hands[holder][-1]}")
    assert err.value.code == "not_your_turn"


def test_honours_are_shown_to_everyone_before_play() -> None:
    """001_156fd8ce6bcaeb20.txt, '役札の公開': 「プレーに先立って、愚者・希望・夢・世界・魔術師を持っている人は
    それを表にして、みんなに見せます。見せたらまた手札に戻します。」"""
    state = GAME.setup(6, seed=21)
    state, events = _discard_all(state)
    assert state.phase == PHASE_PLAY
    (shown,) = of_kind(events, "dc_honours")
    assert shown.audience is None
    expected = sorted([s, c] for s in range(6) for c in state.hands[s] if c in HONOURS)
    assert sorted(shown.data["shown"]) == expected and len(expected) == 5
    for seat, card in expected:
        assert card in state.hands[seat]  # back into the hand
        for viewer in (None, *range(6)):
            assert card not in GAME.hidden_from(state, viewer)
            assert card in GAME.view(state, viewer)["honours"][seat]


def test_dealer_rotates_counter_clockwise_and_the_game_ends_after_the_deals() -> None:
    """001_156fd8ce6bcaeb20.txt, 'ディール': 「あとはディールごとに反時計回りに交代していきます。」; '夢の捕獲':
    「6ディールやって、合計得点の多いチームの勝ちです。」"""
    state = GAME.setup(6, seed=3)
    dealers = [state.dealer]
    while state.phase != PHASE_OVER:
        seat = min(GAME.to_act(state))
        if state.phase == PHASE_SCORED:
            assert GAME.legal_actions(state, seat) == ["deal"]
            assert GAME.prompt(state, seat) is not None
        state, events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        if of_kind(events, "dc_deal_started"):
            dealers.append(state.dealer)
    assert dealers == [(dealers[0] - k) % 6 for k in range(6)]
    assert len(state.history) == 6
    assert state.totals == (sum(a.total for a, _ in state.history), sum(b.total for _, b in state.history))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.teams == ((0, 2, 4), (1, 3, 5))
    a, b = state.totals
    winner = 0 if a > b else 1
    assert [outcome.placements[s] for s in range(6)] == [1 if s % 2 == winner else 2 for s in range(6)]
    assert GAME.to_act(state) == frozenset() and GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "deal")


def test_equal_totals_are_a_draw() -> None:
    """RULINGS.md, 'Ex-Tarot: Capture of Dreams': equal totals after six deals are a draw."""
    state = GAME.setup(6, {"deals": "1"}, seed=1)
    over = state._replace(phase=PHASE_OVER, totals=(77, 77))
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.placements == (1,) * 6 and outcome.scores == (77.0,) * 6


def test_state_round_trips_and_apply_never_mutates() -> None:
    state = GAME.setup(6, seed=9)
    raw = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(raw) == state
    before = snapshot(state)
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert snapshot(state) == before


def test_texts_render_in_english_and_japanese() -> None:
    """Every event, prompt, action and view has both languages (player-facing texts are bilingual)."""
    state = GAME.setup(6, {"deals": "1"}, seed=4)
    seen_kinds = set()
    while state.phase != PHASE_OVER:
        seat = min(GAME.to_act(state))
        prompt = GAME.prompt(state, seat)
        assert prompt is not None
        view = GAME.view(state, seat)
        action = GAME.legal_actions(state, seat)[0]
        for lang in ("en", "ja"):
            assert "{" not in GAME.render_prompt(prompt, lang)
            assert GAME.render_action(action, view, lang)
            assert GAME.render_view(view, lang)
        state, events = GAME.apply(state, seat, action)
        for event in events:
            seen_kinds.add(event.kind)
            en, ja = GAME.render_event(event, "en"), GAME.render_event(event, "ja")
            assert en != ja and "{" not in en and "{" not in ja and not en.startswith("dc_")
    assert {"dc_honours", "dc_trick", "dc_deal_scored", "dc_game_over", "dc_discarded_own"} <= seen_kinds
    assert GAME.render_card("t22", "ja") == "夢(22)" and GAME.render_card("hI") == "♥∞"
    assert "Ruling:" in GAME.rules_page("en") and "Ruling:（裁定）" in GAME.rules_page("ja")
    assert GAME.render_view(GAME.view(state, None), "ja")
