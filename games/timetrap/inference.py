"""What every seat knows about the other hands in TIMETRAP (for the search's sampler).

Rulebook 003_3dd097fef3f40e34.txt, setup 1-2: each player takes the eleven time cards of their own colour,
discards two of them at random face down and keeps nine, and is dealt one Time Trap card. A card goes
from a hand to the board or the discard pile, and a trap taken back into a hand (days 3 and 5) is taken
from the board in sight of everyone. So a time card this seat cannot see in another player's hand is of
that player's own colour, until a card passes privately between hands: only
the yellow date cards Y1 (draw a random card from a player) and Y2 (give a card) do that (dates.py), and
only when their number (5, 3) is played on their day; the board is public, so once such a card has been
played on such a day, nothing is inferred any more (sound, if cautious). Without this the
generic sampler, which deals every hidden card anywhere, gives opponents cards of other colours, and the
search reasons about hands that cannot exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Final, TypeAlias

from games.core.contract import JSON
from games.timetrap.cards import time_cards
from games.timetrap.dates import YELLOW

Constraints: TypeAlias = dict[tuple[str | int, ...], frozenset[str]]


@cache
def _not_theirs(players: int, seat: int) -> frozenset[str]:
    """The other colours' time cards (traps are left free: one taken from the board may be in any hand)."""
    return frozenset(c for s in range(players) if s != seat for c in time_cards(s))


PRIVATE_MOVES: Final = frozenset({"Y1", "Y2"})  # the date cards that pass a card from hand to hand unseen
_NUMBER: Final = {card.id: card.number for card in YELLOW if card.id in PRIVATE_MOVES}


def _passed_privately(dates: list[JSON], board: list[JSON], day: int) -> bool:
    """Whether a card may have passed from hand to hand unseen: the number of a Y1/Y2 date card was played
    (a time card of that value on the board) on its day, up to today."""
    for index, date in enumerate(dates[:day]):
        number = _NUMBER.get(str(date))
        if number is None:
            continue
        row = board[index] if index < len(board) else []
        if not isinstance(row, list):
            return True
        for entry in row:
            if not isinstance(entry, list) or len(entry) < 2 or entry[1] == number:
                return True  # anything unexpected counts as a private move (stay sound)
    return False


def sample_constraints(view: Mapping[str, JSON], seat: int) -> Constraints:
    """{("hands", s): cards seat s cannot hold} for every other seat s."""
    players, day, dates, board = view.get("players"), view.get("day"), view.get("dates"), view.get("board")
    if not isinstance(players, int) or not isinstance(day, int) or not isinstance(dates, list):
        return {}
    if not isinstance(board, list) or _passed_privately(dates, board, day):
        return {}
    return {("hands", s): _not_theirs(players, s) for s in range(players) if s != seat}
