"""The /rules summary (docs/rules/timetrap.md is the long form). Filled in below."""

from __future__ import annotations


def rules_page(lang: str = "en") -> str:
    return "TIMETRAP" if lang != "ja" else "タイムトラップ"
