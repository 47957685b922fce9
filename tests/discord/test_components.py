"""Custom ids and the drawing of choices: within Discord's limits, and one component per legal action."""

from __future__ import annotations

import re

import discord

from bot.discord_bot import boards, ids
from bot.tables.models import SeatView
from games.core.registry import get_game


def test_custom_ids_fit_in_100_characters_with_the_longest_action() -> None:
    action = "x" * 64  # the contract's longest action
    cid = ids.ComponentId(table=10**12, version=10**6, verb=ids.ACT, arg=action)
    assert len(cid.button()) <= 100
    match = re.fullmatch(ids.BUTTON_TEMPLATE, cid.button())
    assert match is not None and match["arg"] == action and int(match["table"]) == 10**12
    assert re.fullmatch(ids.BUTTON_TEMPLATE, "tt:5:7:act:play:b-bard")["arg"] == "play:b-bard"  # type: ignore[index]
    assert re.fullmatch(ids.SELECT_TEMPLATE, ids.ComponentId(5, 7, ids.ACT, "0").select()) is not None


async def test_many_actions_become_selects_and_every_action_is_offered() -> None:
    game = get_game("trickster")
    actions = tuple(f"play:c{i}" for i in range(60))
    seat_view = SeatView(seat=0, view={}, legal_actions=actions, prompt=None, version=3)
    view = boards.action_view(7, seat_view, game, "en")
    assert view is not None
    selects = [c for c in view.children if isinstance(c, discord.ui.Select)]
    offered = [o.value for s in selects for o in s.options]
    assert offered == list(actions) and all(len(s.options) <= 25 for s in selects)
    few = boards.action_view(7, SeatView(0, {}, actions[:5], None, 3), game, "en")
    assert few is not None and all(isinstance(c, discord.ui.Button) for c in few.children)
    assert next(c.custom_id for c in few.children) == "tt:7:3:act:play:c0"  # type: ignore[attr-defined]
