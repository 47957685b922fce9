"""Which font files the pictures use, found once per process, and what happens when one is missing.

Latin text uses DejaVu Sans (Debian's fonts-dejavu-core); Japanese text, and any name with characters
DejaVu lacks, uses IPA P Gothic (Debian's fonts-ipafont-gothic, IPA Font License 1.0) or Noto Sans CJK
when that is installed instead. Without a Japanese font a picture still renders: Japanese lettering falls
back to English where the picture has an English text (`japanese_ok()` tells the caller), and any other
missing glyph is logged once. Without any TrueType font, Pillow's built-in font draws the text.
`TRICKTABLE_FONT_DIRS` (colon-separated) replaces the search path (tests use it for the fallbacks).
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import threading
from functools import cache
from pathlib import Path

from PIL import ImageFont

log = logging.getLogger("tricktable.art")

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

LATIN_FILES = ("DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf")
CJK_FILES = (
    "NotoSansCJK-Bold.ttc",
    "NotoSansCJKjp-Bold.otf",
    "ipagp.ttf",
    "ipag.ttf",
    "ipaexg.ttf",
    "fonts-japanese-gothic.ttf",
)
DEFAULT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/opentype/ipafont-gothic",
    "/usr/share/fonts/opentype/ipaexfont-gothic",
    "/usr/share/fonts/truetype",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/google-noto-cjk",
    "/Library/Fonts",
    "C:/Windows/Fonts",
)
_JA_PROBE = "日本語の手札カード"


def _dirs() -> list[Path]:
    env = os.environ.get("TRICKTABLE_FONT_DIRS")
    if env is not None:
        return [Path(p) for p in env.split(":") if p]
    return [Path(p) for p in DEFAULT_DIRS]


def _find(names: tuple[str, ...]) -> str | None:
    for name in names:
        for folder in _dirs():
            path = folder / name
            if path.is_file():
                return str(path)
    return None


def _fc_match(pattern: str) -> str | None:
    """fontconfig's answer, only when the search path is the default one (tests pin theirs)."""
    if os.environ.get("TRICKTABLE_FONT_DIRS") is not None or shutil.which("fc-match") is None:
        return None
    try:
        out = subprocess.run(
            ["fc-match", "-f", "%{file}", pattern], capture_output=True, text=True, timeout=5, check=False
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return out if out and Path(out).is_file() else None


@cache
def latin_path() -> str | None:
    return _find(LATIN_FILES) or _fc_match("DejaVu Sans:bold")


@cache
def cjk_path() -> str | None:
    found = _find(CJK_FILES)
    if found is None:
        candidate = _fc_match(":lang=ja:bold")
        if candidate is not None and _covers(candidate, _JA_PROBE):
            found = candidate
    if found is None:
        log.warning("no Japanese font found (install fonts-ipafont-gothic): pictures letter in English")
    return found


def reset() -> None:
    """Forget every lookup (after TRICKTABLE_FONT_DIRS changed: tests)."""
    latin_path.cache_clear()
    cjk_path.cache_clear()
    _load.cache_clear()
    _glyph_missing.cache_clear()
    _notdef.cache_clear()


def japanese_ok() -> bool:
    """Can Japanese lettering be drawn? (Otherwise pictures use their English text.)"""
    return cjk_path() is not None


def load(path: str, size: int) -> ImageFont.FreeTypeFont:
    """The TrueType font at `path` in `size` (cached)."""
    font = _load(path, size)
    assert isinstance(font, ImageFont.FreeTypeFont)
    return font


@cache
def _load(path: str | None, size: int) -> Font:
    if path is None:
        try:
            return ImageFont.load_default(size)
        except TypeError:  # Pillow without FreeType: the fixed bitmap font
            return ImageFont.load_default()
    return ImageFont.truetype(path, size)


_lock = threading.Lock()


@cache
def _notdef(path: str, size: int) -> bytes:
    font = ImageFont.truetype(path, size)
    return bytes(font.getmask("\U000f0000"))  # a private-use code point: no font draws it


@cache
def _glyph_missing(path: str, ch: str) -> bool:
    font = _load(path, 24)
    assert isinstance(font, ImageFont.FreeTypeFont)
    with _lock:
        return bytes(font.getmask(ch)) == _notdef(path, 24) and not ch.isspace()


def _covers(path: str, text: str) -> bool:
    return not any(_glyph_missing(path, ch) for ch in set(text) if ord(ch) > 0x7F)


def missing_glyphs(text: str) -> set[str]:
    """Characters of `text` that no installed font draws (they show as boxes)."""
    latin = latin_path()
    cjk = cjk_path()
    out: set[str] = set()
    for ch in set(text):
        if ord(ch) <= 0x7F or ch.isspace():
            continue
        if latin is not None and not _glyph_missing(latin, ch):
            continue
        if cjk is not None and not _glyph_missing(cjk, ch):
            continue
        out.add(ch)
    return out


def font_for(text: str, size: int) -> Font:
    """DejaVu for text it can draw, else the Japanese font, else whatever is there."""
    latin = latin_path()
    cjk = cjk_path()
    if latin is not None and (text.isascii() or _covers(latin, text)):
        return _load(latin, size)
    if cjk is not None:
        return _load(cjk, size)
    return _load(latin, size)


def describe() -> dict[str, str | None]:
    """The files in use (for `python -m bot.art --fonts` and `make`)."""
    return {"latin": latin_path(), "japanese": cjk_path()}
