"""Card points, the game bonus and the score of a whole deal, counted by hand.

Rulebook 001_156fd8ce6bcaeb20.txt, 'ポイント' and '得点'.
"""

from __future__ import annotations

from collections import Counter

from dc_builders import of_kind, play_state, play_trick

from games.dream_capture.cards import DECK, POINTS, UNDISCARDABLE
from games.dream_capture.scoring import score_team
from games.dream_capture.state import PHASE_SCORED, Bonus


def test_card_points_of_the_whole_deck() -> None:
    """001_156fd8ce6bcaeb20.txt, 'ポイント': Fool -5; Hope, Dream, World, Magician 5; other trumps 1;
    ∞ 5, K 4, Q 3, C 2, J 1. 34 from trumps and 60 from the court cards: 94, plus the number cards."""
    assert POINTS["t0"] == -5
    assert [POINTS[c] for c in ("t23", "t22", "t21", "t1")] == [5, 5, 5, 5]
    assert all(POINTS[f"t{n}"] == 1 for n in range(2, 21))
    assert [POINTS[f"h{r}"] for r in ("I", "K", "Q", "C", "J")] == [5, 4, 3, 2, 1]
    assert sum(POINTS[c] for c in DECK if c.startswith("t")) == 34
    assert sum(POINTS[c] for c in DECK) == 94
    assert len(DECK) == 108 and len(set(DECK)) == 108
    assert Counter(c[0] for c in DECK) == {"t": 24, "s": 21, "h": 21, "d": 21, "c": 21}


def test_number_cards_count_one_point_per_six_rounded_down() -> None:
    """001_156fd8ce6bcaeb20.txt, '得点': 「数札は6枚で1点です。半端は切り捨てます。あるチームが40枚の数札を
    取ったら6点になるわけです。」"""
    forty = [f"{suit}{n}" for suit in "shdc" for n in range(10)]
    assert len(forty) == 40
    score = score_team(forty, won_last_trick=False, captures=0, magic_bonuses=0)
    assert (score.number_cards, score.number_points, score.card_points) == (40, 6, 6)
    assert score_team(forty[:5], False, 0, 0).number_points == 0


def test_game_bonus_when_card_points_and_last_trick_reach_forty() -> None:
    """001_156fd8ce6bcaeb20.txt, '得点': 「獲得したカードの点とラストトリックの1点が得点になります。この点が
    40点以上になったチームには更に10点が与えられます。」 39 card points reach 40 only with the last trick."""
    cards = ["t23", "t22", "t21", "t1", "sI", "hI", "dI", "cK"]  # 7 × 5 + 4 = 39
    assert sum(POINTS[c] for c in cards) == 39
    with_last = score_team(cards, won_last_trick=True, captures=0, magic_bonuses=0)
    without = score_team(cards, won_last_trick=False, captures=0, magic_bonuses=0)
    assert (with_last.card_points, with_last.last_trick, with_last.game_bonus, with_last.total) == (
        39,
        1,
        10,
        50,
    )
    assert (without.game_bonus, without.total) == (0, 39)


def test_captures_and_magic_do_not_count_toward_the_game_bonus() -> None:
    """001_156fd8ce6bcaeb20.txt, '魔法': 「捕獲のボーナスも魔法のボーナスも、ゲームボーナスとは別だてです。
    ゲームボーナスの10点は、カードの点(とラストトリック)の点だけで40点以上になるとつくものです。」
    (RULINGS.md says the same.) 30 card points + 2 captures + magic: no game bonus."""
    cards = ["t23", "t22", "t21", "sI", "hI", "dI"]
    score = score_team(cards, won_last_trick=False, captures=2, magic_bonuses=1)
    assert score.card_points == 30
    assert (score.captures, score.magic, score.game_bonus, score.total) == (30, 10, 0, 70)


def test_both_teams_may_earn_the_game_bonus() -> None:
    """001_156fd8ce6bcaeb20.txt, '得点': 「稀に両チームともこのゲームボーナスがつくこともあります。」"""
    trumps = [f"t{n}" for n in range(2, 21)]  # 19
    a = score_team(
        [*trumps, "t23", "t22", "cI", "cK", "cQ"], won_last_trick=True, captures=0, magic_bonuses=0
    )
    b = score_team(["t21", "t1", "sI", "hI", "dI", "sK", "hK", "dK", "sQ", "hQ"], False, 0, 0)
    assert (a.card_points + a.last_trick, a.game_bonus) == (19 + 10 + 5 + 4 + 3 + 1, 10)
    assert (b.card_points, b.game_bonus) == (43, 10)


# A whole deal, counted by hand. 14 tricks are already in the team piles; the 15th is played here.
TEAM_A_DISCARDS = {0: ["s0", "s1", "s2"], 2: ["s3", "s4", "s5"], 4: ["sK", "sQ", "sJ"]}
TEAM_B_DISCARDS = {1: ["h0", "h1", "h2"], 3: ["h3", "h4", "h5"], 5: ["hK", "hQ", "hC"]}
LAST_TRICK = {0: "d15", 5: "d14", 4: "d13", 3: "t1", 2: "d12", 1: "d11"}  # in play order from seat 0
TEAM_A_WON = (
    ["t0", *(f"t{n}" for n in range(2, 24))]  # 23 trumps
    + [f"c{r}" for r in ("I", "K", "Q", "C", "J", *map(str, range(15, -1, -1)))]  # all 21 clubs
    + ["sI", "sC", "s15", "s14"]
)  # 48 cards: 8 tricks
TEAM_B_WON = (
    [f"s{n}" for n in range(13, 5, -1)]  # s13 … s6
    + ["hI", "hJ", *(f"h{n}" for n in range(15, 5, -1))]  # hearts not discarded
    + ["dI", "dK", "dQ", "dC", "dJ", *(f"d{n}" for n in range(10, -1, -1))]  # diamonds not in the last trick
)  # 36 cards: 6 tricks


def test_point_arithmetic_of_a_whole_deal() -> None:
    """001_156fd8ce6bcaeb20.txt, 'ポイント', 'ディスカード' (discards count for the enemy), '得点', '魔法'.

    By hand. Team A (seats 0, 2, 4) took 48 cards and gets team B's discards:
      trumps: Fool -5, World/Dream/Hope 15, 2…20 nineteen × 1  = 29
      clubs ∞ K Q C J 15; spade ∞ 5 and C 2; B's discards hK 4, hQ 3, hC 2  = 31
      face points 60; number cards c15…c0 16 + s15 s14 2 + h0…h5 6 = 24 → 4 points; card points 64
      no last trick; 64 ≥ 40: game bonus 10; one earlier Capture of the Dream 15  → 89
    Team B (seats 1, 3, 5) took 36 cards, the last trick (won by seat 3's Magician) and A's discards:
      hI 5 hJ 1; dI dK dQ dC dJ 15; Magician 5; A's discards sK 4, sQ 3, sJ 1  = 34
      number cards s13…s6 8 + h15…h6 10 + d10…d0 11 + d15 d14 d13 d12 d11 5 + s0…s5 6 = 40 → 6
      card points 40; last trick 1; 41 ≥ 40: game bonus 10; magic success 10  → 61
    """
    hands = [[LAST_TRICK[s]] for s in range(6)]
    discards = [TEAM_A_DISCARDS.get(s) or TEAM_B_DISCARDS[s] for s in range(6)]
    state = play_state(
        hands,
        leader=0,
        tricks_done=14,
        won=(TEAM_A_WON, TEAM_B_WON),
        discards=discards,
        bonuses=[Bonus(0, "capture_dream", 2, 7)],
        totals=(100, 20),
        deal=2,
    )
    all_cards = [c for h in hands for c in h] + [c for d in discards for c in d] + TEAM_A_WON + TEAM_B_WON
    assert sorted(all_cards) == sorted(DECK)  # a whole deal: every card once

    state, events = play_trick(state, [LAST_TRICK[s] for s in (0, 5, 4, 3, 2, 1)])

    team_a, team_b = state.history[-1]
    assert team_a.to_json() == {
        "face_points": 60,
        "number_cards": 24,
        "number_points": 4,
        "card_points": 64,
        "last_trick": 0,
        "game_bonus": 10,
        "captures": 15,
        "magic": 0,
        "total": 89,
    }
    assert team_b.to_json() == {
        "face_points": 34,
        "number_cards": 40,
        "number_points": 6,
        "card_points": 40,
        "last_trick": 1,
        "game_bonus": 10,
        "captures": 0,
        "magic": 10,
        "total": 61,
    }
    assert state.totals == (189, 81)
    (scored,) = of_kind(events, "dc_deal_scored")
    assert scored.audience is None  # the discards are shown when they are counted
    assert scored.data["discards"] == [[s, discards[s]] for s in range(6)]
    assert state.phase == PHASE_SCORED


def test_discards_never_hold_five_point_cards_or_the_fool() -> None:
    """001_156fd8ce6bcaeb20.txt, 'ディスカード': 「このとき5点の札は捨てられません。(-5点も)」"""
    assert {"t0", "t1", "t21", "t22", "t23", "sI", "hI", "dI", "cI"} == UNDISCARDABLE
