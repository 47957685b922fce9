"""Rules summaries shown by /rules (the long form with every ruling is docs/rules/kings-variants.md)."""

from __future__ import annotations

RULES: dict[str, dict[str, str]] = {
    "ombre": {"en": "Ombre", "ja": "オンブル"},
    "whist": {"en": "Whist", "ja": "ホイスト"},
    "napoleon": {"en": "Napoleon", "ja": "ナポレオン"},
}
