"""Symbiosis heroes: each effect, and "cannot be resolved in its entirety -> ignored".

Rulebook: 004_6403efb1403ffcad.txt, "Trickster: Symbiosis".
"""

from __future__ import annotations

from tt_helpers import act, build, c, hand, house, kinds, run

from games.trickster.game import GAME


def test_explorer_reveals_top_two_takes_one_returns_other_on_top() -> None:
    """Explorer — Scout: 'Reveal to all players the top two cards of the deck. Take one of those cards
    into your hand. Return the other card to the top of the deck.'"""
    st = build([["y-explorer", "r-shuttle"], ["b-shuttle"], ["g-shuttle"]], deck=["v-mage", "i-mage", "o-mage"])
    st, events = act(st, 0, "play:y-explorer")
    assert any(e.kind == "reveal" and e.data["cards"] == ["v-mage", "i-mage"] for e in events)
    assert GAME.legal_actions(st, 0) == ["card:v-mage", "card:i-mage"]
    st, _ = act(st, 0, "card:i-mage")
    assert "i-mage" in hand(st, 0)
    assert [GAME.view(st, 2)["deck_known"][0]] == [{"pos": 0, "card": "v-mage"}]  # known to all, on top
    assert "o-mage" in GAME.hidden_from(st, 0)


def test_explorer_ignored_with_fewer_than_two_deck_cards() -> None:
    st = build([["y-explorer", "r-shuttle"], ["b-shuttle"], ["g-shuttle"]], deck=["v-mage"])
    _, events = act(st, 0, "play:y-explorer")
    assert "ignored" in kinds(events)


def test_shuttle_draws_then_puts_a_card_on_top_known_only_to_its_player() -> None:
    """Shuttle — Submerge: 'Take the top card of the deck into your hand. Then, put any card from your
    hand on top of the deck.'"""
    st = build([["y-shuttle", "r-mage"], ["b-mage"], ["g-mage"]], deck=["v-bard", "i-bard"])
    st, events = act(st, 0, "play:y-shuttle")
    assert GAME.legal_actions(st, 0) == ["card:r-mage", "card:v-bard"]
    drew = [e for e in events if e.kind == "drew"]
    assert drew and drew[0].audience == frozenset({0})
    st, _ = act(st, 0, "card:r-mage")
    assert hand(st, 0) == ["v-bard"]
    assert st.deck[0] == c("r-mage")
    assert "r-mage" not in GAME.hidden_from(st, 0)
    assert "r-mage" in GAME.hidden_from(st, 1)


def test_shuttle_ignored_with_empty_deck() -> None:
    st = build([["y-shuttle", "r-mage"], ["b-mage"], ["g-mage"]])
    _, events = act(st, 0, "play:y-shuttle")
    assert "ignored" in kinds(events)


def test_prospector_moves_an_opponents_house_card_to_mine() -> None:
    """Prospector — Extract: 'Move a card from an opponent's House to your House.'"""
    st = build([["y-prospector", "r-mage"], ["b-mage"], ["g-mage"]], houses=[["v-bard"], ["o-bard"], ["i-bard"]])
    st, _ = act(st, 0, "play:y-prospector")
    assert GAME.legal_actions(st, 0) == ["card:o-bard", "card:i-bard"]  # not my own House
    st, _ = act(st, 0, "card:i-bard")
    assert house(st, 0) == ["v-bard", "i-bard"] and house(st, 2) == []


def test_prospector_ignored_when_opponents_houses_are_empty() -> None:
    st = build([["y-prospector", "r-mage"], ["b-mage"], ["g-mage"]], houses=[["v-bard"], [], []])
    _, events = act(st, 0, "play:y-prospector")
    assert "ignored" in kinds(events)


def test_messenger_delivers_a_hand_card_secretly() -> None:
    """Messenger — Deliver: 'Move a card from your hand to an opponent's hand.'"""
    st = build([["y-messenger", "r-mage", "o-mage"], ["b-mage"], ["g-mage"]])
    st, _ = run(st, (0, "play:y-messenger"), (0, "card:o-mage"), (0, "target:2"))
    assert hand(st, 2) == ["g-mage", "o-mage"] and hand(st, 0) == ["r-mage"]
    assert "o-mage" in GAME.hidden_from(st, 1)
    assert "o-mage" not in GAME.hidden_from(st, 0)


def test_messenger_ignored_with_empty_hand() -> None:
    st = build([["y-messenger"], ["b-mage"], ["g-mage"]])
    _, events = act(st, 0, "play:y-messenger")
    assert "ignored" in kinds(events)


def test_container_moves_an_opponents_house_card_to_any_opponents_hand() -> None:
    """Container — Quarantine: 'Move a card from an opponent's House to any opponent's hand.'"""
    st = build([["y-container", "r-mage"], ["b-mage"], ["g-mage"]], houses=[["v-bard"], ["o-bard"], []])
    st, _ = act(st, 0, "play:y-container")  # o-bard is the only opponent House card: forced
    assert GAME.legal_actions(st, 0) == ["target:1", "target:2"]
    st, _ = act(st, 0, "target:1")  # the same opponent is allowed
    assert hand(st, 1) == ["b-mage", "o-bard"] and house(st, 1) == []


def test_container_ignored_when_opponents_houses_are_empty() -> None:
    st = build([["y-container", "r-mage"], ["b-mage"], ["g-mage"]], houses=[["v-bard"], [], []])
    _, events = act(st, 0, "play:y-container")
    assert "ignored" in kinds(events)


def test_recycler_exchanges_a_house_card_for_a_trash_card() -> None:
    """Recycler — Restore: 'Exchange a card from your House for a card from the Trash.'"""
    st = build([["y-recycler", "r-mage"], ["b-mage"], ["g-mage"]], houses=[["v-bard", "i-bard"], [], []], trash=["o-bard", "g-bard"])
    st, _ = run(st, (0, "play:y-recycler"), (0, "card:i-bard"), (0, "card:g-bard"))
    assert house(st, 0) == ["v-bard", "g-bard"]
    assert GAME.view(st, None)["trash"] == ["o-bard", "i-bard"]


def test_recycler_ignored_with_empty_trash() -> None:
    st = build([["y-recycler", "r-mage"], ["b-mage"], ["g-mage"]], houses=[["v-bard"], [], []])
    _, events = act(st, 0, "play:y-recycler")
    assert "ignored" in kinds(events)


def test_archivist_uses_an_effect_from_its_house() -> None:
    """Archivist — Upload: 'Use the effect of any card already in your House.' Ruling: not another
    Archivist; only heroes whose effect can be resolved are offered."""
    st = build(
        [["y-archivist", "r-mage", "o-mage"], ["b-mage"], ["g-mage"]],
        houses=[["v-archivist", "i-knight", "r-recycler"], [], []],
        heroes=["knight", "mage", "recycler", "archivist"],
    )
    st, _ = act(st, 0, "play:y-archivist")
    # Recycler is not offered: the Trash is empty; the other Archivist never is
    assert GAME.legal_actions(st, 0) == ["hero:knight"] or st.pending is not None
    assert st.pending is not None and st.pending.kind == "choose-card"  # Knight's first question
    st, _ = run(st, (0, "card:o-mage"), (0, "target:2"))
    assert house(st, 2) == ["o-mage"]


def test_archivist_copying_striker_as_leader_becomes_trickster() -> None:
    """Ruling: copying Striker or Matriarch follows their notes."""
    st = build(
        [["y-archivist", "b-mage", "r-mage"], ["o-knight", "g-mage"], ["o-mage"], ["v-mage"]],
        houses=[["i-striker", "g-knight"], [], [], []],
        heroes=["striker", "mage", "archivist", "knight"],
    )
    st, _ = run(st, (0, "play:y-archivist"), (0, "hero:striker"), (0, "card:b-mage"))
    assert st.trick.trickster == 0 and list(st.trick.pot) == [c("y-archivist"), c("b-mage")]
    assert GAME.legal_actions(st, 1) == ["play:o-knight"]  # unique pattern: no mage, no yellow/blue


def test_archivist_ignored_with_only_archivists_or_nothing_resolvable() -> None:
    st = build(
        [["y-archivist", "r-mage"], ["b-mage"], ["g-mage"]],
        houses=[["v-archivist", "i-recycler"], [], []],
        heroes=["mage", "recycler", "archivist"],
    )
    _, events = act(st, 0, "play:y-archivist")
    assert "ignored" in kinds(events)
