"""What a hero is (data plus one effect function) and how an effect asks its player for a choice.

An effect is a small state machine driven by `picks`, the choices made so far: called with the picks
it has, it either finishes (returns None) or returns an `Ask` for the next choice. It mutates the
working copy (`Fx`) only for the stage it is at, so a stage that draws or reveals cards happens once.
"An effect that cannot be resolved in its entirety is ignored": `can` decides that before any stage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

from games.core.contract import plain_class

if TYPE_CHECKING:
    from games.trickster.fx import Fx

# Prompt kinds (what a seat is asked). Actions are "<prefix>:<token>", see cards.ACTION_PREFIX.
PLAY: Final = "play"
HOUSE: Final = "house"
CHOOSE_TARGET: Final = "choose-target"  # token: a seat
CHOOSE_CARD: Final = "choose-card"  # token: a card the chooser may see
CHOOSE_HERO: Final = "choose-hero"  # token: a hero (Archivist)
GIVE_CARD: Final = "give-card"  # token: a card of the chooser's own hand (Bard exchange, Nun's donor)


Ask: TypeAlias = tuple[str, tuple[int, ...], tuple[tuple[int, ...], ...], str]
"""A choice an effect needs: (kind, choosers, options per chooser, note), the note a message code
describing the question (e.g. "ask.nun.donor"). Several choosers choose at once, secretly (the Bard's
exchange). A plain tuple rather than a NamedTuple: an effect asks on most actions and `run_effect` only
unpacks it, while a NamedTuple costs a `tuple.__new__` call more (the simulation hot path)."""


def ask(kind: str, chooser: int, options: tuple[int, ...], note: str) -> Ask:
    """A single chooser's question."""
    return (kind, ALONE[chooser], (options,), note)


ALONE: Final = tuple((seat,) for seat in range(8))  # a single chooser's `choosers`, built once


Effect = Callable[["Fx", int, tuple[int, ...]], "Ask | None"]
Check = Callable[["Fx", int], bool]


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class Hero:
    """One hero: its names and card text in English and Japanese, and its effect."""

    slug: str
    name: dict[str, str]
    ability: dict[str, str]
    text: dict[str, str]
    can: Check  # can the effect be resolved in its entirety for this actor now?
    effect: Effect
