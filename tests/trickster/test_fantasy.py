"""Fantasy heroes: each effect, and "cannot be resolved in its entirety -> ignored".

Rulebook: 004_6403efb1403ffcad.txt, "Trickster: Fantasy" and "Card Effects" ("if it is impossible to
legally resolve the effect in its entirety, then you must ignore the effect").
"""

from __future__ import annotations

from tt_helpers import act, build, c, hand, house, kinds, run

from games.core.invariants import leaked
from games.trickster.game import GAME


def test_bard_exchange_is_simultaneous_and_secret() -> None:
    """Bard — Dance: 'You each simultaneously exchange one card ... Neither of you sees the card you're
    given before deciding which card to give away.'"""
    st = build(
        [["y-bard", "r-mage", "o-mage"], ["b-druid", "g-druid"], [], ["v-knight"]],
    )
    st, _ = act(st, 0, "play:y-bard")
    assert GAME.legal_actions(st, 0) == ["target:1", "target:3"]  # seat 2 has no cards
    st, _ = act(st, 0, "target:1")
    assert GAME.to_act(st) == {0, 1}
    assert GAME.legal_actions(st, 0) == ["give:r-mage", "give:o-mage"]
    assert GAME.legal_actions(st, 1) == ["give:b-druid", "give:g-druid"]
    st, events = act(st, 0, "give:r-mage")
    # before both commit, seat 1 sees nothing of seat 0's choice (nor does anyone else)
    for seat in (1, 2, 3, None):
        hidden = GAME.hidden_from(st, seat)
        assert "r-mage" in hidden
        assert not leaked(hidden, GAME.view(st, seat))
        assert not any(leaked(hidden, e.to_json()["data"]) for e in events if e.visible_to(seat))
    assert GAME.view(st, 1)["pending"]["committed"] == [0]
    assert GAME.view(st, 0)["pending"]["my_choice"] == "r-mage"
    assert GAME.to_act(st) == {1}
    st, events = act(st, 1, "give:g-druid")
    assert sorted(hand(st, 0)) == ["g-druid", "o-mage"]
    assert sorted(hand(st, 1)) == ["b-druid", "r-mage"]
    received = {next(iter(e.audience)): e.data["card"] for e in events if e.kind == "received" and e.audience}
    assert received == {0: "g-druid", 1: "r-mage"}
    # the others never learn which cards moved
    assert "r-mage" in GAME.hidden_from(st, 3) and "g-druid" in GAME.hidden_from(st, 2)
    assert "r-mage" not in GAME.hidden_from(st, 0)  # the giver knows where its card went


def test_bard_ignored_without_a_card_to_give() -> None:
    """Ruling: the Bard needs an opponent with cards and a card of your own; otherwise ignored."""
    st = build([["y-bard"], ["b-druid"], ["g-druid"], ["v-knight"]])
    st, events = act(st, 0, "play:y-bard")
    assert "ignored" in kinds(events)
    assert st.pending is None and GAME.to_act(st) == {1}


def test_druid_turns_a_house_card_sideways() -> None:
    """Druid — Grow: 'Turn an upright card in any player's House sideways.'"""
    st = build(
        [["y-druid", "r-mage"], ["b-mage"], ["g-mage"]],
        houses=[["r-knight"], ["o-knight"], ["o-mage", "o-summoner"]],
        sideways=["r-knight", "o-mage", "o-summoner"],
    )
    st, _ = act(st, 0, "play:y-druid")
    # only upright cards: the others are already sideways, so o-knight is the only choice (made at once)
    assert st.sideways >> c("o-knight") & 1
    # it counts as two orange cards (seat 2 holds more orange, so seat 1's orange is not ignored)
    assert GAME.view(st, None)["scores_now"][1] == 2


def test_druid_ignored_when_no_upright_house_card() -> None:
    st = build([["y-druid", "r-mage"], ["b-mage"], ["g-mage"]], houses=[["r-knight"], [], []], sideways=["r-knight"])
    st, events = act(st, 0, "play:y-druid")
    assert "ignored" in kinds(events)


def test_mage_moves_a_house_card_to_the_trash() -> None:
    """Mage — Vanish: 'Move a card from any player's House to the Trash.'"""
    st = build([["y-mage", "r-bard"], ["b-bard"], ["g-bard"]], houses=[["r-knight"], ["o-knight"], []])
    st, _ = act(st, 0, "play:y-mage")
    assert GAME.legal_actions(st, 0) == ["card:r-knight", "card:o-knight"]
    st, _ = act(st, 0, "card:o-knight")
    assert house(st, 1) == [] and "o-knight" in [GAME.view(st, None)["trash"][-1]]


def test_mage_ignored_when_every_house_is_empty() -> None:
    st = build([["y-mage", "r-bard"], ["b-bard"], ["g-bard"]])
    _, events = act(st, 0, "play:y-mage")
    assert "ignored" in kinds(events)


def test_summoner_takes_from_the_trash_into_hand() -> None:
    """Summoner — Summon: 'Take a card from the Trash into your hand.'"""
    st = build([["y-summoner", "r-bard"], ["b-bard"], ["g-bard"]], trash=["v-guard", "i-guard"])
    st, _ = act(st, 0, "play:y-summoner")
    st, _ = act(st, 0, "card:i-guard")
    assert hand(st, 0) == ["r-bard", "i-guard"]
    # everyone saw it: the card stays known to all while in that hand
    assert "i-guard" not in GAME.hidden_from(st, 2)
    assert GAME.view(st, 2)["hands"][0]["known"] == ["i-guard"]


def test_summoner_ignored_with_empty_trash() -> None:
    st = build([["y-summoner", "r-bard"], ["b-bard"], ["g-bard"]])
    _, events = act(st, 0, "play:y-summoner")
    assert "ignored" in kinds(events)


def test_guard_takes_a_house_card_and_it_turns_upright() -> None:
    """Guard — Rescue; Druid note: a sideways card 'remains turned unless it is taken into a hand'."""
    st = build(
        [["y-guard", "r-bard"], ["b-bard"], ["g-bard"]],
        houses=[[], ["o-knight", "v-knight"], []],
        sideways=["o-knight"],
    )
    st, _ = act(st, 0, "play:y-guard")
    st, _ = act(st, 0, "card:o-knight")
    assert "o-knight" in hand(st, 0) and not st.sideways >> c("o-knight") & 1
    assert house(st, 1) == ["v-knight"]


def test_guard_ignored_when_every_house_is_empty() -> None:
    st = build([["y-guard", "r-bard"], ["b-bard"], ["g-bard"]])
    _, events = act(st, 0, "play:y-guard")
    assert "ignored" in kinds(events)


def test_rogue_moves_own_house_card_to_an_opponent() -> None:
    """Rogue — Sneak: 'Move a card from your House to an opponent's House.' A sideways card stays
    sideways (it is not taken into a hand)."""
    st = build(
        [["y-rogue", "r-bard"], ["b-bard"], ["g-bard"]],
        houses=[["o-knight", "v-knight"], [], []],
        sideways=["o-knight"],
    )
    st, _ = run(st, (0, "play:y-rogue"), (0, "card:o-knight"))
    assert GAME.legal_actions(st, 0) == ["target:1", "target:2"]
    st, _ = act(st, 0, "target:2")
    assert house(st, 2) == ["o-knight"] and house(st, 0) == ["v-knight"]
    assert st.sideways >> c("o-knight") & 1


def test_rogue_ignored_with_empty_own_house() -> None:
    st = build([["y-rogue", "r-bard"], ["b-bard"], ["g-bard"]], houses=[[], ["o-knight"], []])
    _, events = act(st, 0, "play:y-rogue")
    assert "ignored" in kinds(events)


def test_knight_adds_a_hand_card_to_any_house() -> None:
    """Knight — Charge: 'Take a card from your hand and add it to any player's House.'"""
    st = build([["y-knight", "r-bard", "o-bard"], ["b-bard"], ["g-bard"]])
    st, _ = run(st, (0, "play:y-knight"), (0, "card:o-bard"))
    assert GAME.legal_actions(st, 0) == ["target:0", "target:1", "target:2"]
    st, _ = act(st, 0, "target:1")
    assert house(st, 1) == ["o-bard"] and hand(st, 0) == ["r-bard"]


def test_knight_ignored_with_empty_hand() -> None:
    st = build([["y-knight"], ["b-bard"], ["g-bard"]])
    _, events = act(st, 0, "play:y-knight")
    assert "ignored" in kinds(events)


def test_bard_ignored_when_no_opponent_has_cards() -> None:
    """RULINGS: 'A hero whose effect needs an opponent with cards (Bard) ... is ignored when none
    qualifies.'"""
    st = build([["y-bard", "r-mage"], [], []], houses=[[], ["o-knight"], ["g-knight"]])
    _, events = act(st, 0, "play:y-bard")
    assert kinds(events)[:2] == ["play", "ignored"]
