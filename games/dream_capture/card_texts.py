"""What each Ex-Tarot card does in Capture of Dreams, in a line (English and Japanese).

From the rulebook 001_156fd8ce6bcaeb20.txt ('ランク', 'ポイント', 'ディスカード', '役札の公開', '捕獲',
'魔法'), in our words. Only the honours and the High Priestess have an effect beyond their points; every
other card's line says what it is worth, which is what a player weighs when playing or discarding it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import CardText
from games.dream_capture.cards import (
    DREAM,
    FOOL,
    HOPE,
    IS_NUMBER,
    MAGICIAN,
    PRIESTESS,
    SUIT_OF,
    TRUMP,
    TRUMP_NAMES,
    WORLD,
)

_HONOUR = {
    "en": " Cannot be discarded; shown to all before play.",
    "ja": "捨てられない。プレー前に全員に見せる。",
}

_TEXTS: dict[str, dict[str, str]] = {
    FOOL: {
        "en": "The strongest trump; -5 points. Winning a trick that holds an enemy's Hope: Capture of Hope, +15.",
        "ja": "最強の切り札。-5点。敵の希望が出たトリックに勝つと「希望の捕獲」で+15点。",
    },
    HOPE: {
        "en": "Trump 23, second only to the Fool; 5 points. Winning a trick that holds an enemy's Dream: Capture "
        "of the Dream, +15.",
        "ja": "切り札23（愚者の次に強い）。5点。敵の夢が出たトリックに勝つと「夢の捕獲」で+15点。",
    },
    DREAM: {
        "en": "Trump 22; 5 points. Winning a trick that holds an enemy's World: Capture of the World, +15.",
        "ja": "切り札22。5点。敵の世界が出たトリックに勝つと「世界の捕獲」で+15点。",
    },
    WORLD: {"en": "Trump 21; 5 points.", "ja": "切り札21。5点。"},
    MAGICIAN: {
        "en": "The weakest trump; 5 points. Played to the last trick: win it +10 (magic); an enemy wins "
        "it, +10 to them; a partner wins it, no bonus.",
        "ja": "最弱の切り札。5点。最後のトリックに出して勝てば+10点（魔法の成功）、敵が勝てば敵に+10点、味方が勝てばなし。",
    },
    PRIESTESS: {
        "en": "Trump 2; 1 point. Winning a trick that holds an enemy's Magician: Capture of the Magician, +15.",
        "ja": "切り札2。1点。敵の魔術師が出たトリックに勝つと「魔術師の捕獲」で+15点。",
    },
}

_KINDS: dict[str, dict[str, str]] = {
    "trump": {"en": "Trump {n}; 1 point.", "ja": "切り札{n}。1点。"},
    "I": {
        "en": "Strongest card of its suit; 5 points. Cannot be discarded.",
        "ja": "スートで最強。5点。捨てられない。",
    },
    "K": {"en": "King; 4 points.", "ja": "キング。4点。"},
    "Q": {"en": "Queen; 3 points.", "ja": "クイーン。3点。"},
    "C": {"en": "Cavalier; 2 points.", "ja": "騎士（C）。2点。"},
    "J": {"en": "Jack; 1 point.", "ja": "ジャック。1点。"},
    "number": {
        "en": "Number card: every 6 taken score 1 point (the rest are dropped).",
        "ja": "数札。6枚で1点（端数切り捨て）。",
    },
}


SHORT: dict[str, dict[str, str]] = {
    FOOL: {"en": "Strongest trump, -5. Wins a trick with an enemy's Hope: +15. Cannot be discarded."},
    HOPE: {"en": "Trump 23, 5 points. Wins a trick with an enemy's Dream: +15. Cannot be discarded."},
    DREAM: {"en": "Trump 22, 5 points. Wins a trick with an enemy's World: +15. Cannot be discarded."},
    MAGICIAN: {"en": "Weakest trump, 5 points. Last trick: win it +10; an enemy wins it: +10 to them."},
}
"""Shorter lines where the full text is longer than a select option's description (100 characters)."""


def _lang(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def card_effect(card: str, lang: str = "en") -> str | None:
    """Every card's line: an honour's effect, or what the card is worth."""
    lg = _lang(lang)
    if card in _TEXTS:
        text = _TEXTS[card][lg]
        if card in (FOOL, HOPE, DREAM, WORLD, MAGICIAN):
            text += _HONOUR[lg]
        return text
    suit = SUIT_OF.get(card)
    if suit is None:
        return None
    if suit == TRUMP:
        return _KINDS["trump"][lg].format(n=int(card[1:]))
    if IS_NUMBER[card]:
        return None  # a plain number card (the catalog's "number" line: 6 taken score 1 point)
    return _KINDS[card[1:]][lg]


def describe_action(action: str, view: Mapping[str, Any], lang: str = "en") -> str | None:
    verb, _, card = action.partition(":")
    if verb not in ("play", "discard"):
        return None
    text = card_effect(card, lang)
    if text is None or len(text) <= 100:
        return text
    return SHORT.get(card, {}).get(_lang(lang)) or text


def catalog(lang: str = "en") -> list[CardText]:
    """The honours and the High Priestess one by one, then each other kind of card once."""
    lg = _lang(lang)
    out = []
    for card in (FOOL, HOPE, DREAM, WORLD, MAGICIAN, PRIESTESS):
        en, ja = TRUMP_NAMES[int(card[1:])]
        out.append(
            CardText(card, f"{ja if lg == 'ja' else en} ({int(card[1:])})", card_effect(card, lang) or "")
        )
    out.append(
        CardText(
            "trump",
            "その他の切り札（3〜20）" if lg == "ja" else "Other trumps (3-20)",
            "切り札。1点。" if lg == "ja" else "Trump; 1 point each.",
        )
    )
    kinds = (
        ("I", "∞", "∞"),
        ("K", "K", "K"),
        ("Q", "Q", "Q"),
        ("C", "C (Cavalier)", "C（騎士）"),
        ("J", "J", "J"),
    )
    for key, en, ja in kinds:
        out.append(CardText(key, ja if lg == "ja" else en, _KINDS[key][lg]))
    out.append(
        CardText("number", "数札（15〜0）" if lg == "ja" else "Number cards (15-0)", _KINDS["number"][lg])
    )
    return out


def card_list(lang: str = "en") -> str:
    title = "カード:" if lang == "ja" else "Cards:"
    return "\n".join([title, *(f"- {c.name} — {c.effect}" for c in catalog(lang))])
