"""The in-game rules summary (`/rules`), English and Japanese; docs/rules/trickster.md is the long form."""

SUMMARY: dict[str, str] = {"en": "Trickster", "ja": "トリックスター"}
