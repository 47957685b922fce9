"""Set-up, turns, patterns, busting, collecting, the seven-card pot, two-player mode, Out and endings.

Rulebook: 004_6403efb1403ffcad.txt, "Setup", "How to Play (3-7 Players)", "Two Player Mode",
"End of Game", "Mixing Sets"; RULINGS.md "Trickster".
"""

from __future__ import annotations

import pytest
from tt_helpers import act, build, hand, house, kinds

from games.core.errors import IllegalAction
from games.core.invariants import leaked
from games.trickster.game import GAME
from games.trickster.state import OVER


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 7), (4, 6), (5, 6), (6, 6), (7, 5)])
def test_setup_amounts_per_player_count(players: int, size: int) -> None:
    """Setup 2-3: 'For two or three players: 7 cards; four-to-six players: 6; seven players: 5.'"""
    st = GAME.setup(players, {}, seed=1)
    view = GAME.view(st, None)
    assert len(view["trash"]) == size
    assert all(h["count"] == size for h in view["hands"])
    assert view["deck"] == 49 - size * (players + 1)
    assert view["phase"] == "house" and GAME.to_act(st) == frozenset(range(players))


def test_house_pick_is_simultaneous_and_secret() -> None:
    """Setup 5: 'each player chooses and reveals one card from their hand at the same time'."""
    st = GAME.setup(3, {}, seed=5)
    pick0 = GAME.legal_actions(st, 0)[0]
    st, events = act(st, 0, pick0)
    card0 = pick0.partition(":")[2]
    assert GAME.to_act(st) == {1, 2}
    for seat in (1, 2, None):
        assert not leaked(GAME.hidden_from(st, seat), GAME.view(st, seat))
        assert card0 in GAME.hidden_from(st, seat)
        assert not any(card0 in str(e.data) for e in events if e.visible_to(seat))
    assert GAME.view(st, 0)["my_house_pick"] == card0
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, GAME.legal_actions(GAME.setup(3, {}, seed=5), 0)[1])  # no second pick
    st, _ = act(st, 1, GAME.legal_actions(st, 1)[0])
    st, events = act(st, 2, GAME.legal_actions(st, 2)[0])
    assert house(st, 0) == [card0] and all(len(h) == 1 for h in st.houses)
    assert "houses" in kinds(events) and GAME.view(st, None)["phase"] == "play"
    assert GAME.to_act(st) == {st.trick.leader}


def test_leader_is_drawn_by_the_rng_and_trickster_is_on_the_left() -> None:
    """Ruling: 'the oldest player' becomes a seeded draw; 'The player to their left is the Trickster'."""
    leaders = {GAME.setup(4, {}, seed=s).trick.leader for s in range(30)}
    assert leaders == {0, 1, 2, 3}
    st = GAME.setup(4, {}, seed=3)
    assert st.trick.trickster == (st.trick.leader + 1) % 4


def test_must_follow_is_refused_and_state_unchanged() -> None:
    """'on each subsequent player's turn, they must ... obey the pattern set by the Trickster'."""
    st = build([["r-mage"], ["g-mage"], ["y-guard", "b-guard"], ["y-knight"]], pot=["y-bard", "y-druid"])
    before = GAME.to_json(st)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(st, 2, "play:b-guard")
    assert err.value.code == "trickster.must_follow"
    assert GAME.to_json(st) == before
    assert GAME.legal_actions(st, 2) == ["play:y-guard"]


def test_bust_collects_and_becomes_leader() -> None:
    """'If you cannot legally play a card ... You must collect the cards from the Pot ... the player who
    collected cards becomes the next Leader ... The player to their left is the new Trickster'."""
    st = build(
        [["r-mage", "r-knight"], ["g-mage", "g-knight"], ["b-rogue", "y-rogue"], ["v-guard", "o-guard"]],
        pot=["y-bard", "y-druid"],
    )
    st, events = act(st, 2, "play:y-rogue")  # Rogue: empty House, ignored
    assert "bust" in kinds(events)  # seat 3 holds no yellow
    assert house(st, 3) == ["y-bard", "y-druid", "y-rogue"]
    assert st.trick.leader == 3 and st.trick.trickster == 0 and st.trick.pot == ()
    assert GAME.to_act(st) == {3}


def test_trickster_collects_when_everyone_followed() -> None:
    """'If each player legally played one card, play pauses. The Trickster must collect the cards'."""
    st = build(
        [["r-mage", "r-knight"], ["g-mage", "g-knight"], ["y-rogue", "b-rogue"]],
        pot=["y-bard", "y-druid"],
    )
    st, events = act(st, 2, "play:y-rogue")
    assert "bust" not in kinds(events)
    assert house(st, 1) == ["y-bard", "y-druid", "y-rogue"]
    assert st.trick.leader == 1 and st.trick.trickster == 2


def test_empty_hand_on_your_turn_cannot_follow() -> None:
    """Ruling: a player with no card in hand on their turn cannot follow: they collect."""
    st = build([["r-mage", "o-mage"], ["g-mage", "g-knight"], ["y-knight"], []], pot=["y-bard", "y-druid"])
    st, events = act(st, 2, "play:y-knight")  # Knight: its only hand card was played; ignored
    assert "bust" in kinds(events)
    assert house(st, 3) == ["y-bard", "y-druid", "y-knight"]
    assert st.phase == OVER  # seats 2 and 3 are Out after that collect: 4 players end at once


def test_seven_card_pot_ends_trick_before_everyone_played() -> None:
    """Striker/Matriarch notes: 'If there are ever seven cards in the Pot but all players have not yet
    taken a turn, the Trickster takes the cards from the Pot.'"""
    pot = ["y-bard", "y-mage", "y-druid", "y-guard", "y-rogue"]  # seats 0-4 played
    hands = [["r-mage", "r-bard"], ["o-mage", "o-bard"], ["g-mage", "g-bard"], ["b-mage", "b-bard"],
             ["v-bard", "v-mage"], ["y-striker", "y-summoner", "i-bard"], ["y-knight", "i-mage"]]
    st = build(hands, pot=pot)
    st, events = act(st, 5, "play:y-striker")  # adds y-summoner (the only legal card): seven cards
    assert "collect" in kinds(events)
    assert house(st, 1) == [*pot, "y-striker", "y-summoner"]  # the Trickster took them
    assert hand(st, 6) == ["y-knight", "i-mage"]  # seat 6 never played
    assert st.trick.leader == 1


def test_two_player_mode_alternates_and_loser_becomes_trickster() -> None:
    """Two Player Mode: 'continually take turns until either of you cannot legally add a card ... you do
    not become Leader. Instead, your opponent becomes the Leader and you become the Trickster.'"""
    st = build([["y-bard", "y-mage", "r-knight", "o-knight"], ["y-druid", "y-guard", "b-knight", "g-knight"]])
    st, _ = act(st, 0, "play:y-bard")
    assert st.pending is not None  # Bard: exchange with the only opponent, both choose
    st, _ = act(st, 0, "give:r-knight")
    st, _ = act(st, 1, "give:b-knight")
    st, _ = act(st, 1, "play:y-druid")  # Druid: no House card anywhere -> ignored
    assert GAME.to_act(st) == {0}  # the turns keep alternating
    st, _ = act(st, 0, "play:y-mage")  # Mage: Houses empty -> ignored
    st, events = act(st, 1, "play:y-guard")  # Guard: ignored
    # seat 0 holds no yellow: it cannot add a card, collects, becomes Trickster; seat 1 leads
    assert "bust" in kinds(events)
    assert house(st, 0) == ["y-bard", "y-druid", "y-mage", "y-guard"]
    assert st.trick.leader == 1 and st.trick.trickster == 0 and GAME.to_act(st) == {1}


def test_four_to_seven_players_first_out_ends_the_game() -> None:
    """'4-7 players: When any player is out, that ends the game. Proceed to scoring.'"""
    st = build([["y-bard"], ["r-mage", "r-druid"], ["o-mage", "o-druid"], ["g-mage", "g-druid"]])
    st, events = act(st, 0, "play:y-bard")  # Bard ignored: seat 0 has no card left to give
    assert "ignored" in kinds(events)
    st, _ = act(st, 1, "play:r-mage")  # Mage: houses empty, ignored; pattern unique
    st, events = act(st, 2, "play:o-druid")  # unique (no y/r, no bard/mage) -> fine, Druid ignored
    # seat 3 holds g-mage (mage used) and g-druid (druid used): bust, collect -> seat 0 is Out
    assert "bust" in kinds(events) and "out" in kinds(events)
    assert st.phase == OVER and GAME.to_act(st) == frozenset()
    assert GAME.outcome(st) is not None
    # hands went to the Houses for scoring
    assert all(not h for h in st.hands) and "r-druid" in house(st, 1)


def test_three_players_refill_after_first_out_and_end_at_second() -> None:
    """3 players: 'Deal out cards to each player's hand from the deck until each player has a full hand
    of seven cards ... The second time any players are out, that ends the game'."""
    deck = [f"{s}-{h}" for h in ("guard", "rogue", "knight") for s in "roygbiv"]
    st = build([["y-bard"], ["r-mage", "r-druid"], ["o-mage", "o-druid"]], deck=deck)
    st, _ = act(st, 0, "play:y-bard")
    st, _ = act(st, 1, "play:r-mage")
    st, events = act(st, 2, "play:o-druid")
    # everyone followed: the Trickster (seat 1) collects; seat 0 is Out (first time) -> refill
    assert kinds(events).count("out") == 1 and "refill" in kinds(events)
    assert st.phase != OVER and st.outs == 1
    assert [len(h) for h in st.hands] == [7, 7, 7]
    assert st.trick.leader == 1  # the most recent collector leads
    # refill order starts at the next Leader: seat 1 got the first deck card
    assert hand(st, 1)[1] == deck[0]
    # the second Out ends a three-player game
    st2 = build([["y-bard"], ["r-mage", "r-druid"], ["o-mage", "o-druid"]], outs=1)
    st2, _ = act(st2, 0, "play:y-bard")
    st2, _ = act(st2, 1, "play:r-mage")
    st2, _ = act(st2, 2, "play:o-druid")
    assert st2.phase == OVER


def test_two_players_end_at_the_third_out() -> None:
    """'2 players: After the second time a player is out, deal out cards again ... The third time any
    players are out, that ends the game for 2 players.'"""
    for outs, over in ((0, False), (1, False), (2, True)):
        st = build([["y-mage"], ["r-druid", "o-druid"]], deck=["g-bard", "b-bard", "v-bard"], outs=outs)
        st, _ = act(st, 0, "play:y-mage")
        st, _ = act(st, 1, "play:r-druid")  # unique pattern; seat 0 has no card: busts, collects
        assert st.outs == outs + 1
        assert (st.phase == OVER) is over
        if not over:
            # the collector's opponent leads after the refill (as after any collect)
            assert st.trick.leader == 1 and st.trick.trickster == 0


def test_epic_mix_refills_twice_and_ends_at_the_third_out() -> None:
    """RULINGS: 'Epic Mix: refill after the first and second times, end at the third.'"""
    st = GAME.setup(4, {"deck": "epic-mix"}, seed=2)
    assert st.ends_at == 3 and len(st.heroes) == 13
    for outs, over in ((1, False), (2, True)):
        s2 = build(
            [["y-bard"], ["r-mage", "r-druid"], ["o-mage", "o-druid"], ["g-rogue", "i-rogue"]],
            deck=[f"{s}-guard" for s in "roygbiv"],
            outs=outs,
            ends_at=3,
            deck_name="epic-mix",
        )
        s2, _ = act(s2, 0, "play:y-bard")
        s2, _ = act(s2, 1, "play:r-mage")
        s2, _ = act(s2, 2, "play:o-druid")
        s2, _ = act(s2, 3, "play:g-rogue")  # everyone followed: Trickster (seat 1) collects
        assert (s2.phase == OVER) is over
        if not over:
            # refilled up to six cards, from seat 1 (the next Leader), one at a time: 3 + 7 cards
            assert [len(h) for h in s2.hands] == [1, 3, 3, 3]
            assert s2.deck == ()


def test_several_players_out_at_once_count_as_one_time() -> None:
    """RULINGS: 'Several players Out at the same collect count as one time.'"""
    deck = [f"{s}-{h}" for h in ("guard", "rogue", "knight") for s in "roygbiv"]
    st = build([["y-bard"], ["r-mage"], ["o-druid", "g-druid"]], deck=deck)
    st, _ = act(st, 0, "play:y-bard")
    st, _ = act(st, 1, "play:r-mage")
    st, events = act(st, 2, "play:o-druid")
    outs = [e for e in events if e.kind == "out"]
    assert len(outs) == 1 and outs[0].data["seats"] == [0, 1] and st.outs == 1
