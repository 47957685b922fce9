"""What each Trickster hero does, in a line (English and Japanese), and the table's rulings per hero.

The effect lines are the heroes' own data (fantasy.py, tianxia.py, symbiosis.py: our words for the
rulebook 004_6403efb1403ffcad.txt, "Trickster: Fantasy / Tianxia / Symbiosis"); this module adds the
edge cases the table decides (RULINGS.md, Trickster) and serves them to `/card`, select options and
the rules page. No value here was printed only on a lost image, so no card text is PROVISIONAL.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import CardText
from games.trickster.cards import CARD_INDEX, HERO_INDEX, HEROES, SET_OF_HERO

RULINGS: dict[str, dict[str, str]] = {
    "bard": {
        "en": "Ignored when no opponent has a card or your hand is empty; both cards are chosen in secret.",
        "ja": "手札のある相手がいない、または自分の手札がない時は無視。渡すカードは両者が秘密に選ぶ。",
    },
    "druid": {
        "en": "Only an upright card turns; a sideways card counts 2 for the suit majority too. A card taken "
        "into a hand or the deck turns upright again.",
        "ja": "縦向きのカードだけが対象。横向きは模様の最多比較でも2枚。手札か山札に入ると縦向きに戻る。",
    },
    "brute": {
        "en": "Only an upright card turns; it counts 2 for the suit majority and the score.",
        "ja": "縦向きのカードだけが対象。横向きは模様の最多比較でも得点でも2枚。",
    },
    "nun": {
        "en": "The donor picks the card; you pick the receiver.",
        "ja": "渡すカードは渡す人が選び、受け取る人はあなたが選ぶ。",
    },
    "detective": {
        "en": "Needs an opponent with two cards; the other card may go back to the same opponent.",
        "ja": "手札2枚以上の相手が必要。もう1枚は同じ相手に戻してもよい。",
    },
    "matriarch": {
        "en": "Played as the Leader's first card, the added card sets the pattern and you become the "
        "Trickster. The Pot never takes an eighth card.",
        "ja": "リーダーの1枚目で使うと、加えたカードがパターンを決め、あなたがトリックスターになる。ポットは8枚目を受け付けない。",
    },
    "striker": {
        "en": "Played as the Leader's first card, the added card sets the pattern and you become the "
        "Trickster. The Pot never takes an eighth card.",
        "ja": "リーダーの1枚目で使うと、加えたカードがパターンを決め、あなたがトリックスターになる。ポットは8枚目を受け付けない。",
    },
    "archivist": {
        "en": "Cannot copy another Archivist; copying Striker or Matriarch follows their notes.",
        "ja": "記録保管人は写せない。ストライカー・女家長を写した時はその注記に従う。",
    },
}
"""Table rulings per hero (shown on the rules page, marked; the card line stays the effect)."""

SHORT: dict[str, dict[str, str]] = {
    "bard": {"en": "Swap one hand card with an opponent who has cards; both choose in secret."},
    "druid": {"en": "Turn an upright House card sideways: it counts as two cards of its suit."},
    "nun": {"en": "The player with most cards in hand gives one card to a player you choose."},
    "detective": {
        "en": "Reveal 2 random cards of an opponent's hand; keep one, give the other to an opponent."
    },
    "explorer": {"en": "Reveal the top 2 deck cards; keep one, put the other back on top."},
    "shuttle": {"en": "Draw the top card of the deck, then put any hand card on top of the deck."},
}
"""Shorter lines where the full effect is longer than a select option's description (100 characters)."""

SHORT_LIMIT = 100

SET_NAMES: dict[str, dict[str, str]] = {
    "fantasy": {"en": "Fantasy", "ja": "ファンタジー"},
    "tianxia": {"en": "Tianxia", "ja": "天下"},
    "symbiosis": {"en": "Symbiosis", "ja": "シンビオシス"},
}


def _lang(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def hero_effect(slug: str, lang: str = "en") -> str | None:
    """'Dance: Choose an opponent…' for a hero slug; None for an unknown slug."""
    index = HERO_INDEX.get(slug)
    if index is None:
        return None
    hero = HEROES[index]
    sep = "：" if lang == "ja" else ": "
    return hero.ability[_lang(lang)] + sep + hero.text[_lang(lang)]


def card_effect(card: str, lang: str = "en") -> str | None:
    """The effect of a card id ('y-bard'): its hero's effect (every Trickster card has one)."""
    index = CARD_INDEX.get(card)
    if index is None:
        return hero_effect(card, lang)
    return hero_effect(HEROES[index // 7].slug, lang)


def short_effect(slug: str, lang: str = "en") -> str | None:
    """The hero's effect in at most 100 characters (a select option's description)."""
    text = hero_effect(slug, lang)
    if text is None or len(text) <= SHORT_LIMIT:
        return text
    short = SHORT.get(slug, {})
    return short.get(_lang(lang)) or HEROES[HERO_INDEX[slug]].text[_lang(lang)]


def describe_action(action: str, view: Mapping[str, Any], lang: str = "en") -> str | None:
    """The short effect behind a card or hero option; None for a target (a person)."""
    prefix, _, token = action.partition(":")
    if prefix in ("play", "house", "card", "give"):
        index = CARD_INDEX.get(token)
        return None if index is None else short_effect(HEROES[index // 7].slug, lang)
    if prefix == "hero":
        return short_effect(token, lang)
    return None


def catalog(lang: str = "en") -> list[CardText]:
    """The 21 heroes, set by set (each hero is seven cards, one per suit)."""
    out = []
    for i, hero in enumerate(HEROES):
        name = hero.name[_lang(lang)]
        set_name = SET_NAMES[SET_OF_HERO[i]][_lang(lang)]
        effect = hero_effect(hero.slug, lang) or ""
        out.append(
            CardText(hero.slug, f"{name} ({set_name})" if lang != "ja" else f"{name}（{set_name}）", effect)
        )
    return out


def ruling(slug: str, lang: str = "en") -> str | None:
    texts = RULINGS.get(slug)
    return texts[_lang(lang)] if texts else None
