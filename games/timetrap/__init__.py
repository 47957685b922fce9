"""TIMETRAP (タイムトラップ), 2-4 players: seven days of climbing and reversing time cards."""

from typing import Final

from games.timetrap.game import TIMETRAP

GAMES: Final = (TIMETRAP,)
