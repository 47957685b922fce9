"""What a hero is (data plus one effect function) and how an effect asks its player for a choice.

An effect is a small state machine driven by `picks`, the choices made so far: called with the picks
it has, it either finishes (returns None) or returns an `Ask` for the next choice. It mutates the
working copy (`Fx`) only for the stage it is at, so a stage that draws or reveals cards happens once.
"An effect that cannot be resolved in its entirety is ignored": `can` decides that before any stage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from games.core.contract import plain_class

if TYPE_CHECKING:
    from games.trickster.fx import Fx

# Prompt kinds (what a seat is asked). Actions are "<prefix>:<token>", see cards.ACTION_PREFIX.
PLAY = "play"
HOUSE = "house"
CHOOSE_TARGET = "choose-target"  # token: a seat
CHOOSE_CARD = "choose-card"  # token: a card the chooser may see
CHOOSE_HERO = "choose-hero"  # token: a hero (Archivist)
GIVE_CARD = "give-card"  # token: a card of the chooser's own hand (Bard exchange, Nun's donor)


class Ask(NamedTuple):
    """A choice an effect needs. Several choosers choose at once, secretly (the Bard's exchange)."""

    kind: str
    choosers: tuple[int, ...]
    options: tuple[tuple[int, ...], ...]  # per chooser
    note: str  # message code describing the question (e.g. "ask.nun.donor")


def ask(kind: str, chooser: int, options: tuple[int, ...], note: str) -> Ask:
    """A single chooser's question."""
    return _new_ask(Ask, (kind, _ALONE[chooser], (options,), note))


_ALONE = tuple((seat,) for seat in range(8))  # a single chooser's `choosers`, built once
_new_ask = tuple.__new__  # an Ask from a ready tuple (hot path; skips NamedTuple.__new__)


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
