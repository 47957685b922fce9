"""What is printed on each card of each game: a `Face` (colours, sign, big label, name, effect).

One card design per game (see `STYLES`): Trickster cards are filled with their suit colour, Champions of
Time cards are framed in it, KINGs, Ex-Tarot and TIMETRAP cards are number cards with a coloured stripe.
The facts (suits, heroes, numbers, texts) come from each game's own data modules; the look is ours.
Cards that are not physical cards in a game's id space (a KINGs king, queen or jack set, which games
track as seat status) use pseudo ids such as "king-w" that no game uses for a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.core.registry import all_games

RGB = tuple[int, int, int]
WHITE: RGB = (250, 250, 246)
DARK: RGB = (34, 30, 28)


@dataclass(frozen=True, slots=True)
class Face:
    colour: RGB  # the card's colour (body, frame or stripe, by style)
    ink: RGB  # text and sign colour on `colour`
    sign: str  # shapes.SIGNS key ("" for none)
    corner: str  # the big short label: a number, a rank; "" for hero cards
    title: str  # the name (hero, character, trump); "" for a plain number card
    sub: str = ""  # a second line: ability name, points
    style: str = "band"  # band | frame | pip | note
    effect: str = ""  # the short effect text (the hand's legend; note cards print it)
    short: str = ""  # the name on a small card (default: the title cut short)


@dataclass(frozen=True, slots=True)
class Style:
    table: RGB  # picture background
    back: RGB  # face-down card colour
    back_mark: str  # sign on the back


STYLES: dict[str, Style] = {
    "trickster": Style((28, 58, 46), (52, 40, 96), "star"),
    "trickster-cot": Style((40, 34, 58), (96, 58, 30), "hourglass"),
    "kings": Style((58, 40, 30), (120, 28, 36), "crown"),
    "dream-capture": Style((22, 28, 56), (70, 36, 100), "moon"),
    "timetrap": Style((26, 42, 56), (30, 72, 90), "hourglass"),
}


def _ink(colour: RGB) -> RGB:
    r, g, b = colour
    return DARK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


def _l(texts: Mapping[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get("en") or ""


def _effect(game_id: str, card: str, lang: str) -> str | None:
    """The game's own short effect text (Game.card_effect, issue 14) when it provides one."""
    game = all_games().get(game_id)
    if game is None:
        return None
    try:
        return game.card_effect(card, lang)
    except Exception:  # a text must never break a picture
        return None


# ---- Trickster ------------------------------------------------------------------------------------------
TT_COLOURS: dict[str, RGB] = {
    "r": (212, 46, 52), "o": (236, 128, 26), "y": (240, 204, 40), "g": (40, 150, 70),
    "b": (36, 108, 214), "i": (58, 50, 150), "v": (150, 66, 186),
}  # fmt: skip
TT_SIGNS = {
    "r": "heart",
    "o": "triangle",
    "y": "square",
    "g": "plant",
    "b": "star",
    "i": "moon",
    "v": "quatrefoil",
}


def _trickster(card: str, lang: str) -> Face:
    from games.trickster.cards import HERO_INDEX, HEROES

    suit, _, slug = card.partition("-")
    hero = HEROES[HERO_INDEX[slug]]
    colour = TT_COLOURS[suit]
    effect = _effect("trickster", card, lang) or _l(hero.text, lang)
    return Face(
        colour, _ink(colour), TT_SIGNS[suit], "", _l(hero.name, lang), _l(hero.ability, lang), "band", effect
    )


# ---- Champions of Time ----------------------------------------------------------------------------------
COT_COLOURS: dict[str, RGB] = {
    "r": (206, 44, 50), "o": (232, 126, 30), "y": (232, 196, 36), "g": (44, 148, 72),
    "b": (40, 104, 206), "p": (128, 60, 170), "k": (40, 40, 44), "w": (236, 234, 226),
}  # fmt: skip
COT_SIGNS = {
    "r": "heart", "o": "triangle", "y": "sun", "g": "plant", "b": "drop", "p": "moon", "k": "spade", "w": "ring",
}  # fmt: skip


def _cot(card: str, lang: str) -> Face:
    from games.trickster.cot.cards import HERO_INDEX, HEROES

    code, _, suit = card.partition("-")
    hero = HEROES[HERO_INDEX[code]]
    colour = COT_COLOURS[suit]
    text = hero.text_ja if lang == "ja" else hero.text_en
    effect = _effect("trickster-cot", card, lang) or text
    name = hero.ja if lang == "ja" else hero.en
    return Face(colour, _ink(colour), COT_SIGNS[suit], "", name, "", "frame", effect)


# ---- KINGs ------------------------------------------------------------------------------------------------
KG_COLOURS: dict[str, RGB] = {
    "w": (236, 234, 226), "r": (204, 40, 44), "b": (36, 96, 200), "g": (36, 140, 64), "k": (36, 36, 40),
}  # fmt: skip
KG_SIGNS = {"w": "ring", "r": "diamond", "b": "drop", "g": "plant", "k": "sword"}
GOLD: RGB = (214, 170, 40)
KG_CHARACTER_SIGNS = {
    "gambler": "diamond", "hermit": "moon", "resistance": "flag", "ninja": "star", "samurai": "sword",
    "berserker": "triangle", "healer": "heart", "collector": "gem", "devil": "spade", "cheerleader": "sun",
}  # fmt: skip
KG_WORDS = {
    "king": {"en": "King", "ja": "キング"},
    "queen": {"en": "Queen", "ja": "クイーン"},
    "jack": {"en": "Jack", "ja": "ジャック"},
    "flag": {"en": "White flag", "ja": "白旗"},
    "rare": {"en": "Rare", "ja": "レア"},
    "used": {"en": "used", "ja": "使用済"},
    "bid": {"en": "bid", "ja": "宣言"},
    "berserker": {"en": "Berserker", "ja": "バーサーカー"},
}


def _kings(card: str, lang: str, extra: Mapping[str, Any]) -> Face:
    from games.kings.cards import CHARACTER_NAMES, character_of

    head, _, colour_id = card.partition("-")
    if head in ("king", "queen", "jack") and colour_id in KG_COLOURS:
        colour = KG_COLOURS[colour_id]
        n = extra.get("n")
        sign = "crown" if head != "jack" else "sword"
        state = str(extra.get("state") or "")
        sub = _l(KG_WORDS[state], lang) if state in KG_WORDS else ""
        letter = {"king": "K", "queen": "Q", "jack": "J"}[head]
        corner = f"{letter}{n}" if n is not None else letter
        return Face(colour, _ink(colour), sign, corner, _l(KG_WORDS[head], lang), sub, "frame")
    if card.startswith("flag"):
        return Face(
            WHITE, DARK, "flag", "", _l(KG_WORDS["flag"], lang), "", "pip", _effect("kings", card, lang) or ""
        )
    if card.startswith("rare"):
        return Face(
            GOLD, DARK, "gem", "", _l(KG_WORDS["rare"], lang), "", "band", _effect("kings", card, lang) or ""
        )
    if card.startswith("bers") and card[4:].isdigit():
        colour = KG_COLOURS["k"]
        return Face(
            colour,
            WHITE,
            "sword",
            "10",
            _l(KG_WORDS["berserker"], lang),
            "",
            "pip",
            _effect("kings", card, lang) or "",
        )
    if card[0] in KG_COLOURS and card[1:].isdigit():
        colour = KG_COLOURS[card[0]]
        number = int(card[1:])
        title = {11: KG_WORDS["jack"], 12: KG_WORDS["queen"]}.get(number)
        return Face(
            colour, _ink(colour), KG_SIGNS[card[0]], str(number), _l(title, lang) if title else "", "", "pip"
        )
    try:
        character = character_of(card)
    except ValueError:
        return Face((120, 120, 120), WHITE, "", "?", card, "", "band")
    colour = (92, 64, 140)
    name = _l(CHARACTER_NAMES[character], lang)
    sign = KG_CHARACTER_SIGNS.get(str(character), "star")
    return Face(colour, WHITE, sign, "", name, "", "band", _effect("kings", card, lang) or "")


# ---- Ex-Tarot (Capture of Dreams) ---------------------------------------------------------------------
DC_COLOURS: dict[str, RGB] = {"s": (40, 52, 120), "h": (200, 36, 60), "d": (226, 120, 20), "c": (30, 128, 80)}
DC_SIGNS = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
DC_RANKS = {
    "I": ("∞", {"en": "Infinity", "ja": "インフィニティ"}),
    "K": ("K", {"en": "King", "ja": "キング"}),
    "Q": ("Q", {"en": "Queen", "ja": "クイーン"}),
    "C": ("C", {"en": "Cavalier", "ja": "騎士"}),
    "J": ("J", {"en": "Jack", "ja": "ジャック"}),
}
TRUMP_COLOUR: RGB = (64, 40, 110)
HONOUR_COLOUR: RGB = (206, 160, 36)


def _dream(card: str, lang: str) -> Face:
    from games.dream_capture.cards import HONOURS, POINTS, TRUMP_NAMES

    points = POINTS.get(card, 0)
    pts = ""
    if points:
        pts = f"{points:+d}" + (" 点" if lang == "ja" else " pts")
    if card[0] == "t":
        number = int(card[1:])
        en, ja = TRUMP_NAMES[number]
        name = ja if lang == "ja" else en
        effect = _effect("dream-capture", card, lang) or ""
        if card in HONOURS:
            return Face(HONOUR_COLOUR, DARK, "star", str(number), name, pts, "band", effect)
        return Face(TRUMP_COLOUR, WHITE, "sun", str(number), name, "", "band", effect)
    colour = DC_COLOURS[card[0]]
    rank = card[1:]
    if rank in DC_RANKS:
        corner, names = DC_RANKS[rank]
        return Face(colour, WHITE, DC_SIGNS[card[0]], corner, _l(names, lang), pts, "pip")
    return Face(colour, WHITE, DC_SIGNS[card[0]], rank, "", "", "pip")


# ---- TIMETRAP ---------------------------------------------------------------------------------------------
TM_COLOURS: dict[str, RGB] = {
    "or": (234, 124, 24),
    "pu": (128, 62, 168),
    "bl": (34, 104, 204),
    "gr": (36, 140, 70),
}
TRAP_COLOUR: RGB = (150, 24, 36)
BLUE_DATE: RGB = (44, 112, 210)
YELLOW_DATE: RGB = (238, 196, 40)
TM_WORDS = {
    "trap": {"en": "Time Trap", "ja": "タイムトラップ"},
    "trap_sub": {"en": "12 / 0", "ja": "12 / 0"},
    "trap_effect": {
        "en": "Time Trap: counts 12 while the tile is face up, 0 while it is face down.",
        "ja": "タイムトラップ：タイルが表なら12、裏なら0として扱う。",
    },
    "day": {"en": "Date card", "ja": "日付条件"},
}


def _timetrap(card: str, lang: str) -> Face:
    from games.timetrap import dates

    if card.startswith("tt"):
        effect = _effect("timetrap", card, lang) or _l(TM_WORDS["trap_effect"], lang)
        return Face(
            TRAP_COLOUR,
            WHITE,
            "hourglass",
            "",
            _l(TM_WORDS["trap"], lang),
            _l(TM_WORDS["trap_sub"], lang),
            "band",
            effect,
            "12/0",
        )
    if card[:2] in TM_COLOURS:
        colour = TM_COLOURS[card[:2]]
        return Face(colour, WHITE, "ring", card[2:], "", "", "pip")
    found = dates.blue(card) or dates.yellow(card) if card[:1] in ("B", "Y") else None
    if found is not None:
        blue = isinstance(found, dates.BlueCard)
        colour = BLUE_DATE if blue else YELLOW_DATE
        text = _l(found.text, lang)
        sub = "" if blue else str(getattr(found, "number", ""))
        return Face(
            colour,
            _ink(colour),
            "sun" if not blue else "drop",
            card,
            _l(TM_WORDS["day"], lang),
            sub,
            "note",
            text,
        )
    return Face((120, 120, 120), WHITE, "", "?", card, "", "band")


@cache
def _face_cached(game: str, card: str, lang: str, extra: tuple[tuple[str, Any], ...]) -> Face:
    if game == "trickster":
        return _trickster(card, lang)
    if game == "trickster-cot":
        return _cot(card, lang)
    if game == "kings":
        return _kings(card, lang, dict(extra))
    if game == "dream-capture":
        return _dream(card, lang)
    if game == "timetrap":
        return _timetrap(card, lang)
    return Face((120, 120, 120), WHITE, "", "?", card, "", "band")


def face(game: str, card: str, lang: str = "en", **extra: Any) -> Face:
    """The face of `card` in `game` (cached: a card's face never changes)."""
    return _face_cached(game, card, lang, tuple(sorted(extra.items())))
