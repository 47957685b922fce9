"""What a player reads on the pictures: counts agree with their number ("1 pt", "2 pts", "1 trick"), and
a hero's whole name is on its small card (players could not tell "Scav" from "Scio" or read "Inve")."""

from __future__ import annotations

import copy

import pytest
from PIL import Image, ImageDraw

import bot.art as art
from bot.art import cardimg, fonts
from bot.art.decks import all_cards
from bot.art.faces import face
from tests.art.conftest import NAMES, playout
from tests.system_parts import JAPANESE_FONT, require


def _labels(scene: dict[str, object]) -> list[str]:
    rows = scene["rows"]
    assert isinstance(rows, list)
    return [str(r["label"]) for r in rows]


def test_trickster_seat_lines_say_pt_for_one_point_and_pts_otherwise() -> None:
    game, states = playout("trickster", "standard", 4, seed=3)
    view = copy.deepcopy(game.view(states[len(states) // 2], None))
    view["scores_now"] = [1, 2, 0, -1]
    labels = _labels(art.board_scene(view, "en", NAMES[:4]))
    assert any(label.startswith("Alice · 1 pt · hand") for label in labels), labels
    assert any(" · 2 pts · " in label for label in labels)
    assert any(" · 0 pts · " in label for label in labels)
    assert any(" · -1 pt · " in label for label in labels)
    assert not any(" 1 pts" in label for label in labels)


def test_trickster_seat_lines_count_points_in_japanese_with_a_japanese_font() -> None:
    require(JAPANESE_FONT, fonts.japanese_ok())  # without one the pictures letter in English
    game, states = playout("trickster", "standard", 4, seed=3)
    view = copy.deepcopy(game.view(states[len(states) // 2], None))
    view["scores_now"] = [1, 2, 0, -1]
    ja = _labels(art.board_scene(view, "ja", NAMES[:4]))
    assert any("・1点・" in label for label in ja), ja


def test_capture_of_dreams_team_line_counts_tricks_and_points() -> None:
    game, states = playout("dream-capture", "standard", 6, seed=3)
    view = copy.deepcopy(game.view(states[len(states) // 2], None))
    view["tricks_won"], view["scores"] = [1, 3], [1, 12]
    notes = str(art.board_scene(view, "en", NAMES[:6]))
    assert "1 trick · 1 pt" in notes and "3 tricks · 12 pts" in notes


def _fits(name: str) -> bool:
    """Whether `small_name` draws `name` whole (no ellipsis) on a small card."""
    img = Image.new("RGBA", cardimg.SMALL)
    drawn: list[str] = []
    draw = ImageDraw.Draw(img)
    original = draw.text

    def spy(xy: object, text: str, *args: object, **kwargs: object) -> None:
        drawn.append(text)
        original(xy, text, *args, **kwargs)  # type: ignore[arg-type]

    draw.text = spy  # type: ignore[method-assign]
    cardimg.small_name(draw, 32, (61, 86), name, cardimg.SMALL[0] - 10, (0, 0, 0))
    joined = "".join(part.rstrip("-") for part in drawn).replace(" ", "")
    return "…" not in "".join(drawn) and joined == name.replace(" ", "")


@pytest.mark.parametrize("game_id", ["trickster", "trickster-cot", "kings", "dream-capture", "timetrap"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_card_name_is_whole_on_a_small_card(game_id: str, lang: str) -> None:
    faces = [face(game_id, card, lang) for card in all_cards(game_id)]
    names = {f.short or f.title for f in faces if not f.corner and f.style != "note" and (f.short or f.title)}
    if game_id in ("trickster", "trickster-cot", "kings"):  # games whose small cards carry names
        assert len(names) >= 8, names
    cut = sorted(n for n in names if not _fits(n))
    assert not cut, f"names cut on small cards: {cut}"


def test_a_long_single_word_breaks_between_consonants_with_a_hyphen() -> None:
    assert cardimg._halves("Scavenger") == ("Scaven-", "ger")
    assert cardimg._halves("Lord of Time") in {("Lord of", "Time"), ("Lord", "of Time")}
    assert cardimg._halves("ゴミ漁りの王") == ("ゴミ漁", "りの王")
