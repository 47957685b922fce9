"""Player-facing text for KINGs (English and Japanese): cards, actions, events, views, prompts, rules.

Front ends (terminal, Discord) render only through these functions and the i18n catalog.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import i18n
from games.core.contract import JSON, Event, Prompt
from games.core.names import Names
from games.kings.cards import (
    CHARACTER_NAMES,
    COLOUR_NAMES,
    card_colour,
    card_number,
    character_of,
    is_berserker_ten,
    is_flag,
    is_rare,
)

MESSAGES: dict[str, dict[str, str]] = {
    "kings_opt_unknown": {
        "en": "Unknown option {name}; choose from: {choices}.",
        "ja": "不明なオプション {name}。次から選んでください: {choices}",
    },
    "kings_opt_bool": {
        "en": "Option {name}: use true or false (got {value}).",
        "ja": "オプション {name}: true か false を指定してください（{value}）。",
    },
    "kings_two_player_options": {
        "en": "The two-player game has no initial parties and no Cheerleader.",
        "ja": "2人プレイでは初期パーティとチアリーダーは使えません。",
    },
    "kings_two_player_devil": {
        "en": "The two-player game always uses the Devil contract.",
        "ja": "2人プレイでは必ずデビル契約を使います。",
    },
    "kings_initial_parties_players": {
        "en": "Initial parties are for 4-5 players.",
        "ja": "初期パーティは4～5人プレイ用です。",
    },
    "kings_cheerleader_players": {
        "en": "The Cheerleader is used with 4-5 players only.",
        "ja": "チアリーダーは4～5人プレイでのみ使います。",
    },
    "kings_cheerleader_advanced": {
        "en": "The advanced Cheerleader rule needs cheerleader=true.",
        "ja": "チアリーダーの上級ルールには cheerleader=true が必要です。",
    },
    "kings_variant_missing": {
        "en": "The variant {variant} is not available yet.",
        "ja": "バリアント {variant} はまだ利用できません。",
    },
    "kings_must_follow": {
        "en": "You must follow the lead colour ({colour}), or play a rare or a white flag.",
        "ja": "リードの色（{colour}）をマストフォローするか、レアか白旗を出してください。",
    },
}
i18n.register(MESSAGES)


def tr(code: str, lang: str, **params: Any) -> str:
    return i18n.translate(code, lang, **params)


def _lang(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def colour_name(colour: str, lang: str = "en") -> str:
    names = COLOUR_NAMES.get(colour)
    return names[_lang(lang)] if names else colour


def char_name(card: str, lang: str = "en") -> str:
    if card == "jack":
        return "Jack" if lang != "ja" else "ジャック"
    try:
        return CHARACTER_NAMES[character_of(card)][_lang(lang)]
    except ValueError:
        return card


def card_name(card: str, lang: str = "en") -> str:
    ja = lang == "ja"
    if is_flag(card):
        return "白旗" if ja else "white flag"
    if is_rare(card):
        return "レア" if ja else "rare"
    colour = card_colour(card)
    number = card_number(card)
    if colour is None or number is None:
        return char_name(card, lang)
    extra = ("(バーサーカー)" if ja else " (Berserker)") if is_berserker_ten(card) else ""
    return (
        f"{colour_name(colour, lang)}{number}{extra}"
        if ja
        else f"{colour_name(colour, lang)} {number}{extra}"
    )


def _seat(view: Mapping[str, JSON] | None, seat: Any, lang: str) -> str:
    return f"プレイヤー{int(seat) + 1}" if lang == "ja" else f"Player {int(seat) + 1}"


def action_label(action: str, view: Mapping[str, JSON], lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    parts = action.split(":")
    kind = parts[0]
    if kind == "play":
        label = card_name(parts[1], lang)
        for mod in parts[2:]:
            if mod.startswith("k"):
                label += (
                    f" +{colour_name(mod[1:], lang)}キング" if ja else f" + {colour_name(mod[1:], lang)} king"
                )
            elif mod == "q":
                label += " +クイーン" if ja else " + queen"
            elif mod == "s":
                label += "（レジスタンス）" if ja else " (Resistance switch)"
        return label
    if kind == "set":
        return f"{colour_name(parts[1], lang)}のKQJ" if ja else f"{colour_name(parts[1], lang)} KQJ set"
    if kind == "pick":
        return char_name(parts[1], lang)
    if kind == "bid":
        if parts[1:] == ["none"]:
            return "BIDしない（チアリーダー表）" if ja else "No bid (Cheerleader face up)"
        names = " + ".join(char_name(p, lang) for p in parts[1:])
        return f"BID: {names}"
    if kind == "discard":
        return (f"{card_name(parts[1], lang)}を捨てる") if ja else f"Discard {card_name(parts[1], lang)}"
    if kind == "give":
        return f"{card_name(parts[1], lang)}を渡す" if ja else f"Give {card_name(parts[1], lang)}"
    if kind == "return":
        return f"{card_name(parts[1], lang)}を返す" if ja else f"Give back {card_name(parts[1], lang)}"
    if kind == "partner":
        return (
            f"パートナー: {_seat(view, parts[1], lang)}" if ja else f"Partner: {_seat(view, parts[1], lang)}"
        )
    if kind == "copy":
        target = _seat(view, parts[1], lang)
        return (
            f"コピー: {target}の{char_name(parts[2], lang)}"
            if ja
            else f"Copy {target}'s {char_name(parts[2], lang)}"
        )
    if kind == "lead":
        return (
            f"リード指名: {_seat(view, parts[1], lang)}"
            if ja
            else f"Name {_seat(view, parts[1], lang)} lead player"
        )
    if kind == "hermit":
        return "ハーミット（3枚引いて3枚捨てる）" if ja else "Hermit (draw 3, discard 3)"
    if kind == "extra":
        return (
            f"{colour_name(parts[1], lang)}キングを獲得"
            if ja
            else f"Take the {colour_name(parts[1], lang)} king"
        )
    fixed = {
        "queen": ("クイーンを使う", "Use your queen"),
        "jack3": ("ジャックでBID+3", "Turn the jack: bid +3"),
        "recover": ("クイーンを回復する", "Recover your queen"),
        "keep": ("しない", "No"),
        "next": ("次のラウンドへ", "Deal the next round"),
    }
    if kind in fixed:
        return fixed[kind][0] if ja else fixed[kind][1]
    return action


def event_text(event: Event, lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    d = dict(event.data)
    who = _seat(None, d["seat"], lang) if "seat" in d else ""
    k = event.kind
    if k == "round_start":
        devil = (
            f" / デビル: {colour_name(d['devil'], lang)}"
            if ja
            else f" (devil colour: {colour_name(d['devil'], lang)})"
        )
        tail = devil if d.get("devil") else ""
        return f"ラウンド{d['round']}開始{tail}" if ja else f"Round {d['round']} begins{tail}."
    if k == "deal":
        cards = ", ".join(card_name(c, lang) for c in d["cards"])
        return f"手札: {cards}" if ja else f"Your hand: {cards}"
    if k == "drew_cards":
        cards = ", ".join(card_name(c, lang) for c in d["cards"])
        return f"引いたカード: {cards}" if ja else f"You drew: {cards}"
    if k == "played":
        label = action_label(
            "play:"
            + ":".join(
                [d["card"]]
                + ([f"k{d['king']}"] if d.get("king") else [])
                + (["q"] if d.get("queen") else [])
                + (["s"] if d.get("switch") else [])
            ),
            {},
            lang,
        )
        return f"{who}: {label}"
    if k == "trick_won":
        return f"{who}がトリック{d['trick']}に勝利" if ja else f"{who} wins trick {d['trick']}."
    if k == "took_set":
        return (
            f"{who}が{colour_name(d['colour'], lang)}のKQJを獲得"
            if ja
            else f"{who} takes the {colour_name(d['colour'], lang)} KQJ set."
        )
    if k == "took_char":
        return (
            f"{who}が{char_name(d['card'], lang)}を獲得"
            if ja
            else f"{who} takes {char_name(d['card'], lang)}."
        )
    if k == "bid_committed":
        return f"{who}がBIDを決定" if ja else f"{who} has chosen a bid."
    if k == "bids_revealed":
        parts = []
        for s, bids in enumerate(d["bids"]):
            names = " + ".join(char_name(b, lang) for b in bids) or ("なし" if ja else "none")
            parts.append(f"{_seat(None, s, lang)}: {names}")
        return ("BID公開: " if ja else "Bids revealed: ") + "; ".join(parts)
    if k == "round_scored":
        scores = ", ".join(f"{_seat(None, s, lang)} {p}" for s, p in enumerate(d["scores"]))
        return f"ラウンド{d['round']}得点: {scores}" if ja else f"Round {d['round']} scored: {scores}"
    if k == "game_over":
        return "ゲーム終了" if ja else "Game over."
    if k == "discarded":
        return f"{card_name(d['card'], lang)}を捨てた" if ja else f"You discard {card_name(d['card'], lang)}."
    if k == "exchange_card":
        return (
            f"{card_name(d['card'], lang)}が{_seat(None, d['to'], lang)}へ"
            if ja
            else f"{card_name(d['card'], lang)} goes to {_seat(None, d['to'], lang)}."
        )
    if k == "kings_dealt":
        sets = ", ".join(f"{_seat(None, i, lang)}: {colour_name(c, lang)}" for i, c in enumerate(d["kings"]))
        deck = ", ".join(colour_name(c, lang) for c in d["king_deck"])
        return (
            f"抽選でKQJセットを配った: {sets}（キングデッキ: {deck}）"
            if ja
            else f"KQJ sets drawn at random: {sets} (king deck: {deck})."
        )
    if k == "initial_parties":
        parts = []
        for s, (colour, chars) in enumerate(zip(d["kings"], d["chars"], strict=True)):
            names = ", ".join(char_name(c, lang) for c in chars)
            parts.append(f"{_seat(None, s, lang)}: {colour_name(colour, lang)} ({names})")
        joined = "; ".join(parts)
        return f"抽選で初期パーティを配った: {joined}" if ja else f"Initial parties drawn at random: {joined}."
    simple = {
        "first_drafter": ("抽選の結果、{who}からドラフト開始", "Drawn at random: {who} drafts first."),
        "start_player": ("{who}がスタートプレイヤー", "{who} takes the start player card."),
        "kizuna": ("{who}の絆パートナーは{other}", "{who} gives the KIZUNA card to {other}."),
        "copy": ("{who}が{other}のBIDをコピー", "{who} copies {other}'s bid."),
        "drew": ("{who}がカードを引いた", "{who} draws cards."),
        "berserker_tens": ("{who}がバーサーカー黒10を手札に入れた", "{who} takes the Berserker black 10."),
        "discard_done": ("{who}が捨て終えた", "{who} has discarded."),
        "queen_recovered": ("{who}がクイーンを回復", "{who} recovers their queen."),
        "jack_turned": ("{who}がジャックでBID+3", "{who} turns the jack: bid +3."),
        "ninja_lead": ("{who}が{other}をリードに指名", "{who} names {other} lead player."),
        "exchange_give": ("{who}がパートナーにカードを渡した", "{who} gives a card to their partner."),
        "exchange_return": ("{who}がカードを返した", "{who} gives a card back."),
        "queen": ("{who}がクイーンを使用", "{who} uses their queen."),
        "extra_kings": ("{who}が応援のキングを獲得", "{who} gets help from extra kings."),
        "kings_dealt": ("KQJセットが配られた", "KQJ sets are dealt."),
        "initial_parties": ("初期パーティが配られた", "Initial parties are dealt."),
        "ignored": ("{who}の効果は解決できず無視", "{who}'s ability cannot resolve and is ignored."),
    }
    if k in simple:
        other_key = next((key for key in ("partner", "target", "lead") if key in d), None)
        other = _seat(None, d[other_key], lang) if other_key else ""
        template = simple[k][0] if ja else simple[k][1]
        return template.format(who=who, other=other)
    return f"{k} {d}"


PHASE_NAMES = {
    "draft": ("パーティ編成", "party draft"),
    "extra": ("応援のキング", "extra kings"),
    "bid": ("BID", "bids"),
    "cheer": ("チアリーダー", "Cheerleader"),
    "setup": ("セットアップ", "set-up"),
    "play": ("トリック", "tricks"),
    "jack3": ("ジャック+3", "jack +3"),
    "round_end": ("ラウンド終了", "round over"),
    "over": ("ゲーム終了", "game over"),
}


def _seat_line(s: Mapping[str, Any], lang: str) -> str:
    ja = lang == "ja"
    up = [c for c in s["chars"] if s["bids"] is None or c not in s["bids"]]
    chars = ", ".join(char_name(c, lang) for c in up) or "-"
    bids = s["bids"]
    if bids is None:
        bid_text = (" BID: 選択済み" if ja else " bid: chosen") if s["bid_committed"] else ""
    else:
        bid_text = " BID: " + (", ".join(char_name(b, lang) for b in bids) or ("なし" if ja else "none"))
    king = "-"
    if s["king"]:
        state = ("使用済" if ja else "used") if s["king_used"] else ("表" if ja else "up")
        king = f"{colour_name(s['king'], lang)}({state}, No.{s['king_number']})"
    extra = "".join(f" +{colour_name(k, lang)}{'*' if used else ''}" for k, used in s["extra_kings"])
    queen = ("Q表" if ja else "Q up") if s["queen_up"] else ("Q裏" if ja else "Q down")
    pts = f"{s['score']}点" if ja else f"{s['score']} pts"
    wins = f"{s['tricks_won']}勝" if ja else f"{s['tricks_won']} won"
    hand = f"手札{s['hand_count']}" if ja else f"hand {s['hand_count']}"
    return (
        f"{_seat(None, s['seat'], lang)}: {pts}, {king}{extra}, {queen}, [{chars}]{bid_text}, {wins}, {hand}"
    )


def view_text(view: Mapping[str, JSON], lang: str = "en", *, names: Names = None) -> str:
    """The board as one seat sees it (standard and two-player)."""
    ja = lang == "ja"
    phase = PHASE_NAMES.get(str(view["phase"]), (str(view["phase"]), str(view["phase"])))
    lines = [f"ラウンド{view['round']}/3 {phase[0]}" if ja else f"Round {view['round']}/3, {phase[1]}"]
    if view["phase"] == "play":
        lines[0] += f"（トリック{view['trick_no']}）" if ja else f", trick {view['trick_no']}"
    if view.get("devil_colour"):
        lines.append(
            ("デビル契約: " if ja else "Devil contract: ") + colour_name(str(view["devil_colour"]), lang)
        )
    deck: list[Any] = list(view.get("king_deck") or [])
    if deck:
        lines.append(
            ("キング山札: " if ja else "King deck: ") + ", ".join(colour_name(c, lang) for c in deck)
        )
    if view["phase"] == "draft":
        pool: list[Any] = list(view["pool"])
        sets: list[Any] = list(view["sets_left"])
        if sets:
            lines.append(("KQJ: " if ja else "KQJ sets: ") + ", ".join(colour_name(c, lang) for c in sets))
        lines.append(("キャラ: " if ja else "Characters: ") + ", ".join(char_name(c, lang) for c in pool))
    seats: list[Any] = list(view["seats"])
    lines.extend(_seat_line(s, lang) for s in seats)
    start = view.get("start_player")
    if view["phase"] not in ("draft",) and isinstance(start, int):
        lines.append(("スタートプレイヤー: " if ja else "Start player: ") + _seat(None, start, lang))
    trick: list[Any] = list(view["trick"])
    if trick:
        played = ", ".join(f"{_seat(None, e['s'], lang)} {card_name(e['c'], lang)}" for e in trick)
        lead = view.get("lead_colour")
        lead_text = f" ({'リード' if ja else 'lead'}: {colour_name(str(lead), lang)})" if lead else ""
        lines.append(("場: " if ja else "Trick: ") + played + lead_text)
    hand = view.get("hand")
    if isinstance(hand, list):
        lines.append(("手札: " if ja else "Hand: ") + ", ".join(card_name(str(c), lang) for c in hand))
    return "\n".join(lines)


def prompt_text(prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    texts = {
        "pick": ("KQJセットかキャラカードを獲得してください", "Take a KQJ set or a character card."),
        "extra_king": ("応援のキングを1枚選んでください", "Choose the king that comes to help you."),
        "bid": ("BIDにするカードを選んでください（秘密）", "Choose your bid in secret."),
        "kizuna": ("絆カードを渡すパートナーを選んでください", "Choose your KIZUNA partner."),
        "copy": ("コピーするBIDを選んでください", "Choose a bid to COPY."),
        "recover": ("クイーンを回復しますか", "Recover your queen?"),
        "jack3": ("ジャックを裏返してBIDを+3しますか", "Turn your jack to add 3 to your bid?"),
        "discard": ("手札から{count}枚捨ててください", "Discard {count} card(s)."),
        "exchange_return": ("チアリーダーに1枚返してください", "Give one card back to the Cheerleader."),
        "play": ("カードを出してください", "Play a card."),
        "next_round": ("次のラウンドを配ってください", "Deal the next round."),
    }
    pair = texts.get(prompt.kind)
    if pair is None:
        return prompt.kind
    template = pair[0] if ja else pair[1]
    try:
        return template.format(**dict(prompt.params))
    except (KeyError, ValueError):
        return template


def rules_summary(lang: str = "en") -> str:
    from games.kings.rules_text import RULES

    return RULES["ja" if lang == "ja" else "en"]
