"""Bonuses and the score of one deal.

Rulebook 001_156fd8ce6bcaeb20.txt, '得点', '捕獲' and '魔法'. RULINGS.md: a capture needs the capturing
card to win the trick against an enemy's target card, so at most one capture happens per trick; the game
bonus counts card points and the last trick only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from games.core.contract import plain_class
from games.dream_capture.cards import (
    DREAM,
    FOOL,
    HOPE,
    IS_NUMBER,
    MAGICIAN,
    NUMBER_CARDS_PER_POINT,
    POINTS,
    PRIESTESS,
    WORLD,
)
from games.dream_capture.tricks import winning_index

TEAMS: Final = ((0, 2, 4), (1, 3, 5))
CAPTURE_BONUS: Final = 15
MAGIC_BONUS: Final = 10
GAME_BONUS: Final = 10
GAME_BONUS_THRESHOLD: Final = 40
LAST_TRICK_POINTS: Final = 1
_new: Final = tuple.__new__  # `_new(TrickResult, (...))`: no Python-level NamedTuple.__new__ (hot path)

# capturing card -> (enemy target card, capture kind), highest capture first ('捕獲').
CAPTURES: Final = {
    FOOL: (HOPE, "hope"),
    HOPE: (DREAM, "dream"),
    DREAM: (WORLD, "world"),
    PRIESTESS: (MAGICIAN, "magician"),
}


def team_of(seat: int) -> int:
    """Seats alternate teams: 0, 2, 4 are team 0; 1, 3, 5 are team 1."""
    return seat % 2


class TrickResult(NamedTuple):
    """What a complete trick decided. A NamedTuple (built by one `tuple.__new__` below): the engine judges
    every trick, and compiled, a plain class's construction and attribute reads are Python-level calls."""

    winner: int  # seat
    capture: str | None  # "hope", "dream", "world", "magician" (for the winner's team)
    magic: str | None  # on the last trick only: "success", "failure", "vanish"
    magician_seat: int | None


def judge_trick(plays: Sequence[tuple[int, str]], last: bool) -> TrickResult:
    """Winner, capture and (on the last trick) magic of a complete trick given as (seat, card) in play order."""
    index = winning_index([card for _, card in plays])
    winner, winning_card = plays[index]
    capture = None
    if winning_card in CAPTURES:
        target, kind = CAPTURES[winning_card]
        if any(card == target and team_of(seat) != team_of(winner) for seat, card in plays):
            capture = kind
    magic = None
    magician_seat = None
    if last:
        for seat, card in plays:
            if card == MAGICIAN:
                magician_seat = seat
                if seat == winner:
                    magic = "success"
                elif team_of(seat) != team_of(winner):
                    magic = "failure"
                else:
                    magic = "vanish"
    return _new(TrickResult, (winner, capture, magic, magician_seat))


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class TeamDealScore:
    """One team's score for one deal, item by item, as the rulebook counts it."""

    face_points: int  # every card but the number cards (the Fool counts -5)
    number_cards: int
    number_points: int  # one per six number cards, the remainder dropped
    last_trick: int
    game_bonus: int
    captures: int
    magic: int

    @property
    def card_points(self) -> int:
        return self.face_points + self.number_points

    @property
    def total(self) -> int:
        return self.card_points + self.last_trick + self.game_bonus + self.captures + self.magic

    def to_json(self) -> dict[str, int]:
        return {
            "face_points": self.face_points,
            "number_cards": self.number_cards,
            "number_points": self.number_points,
            "card_points": self.card_points,
            "last_trick": self.last_trick,
            "game_bonus": self.game_bonus,
            "captures": self.captures,
            "magic": self.magic,
            "total": self.total,
        }

    @staticmethod
    def from_json(raw: dict[str, int]) -> TeamDealScore:
        return TeamDealScore(
            face_points=int(raw["face_points"]),
            number_cards=int(raw["number_cards"]),
            number_points=int(raw["number_points"]),
            last_trick=int(raw["last_trick"]),
            game_bonus=int(raw["game_bonus"]),
            captures=int(raw["captures"]),
            magic=int(raw["magic"]),
        )


def score_team(
    cards: Iterable[str], won_last_trick: bool, captures: int, magic_bonuses: int
) -> TeamDealScore:
    """`cards`: the team's trick cards plus the enemy's discards; captures and magic counted by the caller."""
    face = 0
    numbers = 0
    for card in cards:
        if IS_NUMBER[card]:
            numbers += 1
        else:
            face += POINTS[card]
    number_points = numbers // NUMBER_CARDS_PER_POINT
    last = LAST_TRICK_POINTS if won_last_trick else 0
    reached = face + number_points + last >= GAME_BONUS_THRESHOLD
    return TeamDealScore(
        face_points=face,
        number_cards=numbers,
        number_points=number_points,
        last_trick=last,
        game_bonus=GAME_BONUS if reached else 0,
        captures=CAPTURE_BONUS * captures,
        magic=MAGIC_BONUS * magic_bonuses,
    )
