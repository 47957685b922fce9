"""Every card each game draws, by deck (the docs' picture sheets and the pictures' palettes)."""

from __future__ import annotations

from functools import cache


@cache
def decks(game: str) -> dict[str, tuple[str, ...]]:
    """deck name -> card ids, in a reading order (suits together, low to high)."""
    if game == "trickster":
        from games.trickster.cards import CARD_IDS, SETS, SUIT_IDS

        return {
            name: tuple(f"{s}-{h.slug}" for h in heroes for s in SUIT_IDS if f"{s}-{h.slug}" in CARD_IDS)
            for name, heroes in SETS.items()
        }
    if game == "trickster-cot":
        from games.trickster.cot.cards import HEROES, SUITS

        sets = {"base": "champions-of-time", "gg": "grand-gambit", "promo": "promos"}
        return {
            label: tuple(f"{h.code}-{s}" for h in HEROES if h.set == key for s in SUITS)
            for key, label in sets.items()
        }
    if game == "kings":
        from games.kings.cards import all_character_cards

        numbers = tuple(f"{c}{n}" for c in "rbgk" for n in range(1, 11))
        courts = tuple(f"{c}{n}" for c in "wrbgk" for n in (11, 12))
        specials = ("bers1", "flag1", "rare1")
        royals = tuple(f"{kind}-{c}" for c in "wrbgk" for kind in ("king", "queen", "jack"))
        chars = tuple(dict.fromkeys(c.rstrip("0123456789") + "1" for c in all_character_cards()))
        return {
            "playing-cards": numbers + courts + specials,
            "kings-queens-jacks": royals,
            "characters": chars,
        }
    if game == "dream-capture":
        from games.dream_capture.cards import DECK

        return {"ex-tarot": tuple(DECK)}
    if game == "timetrap":
        from games.timetrap import dates
        from games.timetrap.cards import COLOURS, NUMBERS

        time_cards = (*tuple(f"{c}{n}" for c in COLOURS for n in NUMBERS), "tt0")
        return {
            "time-cards": time_cards,
            "date-cards": (*(c.id for c in dates.BLUE), *(c.id for c in dates.YELLOW)),
        }
    return {}


def all_cards(game: str) -> tuple[str, ...]:
    return tuple(c for cards in decks(game).values() for c in cards)
