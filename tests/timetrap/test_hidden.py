"""Hidden information: who may know which card (rulebook '4. ゲームの準備' ※手札の内容は
ゲームが終わるまで他のプレイヤーに見せてはいけません)."""

from __future__ import annotations

import json

from games.core.invariants import leaked

from .helpers import G, act, make, run


def test_hands_are_hidden_from_others_and_spectators() -> None:
    """003_3dd097fef3f40e34.txt, '4. ゲームの準備': 手札の内容はゲームが終わるまで他のプレイヤーに見せてはいけません;
    each player may look at their own hand at any time."""
    state = G.setup(3, {}, seed=4)
    for seat in range(3):
        view = G.view(state, seat)
        assert view["hand"] == list(state.hands[seat])
        hidden = G.hidden_from(state, seat)
        assert not leaked(hidden, view)
        for other in range(3):
            if other != seat:
                time_cards = {c for c in state.hands[other] if not c.startswith("tt")}
                assert time_cards <= hidden
    assert not leaked(G.hidden_from(state, None), G.view(state, None))
    assert "hand" not in G.view(state, None)


def test_everyone_knows_each_player_was_dealt_a_trap() -> None:
    state = G.setup(2, {}, seed=4)
    assert "tt1" not in G.hidden_from(state, 0) and G.view(state, 0)["known"] == {"1": ["tt1"]}


def test_a_random_draw_is_known_to_drawer_and_victim_only_and_others_lose_track() -> None:
    """Hidden draws: randomly drawn cards — only the drawer and the victim learn it (RULINGS Y1)."""
    state = make([["or5", "or9"], ["pu7", "tt1"], ["bl1", "bl2"]], day=2, dates=("", "Y1", "", "", "", ""))
    assert "tt1" not in G.hidden_from(state, 2)  # publicly dealt
    state, events = run(state, (0, "play:or5"), (0, "draw:1"))
    for e in events:
        for seat in (0, 1, 2, None):
            if e.visible_to(seat):
                assert not leaked(G.hidden_from(state, seat), e.to_json()["data"])
    # Seat 2 saw a card leave seat 1 but not which: it no longer knows where the trap is.
    assert "tt1" in G.hidden_from(state, 2) and "tt1" in G.hidden_from(state, None)
    assert "tt1" not in G.hidden_from(state, 0) and "tt1" not in G.hidden_from(state, 1)


def test_the_only_candidate_stays_known() -> None:
    """Taking the victim's only card: everyone who knew that card knows where it went."""
    state = make([["or5", "or9"], ["tt1"], ["bl1", "bl2"]], day=2, dates=("", "Y1", "", "", "", ""))
    state, _ = run(state, (0, "play:or5"), (0, "draw:1"))
    assert "tt1" in state.hands[0] and "tt1" not in G.hidden_from(state, 2)


def test_the_giver_remembers_the_gift_until_it_moves_unseen() -> None:
    state = make(
        [["or3", "or9", "or10"], ["pu7", "pu8"], ["bl1", "bl2"]], day=2, dates=("", "Y2", "", "", "", "")
    )
    state, _ = run(state, (0, "play:or3"), (0, "give:or9:1"))
    assert G.view(state, 0)["known"] == {"1": ["or9"]}
    assert "or9" in G.hidden_from(state, 2)
    view = json.dumps(G.view(state, 2))
    assert "or9" not in view


def test_face_down_discards_known_only_to_the_discarder() -> None:
    state = make([["or3", "or8", "tt0"], ["pu5", "pu6"]], today=["pu4"], turn=0, last_player=1)
    state, _ = act(state, 0, "trap:or8")
    assert G.view(state, 0)["known_discards"] == ["or8"]
    assert G.view(state, 1)["known_discards"] == []
    assert "or8" in G.hidden_from(state, 1) and "or8" in G.hidden_from(state, None)


def test_legal_actions_and_errors_never_name_hidden_cards() -> None:
    from games.core.errors import IllegalAction

    state = make([["or3", "or8"], ["pu5", "pu6"]])
    try:
        act(state, 0, "play:pu5")
    except IllegalAction as err:
        assert "pu5" not in err.message("en") and "pu5" not in err.message("ja")
    assert not leaked(G.hidden_from(state, 0), G.legal_actions(state, 0))
