"""What each KINGs TRICKTAKERs card does, in a line (English and Japanese): characters (face-up
ability and bid), kings, queens, jacks, flags, rares, the Berserker's black 10 and the number cards.

Our words for the rulebook 002_4e143f857986e60e.txt (キング, クイーン, ジャックの効果, the character pages
from ■ギャンブラー on, 2人プレイ). Values printed only on the lost card images come from provisional.py
(RULINGS.md): they appear in the card lines like any value, and `ruling=True` in the catalog makes the
rules page mark them; the card line itself never says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import CardText
from games.kings.cards import (
    CHARACTER_NAMES,
    COLOUR_NAMES,
    Character,
    character_of,
    is_berserker_ten,
    is_flag,
    is_rare,
)
from games.kings.provisional import KING_NUMBERS, PROVISIONAL_BIDS

Text = dict[str, str]


def _bids(character: str) -> Text:
    """'Bid: 1 win 40 or 4 wins 80' from provisional.PROVISIONAL_BIDS (one place to correct them)."""
    table = PROVISIONAL_BIDS[character]
    en = " or ".join(f"{w} win{'s' if w != 1 else ''} +{p}" for w, p in sorted(table.items()))
    ja = "、".join(f"{w}勝+{p}点" for w, p in sorted(table.items()))
    return {"en": f"Bid: {en}.", "ja": f"BID：{ja}。"}


CHARACTERS: dict[Character, Text] = {
    Character.GAMBLER: {
        "en": "Set-up: draw 2, discard 2. Scoring: +20 if a bid of yours succeeds (once, even with two "
        "bids). Bid: 0 wins +30 or 2 wins +60.",
        "ja": "セットアップ：山札から2枚とり、2枚捨てる。得点時：自分のBIDが成功なら+20点（BID2枚でも1回）。"
        "BID：0勝+30点、2勝+60点。",
    },
    Character.HERMIT: {
        "en": "Once a round, on your turn: draw 3, discard 3. Scoring: 0 wins +20. ",
        "ja": "1ラウンド1回、自分のターンに：山札から3枚とり、3枚捨てる。得点時：0勝なら+20点。",
    },
    Character.RESISTANCE: {
        "en": "On your turn, as often as you like: play a 1 as a 10 or a 10 as a 1 (same colour), a white "
        "flag as a rare or a rare as a flag (queen-made ones too). ",
        "ja": "自分のターンに何度でも：1を10として、10を1として（色はそのまま）、白旗をレアとして、レアを白旗として出せる"
        "（クイーンで変えたカードも）。",
    },
    Character.NINJA: {
        "en": "When you lead, you may name another player to lead instead (a named Ninja may pass it on). "
        "Scoring: 2 wins +30. Bid: 2 wins +70.",
        "ja": "自分がリードプレイヤーの時、他のプレイヤーをリードに指名できる（指名された忍者はさらに指名できる）。"
        "得点時：2勝なら+30点。BID：2勝+70点。",
    },
    Character.SAMURAI: {
        "en": "Always: your red cards are as strong as black ones. They stay red (red must-follow, red king, "
        "taken as red; never under the black king). ",
        "ja": "常時：自分の赤のカードは黒と同じ強さ。色は赤のまま（赤のマストフォロー、赤キング可、赤として獲得。黒キングは不可）。",
    },
    Character.BERSERKER: {
        "en": "Set-up: take the Berserker black 10 into your hand and discard 1, maybe the 10 itself (two "
        "players: both 10s, discard 2). Scoring: 1 win +20. ",
        "ja": "セットアップ：バーサーカー黒10を手札に入れ、1枚捨てる（その10を捨ててもよい。2人プレイは2枚入れて2枚捨てる）。得点時：1勝なら+20点。",
    },
    Character.HEALER: {
        "en": "Scoring: +10 per blue or green card you took, at most 50 (two Healers both score). ",
        "ja": "得点時：トリックでとった青・緑のカード1枚につき+10点、最高50点（2枚なら両方）。",
    },
    Character.COLLECTOR: {
        "en": "Scoring: white flags and rares you took score 20 / 50 / 80 for 1 / 2 / 3+ (queen-made ones do "
        "not count). ",
        "ja": "得点時：とった白旗・レアが1枚20点、2枚50点、3枚以上80点（クイーンで変えたものは数えない）。",
    },
    Character.DEVIL: {
        "en": "Always: +2 to your trick wins (a 0- or 1-win bid cannot succeed). Scoring: 3 wins -20, after "
        "the plus points. Bid: +30 for each other player's failed bid.",
        "ja": "常時：トリック勝利数+2（0勝・1勝のBIDは成功しない）。得点時：3勝なら-20点（プラスの後）。"
        "BID：BIDを外した他プレイヤー1人につき+30点。",
    },
    Character.CHEERLEADER: {
        "en": "Face up: you make no bid; after the bids give the KIZUNA card to a partner and score with "
        "their bids, wins and taken cards; once a round, on your turn, swap a card with them (you give one "
        "face down, they give one back, maybe the same). Bid: COPY one other player's bid, judged on your "
        "own wins; copying the Devil bid, if every other player makes their bid, neither you nor the Devil "
        "player scores it.",
        "ja": "表：BIDしない。BIDの後、絆カードをパートナーに渡し、パートナーのBID・勝利数・とったカードで得点する。"
        "1ラウンド1回、自分のターンにパートナーと手札を1枚交換（裏で渡し、相手が見て1枚返す。同じカードでもよい）。"
        "BID（裏）：他プレイヤーのBID1枚をコピーし、自分の勝利数で判定。デビルのBIDをコピーし、"
        "他の全員がBIDに成功したときは、チアリーダーもデビルのプレイヤーも得点しない。",
    },
}
PROVISIONAL_CHARACTERS = frozenset(PROVISIONAL_BIDS)
"""Characters whose bid value was printed only on the card (provisional.PROVISIONAL_BIDS)."""

CHAR_SHORT: dict[Character, Text] = {
    Character.GAMBLER: {
        "en": "Set-up: draw 2, discard 2. +20 when your bid succeeds.",
        "ja": "準備：2枚引き2枚捨て。BID成功で+20。",
    },
    Character.HERMIT: {
        "en": "Once a round: draw 3, discard 3. 0 wins: +20.",
        "ja": "1ラウンド1回：3枚引き3枚捨て。0勝で+20。",
    },
    Character.RESISTANCE: {
        "en": "Play a 1 as a 10 or back, a flag as a rare or back.",
        "ja": "1⇔10、白旗⇔レアとして出せる。",
    },
    Character.NINJA: {
        "en": "When you lead, you may name another lead player. 2 wins: +30.",
        "ja": "リード時、他の人をリードに指名できる。2勝で+30。",
    },
    Character.SAMURAI: {
        "en": "Your red cards are as strong as black ones (still red).",
        "ja": "自分の赤は黒と同じ強さ（色は赤のまま）。",
    },
    Character.BERSERKER: {
        "en": "Set-up: take the Berserker black 10, discard 1. 1 win: +20.",
        "ja": "準備：バーサーカー黒10を入れ1枚捨て。1勝で+20。",
    },
    Character.HEALER: {
        "en": "+10 per blue or green card taken (at most 50).",
        "ja": "とった青・緑1枚につき+10（最高50）。",
    },
    Character.COLLECTOR: {
        "en": "Flags and rares taken: 20 / 50 / 80.",
        "ja": "とった白旗・レア：20／50／80点。",
    },
    Character.DEVIL: {"en": "+2 trick wins. 3 wins: -20.", "ja": "勝利数+2。3勝で-20。"},
    Character.CHEERLEADER: {
        "en": "Face up: no bid; score with a KIZUNA partner, swap a card once. Bid: copy a bid.",
        "ja": "表：BIDなし、絆パートナーで得点・1回交換。裏：他のBIDをコピー。",
    },
}
"""Each character in at most 100 characters with its bid (a select option's description)."""

UNUSED_KING = {"w": 60, "r": 50, "b": 40, "g": 30, "k": 20}
QUEEN: dict[str, Text] = {
    "w": {
        "en": "On your turn, put it on the card you play: that card becomes a rare (the white king may go "
        "on it; Resistance may make it a flag). Recover for 30.",
        "ja": "自分のターンに、出したカードの上にのせる：そのカードはレアの強さになる（白キングをのせられる。"
        "レジスタンスで白旗にできる）。回復コスト30点。",
    },
    "r": {
        "en": "On your turn: +1 trick win this round (with the Devil: +3 in all). Recover for 40.",
        "ja": "自分のターンに使用：このラウンドのトリック勝利数+1（デビルと合わせて+3）。回復コスト40点。",
    },
    "b": {
        "en": "On your turn, put it on the card you play: that card becomes a white flag (Resistance may "
        "make it a rare). Recover for 20.",
        "ja": "自分のターンに、出したカードの上にのせる：そのカードは白旗の強さになる（レジスタンスでレアにできる）。"
        "回復コスト20点。",
    },
    "g": {
        "en": "Put it out instead of a card: you play your card after everyone else. Recover for 10.",
        "ja": "カードの代わりに場に出す：全員がプレイした後に、自分のカードを出す。回復コスト10点。",
    },
    "k": {
        "en": "Put it out, then play any card, ignoring must-follow. Recover for 10.",
        "ja": "場に出してから、マストフォローを無視してカードを1枚出す。回復コスト10点。",
    },
}
JACK: dict[str, Text] = {
    "w": {"en": "1 win +10, 2 wins +20, 3 wins +30.", "ja": "1勝+10点、2勝+20点、3勝+30点。"},
    "r": {"en": "1 win +20, 2 wins +30.", "ja": "1勝+20点、2勝+30点。"},
    "b": {"en": "0 wins +20, 1 win +20.", "ja": "0勝+20点、1勝+20点。"},
    "g": {"en": "0 wins +30, 2 wins +30.", "ja": "0勝+30点、2勝+30点。"},
    "k": {"en": "1 win +20, 3 wins +40.", "ja": "1勝+20点、3勝+40点。"},
}
JACK_BID = {
    "en": " Round 3 (two players: any round): may be a bid instead, 3 wins +100. Two players, face up: "
    "once, add 3 to your bid.",
    "ja": " ラウンド3（2人プレイは毎ラウンド）：裏でBIDにもできる（3勝+100点）。2人プレイの表：BIDの数字を1回+3できる。",
}


def _c(colour: str, lang: str) -> str:
    return COLOUR_NAMES[colour]["ja" if lang == "ja" else "en"]


def _cap(colour: str, lang: str) -> str:
    """'White' for a name that starts a label (Japanese has no capitals)."""
    return _c(colour, lang).capitalize() if lang != "ja" else _c(colour, lang)


def king_text(colour: str, lang: str = "en") -> str:
    """Face, back (used) and unused points of a king, with its king numbers."""
    up, down = KING_NUMBERS[colour]
    name = _c(colour, lang)
    if lang == "ja":
        on = "白旗・レア・白クイーンの上" if colour == "w" else f"自分が出した{name}のカードの上"
        back = (
            "とった白旗・レアが1枚20点、2枚50点、3枚80点、4枚150点"
            if colour == "w"
            else f"とった{name}のカード1枚につき+10点"
        )
        return (
            f"最強のカード（後から出したキングが勝つ）。{on}に出す。1ゲーム1回。使用後（裏）：毎ラウンド{back}。"
            f"ラウンド3で未使用なら+{UNUSED_KING[colour]}点。キングナンバー{up}（使用後{down}）。"
        )
    on = "on a white flag, rare or white queen" if colour == "w" else f"on a {name} card you play"
    back = (
        "flags and rares you take score 20 / 50 / 80 / 150"
        if colour == "w"
        else f"+10 per {name} card you take"
    )
    return (
        f"The strongest card (the later king wins); play it {on}, once a game. Used (back): {back}, every "
        f"round. Unused in round 3: +{UNUSED_KING[colour]}. King number {up} ({down} once used)."
    )


def queen_text(colour: str, lang: str = "en") -> str:
    lg = "ja" if lang == "ja" else "en"
    once = "1ラウンド1回。" if lg == "ja" else "Once a round. "
    return once + QUEEN[colour][lg]


def jack_text(colour: str, lang: str = "en") -> str:
    lg = "ja" if lang == "ja" else "en"
    lead = "トリック勝利数で得点：" if lg == "ja" else "Scores by your trick wins: "
    return lead + JACK[colour][lg] + (JACK_BID[lg].strip() if lg == "ja" else JACK_BID[lg])


def _bid_short(character: Character, lang: str) -> str:
    lg = "ja" if lang == "ja" else "en"
    if character.value in PROVISIONAL_CHARACTERS:
        return _bids(character.value)[lg]
    fixed = {
        Character.GAMBLER: {"en": "Bid: 0 wins +30 or 2 wins +60.", "ja": "BID：0勝+30点、2勝+60点。"},
        Character.NINJA: {"en": "Bid: 2 wins +70.", "ja": "BID：2勝+70点。"},
        Character.DEVIL: {"en": "Bid: +30 per other failed bid.", "ja": "BID：外れた他人1人につき+30点。"},
    }
    return fixed.get(character, {}).get(lg, "")


def character_short(card: str, lang: str = "en") -> str | None:
    """A character in at most 100 characters, its bid included."""
    try:
        character = character_of(card)
    except ValueError:
        return None
    lg = "ja" if lang == "ja" else "en"
    bid = _bid_short(character, lang)
    return CHAR_SHORT[character][lg] + ((" " if lg == "en" else "") + bid if bid else "")


def king_short(colour: str, lang: str = "en") -> str:
    up, down = KING_NUMBERS[colour]
    name = _c(colour, lang)
    if lang == "ja":
        back = "白旗・レア20/50/80/150" if colour == "w" else f"とった{name}1枚+10"
        return f"最強。1ゲーム1回。使用後：{back}。ラウンド3未使用：+{UNUSED_KING[colour]}。No.{up}（使用後{down}）"
    back = "flags+rares 20/50/80/150" if colour == "w" else f"+10 per {name} card taken"
    on = "flag/rare/white queen" if colour == "w" else f"a {name} card"
    return f"Strongest; on {on}; once a game. Used: {back}. Unused in R3: +{UNUSED_KING[colour]}."


QUEEN_SHORT: dict[str, Text] = {
    "w": {"en": "Your card becomes a rare", "ja": "出したカードをレアに"},
    "r": {"en": "+1 trick win this round", "ja": "トリック勝利数+1"},
    "b": {"en": "Your card becomes a white flag", "ja": "出したカードを白旗に"},
    "g": {"en": "Play your card after everyone else", "ja": "全員の後にカードを出す"},
    "k": {"en": "Play any card, ignoring must-follow", "ja": "マストフォローを無視して出す"},
}
QUEEN_COST = {"w": 30, "r": 40, "b": 20, "g": 10, "k": 10}


def queen_short(colour: str, lang: str = "en") -> str:
    lg = "ja" if lang == "ja" else "en"
    if lg == "ja":
        return f"1ラウンド1回：{QUEEN_SHORT[colour][lg]}。回復コスト{QUEEN_COST[colour]}点。"
    return f"Once a round: {QUEEN_SHORT[colour][lg].lower()}. Recover for {QUEEN_COST[colour]}."


def set_short(colour: str, lang: str = "en") -> str:
    """A KQJ set in a line: king number, queen, jack."""
    lg = "ja" if lang == "ja" else "en"
    up, _ = KING_NUMBERS[colour]
    if lg == "ja":
        return f"キングNo.{up}。クイーン：{QUEEN_SHORT[colour][lg]}。ジャック：{JACK[colour][lg]}"
    return f"King No. {up}; queen: {QUEEN_SHORT[colour][lg].lower()}; jack: {JACK[colour][lg]}"


def character_text(card: str, lang: str = "en") -> str | None:
    """A character card id ('healer2') or name ('healer')."""
    try:
        character = character_of(card)
    except ValueError:
        return None
    lg = "ja" if lang == "ja" else "en"
    text = CHARACTERS[character][lg]
    if character.value in PROVISIONAL_CHARACTERS and "Bid:" not in text and "BID：" not in text:
        text = text.rstrip() + (" " if lg == "en" else "") + _bids(character.value)[lg]
    return text.strip()


NUMBER: dict[str, Text] = {
    "plain": {
        "en": "Follow the lead colour if you can; the lead colour beats the other two, black beats all three.",
        "ja": "リードの色をマストフォロー。リードの色は他の2色より強く、黒は3色より強い。",
    },
    "k": {
        "en": "Black is trump: beats every red, blue and green card. Follow black when it is led.",
        "ja": "黒は切り札：赤・青・緑のどのカードより強い。黒がリードされたらマストフォロー。",
    },
    "flag": {
        "en": "White flag: weaker than every number card; play it any time (ignores must-follow).",
        "ja": "白旗：どの数字カードより弱い。いつでも出せる（マストフォロー無視）。",
    },
    "rare": {
        "en": "Rare: stronger than every number card (the earlier rare wins); play it any time.",
        "ja": "レア：どの数字カードより強い（2枚なら先に出した方）。いつでも出せる。",
    },
    "bers": {
        "en": "The Berserker's black 10: a black 10 (Resistance may make it a 1; the black king may go "
        "on it).",
        "ja": "バーサーカー黒10：黒の10（レジスタンスで黒1にできる。黒キングをのせられる）。",
    },
}


def card_effect(card: str, lang: str = "en") -> str | None:
    """A playing card id, a character card id, or a component key ('king-w', 'queen-r', 'jack-b')."""
    lg = "ja" if lang == "ja" else "en"
    kind, _, colour = card.partition("-")
    if colour in KING_NUMBERS:
        if kind == "king":
            return king_text(colour, lang)
        if kind == "queen":
            return queen_text(colour, lang)
        if kind == "jack":
            return jack_text(colour, lang)
    if card[1:] in ("11", "12"):  # only the variants use the playing cards 11 and 12
        from games.kings.variants.card_texts import court_text

        return court_text(card, "napoleon" if card[1:] == "12" else "whist", lang)
    if is_flag(card):
        return NUMBER["flag"][lg]
    if is_rare(card):
        return NUMBER["rare"][lg]
    if is_berserker_ten(card):
        return NUMBER["bers"][lg]
    if card == "jack":
        return None
    if card[:1] in ("r", "b", "g", "k") and card[1:].isdigit():
        return None  # a plain number card (the catalog's "number" and "black" lines say how they play)
    return character_text(card, lang)


def _own_colour(view: Mapping[str, Any]) -> str:
    seat = view.get("seat")
    seats = view.get("seats") or []
    if isinstance(seat, int) and seat < len(seats):
        return str(seats[seat].get("king") or "")
    return ""


def describe_action(action: str, view: Mapping[str, Any], lang: str = "en") -> str | None:
    """What the chosen card, set, character or bid does (standard and two-player), in at most 100
    characters (a select option's description; the full text is card_effect / the catalog)."""
    parts = action.split(":")
    kind = parts[0]
    ja = lang == "ja"
    if kind == "pick" and len(parts) > 1:
        return character_short(parts[1], lang)
    if kind == "set" and len(parts) > 1:
        return set_short(parts[1], lang)
    if kind == "bid":
        if parts[1:] == ["none"]:
            return character_short("cheerleader", lang)
        texts = []
        for bid in parts[1:]:
            if bid == "jack":
                texts.append("ジャックのBID：3勝+100点" if ja else "Jack bid: 3 wins +100")
                continue
            try:
                character = character_of(bid)
            except ValueError:
                continue
            line = _bid_short(character, lang) or (character_short(bid, lang) or "")
            texts.append(
                f"{char_name_of(character, lang)}：{line}"
                if ja
                else f"{char_name_of(character, lang)}: {line}"
            )
        joined = (" / " if not ja else "／").join(t for t in texts if t)
        return joined[:100] or None
    if kind == "play" and len(parts) > 1:
        mods = parts[2:]
        if "q" in mods:
            colour = _own_colour(view)
            return queen_short(colour, lang) if colour else None
        king = next((m[1:] for m in mods if m.startswith("k")), None)
        if king:
            return king_short(king, lang)
        if "s" in mods:
            return character_short("resistance", lang)
        return card_effect(parts[1], lang)
    if kind in ("queen", "recover"):
        colour = _own_colour(view)
        return queen_short(colour, lang) if colour else None
    if kind == "extra" and len(parts) > 1:
        return king_short(parts[1], lang)
    if kind == "hermit":
        return character_short("hermit", lang)
    if kind in ("partner", "copy", "lead") and len(parts) > 2:
        return character_short(parts[2], lang)
    if kind == "jack3":
        return (
            "ジャックを裏返して、BIDの数字を+3する。"
            if ja
            else "Turn your jack face down: your bid's number goes up by 3."
        )
    if kind in ("discard", "give", "return") and len(parts) > 1:
        return card_effect(parts[1], lang)
    return None


def char_name_of(character: Character, lang: str) -> str:
    return CHARACTER_NAMES[character]["ja" if lang == "ja" else "en"]


def catalog(lang: str = "en") -> list[CardText]:
    """Characters, then the five KQJ sets, then the playing cards (standard and two-player)."""
    lg = "ja" if lang == "ja" else "en"
    out = []
    for character in Character:
        out.append(
            CardText(
                character.value,
                CHARACTER_NAMES[character][lg],
                character_text(character.value, lang) or "",
                ruling=character.value in PROVISIONAL_CHARACTERS,
            )
        )
    for colour in KING_NUMBERS:
        name = _cap(colour, lang)
        out.append(
            CardText(
                f"king-{colour}",
                f"{name}キング" if lg == "ja" else f"{name} king",
                king_text(colour, lang),
                True,
            )
        )
        out.append(
            CardText(
                f"queen-{colour}",
                f"{name}クイーン" if lg == "ja" else f"{name} queen",
                queen_text(colour, lang),
            )
        )
        out.append(
            CardText(
                f"jack-{colour}", f"{name}ジャック" if lg == "ja" else f"{name} jack", jack_text(colour, lang)
            )
        )
    out.append(CardText("flag", "白旗" if lg == "ja" else "White flag", NUMBER["flag"][lg]))
    out.append(CardText("rare", "レア" if lg == "ja" else "Rare", NUMBER["rare"][lg]))
    out.append(
        CardText("bers", "バーサーカー黒10" if lg == "ja" else "Berserker black 10", NUMBER["bers"][lg])
    )
    out.append(
        CardText(
            "number",
            "数字カード（赤・青・緑）" if lg == "ja" else "Red, blue, green 1-10",
            NUMBER["plain"][lg],
        )
    )
    out.append(CardText("black", "黒の数字カード" if lg == "ja" else "Black 1-10", NUMBER["k"][lg]))
    return out
