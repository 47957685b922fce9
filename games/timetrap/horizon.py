"""What a seat's chance of winning is as day 7 begins, at 3 and 4 players: the strong AI's horizon value.

The search's playouts stop as day 7 begins (search_hooks.py) and need the chance that the searching seat
wins from there. Day 7 is a race played in turn order from the start player, who wins ties on fewest
cards, so three things decide it, and the value is looked up by all three (`horizon_key`):

- the start player: by how many more cards it holds than the shortest other hand, and its own hand size
  (one card more than the shortest is a win about 4 times in 5 with two cards, 3 in 5 with four);
- anyone else: how many fewer cards than the start player it holds (it must beat the start player
  outright), how many fewer than the shortest hand among the other seats, and its place in the turn
  order after the start player (at 4 players, two cards fewer than the start player wins about 9 times in
  10 sitting right after it and 4 in 10 sitting last).

The older value (ai_search.START_VALUE / OTHER_VALUE, still the heuristic's and the 2-player search's)
looked only at the difference to the shortest other hand, so a seat one card below everyone read 0.35
whether the start player held one card more or three. The tables (horizon_table.py) are measured, not
guessed: the heuristic playing itself, the seats the search plays against, at each seat where day 7
begins (tools/strength/timetrap_horizon.py makes them; docs/ai.md gives the command and the games).
Each cell is its games' win share pulled towards the coarser start-player-or-not table by
`horizon_table.PRIOR_GAMES` games, so a rare cell does not swing on a handful of games.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.timetrap.horizon_table import CELLS, COARSE

Key = tuple[int, ...]


def _clamp(value: int, low: int, high: int) -> int:
    return low if value < low else high if value > high else value


def horizon_key(hands: Sequence[int], out: Sequence[int], start: int, seat: int) -> tuple[Key, Key]:
    """The cell of `seat` and its coarser cell (the fallback), from hand sizes at the start of day 7.

    Start player: (1, cards above the shortest other hand, own cards). Anyone else: (0, cards above the
    start player, cards above the shortest hand of the seats that are neither, place after the start
    player among the seats still in). The coarse cell is (start or not, cards above the shortest other)."""
    mine = hands[seat]
    players = len(hands)
    others = [hands[s] for s in range(players) if s != seat and not out[s]]
    lowest = min(others)
    coarse = (int(seat == start), _clamp(mine - lowest, -2, 3))
    if seat == start:
        return (1, _clamp(mine - lowest, -2, 3), _clamp(mine, 1, 5)), coarse
    thirds = [hands[s] for s in range(players) if s not in (seat, start) and not out[s]]
    # nobody else left: as if every third hand were far larger
    behind = _clamp(mine - min(thirds), -2, 1) if thirds else -2
    place = 0
    s = start
    while s != seat:
        s = (s + 1) % players
        if not out[s]:
            place += 1
    return (0, _clamp(mine - hands[start], -3, 1), behind, place), coarse


def day_seven_value(hands: Sequence[int], out: Sequence[int], start: int, seat: int) -> float:
    """The measured chance that `seat` (still in, with another seat still in) wins from the start of day 7."""
    cell, coarse = horizon_key(hands, out, start, seat)
    value = CELLS[len(hands)].get(cell)
    if value is None:
        value = COARSE[len(hands)].get(coarse, 0.0)
    return value
