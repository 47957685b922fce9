"""Pictures for every state of random playouts of every game and variant (card pictures).

A picture is drawn from its scene (the JSON-ready source data) alone, and the scene from the audience's
view alone; so the leak checker that scans views and events (games.core.invariants) must find no card
hidden from the audience in any scene: a seat's hand picture (hidden_from(seat)) and the public board
(hidden_from(None)).
"""

from __future__ import annotations

import pytest
from PIL import Image

import bot.art as art
from tests.art.conftest import CONFIGS, NAMES, playout

MAX_BYTES = 200_000
RENDERED_STATES = 6  # pictures drawn per playout (every state's scene is leak-checked)


def _png_ok(png: bytes) -> Image.Image:
    import io

    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) <= MAX_BYTES
    img = Image.open(io.BytesIO(png))
    assert img.width == 760 and 60 <= img.height <= 3000
    return img


@pytest.mark.parametrize(("game_id", "variant", "players"), CONFIGS)
def test_every_state_has_leak_free_hand_and_board_scenes_and_they_render(
    game_id: str, variant: str, players: int
) -> None:
    game, states = playout(game_id, variant, players, seed=7)
    names = NAMES[:players]
    step = max(1, len(states) // RENDERED_STATES)
    drawn = 0
    for index, state in enumerate(states):
        draw = index % step == 0 or index == len(states) - 1
        for seat in [*range(players), None]:
            view = game.view(state, seat)
            lang = "ja" if (index + (seat or 0)) % 2 else "en"
            scene = (
                art.hand_scene(view, lang, names) if seat is not None else art.board_scene(view, lang, names)
            )
            shown = art.leaks(scene, game.hidden_from(state, seat))
            assert not shown, f"state {index} seat {seat}: picture would show hidden {sorted(shown)}"
            if draw and (seat is None or seat == index % players):
                _png_ok(art.render(scene, cache=None))
                drawn += 1
    assert drawn >= 2
    outcome = game.outcome(states[-1])
    if outcome is not None:
        _png_ok(art.render(art.result_scene(game_id, outcome.to_json(), "ja", names), cache=None))


def test_a_hand_picture_shows_the_seats_cards_and_a_board_shows_none_of_them() -> None:
    game, states = playout("trickster", "standard", 4, seed=3)
    state = states[len(states) // 3]
    view = game.view(state, 1)
    hand = art.hand_scene(view, "en", NAMES[:4])
    mine = set(view["hands"][1]["cards"])
    in_hand_row = {
        c["id"] for row in hand["rows"] if row["label"].startswith("Your hand") for c in row["cards"]
    }
    assert in_hand_row == mine
    board = art.board_scene(game.view(state, None), "en", NAMES[:4])
    assert not art.leaks(
        board, mine - set(game.view(state, None)["pot"]) - {c for h in view["houses"] for c in h}
    )
    assert "Alice" in str(board)  # seats are named as given


def test_planting_a_hidden_card_in_a_scene_is_caught_by_the_leak_check() -> None:
    """The check is real: a scene that names a card hidden from its audience fails it, whether the card
    is drawn as a card, or hidden in any text of the scene (a caption, a label, a legend line)."""
    game, states = playout("kings", "standard", 4, seed=5)
    state = next(s for s in states if game.view(s, 0)["phase"] == "play")
    hidden = game.hidden_from(state, 0)
    assert hidden
    planted = sorted(hidden)[0]
    clean = art.hand_scene(game.view(state, 0), "en", NAMES[:4])
    assert not art.leaks(clean, hidden)

    as_card = {**clean, "rows": [*clean["rows"], {"label": "", "size": "small", "cards": [{"id": planted}]}]}
    assert art.leaks(as_card, hidden) == {planted}
    in_caption = {
        **clean,
        "rows": [{"label": "", "size": "small", "cards": [{"back": True, "cap": planted}]}],
    }
    assert art.leaks(in_caption, hidden) == {planted}
    in_legend = {**clean, "legend": [f"note: {planted}"]}
    assert art.leaks(in_legend, hidden) == {planted}
    board = art.board_scene(game.view(state, None), "en")
    assert not art.leaks(board, game.hidden_from(state, None))
    board["rows"][0]["cards"].append({"id": planted})
    assert planted in art.leaks(board, game.hidden_from(state, None))


@pytest.mark.parametrize(
    ("game_id", "variant", "players"), [("trickster", "standard", 4), ("timetrap", "standard", 3)]
)
def test_face_down_piles_are_backs_with_a_count_and_no_identity(
    game_id: str, variant: str, players: int
) -> None:
    """The deck and the discard pile are drawn face down: the scene holds a count, never a card id."""
    game, states = playout(game_id, variant, players, seed=2)
    scene = art.board_scene(game.view(states[len(states) // 2], None), "en")
    backs = [c for row in scene["rows"] for c in row["cards"] if c.get("back")]
    assert backs and all(set(c) <= {"back", "n", "cap"} and isinstance(c.get("n"), int) for c in backs)


def test_the_same_scene_renders_once_and_the_cache_is_bounded() -> None:
    game, states = playout("dream-capture", "standard", 6, seed=1)
    scene = art.board_scene(game.view(states[40], None), "en")
    cache = art.PictureCache(max_items=3)
    first = art.render(scene, cache)
    misses = cache.misses
    assert art.render(scene, cache) is first and cache.misses == misses and cache.hits == 1
    for state in states[41:48]:
        art.render(art.board_scene(game.view(state, None), "en"), cache)
    assert len(cache) <= 3


async def test_render_async_draws_off_the_loop_and_matches_render() -> None:
    game, states = playout("timetrap", "standard", 3, seed=4)
    scene = art.hand_scene(game.view(states[5], 0), "ja", NAMES[:3])
    art.CACHE.clear()
    png = await art.render_async(scene)
    assert png == art.render(scene, cache=None)
    assert await art.render_async(scene) is png  # cached now
