"""Tianxia heroes: each effect, and "cannot be resolved in its entirety -> ignored".

Rulebook: 004_6403efb1403ffcad.txt, "Trickster: Tianxia" and "Striker/Matriarch Notes".
"""

from __future__ import annotations

from tt_helpers import act, build, c, hand, house, kinds, run

from games.trickster.fx import Fx
from games.trickster.game import GAME
from games.trickster.tianxia import can_brute
from games.trickster.tricks import Pattern


def test_nun_donor_chosen_among_ties_gives_a_card_of_their_choice() -> None:
    """Nun — Donate: 'Whoever has the most cards in hand must give a card of their choice to another
    player of your choice. (If more than one player ties ... you choose the player who will donate.)'"""
    st = build([["y-nun", "r-bard"], ["b-bard", "g-bard", "v-bard"], ["o-mage", "i-mage", "v-mage"]])
    st, _ = act(st, 0, "play:y-nun")
    assert GAME.legal_actions(st, 0) == ["target:1", "target:2"]  # tied for most (3)
    st, _ = act(st, 0, "target:2")
    assert GAME.legal_actions(st, 0) == ["target:0", "target:1"]  # anyone but the donor
    st, _ = act(st, 0, "target:1")
    assert GAME.to_act(st) == {2}  # the donor chooses the card
    assert GAME.legal_actions(st, 2) == ["give:o-mage", "give:i-mage", "give:v-mage"]
    st, events = act(st, 2, "give:i-mage")
    assert hand(st, 1) == ["b-bard", "g-bard", "v-bard", "i-mage"]
    # only donor and receiver learn the card; the Nun's player does not
    assert "i-mage" in GAME.hidden_from(st, 0)
    assert "i-mage" not in GAME.hidden_from(st, 2)
    gave = [e for e in events if e.kind == "gave"]
    assert gave and gave[0].audience == frozenset({1, 2})


def test_nun_ignored_when_nobody_has_cards() -> None:
    st = build([["y-nun"], [], []], houses=[["r-bard"], ["o-bard"], ["g-bard"]])
    _, events = act(st, 0, "play:y-nun")
    assert "ignored" in kinds(events)


def test_brute_turns_a_pot_card_sideways() -> None:
    """Brute — Toughen: 'Turn a card in the Pot sideways. That card counts as one more card'."""
    st = build([["b-bard"], ["y-brute", "r-mage"], ["g-mage"]], pot=["y-bard"], leader=0)
    st, _ = act(st, 1, "play:y-brute")
    assert GAME.legal_actions(st, 1) == ["card:y-bard", "card:y-brute"]
    st, _ = act(st, 1, "card:y-bard")
    assert st.sideways >> c("y-bard") & 1


def test_brute_ignored_when_no_pot_card_is_upright() -> None:
    """Ruling: only an upright card can be turned. A played Brute is itself upright, so the check
    matters for a pot whose cards are all sideways."""
    st = build([["r-mage"], ["g-mage"], ["b-mage"]], pot=["y-bard"], sideways=["y-bard"])
    assert not can_brute(Fx(st), 0)


def test_hunter_opponent_takes_a_random_hand_card_into_their_house() -> None:
    """Hunter — Ambush: 'They take a random card from your hand and add it to their House.'"""
    st = build([["y-hunter", "r-bard", "o-bard"], ["b-bard"], ["g-bard"]], seed=3)
    st, _ = act(st, 0, "play:y-hunter")
    st, events = act(st, 0, "target:2")
    assert len(house(st, 2)) == 1 and house(st, 2)[0] in ("r-bard", "o-bard")
    assert len(hand(st, 0)) == 1
    # the draw comes from the table's RNG: the same seed gives the same card
    again, _ = act(act(build([["y-hunter", "r-bard", "o-bard"], ["b-bard"], ["g-bard"]], seed=3), 0, "play:y-hunter")[0], 0, "target:2")
    assert house(again, 2) == house(st, 2)
    assert any(e.kind == "move" and e.data.get("random") for e in events)


def test_hunter_ignored_with_empty_hand() -> None:
    st = build([["y-hunter"], ["b-bard"], ["g-bard"]])
    _, events = act(st, 0, "play:y-hunter")
    assert "ignored" in kinds(events)


def test_detective_reveals_two_random_cards_takes_one_gives_the_other() -> None:
    """Detective — Investigate: 'Reveal two random cards from an opponent's hand to all players ...
    Take one of those cards into your hand. Give the other card to any opponent's hand.'"""
    st = build([["y-detective", "r-bard"], ["b-bard", "g-bard", "v-bard"], ["o-mage"]])
    st, _ = act(st, 0, "play:y-detective")
    # seat 1 is the only opponent with two cards: that choice is forced, so the reveal already happened
    assert st.pending is not None and st.pending.kind == "choose-card"
    view2 = GAME.view(st, 2)
    revealed = view2["pending"]["revealed"]
    assert len(revealed) == 2 and set(revealed) <= {"b-bard", "g-bard", "v-bard"}
    for seat in (0, 1, 2, None):
        assert not set(revealed) & GAME.hidden_from(st, seat)
    st, _ = act(st, 0, f"card:{revealed[0]}")
    st, _ = act(st, 0, "target:2")
    assert revealed[0] in hand(st, 0) and revealed[1] in hand(st, 2)
    assert len(hand(st, 1)) == 1


def test_detective_ignored_without_an_opponent_holding_two_cards() -> None:
    """Ruling: the Detective needs two cards to reveal."""
    st = build([["y-detective", "r-bard"], ["b-bard"], ["o-mage"]])
    _, events = act(st, 0, "play:y-detective")
    assert "ignored" in kinds(events)


def test_general_moves_own_house_card_to_an_opponents_hand() -> None:
    """General — Throw: 'Move a card from your House to any opponent's hand.'"""
    st = build([["y-general", "r-bard"], ["b-bard"], ["g-bard"]], houses=[["o-mage", "i-mage"], [], []])
    st, _ = run(st, (0, "play:y-general"), (0, "card:i-mage"), (0, "target:1"))
    assert house(st, 0) == ["o-mage"] and hand(st, 1) == ["b-bard", "i-mage"]
    assert GAME.view(st, 2)["hands"][1]["known"] == ["i-mage"]


def test_general_ignored_with_empty_house() -> None:
    st = build([["y-general", "r-bard"], ["b-bard"], ["g-bard"]], houses=[[], ["o-mage"], []])
    _, events = act(st, 0, "play:y-general")
    assert "ignored" in kinds(events)


def test_matriarch_as_leader_adds_house_card_and_becomes_trickster() -> None:
    """Matriarch — Adopt, and the note: 'If you play Matriarch or Striker as the first card in the Pot
    and perform their effect, you take on the role of the Trickster.'"""
    st = build(
        [["y-matriarch", "r-bard"], ["b-bard", "y-mage"], ["g-bard", "y-guard"], ["v-mage"]],
        houses=[[], ["y-knight", "o-knight"], [], []],
    )
    st, events = act(st, 0, "play:y-matriarch")
    st, events = act(st, 0, "card:y-knight")
    assert [e.kind for e in events].count("add") == 1
    assert GAME.view(st, None)["pot"] == ["y-matriarch", "y-knight"]
    assert st.trick.trickster == 0 and st.trick.pattern is Pattern.SUIT
    # the player to the left now follows like everyone else: yellow
    assert GAME.legal_actions(st, 1) == ["play:y-mage"]
    # the adopted card's effect (Knight) did not resolve: no choice was asked of seat 0
    assert GAME.to_act(st) == {1}


def test_matriarch_ignored_without_a_legal_house_card() -> None:
    """Only a card that follows the pattern (yellow here) may be adopted; an orange one may not."""
    st = build(
        [["r-bard"], ["b-bard"], ["y-matriarch", "v-bard"], ["y-guard"]],
        houses=[["o-knight"], [], [], []],
        pot=["y-mage", "y-bard"],
    )
    st, events = act(st, 2, "play:y-matriarch")
    assert "ignored" in kinds(events)
    assert house(st, 0) == ["o-knight"] and GAME.to_act(st) == {3}


def test_striker_adds_a_legal_hand_card_without_effect() -> None:
    """Striker — Flurry: 'Add a legal card from your hand to the Pot, but do not resolve that card's
    effect.'"""
    st = build(
        [["r-mage"], ["g-mage"], ["y-striker", "y-knight", "b-knight", "r-guard"], ["y-guard"]],
        pot=["y-bard", "y-mage"],
    )
    st, _ = act(st, 2, "play:y-striker")
    # forced: y-knight is the only legal (yellow) card, so it went in at once; no Knight effect followed
    assert GAME.view(st, None)["pot"] == ["y-bard", "y-mage", "y-striker", "y-knight"]
    assert hand(st, 2) == ["b-knight", "r-guard"]
    assert GAME.to_act(st) == {3} and st.pending is None


def test_striker_as_leader_becomes_trickster() -> None:
    st = build([["y-striker", "y-bard", "b-bard"], ["g-mage", "y-mage"], ["r-mage"], ["b-mage"]])
    st, _ = act(st, 0, "play:y-striker")
    st, _ = act(st, 0, "card:b-bard")
    assert st.trick.trickster == 0 and st.trick.pattern is Pattern.UNIQUE
    assert GAME.legal_actions(st, 1) == ["play:g-mage"]


def test_striker_ignored_without_a_legal_card() -> None:
    st = build([["r-mage"], ["g-mage"], ["y-striker", "b-knight"]], pot=["y-bard", "y-mage"])
    _, events = act(st, 2, "play:y-striker")
    assert "ignored" in kinds(events)


def test_striker_cannot_overfill_a_seven_card_pot() -> None:
    """Ruling: the pot holds at most seven cards; an effect cannot add an eighth (ignored)."""
    pot = ["y-bard", "y-mage", "y-druid", "y-guard", "y-rogue", "y-knight"]
    hands: list[list[str]] = [["r-mage"] for _ in range(6)] + [["y-striker", "y-summoner"]]
    hands[0] = ["o-mage"]
    st = build(hands, pot=pot)
    st2, events = act(st, 6, "play:y-striker")
    assert "ignored" in kinds(events)
    assert "y-summoner" in hand(st2, 6)
