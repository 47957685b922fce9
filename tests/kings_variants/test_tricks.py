"""Trick strengths and must-follow shared by the variants (002_4e143f857986e60e.txt, ■トリック)."""

from __future__ import annotations

from games.kings.variants.state import Entry
from games.kings.variants.tricks import TrickRules, followable, lead_colour, winning_index

STANDARD = TrickRules(trump="k", flag_beats_rare=False)
WHIST = TrickRules(trump="k", flag_beats_rare=True)


def winner(cards: list[str], rules: TrickRules, **mods: tuple[bool, str]) -> str:
    entries = [Entry(i, c, *mods.get(c, (False, ""))) for i, c in enumerate(cards)]
    return cards[winning_index(entries, rules)[0]]


def test_rulebook_trick_examples() -> None:
    """002, ■トリック 例: red 2 (lead), red 5, red 8, blue 9 -> red 8; red 2, red 8, black 1, blue 9 -> black 1."""
    assert winner(["r2", "r5", "r8", "b9"], STANDARD) == "r8"
    assert winner(["r2", "r8", "k1", "b9"], STANDARD) == "k1"


def test_later_king_wins_earlier_rare_wins_flag_is_weakest() -> None:
    """002, ■キングのプレイ (後でプレイされたキング) and ●レアカード (先に出したプレイヤー)."""
    assert winner(["rare1", "r10", "rare2"], STANDARD) == "rare1"
    entries = [Entry(0, "r3", True), Entry(1, "rare1"), Entry(2, "b4", True)]
    assert winning_index(entries, STANDARD)[0] == 2
    assert winner(["flag1", "g1"], STANDARD) == "g1"


def test_flag_beats_rare_earlier_flag_and_king_over_both() -> None:
    """Whist and Ombre pages, 白旗(ルールの変更点): flag beats rare, earlier of two flags, king beats both."""
    assert winner(["rare1", "flag1", "k10"], WHIST) == "flag1"
    entries = [Entry(0, "rare1"), Entry(1, "flag1"), Entry(2, "flag2")]
    assert winning_index(entries, WHIST) == (1, 1)
    entries = [Entry(0, "rare1"), Entry(1, "flag1"), Entry(2, "r5", True)]
    assert winning_index(entries, WHIST)[0] == 2
    assert winning_index([Entry(0, "rare1"), Entry(1, "rare2"), Entry(2, "flag1")], WHIST) == (2, 2)


def test_white_and_blue_queens_change_strength_for_flag_beats_rare() -> None:
    """Whist/Ombre 白旗: a white-queen card counts as a rare, a blue-queen card as a white flag."""
    entries = [Entry(0, "r9", False, "w"), Entry(1, "g2", False, "b"), Entry(2, "k10")]
    assert winning_index(entries, WHIST) == (1, 1)
    assert winning_index(entries, STANDARD)[0] == 0


def test_must_follow_with_rare_flag_and_white_court_free() -> None:
    """002 マストフォロー and レアと白旗カードの出し方; Whist/Napoleon 白ジャック (any time)."""
    hand = ["r2", "r7", "b5", "rare1", "flag1", "w11"]
    assert sorted(followable(hand, "r")) == sorted(["r2", "r7", "rare1", "flag1", "w11"])
    assert followable(hand, "g") == hand


def test_rare_or_flag_lead_lets_the_next_number_card_set_the_lead() -> None:
    """002 レアと白旗カードの出し方: after a rare/flag lead the next number card sets the lead colour."""
    assert lead_colour([Entry(0, "rare1"), Entry(1, "g3")]) == "g"
    assert lead_colour([Entry(0, "w11"), Entry(1, "b3")]) == "b"
    assert winner(["w11", "b3", "b10"], WHIST) == "w11"


def test_queen_turned_lead_leads_as_what_it_became() -> None:
    """002 レアと白旗カードの出し方 (「各トリックの最初に出されたカードがレアや白旗カードの場合は、次のプレイヤーは
    どのカードを出してもかまいません」) with ■白クイーン / ■青クイーン (カードの強さをレア/白旗に変更する);
    RULINGS.md: a led card a queen turned into a rare or flag sets no lead colour, the next number card does."""
    assert lead_colour([Entry(0, "r9", False, "w")]) is None
    assert lead_colour([Entry(0, "r9", False, "b")]) is None
    assert lead_colour([Entry(0, "r9", False, "w"), Entry(1, "b5")]) == "b"
    assert lead_colour([Entry(0, "r9", False, "b"), Entry(1, "g3")]) == "g"
    assert lead_colour([Entry(0, "r9", False, "r")]) == "r"  # the red queen leaves the card a number card
    # The next number card's colour wins the trick among number cards: r9 as a flag, b5 leads, b7 beats it.
    entries = [Entry(0, "r9", False, "b"), Entry(1, "b5"), Entry(2, "r10"), Entry(3, "b7")]
    assert winning_index(entries, STANDARD)[0] == 3
