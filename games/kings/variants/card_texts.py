"""What the KQJ sets and the special playing cards do in Ombre, Whist and Napoleon (English and Japanese).

Our words for the variant pages of the rulebook 002_4e143f857986e60e.txt (オンブレ, ホイスト, ナポレオン:
their 変更点 and the white jack / queen notes). The king numbers come from data.py (provisional: printed
only on the card images); the catalog marks those lines `ruling=True`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import CardText
from games.kings.variants import data
from games.kings.variants.components import is_flag, is_rare

Text = dict[str, str]
COLOURS = ("w", "r", "b", "g", "k")
_COLOUR = {
    "w": {"en": "white", "ja": "白"},
    "r": {"en": "red", "ja": "赤"},
    "b": {"en": "blue", "ja": "青"},
    "g": {"en": "green", "ja": "緑"},
    "k": {"en": "black", "ja": "黒"},
}

QUEEN: dict[str, Text] = {
    "w": {
        "en": "Put it on the card you play: that card becomes a rare.",
        "ja": "出したカードの上にのせる：レアの強さになる。",
    },
    "r": {
        "en": "+1 trick win, only if you win the trick you use it in.",
        "ja": "使ったトリックに勝った時だけ、トリック勝利数+1。",
    },
    "b": {
        "en": "Put it on the card you play: that card becomes a white flag.",
        "ja": "出したカードの上にのせる：白旗の強さになる。",
    },
    "g": {
        "en": "Put it out instead of a card: you play after everyone else.",
        "ja": "カードの代わりに出す：全員の後にカードを出す。",
    },
    "k": {
        "en": "Put it out, then play any card, ignoring must-follow.",
        "ja": "出してから、マストフォローを無視して1枚出す。",
    },
}

FLAG: dict[str, Text] = {
    "standard": {
        "en": "White flag: weaker than every number card; play it any time.",
        "ja": "白旗：どの数字カードより弱い。いつでも出せる。",
    },
    "beats_rare": {
        "en": "White flag: play it any time; it beats a rare (the earlier of two flags; a king still wins).",
        "ja": "白旗：いつでも出せる。レアに勝つ（白旗2枚なら先の方。キングには負ける）。",
    },
    "ombre": {
        "en": "White flag: play it any time; it beats a rare and scores +100 at once per rare it beats "
        "(queen-made ones too; a king still wins).",
        "ja": "白旗：いつでも出せる。レアに勝ち、勝ったレア1枚につき即時+100点（クイーンで変えたものも。キングには負ける）。",
    },
    "napoleon": {
        "en": "White flag: weaker than every number card; play it any time. -10 to whoever takes it.",
        "ja": "白旗：どの数字カードより弱い。いつでも出せる。とった人は-10点。",
    },
}
RARE: dict[str, Text] = {
    "standard": {
        "en": "Rare: stronger than every number card (the earlier rare wins); play it any time.",
        "ja": "レア：どの数字カードより強い（2枚なら先の方）。いつでも出せる。",
    },
    "flag_beats": {
        "en": "Rare: stronger than every number card; play it any time; a white flag beats it.",
        "ja": "レア：どの数字カードより強い。いつでも出せる。白旗には負ける。",
    },
    "napoleon": {
        "en": "Rare: beats every number card (the earlier rare wins); play it any time. +10 to whoever "
        "takes it.",
        "ja": "レア：どの数字カードより強い（2枚なら先の方）。いつでも出せる。とった人は+10点。",
    },
}
WHITE_COURT = {
    "en": "White {card}: play it any time; it takes the lead colour (led, the next number card decides it).",
    "ja": "白の{card}：いつでも出せ、リードカラーと同じ色になる（リードなら次の数字カードで決まる）。",
}


def _lang(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def king_text(variant: str, colour: str, lang: str = "en") -> str:
    lg = _lang(lang)
    up, used = data.KING_NUMBER_UP[colour], data.KING_NUMBER_USED[colour]
    name = _COLOUR[colour][lg]
    ombre = variant == "ombre"
    if lg == "ja":
        if colour == "w":
            on = (
                "どのカードの上にも"
                if ombre
                else ("白旗・レア・白Qの上に" if variant == "napoleon" else "白旗・レア・白Jの上に")
            )
        else:
            on = f"{name}のカードの上に"
        text = f"最強のカード（後のキングが勝つ）。{on}出す。" + (
            "ラウンドに1回。" if ombre else "1ゲーム1回。"
        )
        if ombre:
            text += "キングが選ぶと切り札なし。" if colour == "w" else f"キングが選ぶと{name}が切り札。"
            text += "キングを出せるのはキングプレイヤーだけ（ライバルは裏向き）。"
        else:
            text += f"キングナンバー{up}（使用後{used}）。"
        if variant == "napoleon":
            cards = "白旗・レア" if colour == "w" else f"{name}のカード"
            text += f"とった{cards}1枚+10点。ラウンド2で未使用なら+{data.NAPOLEON_UNUSED_KING[colour]}点。"
        return text
    if colour == "w":
        on = (
            "on any card you play"
            if ombre
            else (
                "on a white flag, rare or white Q"
                if variant == "napoleon"
                else "on a white flag, rare or white J"
            )
        )
    else:
        on = f"on a {name} card you play"
    text = f"The strongest card (the later king wins); play it {on}, " + (
        "once a round." if ombre else "once a game."
    )
    if ombre:
        text += (
            " Chosen by the King: no trump." if colour == "w" else f" Chosen by the King: {name} is trump."
        )
        text += " Only the King may play a king (rivals' kings stay face down)."
    else:
        text += f" King number {up} ({used} once used)."
    if variant == "napoleon":
        cards = "flag and rare" if colour == "w" else f"{name} card"
        text += f" +10 per {cards} you take; unused in round 2: +{data.NAPOLEON_UNUSED_KING[colour]}."
    return text


def queen_text(variant: str, colour: str, lang: str = "en") -> str:
    lg = _lang(lang)
    if variant == "napoleon":
        return (
            "ナポレオンではクイーンの効果はなく、プレイングカード12を使う。"
            if lg == "ja"
            else "No queen effects in Napoleon: the playing card 12 stands in for it."
        )
    text = QUEEN[colour][lg]
    if variant == "whist":
        text += (
            ("（ゲーム中2回）" if colour == "g" else "（ゲーム中1回）")
            if lg == "ja"
            else (" Twice a game." if colour == "g" else " Once a game.")
        )
    else:
        text += "（ラウンドに1回）" if lg == "ja" else " Once a round."
    return text


def court_text(card: str, variant: str, lang: str = "en") -> str | None:
    """A playing card 11 (jack) or 12 (queen) of Whist and Napoleon."""
    lg = _lang(lang)
    colour, number = card[0], card[1:]
    if number not in ("11", "12"):
        return None
    label = "J" if number == "11" else "Q"
    napoleon = variant == "napoleon"
    if colour == "w":
        if number == "11" and napoleon:
            extra = (
                "黒キングはリードカラーが黒の時だけのせられる。"
                if lg == "ja"
                else " The black king may go on it only when the lead colour is black."
            )
        else:
            extra = "白キングをのせられる。" if lg == "ja" else " The white king may go on it."
        head = WHITE_COURT[lg].format(card=label)
        text = head + extra
    else:
        name = _COLOUR[colour][lg]
        text = (
            f"{name}の{number}（{label}）：10より上の数字カード。"
            if lg == "ja"
            else f"{name.capitalize()} {number} ({label}): a number card above the 10."
        )
    if napoleon:
        text += "とった人は+10点。" if lg == "ja" else " +10 to whoever takes it."
    return text


OMBRE_NUMBER = {
    "en": "Follow the lead colour if you can; the King's trump colour beats the others (white: no trump).",
    "ja": "リードの色をマストフォロー。キングが選んだ切り札の色が他より強い（白なら切り札なし）。",
}


def card_effect(card: str, variant: str = "napoleon", lang: str = "en") -> str | None:
    lg = _lang(lang)
    if card[:1] in ("r", "b", "g", "k") and card[1:] in tuple(str(n) for n in range(1, 11)):
        return None  # a plain number card
    if is_flag(card):
        key = {"ombre": "ombre", "whist": "beats_rare", "napoleon": "napoleon"}.get(variant, "standard")
        return FLAG[key][lg]
    if is_rare(card):
        key = {"ombre": "flag_beats", "whist": "flag_beats", "napoleon": "napoleon"}.get(variant, "standard")
        return RARE[key][lg]
    return court_text(card, variant, lang)


FLAG_SHORT = {
    "ombre": {
        "en": "Any time; beats a rare, +100 per rare it beats (a king still wins).",
        "ja": "いつでも出せる。レアに勝ち、1枚につき+100点（キングには負ける）。",
    },
    "whist": {
        "en": "Any time; beats a rare (the earlier flag wins; a king still wins).",
        "ja": "いつでも出せる。レアに勝つ（キングには負ける）。",
    },
}


def short_text(variant: str, kind: str, colour: str, lang: str = "en") -> str:
    """A king, queen or KQJ set of a variant in at most 100 characters."""
    from games.kings.card_texts import QUEEN_SHORT

    ja = lang == "ja"
    name = _COLOUR[colour]["ja" if ja else "en"]
    queen = QUEEN_SHORT[colour]["ja" if ja else "en"]
    up = data.KING_NUMBER_UP[colour]
    if kind == "queen":
        if ja:
            return (
                f"{queen}（"
                + (
                    "ラウンドに1回"
                    if variant == "ombre"
                    else ("ゲーム中2回" if colour == "g" and variant == "whist" else "ゲーム中1回")
                )
                + "）"
            )
        times = (
            "once a round"
            if variant == "ombre"
            else ("twice a game" if colour == "g" and variant == "whist" else "once a game")
        )
        return f"{queen} ({times})."
    if variant == "ombre":
        trump = (
            ("切り札なし" if colour == "w" else f"{name}が切り札")
            if ja
            else ("no trump" if colour == "w" else f"{name} is trump")
        )
        if kind == "king":
            return (
                f"キングプレイヤーだけが出せる最強のカード。{trump}。"
                if ja
                else f"The strongest card, for the King only; {trump}."
            )
        return f"{trump}。クイーン：{queen}" if ja else f"{trump.capitalize()}; queen: {queen.lower()}"
    if variant == "napoleon":
        cards = (
            ("白旗・レア" if colour == "w" else name)
            if ja
            else ("flags and rares" if colour == "w" else f"{name} cards")
        )
        unused = data.NAPOLEON_UNUSED_KING[colour]
        if ja:
            return f"キングNo.{up}。とった{cards}1枚+10。ラウンド2で未使用なら+{unused}。"
        return f"King No. {up}; +10 per {cards} taken; unused in round 2: +{unused}."
    if kind == "king":
        return (
            f"最強のカード。ゲーム中1回。キングNo.{up}。"
            if ja
            else f"The strongest card, once a game. King No. {up}."
        )
    return f"キングNo.{up}。クイーン：{queen}" if ja else f"King No. {up}; queen: {queen.lower()}"


def describe_action(action: str, view: Mapping[str, Any], lang: str = "en") -> str | None:
    """What a set, card, queen or king option does, in at most 100 characters."""
    variant = str(view.get("variant") or "")
    parts = action.split(":")
    verb = parts[0]
    sets = view.get("sets") or []
    seat = view.get("seat")
    own = sets[seat] if isinstance(seat, int) and seat < len(sets) else ""
    if verb == "set" and len(parts) > 1:
        return short_text(variant, "set", parts[1], lang)
    if action == "green":
        return short_text(variant, "queen", "g", lang)
    if verb == "play" and len(parts) > 1:
        for extra in parts[2:]:
            if extra.startswith("q"):
                return short_text(variant, "queen", extra[1:], lang)
            if extra == "K" and own:
                return short_text(variant, "king", own, lang)
        return _card_short(parts[1], variant, lang)
    if verb == "bid" and len(parts) > 1:
        return (
            "裏で出す：数字の大きい順にKQJセットを獲得（同数は黒→赤→青→緑）。出したカードは捨て札になる。"
            if lang == "ja"
            else "Face down: higher numbers take KQJ sets first (ties: black, red, blue, green); then discarded."
        )
    if verb in ("take", "discard") and len(parts) > 1:
        return _card_short(parts[1], variant, lang)
    return None


def _card_short(card: str, variant: str, lang: str) -> str | None:
    if is_flag(card) and variant in FLAG_SHORT:
        return FLAG_SHORT[variant]["ja" if lang == "ja" else "en"]
    text = card_effect(card, variant, lang)
    if text and len(text) > 100 and card[:1] == "w":
        return WHITE_COURT["ja" if lang == "ja" else "en"].format(card="J" if card[1:] == "11" else "Q")
    return text


def catalog(lang: str = "en") -> list[CardText]:
    """The variant-only texts: kings and queens per variant, flags and rares, white and coloured 11/12."""
    lg = _lang(lang)
    names = {
        "ombre": {"en": "Ombre", "ja": "オンブレ"},
        "whist": {"en": "Whist", "ja": "ホイスト"},
        "napoleon": {"en": "Napoleon", "ja": "ナポレオン"},
    }
    out = []
    for variant in ("ombre", "whist", "napoleon"):
        v = names[variant][lg]
        for colour in COLOURS:
            c = _COLOUR[colour][lg]
            label = f"{c}キング（{v}）" if lg == "ja" else f"{c.capitalize()} king ({v})"
            out.append(
                CardText(f"{variant}:king-{colour}", label, king_text(variant, colour, lang), ruling=True)
            )
            if variant != "napoleon":
                label = f"{c}クイーン（{v}）" if lg == "ja" else f"{c.capitalize()} queen ({v})"
                out.append(CardText(f"{variant}:queen-{colour}", label, queen_text(variant, colour, lang)))
        out.append(
            CardText(
                f"{variant}:flag",
                f"白旗（{v}）" if lg == "ja" else f"White flag ({v})",
                card_effect("flag1", variant, lang) or "",
            )
        )
        out.append(
            CardText(
                f"{variant}:rare",
                f"レア（{v}）" if lg == "ja" else f"Rare ({v})",
                card_effect("rare1", variant, lang) or "",
            )
        )
    out.append(
        CardText(
            "whist:w11",
            "白J（ホイスト）" if lg == "ja" else "White J (Whist)",
            court_text("w11", "whist", lang) or "",
        )
    )
    out.append(
        CardText(
            "whist:11", "J（ホイスト）" if lg == "ja" else "J (Whist)", court_text("r11", "whist", lang) or ""
        )
    )
    out.append(
        CardText(
            "napoleon:w11",
            "白J（ナポレオン）" if lg == "ja" else "White J (Napoleon)",
            court_text("w11", "napoleon", lang) or "",
        )
    )
    out.append(
        CardText(
            "napoleon:w12",
            "白Q（ナポレオン）" if lg == "ja" else "White Q (Napoleon)",
            court_text("w12", "napoleon", lang) or "",
        )
    )
    out.append(
        CardText(
            "napoleon:11",
            "J（ナポレオン）" if lg == "ja" else "J (Napoleon)",
            court_text("r11", "napoleon", lang) or "",
        )
    )
    out.append(
        CardText(
            "napoleon:12",
            "Q（ナポレオン）" if lg == "ja" else "Q (Napoleon)",
            court_text("r12", "napoleon", lang) or "",
        )
    )
    return out
