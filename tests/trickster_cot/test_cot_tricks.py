"""Tricks, roles, busting, the Timeline modes and round ends of Champions of Time.

Rulebook 000_fcfbe286cff5777b.txt. Effects in these tables are chosen so they cannot be resolved (empty
tableaus and Trash), hence ignored: the tests see the bare trick loop.
"""

from __future__ import annotations

import pytest
from cot_helpers import act, hand, kinds, pot, run, table, tableau

from games.trickster.cot import GAME
from games.trickster.cot.state import Phase

FILLER = [["gua-o", "gua-y"], ["nom-o", "nom-y"], ["doc-o", "doc-y"], ["mag-o", "mag-y"]]


def four(hands: list[list[str]], **kw: object) -> object:
    return table([h + f for h, f in zip(hands, FILLER, strict=True)], **kw)  # type: ignore[arg-type]


def test_same_suit_pattern() -> None:
    """000, 【リードとフォロー】 同じ模様: the Trickster matches the Leader's suit -> follow that suit."""
    s = four([["nom-r"], ["gua-r"], ["doc-r", "doc-b"], ["mag-b"]])
    s, ev = run(s, (0, "play:nom-r"), (1, "play:gua-r"))
    assert "ignored" in kinds(ev)
    assert GAME.view(s, 2)["pattern"] == "suit"
    assert "play:doc-r" in GAME.legal_actions(s, 2)
    assert "play:doc-b" not in GAME.legal_actions(s, 2)
    assert "play:doc-o" not in GAME.legal_actions(s, 2)


def test_same_hero_pattern() -> None:
    """000, 【リードとフォロー】 同じ英雄: the Trickster matches the Leader's hero -> follow that hero."""
    s = four([["nom-r"], ["nom-b"], ["nom-g", "doc-r"], ["mag-b"]])
    s, _ = run(s, (0, "play:nom-r"), (1, "play:nom-b"))
    assert GAME.view(s, 2)["pattern"] == "hero"
    assert GAME.legal_actions(s, 2) == ["play:nom-g"]


def test_unique_pattern() -> None:
    """000, 【リードとフォロー】 適合なし: neither suit nor hero -> no suit or hero already in the pot."""
    s = table(
        [["nom-r", "gua-k"], ["gua-b", "gua-w"], ["doc-g", "doc-r", "mag-b", "wit-y"], ["mag-p", "wit-k"]]
    )
    s, _ = run(s, (0, "play:nom-r"), (1, "play:gua-b"))
    assert GAME.view(s, 2)["pattern"] == "unique"
    assert sorted(GAME.legal_actions(s, 2)) == ["play:doc-g", "play:wit-y"]
    with pytest.raises(Exception) as err:
        act(s, 2, "play:doc-r")
    assert "follow" in str(err.value)


def test_cannot_follow_busts_and_leads_next() -> None:
    """000, 【トリック終了】 フォローできない: that player busts, collects the pot, leads the next trick."""
    s = four([["nom-r"], ["gua-r"], ["doc-r"], ["mag-b"]])
    s, ev = run(s, (0, "play:nom-r"), (1, "play:gua-r"), (2, "play:doc-r"))
    assert kinds(ev).count("cannot_follow") == 1
    assert sorted(tableau(s, 3)) == ["doc-r", "gua-r", "nom-r"]
    assert s.trick is not None and s.trick.leader == 3 and s.trick.trickster == 0
    assert GAME.to_act(s) == frozenset({3})


def test_everyone_followed_trickster_busts() -> None:
    """000, 【トリック終了】 全員がフォローした: the Trickster busts."""
    s = four([["nom-r"], ["gua-r"], ["doc-r"], ["mag-r"]])
    s, _ = run(s, (0, "play:nom-r"), (1, "play:gua-r"), (2, "play:doc-r"), (3, "play:mag-r"))
    assert sorted(tableau(s, 1)) == ["doc-r", "gua-r", "mag-r", "nom-r"]
    assert s.trick is not None and s.trick.leader == 1


def test_empty_hand_on_turn_busts() -> None:
    """000, 【トリック終了】 注意: no card in hand on your turn also means you cannot follow."""
    s = table([["sol-r", "gua-o"], ["wit-r", "wit-o"], ["doc-r", "doc-o"], ["mag-r", "mag-o"]])
    # Seat 0's Soldier moves its last hand card to seat 2's tableau.
    s, _ = run(s, (0, "play:sol-r"), (0, "pick:gua-o"), (0, "seat:2"), (1, "play:wit-r"))
    assert hand(s, 0) == []
    # Seat 0 ended with an empty hand; the trick goes on to seats 2 and 3 (they follow red).
    s, _ = run(s, (2, "play:doc-r"), (3, "play:mag-r"))
    # Everyone followed: the Trickster (seat 1) busts; seat 0 has no hand: the round ends.
    assert s.phase == Phase.SCORED
    assert s.round == 1 and len(s.scores) == 1


def test_round_ends_when_a_hand_is_empty_and_buster_leads_next_round() -> None:
    """000, 【ラウンド終了と得点計算】: a trick's end with an empty hand ends the round; the last buster
    leads round 2 (最終トリックでドボンしたプレイヤーが、次ラウンドの第１トリックでリーダー)."""
    s = table([["nom-r"], ["gua-r", "gua-o"], ["doc-r", "doc-o"], ["mag-b", "mag-o"]])
    s, _ = run(s, (0, "play:nom-r"), (1, "play:gua-r"), (2, "play:doc-r"))
    assert s.phase == Phase.SCORED and s.buster == 3
    assert GAME.to_act(s) == frozenset({3})
    s, _ev = act(s, 3, "deal")
    assert s.phase == Phase.PICK and s.round == 2
    assert [len(h) for h in s.hands] == [10, 10, 10, 10]
    picks = [(seat, f"tab:{hand(s, seat)[0]}") for seat in range(4)]
    s, _ = run(s, *picks)
    assert s.trick is not None and s.trick.leader == 3 and s.trick.trickster == 0


def test_leader_effect_second_card_makes_leader_trickster() -> None:
    """000, 【トリックスターに関する特殊処理】: the Leader's effect puts the 2nd card in the pot; it sets
    the pattern, the would-be Trickster follows as a normal player (the Leader takes the role)."""
    s = table([["bea-r", "nom-r", "gua-o"], ["doc-b", "gua-r"], ["doc-r", "doc-o"], ["mag-r", "mag-o"]])
    s, ev = run(s, (0, "play:bea-r"))
    assert GAME.legal_actions(s, 0) == ["pick:nom-r", "pick:gua-o"]
    s, ev = act(s, 0, "pick:gua-o")
    assert "trickster_role" in kinds(ev)
    assert pot(s) == ["bea-r", "gua-o"]
    assert s.trick is not None and s.trick.trickster == 0
    assert GAME.view(s, 1)["pattern"] == "unique"
    # Seat 1, the would-be Trickster, now follows "unique" like everyone else.
    assert GAME.to_act(s) == frozenset({1})
    assert GAME.legal_actions(s, 1) == ["play:doc-b"]


def test_leader_effect_everyone_followed_leader_busts() -> None:
    """000, 【トリックスターに関する特殊処理】 with RULINGS.md: after the Leader took the Trickster role,
    if everyone followed, the Leader busts."""
    s = table([["bea-r", "nom-r", "gua-k"], ["doc-r", "nom-o"], ["gua-r", "doc-o"], ["mag-r", "mag-o"]])
    s, _ = run(
        s, (0, "play:bea-r"), (0, "pick:nom-r"), (1, "play:doc-r"), (2, "play:gua-r"), (3, "play:mag-r")
    )
    assert sorted(tableau(s, 0)) == ["bea-r", "doc-r", "gua-r", "mag-r", "nom-r"]
    assert s.trick is not None and s.trick.leader == 0


def test_two_players_timeline_and_double_turns() -> None:
    """000, 【２－３人用ルール】 and 【２人用の追加ルール】: the Timeline head opens the pot (no effect);
    turns go Trickster, other, Trickster, other; if both followed to the end, the Trickster busts; the
    token passes left whoever busted."""
    s = table(
        [["nom-r", "gua-r", "nom-b"], ["doc-r", "mag-r", "doc-b"]],
        timeline=["wit-r", "wit-b", "wit-g"],
        first=0,
    )
    assert pot(s) == ["wit-r"] and s.trick is not None and s.trick.leader == -1
    assert list(s.timeline) != [] and len(s.timeline) == 2
    order = []
    for seat, card in ((0, "nom-r"), (1, "doc-r"), (0, "gua-r"), (1, "mag-r")):
        assert GAME.to_act(s) == frozenset({seat})
        order.append(seat)
        s, _ = act(s, seat, f"play:{card}")
    assert order == [0, 1, 0, 1]
    assert sorted(tableau(s, 0)) == ["doc-r", "gua-r", "mag-r", "nom-r", "wit-r"]
    # The token passed left: seat 1 is the Trickster of the next trick.
    assert s.trick is not None and s.trick.trickster == 1 and pot(s) == ["wit-b"]


def test_two_players_cannot_follow() -> None:
    """000, 【２人用の追加ルール】 フォローできないプレイヤーがドボン; the token still passes left."""
    s = table([["nom-r", "nom-b"], ["doc-g", "doc-b"]], timeline=["wit-r", "wit-b", "wit-g"], first=1)
    s, ev = act(s, 1, "play:doc-g")  # unique vs wit-r: no red, no Witness, no green, no Doctor
    assert GAME.legal_actions(s, 0) == ["play:nom-b"]
    s, ev = act(s, 0, "play:nom-b")  # adds blue + Nomad: seat 1's doc-b repeats Doctor and blue
    assert "cannot_follow" in kinds(ev)
    assert sorted(tableau(s, 1)) == ["doc-g", "nom-b", "wit-r"]
    assert s.trick is not None and s.trick.trickster == 0


def test_three_players_order_and_timeline_round_end() -> None:
    """000, 【２－３人用ルール】: three players take one turn each from the Trickster; with 2-3 players
    the round also ends at a trick's end when the Timeline is empty (RULINGS.md)."""
    s = table([["nom-r", "nom-o"], ["gua-r", "gua-o"], ["doc-r", "doc-o"]], timeline=["wit-r"], first=2)
    assert s.timeline == ()
    s, _ = run(s, (2, "play:doc-r"), (0, "play:nom-r"), (1, "play:gua-r"))
    # Everyone followed: the Trickster (seat 2) busts; the hands then join the tableaus for scoring.
    assert sorted(tableau(s, 2)) == ["doc-o", "doc-r", "gua-r", "nom-r", "wit-r"]
    assert s.phase == Phase.SCORED
    # The token keeps passing into the next round: seat 0 is the next Trickster.
    assert GAME.to_act(s) == frozenset({0})
    s, _ = act(s, 0, "deal")
    assert len(s.timeline) == 12 and len(s.trash) == 6 and [len(h) for h in s.hands] == [11, 11, 11]
    s, _ = run(s, *[(seat, f"tab:{hand(s, seat)[0]}") for seat in range(3)])
    assert s.trick is not None and s.trick.trickster == 0 and len(s.timeline) == 11
