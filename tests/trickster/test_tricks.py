"""The shared trick mechanics (games/trickster/tricks.py), edition-agnostic.

Rulebook: 004_6403efb1403ffcad.txt, "How to Play (3-7 Players)" (patterns, busting, collecting) and
"Two Player Mode"; "Striker/Matriarch Notes" (second card by the Leader's effect, seven-card pot).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.trickster.tricks import (
    NO_SEAT,
    CardTable,
    Pattern,
    add_card,
    busts,
    can_follow,
    clockwise,
    finish_turn,
    legal_cards,
    open_trick,
    play_card,
    roles_after_collect,
    trick_from_json,
    trick_to_json,
)

# A 7x7 table: card = suit * 7 + hero. Suits: 0 red .. 6 violet. Heroes (Fantasy): 0 Bard, 1 Druid ...
TABLE = CardTable([(s, h) for s in range(7) for h in range(7)])
YELLOW, BLUE, ORANGE = 2, 4, 1
BARD, DRUID = 0, 1


def card(suit: int, hero: int) -> int:
    return suit * 7 + hero


def test_same_suit_pattern_from_rulebook_example() -> None:
    """'Bob the Leader plays a Yellow Bard. Jan the Trickster plays Yellow Druid. Each subsequent
    player must in turn play a Yellow card.'"""
    trick = open_trick(TABLE, clockwise(0, 4), leader=0, trickster=1)
    trick = play_card(TABLE, trick, card(YELLOW, BARD))
    trick = play_card(TABLE, trick, card(YELLOW, DRUID))
    assert trick.pattern is Pattern.SUIT
    hand = [card(YELLOW, 3), card(BLUE, BARD), card(0, 5)]
    assert legal_cards(TABLE, trick, hand) == (card(YELLOW, 3),)


def test_same_hero_pattern_from_rulebook_example() -> None:
    """'Jan the Trickster plays Blue Bard. Each subsequent player must in turn play a Bard.'"""
    trick = open_trick(TABLE, clockwise(0, 4), leader=0, trickster=1)
    trick = play_card(TABLE, trick, card(YELLOW, BARD))
    trick = play_card(TABLE, trick, card(BLUE, BARD))
    assert trick.pattern is Pattern.HERO
    hand = [card(YELLOW, 3), card(0, BARD), card(6, BARD), card(BLUE, 2)]
    assert legal_cards(TABLE, trick, hand) == (card(0, BARD), card(6, BARD))


def test_unique_pattern_from_rulebook_example() -> None:
    """'Jan the Trickster plays an Orange Druid. Each subsequent player must in turn play a card
    without repeating a hero or suit already played.'"""
    trick = open_trick(TABLE, clockwise(0, 4), leader=0, trickster=1)
    trick = play_card(TABLE, trick, card(YELLOW, BARD))
    trick = play_card(TABLE, trick, card(ORANGE, DRUID))
    assert trick.pattern is Pattern.UNIQUE
    ok = card(BLUE, 4)
    hand = [card(YELLOW, 4), card(BLUE, BARD), card(ORANGE, 5), ok]
    assert legal_cards(TABLE, trick, hand) == (ok,)
    # the third card also counts: Blue and hero 4 are now used
    trick = play_card(TABLE, trick, ok)
    assert not can_follow(TABLE, trick, card(BLUE, 6))
    assert not can_follow(TABLE, trick, card(6, 4))
    assert can_follow(TABLE, trick, card(6, 6))


def test_leader_and_trickster_play_any_card() -> None:
    trick = open_trick(TABLE, clockwise(2, 4), leader=2, trickster=3)
    assert trick.turn == 2
    assert legal_cards(TABLE, trick, [1, 2, 3]) == (1, 2, 3)
    trick = finish_turn(play_card(TABLE, trick, 1))  # type: ignore[assignment]
    assert isinstance(trick, tuple) and trick.turn == 3
    assert legal_cards(TABLE, trick, [40, 48]) == (40, 48)


def test_bust_when_no_card_follows_and_with_empty_hand() -> None:
    """'If you cannot legally play a card ... You must collect the cards from the Pot'."""
    trick = open_trick(TABLE, clockwise(0, 3), leader=0, trickster=1)
    trick = play_card(TABLE, trick, card(YELLOW, BARD))
    trick = play_card(TABLE, trick, card(YELLOW, DRUID))
    assert busts(TABLE, trick, [card(BLUE, 3)])
    assert busts(TABLE, trick, [])
    assert not busts(TABLE, trick, [card(YELLOW, 6)])


def test_trickster_collects_when_everyone_followed() -> None:
    """'If each player legally played one card ... The Trickster must collect the cards'."""
    trick = open_trick(TABLE, clockwise(1, 3), leader=1, trickster=2)
    result: object = trick
    for c in (card(0, 0), card(0, 1), card(0, 2)):
        assert not isinstance(result, int)
        result = finish_turn(play_card(TABLE, result, c))  # type: ignore[arg-type]
    assert result == 2


def test_two_player_mode_alternates_without_everyone_followed_end() -> None:
    """Two Player Mode: 'continually take turns until either of you cannot legally add a card'."""
    trick = open_trick(TABLE, (0, 1), leader=0, trickster=1, cyclic=True)
    seats = []
    for h in range(5):
        seats.append(trick.turn)
        nxt = finish_turn(play_card(TABLE, trick, card(0, h)))
        assert not isinstance(nxt, int)
        trick = nxt
    assert seats == [0, 1, 0, 1, 0]
    assert roles_after_collect(1, 2) == (0, 1)  # collector becomes Trickster, opponent leads
    assert roles_after_collect(2, 5) == (2, 3)


def test_leader_effect_second_card_makes_leader_trickster() -> None:
    """'If you play Matriarch or Striker as the first card in the Pot and perform their effect, you
    take on the role of the Trickster.'"""
    trick = open_trick(TABLE, clockwise(0, 4), leader=0, trickster=1)
    trick = play_card(TABLE, trick, card(0, 6))
    trick = add_card(TABLE, trick, card(0, 2), seat=0)
    assert trick.trickster == 0
    assert trick.pattern is Pattern.SUIT
    # a later effect-added card by someone else changes nothing
    trick2 = add_card(TABLE, trick, card(0, 3), seat=2)
    assert trick2.trickster == 0


def test_seven_card_pot_ends_trick_with_trickster() -> None:
    """'If there are ever seven cards in the Pot but all players have not yet taken a turn, the
    Trickster takes the cards from the Pot.'"""
    trick = open_trick(TABLE, clockwise(0, 7), leader=0, trickster=1, limit=7)
    for h in range(6):
        trick = play_card(TABLE, trick, card(0, h))
    nxt = finish_turn(trick)
    assert not isinstance(nxt, int)
    trick = play_card(TABLE, nxt, card(0, 6))
    assert finish_turn(trick) == 1


def test_timeline_opened_pot_has_no_leader() -> None:
    """CoT 2-3 players: the Timeline card is first; the Trickster plays the second (any) card."""
    trick = open_trick(TABLE, (1, 0, 1, 0), leader=NO_SEAT, trickster=1, pot=(card(3, 3),))
    assert trick.turn == 1
    assert legal_cards(TABLE, trick, [5, 6]) == (5, 6)
    trick = play_card(TABLE, trick, card(3, 4))
    assert trick.pattern is Pattern.SUIT
    assert add_card(TABLE, trick, card(3, 5), seat=1).trickster == 1


def test_json_round_trip() -> None:
    trick = open_trick(TABLE, clockwise(0, 3), leader=0, trickster=1)
    trick = play_card(TABLE, play_card(TABLE, trick, 3), 12)
    assert trick_from_json(TABLE, trick_to_json(trick)) == trick


def brute_force_legal(pot: list[int], hand: list[int]) -> list[int]:
    """The rulebook's definitions, written the slow way."""
    if len(pot) < 2:
        return list(hand)
    (s1, h1), (s2, h2) = divmod(pot[0], 7), divmod(pot[1], 7)
    if s1 == s2:
        return [c for c in hand if c // 7 == s1]
    if h1 == h2:
        return [c for c in hand if c % 7 == h1]
    return [
        c
        for c in hand
        if all(c // 7 != p // 7 for p in pot) and all(c % 7 != p % 7 for p in pot)
    ]


@settings(max_examples=300, deadline=None)
@given(st.permutations(list(range(49))), st.integers(0, 7), st.integers(0, 10))
def test_legal_follow_set_matches_brute_force(deck: list[int], pot_size: int, hand_size: int) -> None:
    pot, hand = deck[:pot_size], deck[pot_size : pot_size + hand_size]
    trick = open_trick(TABLE, clockwise(0, 7), leader=0, trickster=1)
    for c in pot:
        trick = play_card(TABLE, trick, c)
    expected = brute_force_legal(pot, hand)
    assert list(legal_cards(TABLE, trick, hand)) == expected
    assert busts(TABLE, trick, hand) == (not expected)
