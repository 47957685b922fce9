"""What each Champions of Time hero does, in a line (English and Japanese), and the table's rulings.

The effect lines are the heroes' data in cards.py (our words for the hero tables at the end of the
rulebook 000_fcfbe286cff5777b.txt: base set, Grand Gambit, promos); this module adds the edge cases the
table decides (RULINGS.md, Champions of Time) and serves them to `/card`, select options, drafts and the
rules page. Every hero's effect is in the rulebook's text, so none is PROVISIONAL.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import CardText
from games.trickster.cot.cards import CARD_HERO, CARD_INDEX, HERO_INDEX, HEROES

SET_NAMES: dict[str, dict[str, str]] = {
    "base": {"en": "base set", "ja": "基本セット"},
    "gg": {"en": "Grand Gambit", "ja": "Grand Gambit"},
    "promo": {"en": "promo", "ja": "限定カード"},
}

RULINGS: dict[str, dict[str, str]] = {
    "arc": {"en": "Cannot copy Archivist or General.", "ja": "記録保管人・将軍は写せない。"},
    "gen": {
        "en": "Cannot copy Archivist or General; the revealed hand card is seen by everyone.",
        "ja": "記録保管人・将軍は写せない。公開した手札は全員が見る。",
    },
    "inv": {
        "en": "The turned card's own effect is not used; as the pot's second card it sets the pattern and "
        "the Leader becomes the Trickster.",
        "ja": "移動したカードの効果は使わない。卓中央の2枚目ならパターンを決め、リーダーがトリックスターになる。",
    },
    "nob": {
        "en": "As the pot's second card it sets the pattern and the Leader becomes the Trickster.",
        "ja": "卓中央の2枚目ならパターンを決め、リーダーがトリックスターになる。",
    },
    "bea": {
        "en": "As the pot's second card it sets the pattern and the Leader becomes the Trickster.",
        "ja": "卓中央の2枚目ならパターンを決め、リーダーがトリックスターになる。",
    },
    "sai": {
        "en": "The card may go back to the player it came from (nothing moves); only that player and its "
        "receiver learn it.",
        "ja": "引かれた本人に戻してもよい（移動なし）。内容を知るのは引かれた本人と受け取った人だけ。",
    },
    "ped": {
        "en": "Both cards are chosen at the same time, in secret.",
        "ja": "2人が同時に秘密に選ぶ。",
    },
    "exp": {
        "en": "Both cards are shown to everyone, so the bottom card is known to all.",
        "ja": "2枚とも全員に公開するので、山札の底のカードは全員が知っている。",
    },
    "sci": {
        "en": "Only you know the card you put at the bottom.",
        "ja": "底に置いたカードを知るのはあなただけ。",
    },
}
"""Table rulings per hero (shown on the rules page, marked)."""


JA: dict[str, str] = {
    "arc": "自分の場札か捨て札置き場で表向きのカードを1枚選び、その効果を使う。",
    "bri": "自分の場札を1枚、敵1人の場札置き場へ移す。",
    "doc": "敵1人の場札を1枚、敵1人の手札へ移す。",
    "exp": "山札の上の2枚を全員に見せ、1枚を手札に入れ、もう1枚を裏向きで山札の一番下へ。",
    "gua": "敵1人の場札を1枚、自分の手札に入れる。",
    "inv": "山札の一番上をめくる。フォローできるカードなら卓中央へ、できなければ捨て札置き場へ。",
    "mag": "自分の場札を1枚、捨て札置き場へ移す。",
    "nom": "敵1人の場札を1枚、自分の場札置き場へ移す。",
    "ped": "自分と敵1人が手札から1枚ずつ秘密に選び、交換する。",
    "rev": "捨て札置き場のカードを1枚、自分の手札に入れる。",
    "sca": "自分の場札1枚と捨て札置き場のカード1枚を入れ替える。",
    "sci": "山札の一番上を手札に入れ、手札から1枚を裏向きで山札の一番下へ。",
    "sol": "手札を1枚、敵1人の場札置き場へ移す。",
    "wit": "自分の場札を1枚、自分の手札に戻す。",
    "gen": "捨て札置き場のカード1枚の効果を使う。または手札の1枚を全員に見せてその効果を使う（見せたカードは手札に戻す）。",
    "hun": "捨て札置き場のカードを1枚、敵1人の場札置き場へ移す。",
    "nob": "フォローできるなら、自分の場札を1枚卓中央へ移す（その効果は使わない）。",
    "sai": "敵1人の手札からランダムに1枚を引き、自分を含む誰かの手札へ移す。自分の手札に来た時だけ中身を見られる。",
    "sha": "手札を1枚、自分の場札置き場へ移す。",
    "smu": "敵1人の手札からランダムに2枚を公開し、1枚を自分の手札へ、もう1枚を敵1人の手札へ移す。",
    "vig": "捨て札置き場のカード1枚と敵1人の場札1枚を入れ替える。",
    "bea": "フォローできるなら、手札を1枚卓中央へ移す（その効果は使わない）。",
    "mav": "敵1人の手札からランダムに1枚を公開し、敵1人の場札置き場へ移す。",
}
"""The Japanese effects in our own words (cards.py keeps the rulebook's table wording for reference)."""

SHORT: dict[str, dict[str, str]] = {
    "exp": {"en": "Reveal the top 2 deck cards; keep one, put the other face down under the deck."},
    "sci": {"en": "Draw the top deck card, then put a hand card face down under the deck."},
    "gen": {"en": "Use the effect of a Trash card, or reveal a hand card and use its effect."},
    "sai": {"en": "Take a random card from an opponent's hand and give it to anyone (you too)."},
    "smu": {"en": "Reveal 2 random cards of an opponent's hand; keep one, give the other to an opponent."},
}
"""Shorter lines where the full effect is longer than a select option's description (100 characters)."""


def _lang(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def hero_effect(code: str, lang: str = "en") -> str | None:
    index = HERO_INDEX.get(code)
    if index is None:
        return None
    hero = HEROES[index]
    return JA.get(code, hero.text_ja) if lang == "ja" else hero.text_en


def card_effect(card: str, lang: str = "en") -> str | None:
    """A card id ('bri-r') or a hero code ('bri'): its hero's effect."""
    index = CARD_INDEX.get(card)
    if index is None:
        return hero_effect(card, lang)
    return hero_effect(HEROES[CARD_HERO[index]].code, lang)


def describe_action(action: str, view: Mapping[str, Any], lang: str = "en") -> str | None:
    """The effect behind a card option (play, tableau pick, gift, choice, reveal) or a hero option
    (draft, copy); None for a person or the deal."""
    verb, _, arg = action.partition(":")
    if verb in ("play", "tab", "give", "pick", "reveal"):
        index = CARD_INDEX.get(arg)
        return None if index is None else short_effect(HEROES[CARD_HERO[index]].code, lang)
    if verb in ("draft", "copy"):
        return short_effect(arg, lang)
    return None


def short_effect(code: str, lang: str = "en") -> str | None:
    """The hero's effect in at most 100 characters (a select option's description)."""
    text = hero_effect(code, lang)
    if text is None or len(text) <= 100:
        return text
    return SHORT.get(code, {}).get(_lang(lang)) or text


def catalog(lang: str = "en") -> list[CardText]:
    """The 23 heroes: base set, Grand Gambit, promos (each hero is eight cards, one per suit)."""
    out = []
    for hero in HEROES:
        name = hero.ja if lang == "ja" else hero.en
        where = SET_NAMES[hero.set][_lang(lang)]
        label = f"{name}（{where}）" if lang == "ja" else f"{name} ({where})"
        out.append(CardText(hero.code, label, hero_effect(hero.code, lang) or ""))
    return out


def ruling(code: str, lang: str = "en") -> str | None:
    texts = RULINGS.get(code)
    return texts[_lang(lang)] if texts else None


def card_list(lang: str = "en") -> str:
    """Every hero's effect for the rules page, rulings marked."""
    title = (
        "英雄（出したカードの効果は必ず使用）:"
        if lang == "ja"
        else "Heroes (every played card's effect must be used):"
    )
    mark = "裁定" if lang == "ja" else "Ruling"
    lines = [title]
    for card in catalog(lang):
        lines.append(f"- {card.name} — {card.effect}")
        note = ruling(card.key, lang)
        if note:
            lines.append(f"  ({mark}: {note})")
    return "\n".join(lines)
