"""Every value the variant pages leave to card images or rulings, in one place (PROVISIONAL marked).

A player who owns the cards can correct a value here; the engines read nothing else.
"""

from __future__ import annotations

# PROVISIONAL (RULINGS.md): king numbers face up / used; white 1/6, red 2/7, blue 3/8, green 4/9, black 5/10.
KING_NUMBER_UP = {"w": 1, "r": 2, "b": 3, "g": 4, "k": 5}
KING_NUMBER_USED = {"w": 6, "r": 7, "b": 8, "g": 9, "k": 10}

# Napoleon point table (text, ナポレオン 勝利点の獲得).
NAPOLEON_TRICK = 10
NAPOLEON_KING_COLOUR_CARD = 10
NAPOLEON_COURT_OR_RARE = 10
NAPOLEON_FLAG = -10
NAPOLEON_UNUSED_KING = {"w": 60, "r": 50, "b": 40, "g": 30, "k": 20}
NAPOLEON_EXCHANGE = 4

# Whist (text, ホイスト).
WHIST_ROUND_POINTS = 100
WHIST_WIN_TARGET = 200
WHIST_GREEN_QUEEN_USES = 2

# Ombre (text, オンブレ).
OMBRE_KING_SOLE_FIRST = 100
OMBRE_KING_FIVE = 100
OMBRE_KING_BONUS_WINS = 5
OMBRE_RIVAL_BLOCK = 100
OMBRE_RIVAL_JACK = 100
OMBRE_RIVAL_JACK_WINS = 3
OMBRE_FLAG_BEATS_RARE = 100
OMBRE_MAX_AUCTION = 3

TRICKS = {"ombre": 9, "whist": 11, "napoleon": 9}
ROUNDS = {"ombre": 3, "whist": 3, "napoleon": 2}
