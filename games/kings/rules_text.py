"""The /rules summary (docs/rules/kings.md is the long form)."""

RULES = {
    "en": "KINGs TRICKTAKERs: see docs/rules/kings.md.",
    "ja": "キングス・トリックテイカーズ: docs/rules/kings.md を参照。",
}
