"""Every value the variant pages leave to card images or rulings, in one place (PROVISIONAL marked).

A player who owns the cards can correct a value here; the engines read nothing else.
"""

from __future__ import annotations

from typing import Final

# PROVISIONAL (RULINGS.md): king numbers face up / used; white 1/6, red 2/7, blue 3/8, green 4/9, black 5/10.
KING_NUMBER_UP: Final = {"w": 1, "r": 2, "b": 3, "g": 4, "k": 5}
KING_NUMBER_USED: Final = {"w": 6, "r": 7, "b": 8, "g": 9, "k": 10}

# Napoleon point table (text, ナポレオン 勝利点の獲得).
NAPOLEON_TRICK: Final = 10
NAPOLEON_KING_COLOUR_CARD: Final = 10
NAPOLEON_COURT_OR_RARE: Final = 10
NAPOLEON_FLAG: Final = -10
NAPOLEON_UNUSED_KING: Final = {"w": 60, "r": 50, "b": 40, "g": 30, "k": 20}
NAPOLEON_EXCHANGE: Final = 4

# Whist (text, ホイスト).
WHIST_ROUND_POINTS: Final = 100
WHIST_WIN_TARGET: Final = 200
WHIST_GREEN_QUEEN_USES: Final = 2

# Ombre (text, オンブレ).
OMBRE_KING_SOLE_FIRST: Final = 100
OMBRE_KING_FIVE: Final = 100
OMBRE_KING_BONUS_WINS: Final = 5
OMBRE_RIVAL_BLOCK: Final = 100
OMBRE_RIVAL_JACK: Final = 100
OMBRE_RIVAL_JACK_WINS: Final = 3
OMBRE_FLAG_BEATS_RARE: Final = 100
OMBRE_MAX_AUCTION: Final = 3

TRICKS: Final = {"ombre": 9, "whist": 11, "napoleon": 9}
ROUNDS: Final = {"ombre": 3, "whist": 3, "napoleon": 2}
