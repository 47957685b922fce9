"""A replay step's picture: the table at that moment, in any game, built from the scenes every game has.

The board (from the public view) comes first; then the viewer's own hand (from its seat's view), or,
after a game whose server reveals it, every seat's hand and hidden choice, each labelled with its
owner's name ("Ann's hand (5)"). Only views go in, never a game State, so a step's picture is checked
for hidden cards like any other (`bot.art.leaks`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.art.labels import OWNER, tr
from bot.art.scenes.common import Scene, row, scene, up, who
from games.core.names import Names


def replay_scene(
    public: Mapping[str, Any],
    hands: Sequence[tuple[int, Mapping[str, Any]]],
    lang: str,
    names: Names,
    caption: str,
    every_hand: bool = False,
    trick: Sequence[str] = (),
) -> Scene:
    """One step: the board, then `hands` ((seat, that seat's view) pairs). `every_hand`: the rows of
    each hand say whose they are, and only what the seat itself holds is kept (its "known in another
    hand" rows repeat what the other hands show)."""
    from bot.art.scenes import board_scene, drawable_language, hand_scene

    board = board_scene(public, lang, names)
    rows: list[dict[str, Any]] = list(board["rows"])
    rows_cards = [{str(c.get("id")) for c in r.get("cards") or ()} for r in rows]
    if trick and set(trick) not in rows_cards:  # the trick the step closed, when no row shows it as such
        rows.insert(0, row(tr("art.last_trick_plain", drawable_language(lang)[0]), [up(c) for c in trick], "small"))
    shown = {_cards(r) for r in rows if r.get("cards")}
    legend: list[str] = []
    small = every_hand and len(hands) > 2  # many hands: small cards keep the picture a screen high
    for seat, view in hands:
        owner = who(names, seat, drawable_language(lang)[0]) if every_hand else None
        token = OWNER.set(owner)
        try:
            hand = hand_scene(view, lang, names)
        finally:
            OWNER.reset(token)
        for r in hand["rows"]:
            if r.get("cards") and _cards(r) in shown:
                continue  # the pot or the trick, already on the board
            if owner is not None and not str(r.get("label", "")).startswith(owner):
                continue
            rows.append({**r, "size": "small"} if small else dict(r))
        if not every_hand:
            legend = list(hand.get("legend") or [])
    # the caption's round is left out when the board already says it ("Round 2" in its notes)
    said = " ".join(str(n) for n in board.get("notes") or ())
    caption = " · ".join(part for part in caption.split(" · ") if part and part not in said)
    title = " · ".join(p for p in (board.get("title", ""), caption) if p)
    return scene(
        str(board["game"]),
        "replay",
        str(board["lang"]),
        title,
        rows,
        notes=list(board.get("notes") or []),
        legend=legend,
    )


def _cards(r: Mapping[str, Any]) -> str:
    return json.dumps(r.get("cards"), sort_keys=True)
