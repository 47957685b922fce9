"""Following, trumping and the trick winner.

Rulebook 001_156fd8ce6bcaeb20.txt, 'ランク' and 'プレー'.
"""

from __future__ import annotations

import pytest
from dc_builders import play_state, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.errors import IllegalAction
from games.dream_capture.cards import DECK, RANKS, STRENGTH, SUIT_OF
from games.dream_capture.game import GAME
from games.dream_capture.tricks import playable, refusal, winning_index


def test_must_follow_suit() -> None:
    """001_156fd8ce6bcaeb20.txt, 'プレー': 「残りの人は、リードされたスートを出さなければなりません。もしリードが♠
    なら、必ず♠を出すということです。」 Seat 5 holds a spade: a trump or a heart is refused, state unchanged."""
    hands = [["sK", "s1"], ["s2"], ["s3"], ["s4"], ["s5"], ["s9", "t20", "hK"]]
    state = play_state(hands, leader=0)
    state, _ = GAME.apply(state, 0, "play:sK")
    assert GAME.legal_actions(state, 5) == ["play:s9"]
    before = snapshot(state)
    for card in ("t20", "hK"):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 5, f"play:{card}")
        assert err.value.code == "dc_must_follow_s"
        assert "spade" in err.value.message("en") and "スペード" in err.value.message("ja")
    assert snapshot(state) == before
    GAME.apply(state, 5, "play:s9")


def test_must_trump_when_void() -> None:
    """001_156fd8ce6bcaeb20.txt, 'プレー': 「ない場合は切り札(大アルカナ)を必ず出します。」 Seat 5 has no spade
    but trumps: the heart is refused; any trump (the Fool too) is legal."""
    hands = [["sK", "s1"], ["s2"], ["s3"], ["s4"], ["s5"], ["hK", "t3", "t0"]]
    state = play_state(hands, leader=0)
    state, _ = GAME.apply(state, 0, "play:sK")
    assert sorted(GAME.legal_actions(state, 5)) == ["play:t0", "play:t3"]
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 5, "play:hK")
    assert err.value.code == "dc_must_trump"
    assert snapshot(state) == before


def test_anything_when_void_of_suit_and_trumps() -> None:
    """001_156fd8ce6bcaeb20.txt, 'プレー': 「それもない場合は何をだしても構いません。」"""
    hands = [["sK", "s1"], ["s2"], ["s3"], ["s4"], ["s5"], ["hK", "d3", "c0"]]
    state = play_state(hands, leader=0)
    state, _ = GAME.apply(state, 0, "play:sK")
    assert sorted(GAME.legal_actions(state, 5)) == ["play:c0", "play:d3", "play:hK"]


def test_trump_lead_must_be_followed_with_a_trump() -> None:
    """001_156fd8ce6bcaeb20.txt, 'プレー': a led trump is the suit to follow; the Fool is a trump like the
    others and must be played when it is the only one."""
    hands = [["t5", "s1"], ["s2"], ["s3"], ["s4"], ["s5"], ["hK", "t0"]]
    state = play_state(hands, leader=0)
    state, _ = GAME.apply(state, 0, "play:t5")
    assert GAME.legal_actions(state, 5) == ["play:t0"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 5, "play:hK")
    assert err.value.code == "dc_must_follow_t"


def test_leader_may_lead_anything_and_play_goes_counter_clockwise() -> None:
    """001_156fd8ce6bcaeb20.txt, 'プレー': 「リードする人は何を出しても構いません。」「プレーも反時計回りに進む」
    (RULINGS.md: counter-clockwise is reverse seat order): after seat 2 leads, seat 1 plays, then 0, 5…"""
    hands = [["s1"], ["s2"], ["t0", "sI", "h3"], ["s4"], ["s5"], ["s6"]]
    state = play_state(hands, leader=2)
    assert sorted(GAME.legal_actions(state, 2)) == ["play:h3", "play:sI", "play:t0"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, "play:s2")
    assert err.value.code == "not_your_turn"
    state, _ = GAME.apply(state, 2, "play:sI")
    assert GAME.to_act(state) == {1}
    state, _ = GAME.apply(state, 1, "play:s2")
    assert GAME.to_act(state) == {0}


def test_card_not_in_hand_is_refused_without_naming_it() -> None:
    """Errors never name a hidden card (hidden information)."""
    state = play_state([["s1"], ["s2"], ["s3"], ["s4"], ["s5"], ["s6"]], leader=0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "play:s2")
    assert err.value.code == "card_not_in_hand" and "s2" not in str(err.value)


def test_trick_winner_and_leader_of_the_next_trick() -> None:
    """001_156fd8ce6bcaeb20.txt, 'プレー': 「勝つのは切り札が出ていれば出された中で最も強い切り札です。切り札が
    出ていなければ、リードされたスートで一番強いカードです。」「勝った人が…次のリードをします。」 A led ♠0 loses
    to ♠1 (「A(1)は強くないので注意」) and an off-suit ♥∞ never wins."""
    hands = [["s0", "d1"], ["s1", "d2"], ["hI", "d3"], ["s15", "d4"], ["sJ", "d5"], ["sC", "d6"]]
    state = play_state(hands, leader=0)
    for seat, card in ((0, "s0"), (5, "sC"), (4, "sJ"), (3, "s15"), (2, "hI"), (1, "s1")):
        state, _ = GAME.apply(state, seat, f"play:{card}")
    assert state.last_winner == 5 and state.leader == 5 and GAME.to_act(state) == {5}
    assert state.tricks_won == (0, 1)


def test_rank_orders() -> None:
    """001_156fd8ce6bcaeb20.txt, 'ランク': 「切り札の強さは0(愚者)が最強で、次が23(希望)、22(夢)、21(世界)、…、
    となっていて1(魔術師/パガット)が最弱」; suits: 「∞、K、Q、C、J、15、14、…、2、1、0の順」."""
    trumps = sorted((c for c in DECK if SUIT_OF[c] == "t"), key=STRENGTH.__getitem__, reverse=True)
    assert trumps[:4] == ["t0", "t23", "t22", "t21"] and trumps[-1] == "t1"
    spades = sorted((c for c in DECK if SUIT_OF[c] == "s"), key=STRENGTH.__getitem__, reverse=True)
    assert [c[1:] for c in spades] == list(RANKS)
    assert RANKS[:6] == ("I", "K", "Q", "C", "J", "15") and RANKS[-2:] == ("1", "0")


tricks = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True)


@settings(max_examples=300, deadline=None)
@given(tricks)
def test_property_highest_trump_wins_else_highest_of_led_suit(cards: list[str]) -> None:
    """001_156fd8ce6bcaeb20.txt, 'プレー' (judging a trick), for any six distinct cards."""
    winner = cards[winning_index(cards)]
    trumps = [c for c in cards if SUIT_OF[c] == "t"]
    if trumps:
        assert winner == max(trumps, key=STRENGTH.__getitem__)
    else:
        led = [c for c in cards if SUIT_OF[c] == SUIT_OF[cards[0]]]
        assert winner == max(led, key=STRENGTH.__getitem__)
    if "t0" in cards:
        assert winner == "t0"  # the Fool always wins its trick


@settings(max_examples=200, deadline=None)
@given(tricks, st.randoms(use_true_random=False))
def test_property_order_of_the_followers_does_not_change_the_winning_card(cards: list[str], rnd) -> None:  # type: ignore[no-untyped-def]
    """001_156fd8ce6bcaeb20.txt, 'プレー': only the led suit and the cards' ranks decide, not who plays when."""
    followers = cards[1:]
    rnd.shuffle(followers)
    again = [cards[0], *followers]
    assert again[winning_index(again)] == cards[winning_index(cards)]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=18, unique=True),
    st.sampled_from([None, "t", "s", "h", "d", "c"]),
)
def test_property_one_card_check_agrees_with_the_playable_list(hand: list[str], lead: str | None) -> None:
    """001, 'プレー' (follow the led suit, else a trump, else anything): the engine checks a play with
    `refusal` and lists the legal plays with `playable`; both must say the same for every card."""
    legal = playable(hand, lead)
    for card in hand:
        assert (refusal(hand, lead, card) is None) == (card in legal)
