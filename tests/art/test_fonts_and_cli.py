"""Japanese lettering, the fallbacks when fonts are missing, and the `python -m bot.art` contract."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import bot.art as art
from bot.art import fonts
from bot.art.__main__ import main
from bot.art.decks import all_cards
from bot.art.faces import face
from tests.art.conftest import CONFIGS, NAMES, playout
from tests.system_parts import JAPANESE_FONT, LATIN_FONT, require

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@pytest.fixture
def font_dirs(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Pin the font search path for one test; every cache built with it is forgotten afterwards."""

    def use(*dirs: Path) -> None:
        monkeypatch.setenv("TRICKTABLE_FONT_DIRS", ":".join(str(d) for d in dirs))
        art.reset_caches()

    yield use
    monkeypatch.delenv("TRICKTABLE_FONT_DIRS", raising=False)
    art.reset_caches()


def _texts(scene: dict[str, Any]) -> str:
    """Every string a picture letters: its scene's texts and the faces of its cards."""
    parts = [scene.get("title", ""), *scene.get("notes", []), *scene.get("legend", [])]
    for row in scene["rows"]:
        parts.append(row.get("label", ""))
        parts.extend(row.get("lines", []))
        for card in row["cards"]:
            parts.append(card.get("cap", ""))
            if "id" in card:
                f = face(scene["game"], card["id"], scene["lang"])
                parts.extend((f.title, f.sub, f.corner, f.short, f.effect))
    return "\n".join(parts)


@pytest.mark.parametrize("game_id", sorted({c[0] for c in CONFIGS}))
def test_japanese_pictures_have_no_missing_glyph(game_id: str) -> None:
    """Every card face of the game and the words of real hands and boards, in Japanese."""
    require(JAPANESE_FONT, fonts.japanese_ok())
    game = {c[0]: c for c in CONFIGS}[game_id]
    texts = [
        "\n".join(
            _texts(
                {"game": game_id, "lang": "ja", "rows": [{"cards": [{"id": c} for c in all_cards(game_id)]}]}
            )
        )
    ]
    g, states = playout(*game, seed=11)
    for state in states[:: max(1, len(states) // 5)]:
        texts.append(_texts(art.hand_scene(g.view(state, 0), "ja", NAMES)))
        texts.append(_texts(art.board_scene(g.view(state, None), "ja", NAMES)))
    assert fonts.missing_glyphs("\n".join(texts)) == set()


def test_without_a_japanese_font_pictures_letter_in_english_and_say_so(font_dirs: Any) -> None:
    require(LATIN_FONT, (DEJAVU / "DejaVuSans-Bold.ttf").is_file())
    font_dirs(DEJAVU)
    assert not fonts.japanese_ok()
    assert fonts.missing_glyphs("手札") == {"手", "札"}  # noted: DejaVu has no kanji
    game, states = playout("trickster", "standard", 4, seed=1)
    scene = art.hand_scene(game.view(states[10], 0), "ja", NAMES[:4])
    assert scene["lang"] == "en" and any("Japanese font" in n for n in scene["notes"])
    assert "Your hand" in json.dumps(scene)
    img = Image.open(io.BytesIO(art.render(scene, cache=None)))
    assert img.width == 760
    # the text still reads: the English lettering has every glyph
    assert fonts.missing_glyphs(_texts(scene).replace("ボブ", "")) == set()


def test_without_any_font_file_pillows_own_font_draws_the_text(font_dirs: Any, tmp_path: Path) -> None:
    font_dirs(tmp_path)
    assert fonts.describe() == {"latin": None, "japanese": None}
    game, states = playout("kings", "standard", 3, seed=1)
    png = art.render(art.board_scene(game.view(states[20], None), "ja", NAMES[:3]), cache=None)
    assert Image.open(io.BytesIO(png)).size[0] == 760


def test_cli_last_line_is_the_documented_json_and_pngs_are_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main(["timetrap", "--players", "3", "--seed", "2", "--states", "3", "--out", str(tmp_path)])
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0
    for key in ("game", "images", "p50_ms", "p99_ms", "max_bytes", "mean_bytes"):
        assert key in last
    assert last["game"] == "timetrap" and last["images"] == 3 * (3 + 1) and last["leaks"] == 0
    assert 0 < last["mean_bytes"] <= last["max_bytes"] <= 200_000
    assert 0 < last["p50_ms"] <= last["p99_ms"]
    assert len(list(tmp_path.glob("*.png"))) == 12


def test_cli_variant_and_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kings", "--variant", "whist", "--players", "4", "--states", "1"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["images"] == 5
    with pytest.raises(Exception, match="4"):
        main(["kings", "--variant", "whist", "--players", "3", "--states", "1"])
