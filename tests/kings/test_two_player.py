"""The two-player page (002_4e143f857986e60e.txt, 'ゲーム変更点', 'ゲームの準備', 'ラウンド1'..'ラウンド3')."""

from __future__ import annotations

from games.kings import engine
from games.kings.state import Table

from .helpers import act, fresh, play_table


def draft_all(t: Table) -> Table:
    while t.phase == "draft":
        seat = next(iter(engine.to_act(t)))
        t = act(t, seat, engine.legal_actions(t, seat)[0])
    return t


def test_king_deck_sets_the_devil_colour_each_round() -> None:
    """002_4e143f857986e60e.txt, '3 デビルカードの決定' and 'ラウンド2' 1: the top king is the devil colour; each round it goes to the bottom."""
    t = fresh(2, "two-player")
    deck = list(t.king_deck)
    assert len(deck) == 3 and not set(deck) & set(t.own_king)
    assert t.devil_colour == deck[0]
    t = draft_all(t)
    t.round = 2
    engine._start_round(t, [])
    assert t.devil_colour == deck[1]
    t.round = 3
    engine._start_round(t, [])
    assert t.devil_colour == deck[2]
    _, rules = engine.round_facts(t)
    assert rules.devil_penalty == 20 and rules.bid_multiplier == 2


def test_draft_alternates_and_allows_last_rounds_characters() -> None:
    """002_4e143f857986e60e.txt, 'ラウンド1' 2 and 'ゲーム変更点': alternate picks from the smaller king number; last round's characters
    may be taken again."""
    t = fresh(2, "two-player")
    low = engine.by_king_number(t)[0]
    assert t.draft_order == [low, 1 - low] * 3
    t = draft_all(t)
    mine = list(t.chars[low])
    t.round = 2
    engine._start_round(t, [])
    assert all(f"pick:{c}" in engine.legal_actions(t, low) for c in mine)


def test_jack_is_a_bid_from_round_one_and_only_one_bid() -> None:
    """002_4e143f857986e60e.txt, 'ゲーム変更点': the jack may be the bid from round 1; round 3 still one bid."""
    t = draft_all(fresh(2, "two-player"))
    legal = engine.bid_actions(t, 0)
    assert "bid:jack" in legal and len(legal) == 4
    t.round = 3
    assert len(engine.bid_actions(t, 0)) == 4


def test_jack_turned_adds_three_to_the_bid() -> None:
    """002_4e143f857986e60e.txt, 'ゲーム変更点': the face-up jack adds +3 to the bid's number at any time, even at scoring; not with a
    jack bid. Ruling: the turned jack no longer scores face up."""
    t = play_table([["g3"], ["k9"]], kings=("r", "w"), chars=[["gambler1"], ["ninja1"]], bids=[["gambler1"], ["jack"]], variant="two-player")
    assert "jack3" in engine.legal_actions(t, 0)
    t = act(t, 0, "jack3")
    facts, _ = engine.round_facts(t)
    assert facts[0].bid_shift == 3 and facts[0].jack is None
    t = act(t, 0, "play:g3")
    assert "jack3" not in engine.legal_actions(t, 1)


def test_jack3_offered_at_round_end() -> None:
    """002_4e143f857986e60e.txt, 'ゲーム変更点': 'any time' includes scoring."""
    t = play_table([["g3"], ["k9"]], kings=("r", "w"), chars=[["gambler1"], ["ninja1"]], bids=[["gambler1"], ["ninja1"]], variant="two-player")
    t = act(t, 0, "play:g3")
    t = act(t, 1, "play:k9")
    assert t.phase == "jack3"
    assert engine.legal_actions(t, 0) == ["jack3", "keep"]


def test_berserker_takes_two_black_tens() -> None:
    """002_4e143f857986e60e.txt, '4 キャラカード(8枚)の準備': the Berserker takes both black 10s and discards 2."""
    t = play_table([["g3", "r2"], ["k9", "r3"]], kings=("r", "w"), chars=[["berserker1"], []], bids=[[], []], variant="two-player")
    t.start_player = 0
    engine._begin_setup(t, [])
    assert {"bers1", "bers2"} <= set(t.hands[0]) and t.discard_left == 2


def test_extra_kings_for_players_behind() -> None:
    """002_4e143f857986e60e.txt, 'ラウンド3' 4: one devil king of rounds 1-2 per 100 points behind (at most two)."""
    t = draft_all(fresh(2, "two-player"))
    t.round = 3
    t.scores = [300, 150]
    engine._start_round(t, [])
    t = draft_all(t)
    assert t.phase == "extra" and engine.to_act(t) == frozenset({1})
    options = engine.legal_actions(t, 1)
    assert options == [f"extra:{k}" for k in t.king_deck[1:3]]
    t = act(t, 1, options[0])
    assert t.extra_kings[1] == [options[0][6:]] and t.phase == "bid"
    t2 = draft_all(fresh(2, "two-player"))
    t2.round = 3
    t2.scores = [400, 150]
    engine._start_round(t2, [])
    t2 = draft_all(t2)
    assert t2.phase == "bid" and len(t2.extra_kings[1]) == 2
    assert engine.seat_king_number(t2, 1) < 11
