"""Player-facing message catalog (English and Japanese).

Engines raise errors and emit prompts by *code*; front ends translate with the reader's language.
Each game registers its own codes at import time, so one table holds every text a player can see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"

_CATALOG: dict[str, dict[str, str]] = {}


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add codes -> {lang: template}. Every code needs an English template."""
    for code, texts in messages.items():
        if "en" not in texts:
            raise ValueError(f"message {code!r} has no English text")
        _CATALOG[code] = dict(texts)


def has(code: str) -> bool:
    return code in _CATALOG


def translate(code: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """Format the template for `code`; unknown codes fall back to the code itself (never crash)."""
    texts = _CATALOG.get(code)
    if texts is None:
        return code
    template = texts.get(lang) or texts["en"]
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def normalize_language(locale: str | None) -> str:
    """Map a Discord locale such as 'ja' or 'en-US' to a catalog language."""
    if locale and locale.lower().startswith("ja"):
        return "ja"
    return DEFAULT_LANGUAGE


register(
    {
        "not_your_turn": {"en": "It is not your turn.", "ja": "あなたの手番ではありません。"},
        "game_over": {"en": "The game is over.", "ja": "ゲームは終了しています。"},
        "unknown_action": {
            "en": "That action is not available now.",
            "ja": "その操作は今は選べません。",
        },
        "malformed_action": {
            "en": "That action could not be understood.",
            "ja": "その操作を解釈できませんでした。",
        },
        "card_not_in_hand": {"en": "That card is not in your hand.", "ja": "そのカードは手札にありません。"},
        "bad_option": {
            "en": "Option {name}: {reason}",
            "ja": "オプション {name}: {reason}",
        },
        "bad_player_count": {
            "en": "This game needs {min} to {max} players (got {got}).",
            "ja": "このゲームは{min}〜{max}人用です（{got}人）。",
        },
        "unknown_variant": {
            "en": "Unknown variant {variant}; choose one of: {choices}.",
            "ja": "不明なバリアント {variant}。次から選んでください: {choices}",
        },
        "not_seated": {"en": "You are not seated at this table.", "ja": "あなたはこの卓に着席していません。"},
    }
)
