"""`python -m bot.art.strips [--out docs/images] [--lang en|ja]`: one replay strip per game for the docs.

A strip is four steps of a seeded game's replay side by side, as a Discord replay shows them after the
game (every hand): the first setup step, a trick early on, one in the middle and the final board. The
steps come from the same pure replay and scenes as the bot's (bot/tables/replays.py, replay_scene), each
checked for leaks against a seat-less reveal (nothing but the game's cards), and are drawn at half size in 256 colours (under 200 KB each, as every picture the docs show).
"""

from __future__ import annotations

import argparse
import io
import random
from pathlib import Path

from PIL import Image

from bot.art import render, replay_scene
from bot.store.records import ActionRow
from bot.tables import replays
from bot.tables.models import ClockMode, SeatInfo, TableInfo, TableStatus
from games.core.registry import get_game

GAMES = (
    ("trickster", "standard", 3),
    ("trickster-cot", "standard", 3),
    ("kings", "standard", 3),
    ("kings", "whist", 4),
    ("dream-capture", "standard", 6),
    ("timetrap", "standard", 3),
)
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
SCALE = 0.5
GAP = 12


def finished(game_id: str, variant: str, players: int, seed: int) -> replays.Replay:
    """A whole game of seeded random seats, replayed as the bot would from its log."""
    game = get_game(game_id)
    state = game.setup(players, {}, seed, variant)
    rng = random.Random(seed)
    rows: list[ActionRow] = []
    while not game.is_over(state):
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        rows.append(ActionRow(len(rows) + 1, seat, action, None, "user", 0.0))
    seats = tuple(SeatInfo(s, None, NAMES[s]) for s in range(players))
    info = TableInfo(
        id=1, guild_id=0, channel_id=0, thread_id=None, game=game_id, variant=variant, options={},
        status=TableStatus.FINISHED, version=len(rows), seats=seats, creator_id=0, clock_mode=ClockMode.LIVE,
        clock_seconds=0, created_at=0.0, updated_at=0.0, seed=seed,
    )  # fmt: skip
    return replays.build(game, info, None, rows)


def strip(replay: replays.Replay, lang: str = "en") -> bytes:
    """Four steps of the replay side by side (PNG)."""
    count = len(replay.steps)
    picks = sorted({1, min(count - 1, 3), count // 3, count - 1})
    names = [s.name for s in replay.info.seats]
    images = []
    for index in picks:
        view = replays.step_view(replay, index, replays.EVERY_SEAT)
        scene = replay_scene(view.public, view.hands, lang, names, replays.caption(view, lang), True, view.trick)
        picture = Image.open(io.BytesIO(render(scene, cache=None))).convert("RGB")
        images.append(picture.resize((int(picture.width * SCALE), int(picture.height * SCALE)), Image.Resampling.LANCZOS))
    width = sum(i.width for i in images) + GAP * (len(images) - 1)
    height = max(i.height for i in images)
    canvas = Image.new("RGB", (width, height), images[0].getpixel((2, 2)))
    x = 0
    for picture in images:
        canvas.paste(picture, (x, 0))
        x += picture.width + GAP
    out = io.BytesIO()  # a palette of 256 colours: the docs keep every picture under 200 KB
    canvas.quantize(256, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.art.strips", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/images")
    parser.add_argument("--lang", default="en", choices=("en", "ja"))
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game_id, variant, players in GAMES:
        name = game_id if variant == "standard" else f"{game_id}-{variant}"
        path = out / f"{name}-replay{'' if args.lang == 'en' else '-ja'}.png"
        path.write_bytes(strip(finished(game_id, variant, players, args.seed), args.lang))
        print(f"{path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
