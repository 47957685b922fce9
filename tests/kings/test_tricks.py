"""Trick strength and must-follow (002_4e143f857986e60e.txt, '# ■トリック', '■キング', '■サムライ')."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.kings import tricks
from games.kings.cards import Colour, playing_cards
from games.kings.tricks import Power, Strength, strength_of, winner

from .helpers import act, play_all, play_table


def _win(cards: list[str], **kw: bool) -> str:
    strengths = [strength_of(c) for c in cards]
    lead = next((Colour(c[0]) for c in cards if c[0] in "rbgk" and c[1:].isdigit()), None)
    return cards[winner(strengths, lead)]


def test_first_trick_example_lead_colour_beats_other_colours() -> None:
    """002_4e143f857986e60e.txt, '### カードの強さ': red 2 (lead), red 5, red 8, blue 9 -> red 8 wins."""
    assert _win(["r2", "r5", "r8", "b9"]) == "r8"


def test_second_trick_example_black_trumps() -> None:
    """002_4e143f857986e60e.txt, '### カードの強さ': red 2 (lead), red 8, black 1, blue 9 -> black 1 wins."""
    assert _win(["r2", "r8", "k1", "b9"]) == "k1"


def test_rare_beats_numbers_and_the_earlier_rare_wins() -> None:
    """002_4e143f857986e60e.txt, '## ●レアカード': rares beat number cards; of two, the earlier wins."""
    assert _win(["k10", "rare2", "rare1"]) == "rare2"


def test_white_flag_is_weakest() -> None:
    """002_4e143f857986e60e.txt, '## ●白旗カード': weaker than every number card."""
    assert _win(["flag1", "b1", "g1"]) == "b1"


def test_only_flags_earliest_wins() -> None:
    """Ruling (RULINGS.md, KINGs): a trick of only white flags goes to the earliest flag."""
    assert _win(["flag2", "flag1"]) == "flag2"


def test_later_king_wins() -> None:
    """002_4e143f857986e60e.txt, '### ■キングのプレイ(表面)': of two kings the later one wins; kings beat rares."""
    strengths = [Strength(Power.KING), Strength(Power.RARE), Strength(Power.KING)]
    assert winner(strengths, None) == 2


def test_samurai_red_ten_against_black_ten_earlier_wins() -> None:
    """002_4e143f857986e60e.txt, '■サムライ': the Samurai's red 10 is as strong as black 10; the earlier wins."""
    samurai_red = strength_of("r10", samurai=True)
    black = strength_of("k10")
    assert winner([samurai_red, black], Colour.RED) == 0
    assert winner([black, samurai_red], Colour.BLACK) == 0


def test_samurai_black_stays_black_and_red_loses_nothing() -> None:
    """002_4e143f857986e60e.txt, '■サムライ': Samurai's red counts as black, even when it would rather lose."""
    assert winner([strength_of("r9"), strength_of("r2", samurai=True)], Colour.RED) == 1


def test_queens_and_resistance_change_strength() -> None:
    """002_4e143f857986e60e.txt, '■白クイーン', '■青クイーン', '■レジスタンス'."""
    assert strength_of("r3", white_queen=True).power is Power.RARE
    assert strength_of("r3", blue_queen=True).power is Power.FLAG
    assert strength_of("r3", white_queen=True, switch=True).power is Power.FLAG
    assert strength_of("r3", blue_queen=True, switch=True).power is Power.RARE
    assert strength_of("flag1", switch=True).power is Power.RARE
    assert strength_of("r1", switch=True).number == 10
    assert strength_of("bers1", switch=True) == Strength(Power.NUMBER, Colour.BLACK, 1)


def test_must_follow_with_rare_and_flag_free() -> None:
    """002_4e143f857986e60e.txt, '### マストフォロー', '### レアと白旗カードの出し方'."""
    hand = ["r2", "r7", "b9", "rare1", "flag1"]
    assert sorted(tricks.must_follow(hand, Colour.RED)) == ["flag1", "r2", "r7", "rare1"]
    assert tricks.must_follow(["b9", "g3"], Colour.RED) == ["b9", "g3"]


def test_rare_lead_lets_the_next_number_card_set_the_lead() -> None:
    """002_4e143f857986e60e.txt, '### レアと白旗カードの出し方': after a rare lead anything goes; the next
    number card sets the lead colour."""
    t = play_table([["rare1", "b2"], ["g5", "r3"], ["r4", "g2"], ["g9", "r9"]])
    t = act(t, 0, "play:rare1")
    assert {a for a in t_legal(t, 1) if a.startswith("play:") and a.count(":") == 1} == {"play:g5", "play:r3"}
    t = act(t, 1, "play:g5")
    assert t.lead_colour == "g"
    assert [a for a in t_legal(t, 2) if a.startswith("play:") and a.count(":") == 1] == ["play:g2"]


def t_legal(t: object, seat: int) -> list[str]:
    from games.kings import engine

    return engine.legal_actions(t, seat)  # type: ignore[arg-type]


def test_trick_winner_in_play_takes_the_cards() -> None:
    """002_4e143f857986e60e.txt, '### ■ トリックでとったカード': the winner takes the played cards."""
    t = play_table([["r2", "b1"], ["r8", "b2"], ["k1", "b3"], ["b9", "b4"]])
    t = play_all(t, [(0, "play:r2"), (1, "play:r8"), (2, "play:k1"), (3, "play:b9")])
    assert sorted(t.taken[2]) == ["b9", "k1", "r2", "r8"]
    assert t.order[0] == 2


numbers = st.sampled_from([c for c in playing_cards(5) if c[0] in "rbgk"])
any_card = st.sampled_from(list(playing_cards(5)))


@settings(max_examples=150, deadline=None)
@given(st.lists(any_card, min_size=2, max_size=5, unique=True))
def test_property_rare_always_beats_numbers_and_flags(cards: list[str]) -> None:
    """002_4e143f857986e60e.txt, '# ■トリック': with a rare in the trick (no king), the first rare wins."""
    strengths = [strength_of(c) for c in cards]
    lead = next((Colour(c[0]) for c in cards if not c.startswith(("rare", "flag"))), None)
    w = winner(strengths, lead)
    rares = [i for i, c in enumerate(cards) if c.startswith("rare")]
    if rares:
        assert w == rares[0]
    elif any(c[0] == "k" and c[1:].isdigit() for c in cards):
        blacks = [c for c in cards if c[0] == "k" and c[1:].isdigit()]
        assert cards[w] == max(blacks, key=lambda c: int(c[1:]))
    elif lead is not None:
        follows = [c for c in cards if c[0] == lead.value and c[1:].isdigit()]
        assert cards[w] == max(follows, key=lambda c: int(c[1:]))
    else:
        assert w == 0


@settings(max_examples=100, deadline=None)
@given(st.lists(numbers, min_size=2, max_size=5, unique=True), st.integers(0, 4))
def test_property_a_king_wins_whatever_else(cards: list[str], where: int) -> None:
    """002_4e143f857986e60e.txt, '■キング': a king beats every card; the last king played wins."""
    strengths = [strength_of(c) for c in cards]
    index = where % len(cards)
    strengths[index] = strength_of(cards[index], king=True)
    assert winner(strengths, Colour(cards[0][0])) == index


@settings(max_examples=100, deadline=None)
@given(st.lists(any_card, min_size=1, max_size=6, unique=True), st.sampled_from(list(Colour)[1:]))
def test_property_must_follow(hand: list[str], lead: Colour) -> None:
    """002_4e143f857986e60e.txt, '### マストフォロー': with a lead-colour card in hand, only that colour, rares
    and flags; without one, anything."""
    allowed = tricks.must_follow(hand, lead)
    has_lead = any(c[0] == lead.value and c[1:].isdigit() for c in hand)
    if not has_lead:
        assert allowed == hand
    else:
        assert all((c[0] == lead.value and c[1:].isdigit()) or c.startswith(("rare", "flag")) for c in allowed)
        assert {c for c in hand if c.startswith(("rare", "flag"))} <= set(allowed)


def test_queen_turned_lead_leads_as_what_it_became() -> None:
    """RULINGS.md (KINGs): a led number card a queen turned into a rare (white queen) or a flag (blue queen)
    leads as what it became, as 002_4e143f857986e60e.txt, '### レアと白旗カードの出し方' says of a rare or
    flag lead: 「次のプレイヤーはどのカードを出してもかまいません。次のプレイヤーが数字カードを出したならば、それ以降は
    マストフォローのルールに従わなければなりません」 — the next player is free, the first number card sets the colour."""
    for king in ("w", "b"):
        hands = [["g3", "b5"], ["g5", "r3"], ["r4", "g2"], ["g9", "r9"]]
        t = play_table(hands, kings=(king, "r", "g", "k"))
        t = act(t, 0, "play:g3:q")
        assert t.lead_colour == ""
        assert {a for a in t_legal(t, 1) if a.startswith("play:") and a.count(":") == 1} == {"play:g5", "play:r3"}
        t = act(t, 1, "play:r3")
        assert t.lead_colour == "r"
        assert [a for a in t_legal(t, 2) if a.startswith("play:") and a.count(":") == 1] == ["play:r4"]


def _fold_winner(trick: list[dict[str, Any]], lead: str) -> int:
    """The trick's winner as the engine's trick end finds it: the best entry so far against each later one."""
    best = 0
    for i in range(1, len(trick)):
        if tricks.beats(trick[best], trick[i], lead):
            best = i
    return best


_ENTRIES = [
    {"p": p, "col": col, "n": n}
    for p in (0, 1, 2, 3)
    for col in ("", "k", "r", "b", "g")
    for n in (0, 1, 5, 10)
]


def test_beats_is_entry_winner_on_every_pair() -> None:
    """Every pair of entries (any power, colour and number, equal numbers included) and every lead colour:
    the two-player trick's one comparison gives entry_winner's answer."""
    for lead in ("", "k", "r", "b", "g"):
        for first in _ENTRIES:
            for second in _ENTRIES:
                trick = [first, second]
                assert int(tricks.beats(first, second, lead)) == tricks.entry_winner(trick, lead), (trick, lead)


def test_beats_folded_is_entry_winner_on_random_tricks() -> None:
    rng = random.Random(11)
    for _ in range(20000):
        trick = [dict(rng.choice(_ENTRIES)) for _ in range(rng.randint(1, 6))]
        lead = rng.choice(("", "k", "r", "b", "g"))
        assert _fold_winner(trick, lead) == tricks.entry_winner(trick, lead), (trick, lead)


def test_trick_ends_of_seeded_games_take_entry_winners_seat() -> None:
    """In seeded games of 2-5 players (two-player and standard, the Samurai, queens and kings included), every
    trick_won event names entry_winner's seat over the finished trick."""
    from games.core.policy import random_policy
    from games.kings.game import GAME

    checked = 0
    for variant, players in (("two-player", 2), ("standard", 3), ("standard", 4), ("standard", 5)):
        for seed in range(8):
            rng = random.Random(seed)
            t = GAME.setup(players, {}, seed, variant)
            while not GAME.is_over(t):
                (seat,) = sorted(GAME.to_act(t))[:1]
                legal = GAME.legal_actions(t, seat)
                action = random_policy(lambda: {}, legal, rng)
                t, events = GAME.apply(t, seat, action)
                for event in events:
                    if event.kind == "trick_won":
                        trick = t.last_trick
                        assert event.data["seat"] == trick[tricks.entry_winner(trick, _lead_of(trick))]["s"]
                        checked += 1
    assert checked > 500


def _lead_of(trick: list[dict[str, Any]]) -> str:
    """The lead colour of a finished trick: the first card without a queen whose colour is a colour."""
    from games.kings.cards import COLOUR_CODE

    for entry in trick:
        if COLOUR_CODE[entry["c"]] and not entry["q"]:
            return COLOUR_CODE[entry["c"]]
    return ""
