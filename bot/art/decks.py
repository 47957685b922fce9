"""Every card each game draws, by deck (the docs' picture sheets and the pictures' palettes), as the
game declares them (`Game.faces`)."""

from __future__ import annotations

from bot.art.faces import declared


def decks(game: str) -> dict[str, tuple[str, ...]]:
    """deck name -> card ids, in a reading order (suits together, low to high)."""
    faces = declared(game)
    return {deck.name: deck.cards for deck in faces.decks} if faces is not None else {}


def all_cards(game: str) -> tuple[str, ...]:
    faces = declared(game)
    return faces.card_ids() if faces is not None else ()
