"""Trickster: Champions of Time (game id `trickster-cot`): base set, Grand Gambit and promo heroes.

Built on the shared trick loop in games.trickster.tricks; this package adds the 8-suit cards, the 23
heroes, the Timeline (2-3 players), three rounds and trouble-point scoring.
"""

from games.trickster.cot.game import GAME, ChampionsOfTime

__all__ = ["GAME", "ChampionsOfTime"]
