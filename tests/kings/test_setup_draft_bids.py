"""Set-up, party drafts and secret bids (002_4e143f857986e60e.txt, '■ゲームの準備', '■ラウンド1',
'■パーティ編成(オープンドラフト)', '■ラウンド3')."""

from __future__ import annotations

import pytest

from games.core.errors import InvalidOptions
from games.kings import engine
from games.kings.cards import character_of, character_pool, playing_cards
from games.kings.game import GAME
from games.kings.state import Table

from .helpers import act, fresh


def draft_all(t: Table) -> Table:
    """Everyone takes the first legal pick until the draft is over."""
    while t.phase == "draft":
        seat = next(iter(engine.to_act(t)))
        t = act(t, seat, engine.legal_actions(t, seat)[0])
    return t


def test_components_by_player_count() -> None:
    """002_4e143f857986e60e.txt, '■ゲームの準備': 44 / 36 / 28 / 28 playing cards; 19 / 17 / 12 / 8 characters
    (+ the Cheerleader with 4-5)."""
    assert [len(playing_cards(n)) for n in (5, 4, 3, 2)] == [44, 36, 28, 28]
    assert [len(character_pool(n)) for n in (5, 4, 3, 2)] == [19, 17, 12, 8]
    assert len(character_pool(5, cheerleader=True)) == 20
    assert len(character_pool(4, initial_parties=True)) == 19
    assert not any(c.startswith(("devil", "cheerleader")) for c in character_pool(3, cheerleader=True))


def test_five_card_hands_and_two_player_nine() -> None:
    """002_4e143f857986e60e.txt, '■5枚の手札と5回のトリック' and 'ゲーム変更点' (9 cards, 50 points)."""
    t = fresh(3)
    assert [len(h) for h in t.hands] == [5, 5, 5]
    two = fresh(2, "two-player")
    assert [len(h) for h in two.hands] == [9, 9]
    assert two.scores == [50, 50]


def test_round_one_snake_draft_order() -> None:
    """002_4e143f857986e60e.txt, '■パーティ編成(オープンドラフト)': 1→5, 5→1, 1→5, 5→1 (four picks each)."""
    t = fresh(5)
    first = t.draft_order[0]
    forward = [(first + i) % 5 for i in range(5)]
    assert t.draft_order == forward + forward[::-1] + forward + forward[::-1]


def test_round_one_no_second_copy_and_set_once() -> None:
    """002_4e143f857986e60e.txt, '■パーティ編成(オープンドラフト)': the same character cannot be taken twice;
    a KQJ set only once; with one pick left and no set, a set must be taken."""
    t = fresh(3)
    seat = t.draft_order[0]
    t = act(t, seat, "pick:gambler1")
    t.draft_order = [seat, *t.draft_order]
    legal = engine.legal_actions(t, seat)
    assert not any(a.startswith("pick:gambler") for a in legal)
    t = act(t, seat, "set:w")
    t.draft_order = [seat, *t.draft_order]
    assert not any(a.startswith("set:") for a in engine.legal_actions(t, seat))
    t2 = fresh(3)
    s2 = t2.draft_order[0]
    t2.draft_order = [s2]
    assert all(a.startswith("set:") for a in engine.legal_actions(t2, s2))


def test_start_player_is_lowest_king_number() -> None:
    """002_4e143f857986e60e.txt, '### ■キングナンバー' (2): the smallest king number leads trick 1."""
    t = draft_all(fresh(4))
    assert t.phase == "bid"
    assert t.start_player == min(range(4), key=lambda s: engine.seat_king_number(t, s))


def test_later_rounds_draft_by_king_number_without_retaking() -> None:
    """002_4e143f857986e60e.txt, '[2-c] キャラカードの獲得': king-number order; your own last three cannot be
    taken again, other copies can."""
    t = draft_all(fresh(4))
    t.round = 2
    prev = [list(c) for c in t.chars]
    engine._start_round(t, [])
    assert t.prev_chars == prev
    order = engine.by_king_number(t)
    assert t.draft_order == order * 3
    seat = order[0]
    legal = engine.legal_actions(t, seat)
    assert not any(a[5:] in prev[seat] for a in legal)
    other = next(c for s in range(4) if s != seat for c in prev[s] if c not in prev[seat])
    assert f"pick:{other}" in legal


def test_copies_can_be_taken_in_later_rounds() -> None:
    """002_4e143f857986e60e.txt, rounds 2-3 (RULINGS.md: two Healers face up happen)."""
    t = draft_all(fresh(4))
    t.round = 2
    engine._start_round(t, [])
    seat = t.draft_order[0]
    t.prev_chars[seat] = []
    t = act(t, seat, "pick:healer1")
    t.draft_order = [seat, *t.draft_order]
    assert "pick:healer2" in engine.legal_actions(t, seat)


def test_initial_parties() -> None:
    """002_4e143f857986e60e.txt, '■初期パーティ' (RULINGS.md PROVISIONAL parties): no round-1 draft."""
    t = fresh(4, initial_parties=True)
    assert t.phase == "bid"
    assert all(len(c) == 3 for c in t.chars)
    assert len({character_of(c) for c in t.chars[0]}) == 3


def test_bids_are_secret_and_simultaneous() -> None:
    """002_4e143f857986e60e.txt, '3 BID(ビッド)': all choose in secret and reveal together."""
    t = draft_all(fresh(3))
    assert engine.to_act(t) == frozenset({0, 1, 2})
    choice = engine.legal_actions(t, 0)[0]
    t = act(t, 0, choice)
    assert engine.to_act(t) == frozenset({1, 2})
    assert GAME.view(t, 1)["seats"][0]["bids"] is None
    assert GAME.view(t, None)["seats"][0]["bids"] is None
    assert GAME.view(t, 0)["seats"][0]["bids"] == choice.split(":")[1:]
    assert engine.legal_actions(t, 0) == []
    t = act(t, 1, engine.legal_actions(t, 1)[0])
    t = act(t, 2, engine.legal_actions(t, 2)[0])
    assert t.revealed
    assert GAME.view(t, 1)["seats"][0]["bids"] == choice.split(":")[1:]


def test_round_three_one_or_two_bids_with_the_jack() -> None:
    """002_4e143f857986e60e.txt, '■ラウンド3': 1-2 bid cards among the three characters and the jack."""
    t = draft_all(fresh(3))
    t.round = 3
    legal = engine.bid_actions(t, 0)
    assert len(legal) == 4 + 6
    assert "bid:jack" in legal
    assert any(a.count(":") == 2 and a.endswith(":jack") for a in legal)


def test_cheerleader_face_up_means_no_bid() -> None:
    """002_4e143f857986e60e.txt, '### チアリーダーを表で使用した場合': a face-up Cheerleader cannot bid."""
    t = draft_all(fresh(4))
    t.chars[0] = ["cheerleader1", "healer1", "ninja1"]
    legal = engine.bid_actions(t, 0)
    assert legal == ["bid:none", "bid:cheerleader1"]


def test_options_are_validated() -> None:
    """Table options: bad values get a player-facing reason."""
    with pytest.raises(InvalidOptions):
        GAME.setup(3, {"initial_parties": "true"})
    with pytest.raises(InvalidOptions) as err:
        GAME.setup(4, {"cheerleader": "maybe"})
    assert "maybe" in err.value.message("ja") and "true" in err.value.message("ja")
    with pytest.raises(InvalidOptions):
        GAME.setup(4, {"colour": "red"})
    with pytest.raises(InvalidOptions):
        GAME.setup(2, {"cheerleader": "true"}, variant="two-player")
    with pytest.raises(InvalidOptions):
        GAME.setup(2, {}, variant="standard")
    assert GAME.setup(2, {}, variant="two-player").opts["devil_contract"] is True


def test_missing_variant_engine_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The facade delegates ombre/whist/napoleon; an engine not registered is a clear InvalidOptions."""
    from games.kings import variants

    monkeypatch.setattr(variants, "ENGINES", {})
    with pytest.raises(InvalidOptions) as err:
        GAME.setup(3, {}, variant="ombre")
    assert err.value.code == "kings_variant_missing"


def test_facade_lists_every_variant_and_delegates() -> None:
    """The `kings` GameInfo lists all five variants; registered variant engines are used through the facade."""
    from games.kings.variants import ENGINES

    assert [(v.id, v.min_players, v.max_players) for v in GAME.info.variants] == [
        ("standard", 3, 5),
        ("two-player", 2, 2),
        ("ombre", 3, 3),
        ("whist", 4, 4),
        ("napoleon", 5, 5),
    ]
    for variant, players in (("ombre", 3), ("whist", 4), ("napoleon", 5)):
        if variant in ENGINES:
            state = GAME.setup(players, {}, 1, variant)
            assert GAME.to_json(state)["variant"] == variant
            assert GAME.to_act(state)


def test_devil_contract_colours() -> None:
    """002_4e143f857986e60e.txt, '■拡張ルール: デビルとの契約': 4 players from round 2 the unchosen king; 3
    players the smaller king number in round 2, the larger in round 3."""
    t = draft_all(fresh(4, devil_contract=True))
    assert t.devil_colour == ""
    unchosen = next(c for c in "wrbgk" if c not in t.own_king)
    t.round = 2
    engine._start_round(t, [])
    assert t.devil_colour == unchosen
    t3 = draft_all(fresh(3, devil_contract=True))
    missing = [c for c in "wrbgk" if c not in t3.own_king]
    t3.round = 2
    engine._start_round(t3, [])
    assert t3.devil_colour == missing[0]
    t3.round = 3
    engine._start_round(t3, [])
    assert t3.devil_colour == missing[1]
