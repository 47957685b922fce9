"""Pictures of the table: card images for hands, boards and results, drawn with Pillow.

Only from what the audience may see: a scene (the JSON-ready source data of one picture) is built from a
seat's view, the public view or the outcome, never from a game State, and the PNG is drawn from the scene
alone. So `leaks(scene, hidden)` (the same checker as for views and events) proves a picture shows no
hidden card. Rendering is cached by content (the same scene renders once; a bounded LRU) and the async
wrapper renders in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from bot.art.scenes import board_scene, hand_scene, result_scene, supported
from bot.art.scenes.replay import replay_scene
from games.core.invariants import leaked

__all__ = [
    "CACHE",
    "PictureCache",
    "board_scene",
    "hand_scene",
    "leaks",
    "render",
    "render_async",
    "replay_scene",
    "reset_caches",
    "result_scene",
    "scene_key",
    "supported",
]


def scene_key(scene: Mapping[str, Any]) -> str:
    return json.dumps(scene, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


class PictureCache:
    """A bounded LRU of rendered PNGs keyed by the scene's canonical JSON (thread-safe)."""

    def __init__(self, max_items: int = 256, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_items = max_items
        self.max_bytes = max_bytes
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> bytes | None:
        with self._lock:
            png = self._items.get(key)
            if png is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return png

    def put(self, key: str, png: bytes) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= len(old)
            self._items[key] = png
            self._bytes += len(png)
            while self._items and (len(self._items) > self.max_items or self._bytes > self.max_bytes):
                _, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)


CACHE = PictureCache()


def render(scene: Mapping[str, Any], cache: PictureCache | None = CACHE) -> bytes:
    """The PNG of a scene (from the cache when the same scene was drawn before)."""
    from bot.art.layout import render as draw_png

    key = scene_key(scene)
    if cache is not None:
        png = cache.get(key)
        if png is not None:
            return png
    png = draw_png(scene)
    if cache is not None:
        cache.put(key, png)
    return png


async def render_async(scene: Mapping[str, Any]) -> bytes:
    """As `render`, awaited: a cached picture at once, a new one drawn in a worker thread."""
    png = CACHE.get(scene_key(scene))
    if png is not None:
        return png
    return await asyncio.to_thread(render, scene)


def leaks(scene: Mapping[str, Any], hidden: set[str]) -> set[str]:
    """Hidden card ids found in a scene (the picture's source data): must be empty."""
    return leaked(hidden, dict(scene))


def reset_caches() -> None:
    """Forget fonts, sprites, palettes and pictures (after the font search path changed: tests)."""
    from bot.art import cardimg, fonts, layout

    fonts.reset()
    cardimg.sprite.cache_clear()
    layout._text_mask.cache_clear()
    layout._lines.cache_clear()
    layout.palette.cache_clear()
    CACHE.clear()
