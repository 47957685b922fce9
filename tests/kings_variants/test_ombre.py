"""Ombre rules (002_4e143f857986e60e.txt, the オンブレ pages), each from a constructed state."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction, InvalidOptions
from games.kings.variants.state import VState
from tests.kings_variants.helpers import engine, play_state, rules, trick_winner

G = engine("ombre")
R = rules("ombre")


def fresh(seed: int = 7) -> VState:
    return G.setup(3, {}, seed, "ombre")


def test_three_players_only() -> None:
    """オンブレ ゲームの概要: 3-player game."""
    with pytest.raises(InvalidOptions):
        G.setup(4, {}, 1, "ombre")


def test_deal_nine_plus_three_hidden_auction_cards_one_flag_out() -> None:
    """オンブレ ラウンドの流れ 2: 9 cards + 3 auction cards each (faces unseen, even by their owner),
    7 left in the deck; 白旗1枚を抜いた playing cards."""
    s = fresh()
    assert all(len(h) == 9 for h in s.hands) and all(len(a) == 3 for a in s.aside)
    assert len(s.deck) == 7 and s.box == ("flag2",)
    for seat in (0, 1, 2, None):
        hidden = G.hidden_from(s, seat)
        assert all(c in hidden for pile in s.aside for c in pile)
    assert G.view(s, 0)["auction_cards"] == [3, 3, 3]


def test_auction_start_player_edge_and_hard_pass() -> None:
    """オンブレ ■オークション: the start player declares with 0 cards; the others need more cards
    (Ruling: only the start player may match); a pass is final; two passes end it."""
    s = fresh()
    start = s.get("start")
    nxt, last = (start + 1) % 3, (start + 2) % 3
    assert G.to_act(s) == {nxt}
    assert G.legal_actions(s, nxt) == ["pass", "king:1", "king:2", "king:3"]
    s, _ = G.apply(s, nxt, "king:1")
    assert G.legal_actions(s, last) == ["pass", "king:2", "king:3"]
    s, _ = G.apply(s, last, "pass")
    assert G.to_act(s) == {start}
    assert G.legal_actions(s, start) == ["pass", "king:1", "king:2", "king:3"]
    s, _ = G.apply(s, start, "king:1")
    assert G.to_act(s) == {nxt}  # the passed player is out
    assert G.legal_actions(s, nxt) == ["pass", "king:2", "king:3"]
    s, events = G.apply(s, nxt, "pass")
    assert s.phase == "set" and s.get("king") == start
    assert any(e.kind == "auction_won" for e in events)


def test_start_player_is_king_with_zero_cards_when_both_pass() -> None:
    """オンブレ ■オークション: the start player's 0-card declaration stands when the others pass;
    the King adds its 3 unused auction cards and will discard 3; rivals add 3 and discard 3."""
    s = fresh()
    start = s.get("start")
    aside = s.aside
    s, _ = G.apply(s, (start + 1) % 3, "pass")
    s, _ = G.apply(s, (start + 2) % 3, "pass")
    assert s.get("king") == start and s.pending == (3, 3, 3)
    for seat in range(3):
        assert set(aside[seat]) <= set(s.hands[seat]) and len(s.hands[seat]) == 12


def test_king_spends_its_used_auction_cards_and_three_means_no_exchange() -> None:
    """オンブレ ■オークション: the King takes only the unused auction cards; with all 3 used, no exchange."""
    s = fresh()
    start = s.get("start")
    bidder = (start + 1) % 3
    aside = s.aside[bidder]
    s, _ = G.apply(s, bidder, "king:3")
    s, _ = G.apply(s, (start + 2) % 3, "pass")
    s, _ = G.apply(s, start, "pass")
    assert s.get("king") == bidder and s.pending[bidder] == 0
    assert len(s.hands[bidder]) == 9 and set(aside) <= set(s.dead)
    assert set(aside) <= G.hidden_from(s, bidder)


def test_king_chooses_trump_rivals_take_sets_clockwise_and_king_leads() -> None:
    """オンブレ 4 KQJセットの獲得: the King's set colour is trump; rivals pick clockwise from the King;
    rivals cannot use their kings; the King takes the start player card."""
    s = fresh()
    start = s.get("start")
    s, _ = G.apply(s, (start + 1) % 3, "pass")
    s, _ = G.apply(s, (start + 2) % 3, "pass")
    assert G.to_act(s) == {start}
    s, _ = G.apply(s, start, "set:r")
    assert G.to_act(s) == {(start + 1) % 3}
    assert "set:r" not in G.legal_actions(s, (start + 1) % 3)
    s, _ = G.apply(s, (start + 1) % 3, "set:w")
    s, _ = G.apply(s, (start + 2) % 3, "set:k")
    assert s.phase == "exchange" and G.to_act(s) == {0, 1, 2}
    for seat in range(3):
        for _ in range(3):
            s, _ = G.apply(s, seat, G.legal_actions(s, seat)[0])
    assert s.phase == "play" and s.leader == start and R.trump(s) == "r"
    assert s.king_ok == tuple(i == start for i in range(3))


def test_chosen_colour_is_trump_and_black_is_ordinary() -> None:
    """オンブレ ゲームの概要: with the red king, red beats the other three colours (black included)."""
    s = play_state(
        "ombre",
        [["b2"], ["k10"], ["r1"]],
        "rbk",
        info={"king": 0, "trump": "r"},
        king_ok=[True, False, False],
    )
    s, _ = G.apply(s, 0, "play:b2")
    s, _ = G.apply(s, 1, "play:k10")
    s, events = G.apply(s, 2, "play:r1")
    assert trick_winner(events) == 2


def test_white_king_no_trump_and_king_on_any_card() -> None:
    """オンブレ ■白キング: no trump; the white king goes on any card played by the normal rules."""
    s = play_state(
        "ombre",
        [["b2", "g5"], ["k10", "b1"], ["b9", "r1"]],
        "wbk",
        info={"king": 0, "trump": "w"},
        king_ok=[True, False, False],
    )
    assert R.trump(s) is None
    legal = G.legal_actions(s, 0)
    assert "play:b2:K" in legal and "play:g5:K" in legal
    assert not any(a.endswith(":K") for a in G.legal_actions(s._replace(leader=1), 1))
    s, _ = G.apply(s, 0, "play:b2")
    s, _ = G.apply(s, 1, "play:b1")
    s, events = G.apply(s, 2, "play:b9")
    assert trick_winner(events) == 2


def test_rival_cannot_use_king_even_on_its_colour() -> None:
    """オンブレ 4: ライバルはキングカードを使用することができません."""
    s = play_state(
        "ombre",
        [["k2"], ["b5"], ["r1"]],
        "kbr",
        info={"king": 0, "trump": "k"},
        king_ok=[True, False, False],
        leader=1,
    )
    assert "play:b5:K" not in G.legal_actions(s, 1)
    with pytest.raises(IllegalAction):
        G.apply(s, 1, "play:b5:K")


def test_white_flag_beats_rares_for_100_each() -> None:
    """オンブレ ■白旗: the flag beats rares, +100 at once per rare beaten (+200 with two; a white-queen
    rare counts); a king beats both."""
    s = play_state(
        "ombre",
        [["rare1"], ["flag1"], ["rare2"]],
        "rbk",
        info={"king": 0, "trump": "r"},
        king_ok=[True, False, False],
    )
    s = s._replace(scores=(0, 0, 0))
    s, _ = G.apply(s, 0, "play:rare1")
    s, _ = G.apply(s, 1, "play:flag1")
    s, events = G.apply(s, 2, "play:rare2")
    assert trick_winner(events) == 1
    assert any(e.kind == "flag_beats_rare" and e.data["points"] == 200 for e in events)
    s = play_state(
        "ombre",
        [["r9", "r1"], ["flag1", "r2"], ["r3", "r4"]],
        "wbk",
        info={"king": 0, "trump": "w"},
        king_ok=[True, False, False],
    )
    s, _ = G.apply(s, 0, "play:r9:qw")
    s, _ = G.apply(s, 1, "play:flag1")
    s, events = G.apply(s, 2, "play:r3")
    assert trick_winner(events) == 1 and s.scores[1] == 100
    s = play_state(
        "ombre",
        [["r9", "r1"], ["flag1", "r2"], ["rare1", "r4"]],
        "rbk",
        info={"king": 0, "trump": "r"},
        king_ok=[True, False, False],
        leader=1,
    )
    s, _ = G.apply(s, 1, "play:flag1")
    s, _ = G.apply(s, 2, "play:rare1")
    s, events = G.apply(s, 0, "play:r9:K")
    assert trick_winner(events) == 0 and s.scores == (0, 0, 0)


def test_red_queen_only_when_won() -> None:
    """オンブレ ■赤クイーン: counts only when that trick is won."""
    s = play_state(
        "ombre",
        [["r9", "r1"], ["b2", "b3"], ["g3", "g4"]],
        "rbg",
        info={"king": 0, "trump": "r"},
        king_ok=[True, False, False],
    )
    s, _ = G.apply(s, 0, "play:r9:qr")
    s, _ = G.apply(s, 1, "play:b2")
    s, _ = G.apply(s, 2, "play:g3")
    assert s.bonus == (1, 0, 0)


def _score(wins: tuple[int, ...], king: int = 0, scores: tuple[int, ...] = (0, 0, 0)) -> VState:
    s = play_state("ombre", [[], [], []], "rbg", info={"king": king, "trump": "r"})
    s = s._replace(tricks=wins, scores=scores, round=1)
    return R.end_round(s)[0]


def test_king_and_rival_bonuses() -> None:
    """オンブレ 6 勝利点の獲得: King sole first +100, 5 wins or more +100; rivals +100 each for stopping a
    sole first (Ruling: each rival earns each bonus it meets), exactly 3 wins +100 (the jack's back)."""
    assert _score((5, 2, 2)).scores == (200, 0, 0)
    assert _score((4, 3, 2)).scores == (100, 100, 0)
    assert _score((3, 3, 3)).scores == (0, 200, 200)
    assert _score((2, 4, 3)).scores == (0, 100, 200)


def test_three_rounds_with_the_auction_start_rotating() -> None:
    """オンブレ 3: the auction start moves clockwise each round; three rounds, then the game ends."""
    s = fresh()
    first = s.get("start")
    s = s._replace(phase="scored")
    s, _ = G.apply(s, 1, "next")
    assert s.round == 2 and s.get("start") == (first + 1) % 3 and s.phase == "auction"
    assert all(len(h) == 9 for h in s.hands)
    done = _score((4, 3, 2), scores=(100, 0, 0))
    done = done._replace(round=3)
    done, _ = R.end_round(done._replace(tricks=(4, 3, 2), scores=(100, 0, 0)))
    assert done.phase == "over"
    out = G.outcome(done)
    assert out is not None and out.placements == (1, 2, 3)


def test_japanese_name_is_onbure_as_the_rulebook_writes_it() -> None:
    """002 オンブレ ゲームの概要: 「伝統的トリックテイキングゲーム『オンブレ』のKINGsリメイクルール」 (the
    rulebook's spelling, not オンブル): the variant list, the table header and the rules page say オンブレ."""
    from games.kings.game import GAME as KINGS

    names = {v.id: v.names["ja"] for v in KINGS.info.variants}
    assert names["ombre"].startswith("オンブレ")
    assert G.info.variants[0].names["ja"].startswith("オンブレ")
    header = G.render_view(G.view(fresh(), 0), "ja")
    assert "オンブレ" in header and "オンブル" not in header
    page = G.rules_page("ja")
    assert "オンブレ" in page and "オンブル" not in page
