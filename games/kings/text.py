"""Player-facing text for KINGs (English and Japanese): cards, actions, events, views, prompts, rules.

Front ends (terminal, Discord) render only through these functions and the i18n catalog.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import i18n
from games.core.contract import JSON, Event, Prompt
from games.core.names import Names
from games.core.names import seat_name as person
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


def _seat(view: Mapping[str, JSON] | None, seat: Any, lang: str, names: Names = None) -> str:
    return person(names, seat, lang)


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
        chosen = " + ".join(char_name(p, lang) for p in parts[1:])
        return f"BID: {chosen}"
    if kind == "discard":
        return (f"{card_name(parts[1], lang)}を捨てる") if ja else f"Discard {card_name(parts[1], lang)}"
    if kind == "give":
        return f"{card_name(parts[1], lang)}を渡す" if ja else f"Give {card_name(parts[1], lang)}"
    if kind == "return":
        return f"{card_name(parts[1], lang)}を返す" if ja else f"Give back {card_name(parts[1], lang)}"
    if kind == "partner":
        return (
            f"パートナー: {_seat(view, parts[1], lang, names)}"
            if ja
            else f"Partner: {_seat(view, parts[1], lang, names)}"
        )
    if kind == "copy":
        target = _seat(view, parts[1], lang, names)
        return (
            f"コピー: {target}の{char_name(parts[2], lang)}"
            if ja
            else f"Copy {target}'s {char_name(parts[2], lang)}"
        )
    if kind == "lead":
        return (
            f"リード指名: {_seat(view, parts[1], lang, names)}"
            if ja
            else f"Name {_seat(view, parts[1], lang, names)} lead player"
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
    who = _seat(None, d["seat"], lang, names) if "seat" in d else ""
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
        cards = ("、" if ja else ", ").join(card_name(c, lang) for c in d["cards"])
        return f"手札: {cards}" if ja else f"Your hand: {cards}"
    if k == "drew_cards":
        cards = ("、" if ja else ", ").join(card_name(c, lang) for c in d["cards"])
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
            chosen = " + ".join(char_name(b, lang) for b in bids) or ("なし" if ja else "none")
            parts.append(f"{_seat(None, s, lang, names)}: {chosen}")
        return ("BID公開: " if ja else "Bids revealed: ") + ("／" if ja else "; ").join(parts)
    if k == "round_scored":
        items = d.get("items") or [[] for _ in d["scores"]]
        cells = []
        for s, total in enumerate(d["scores"]):
            gain = sum(int(p) for _, p in items[s]) if s < len(items) else 0
            cells.append(
                f"{_seat(None, s, lang, names)} {total}" + (f"（{gain:+d}）" if ja else f" ({gain:+d})")
            )
        joined = ("、" if ja else ", ").join(cells)
        return (
            f"ラウンド{d['round']}の得点（多い方が上位）: {joined}"
            if ja
            else f"Round {d['round']} scored (most points wins): {joined}."
        )
    if k == "game_over":
        scores = list(d.get("scores") or [])
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        ranked = ("、" if ja else ", ").join(f"{_seat(None, s, lang, names)} {scores[s]}" for s in order)
        return (
            f"ゲーム終了（得点の多い人の勝ち。同点はキングナンバーの小さい人）: {ranked}"
            if ja
            else f"Game over (most points wins; a tie goes to the smaller king number): {ranked}."
        )
    if k == "discarded":
        return f"{card_name(d['card'], lang)}を捨てた" if ja else f"You discard {card_name(d['card'], lang)}."
    if k == "exchange_card":
        return (
            f"{card_name(d['card'], lang)}が{_seat(None, d['to'], lang, names)}へ"
            if ja
            else f"{card_name(d['card'], lang)} goes to {_seat(None, d['to'], lang, names)}."
        )
    if k == "kings_dealt":
        sets = ("、" if ja else ", ").join(
            f"{_seat(None, i, lang, names)}: {colour_name(c, lang)}" for i, c in enumerate(d["kings"])
        )
        deck = ("、" if ja else ", ").join(colour_name(c, lang) for c in d["king_deck"])
        return (
            f"抽選でKQJセットを配った: {sets}（キングデッキ: {deck}）"
            if ja
            else f"KQJ sets drawn at random: {sets} (king deck: {deck})."
        )
    if k == "initial_parties":
        parts = []
        for s, (colour, chars) in enumerate(zip(d["kings"], d["chars"], strict=True)):
            party = ("、" if ja else ", ").join(char_name(c, lang) for c in chars)
            parts.append(f"{_seat(None, s, lang, names)}: {colour_name(colour, lang)} ({party})")
        joined = ("／" if ja else "; ").join(parts)
        return (
            f"抽選で初期パーティを配った: {joined}" if ja else f"Initial parties drawn at random: {joined}."
        )
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
        other = _seat(None, d[other_key], lang, names) if other_key else ""
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


ITEM_NAMES = {
    "jack": ("ジャック", "jack"),
    "devil": ("デビル（3勝）", "Devil (3 wins)"),
    "contract": ("デビル契約", "Devil contract"),
}


def item_name(key: str, lang: str) -> str:
    """A scoring line's label: 'Gambler bid', 'blue king (back)', 'unused white king'."""
    ja = lang == "ja"
    if key in ITEM_NAMES:
        return ITEM_NAMES[key][0 if ja else 1]
    if key.startswith("bid_"):
        name = char_name(key[4:], lang)
        return f"{name}のBID" if ja else f"{name} bid"
    if key.startswith("king_"):
        colour = colour_name(key[5:], lang)
        return f"{colour}キング（裏）" if ja else f"{colour} king (back)"
    if key.startswith("unused_"):
        colour = colour_name(key[7:], lang)
        return f"未使用の{colour}キング" if ja else f"unused {colour} king"
    return char_name(key, lang)


def _seat_line(s: Mapping[str, Any], lang: str, names: Names = None) -> str:
    ja = lang == "ja"
    sep = "、" if ja else "; "
    up = [c for c in s["chars"] if s["bids"] is None or c not in s["bids"]]
    parts = [f"{s['score']}点" if ja else f"{s['score']} points"]
    if s["king"]:
        colour = colour_name(s["king"], lang)
        used = ("使用済み" if ja else "used") if s["king_used"] else ("未使用" if ja else "unused")
        parts.append(
            f"{colour}キング（{used}、No.{s['king_number']}）"
            if ja
            else f"{colour} king ({used}, No. {s['king_number']})"
        )
        queen = ("使用可" if ja else "ready") if s["queen_up"] else ("使用済み" if ja else "used")
        parts.append(f"クイーン{queen}" if ja else f"queen {queen}")
    for colour, used in s["extra_kings"]:
        name = colour_name(colour, lang)
        state = ("使用済み" if ja else "used") if used else ("未使用" if ja else "unused")
        parts.append(f"応援の{name}キング（{state}）" if ja else f"helping {name} king ({state})")
    if up:
        chars = ("・" if ja else ", ").join(char_name(c, lang) for c in up)
        parts.append(f"表: {chars}" if ja else f"face up: {chars}")
    bids = s["bids"]
    if bids is None:
        if s["bid_committed"]:
            parts.append("BID: 選択済み" if ja else "bid: chosen")
    else:
        chosen = ("・" if ja else " + ").join(char_name(b, lang) for b in bids) or ("なし" if ja else "none")
        parts.append(f"BID: {chosen}")
    won = s["tricks_won"]
    parts.append(f"{won}勝" if ja else (f"{won} trick won" if won == 1 else f"{won} tricks won"))
    count = s["hand_count"]
    parts.append(f"手札{count}枚" if ja else f"{count} in hand")
    return f"{_seat(None, s['seat'], lang, names)}: " + sep.join(parts)


def view_text(view: Mapping[str, JSON], lang: str = "en", *, names: Names = None) -> str:
    """The board as one seat sees it (standard and two-player)."""
    ja = lang == "ja"
    sep = "、" if ja else ", "
    phase = PHASE_NAMES.get(str(view["phase"]), (str(view["phase"]), str(view["phase"])))
    lines = [f"ラウンド{view['round']}/3 {phase[0]}" if ja else f"Round {view['round']}/3, {phase[1]}"]
    if view["phase"] == "play":
        lines[0] += f"（トリック{view['trick_no']}）" if ja else f", trick {view['trick_no']}"
    seat = view.get("seat")
    if isinstance(seat, int):
        lines.append(
            f"あなたは{_seat(None, seat, lang, names)}です。"
            if ja
            else f"You are {_seat(None, seat, lang, names)}."
        )
    if view.get("devil_colour"):
        lines.append(
            ("デビル契約: " if ja else "Devil contract: ") + colour_name(str(view["devil_colour"]), lang)
        )
    deck: list[Any] = list(view.get("king_deck") or [])
    if deck:
        lines.append(("キング山札: " if ja else "King deck: ") + sep.join(colour_name(c, lang) for c in deck))
    if view["phase"] == "draft":
        pool: list[Any] = list(view["pool"])
        sets: list[Any] = list(view["sets_left"])
        if sets:
            lines.append(("KQJ: " if ja else "KQJ sets: ") + sep.join(colour_name(c, lang) for c in sets))
        lines.append(("キャラ: " if ja else "Characters: ") + sep.join(char_name(c, lang) for c in pool))
    seats: list[Any] = list(view["seats"])
    lines.extend(_seat_line(s, lang, names) for s in seats)
    order: list[Any] = list(view.get("order") or [])
    start = view.get("start_player")
    if order and view["phase"] == "play":
        lines.append(
            ("これから出す順: " if ja else "To play, in order: ")
            + " → ".join(_seat(None, s, lang, names) for s in order)
        )
    elif view["phase"] not in ("draft",) and isinstance(start, int):
        lines.append(("スタートプレイヤー: " if ja else "Start player: ") + _seat(None, start, lang, names))
    trick: list[Any] = list(view["trick"])
    if trick:
        played = sep.join(f"{_seat(None, e['s'], lang, names)} {card_name(e['c'], lang)}" for e in trick)
        lead = view.get("lead_colour")
        lead_text = (
            f"（リード: {colour_name(str(lead), lang)}）"
            if (lead and ja)
            else (f" (lead: {colour_name(str(lead), lang)})" if lead else "")
        )
        lines.append(("場: " if ja else "Trick: ") + played + lead_text)
    totals_by_round: list[Any] = list(view.get("round_totals") or [])
    if totals_by_round:
        lines.append(
            "ラウンドごとの合計（多い方が上位）:" if ja else "Totals after each round (most points wins):"
        )
        for s in range(len(seats)):
            row = " → ".join(str(r[s]) for r in totals_by_round)
            lines.append(f"  {_seat(None, s, lang, names)}: {row}")
    scoring: list[Any] = list(view.get("last_scoring") or [])
    if scoring and view["phase"] in ("round_end", "over"):
        lines.append(f"ラウンド{view['round']}の得点:" if ja else f"Round {view['round']} points:")
        for s, items in enumerate(scoring):
            detail = sep.join(f"{item_name(str(k), lang)} {int(p):+d}" for k, p in items) or "0"
            lines.append(f"  {_seat(None, s, lang, names)}: {detail}")
    if view["phase"] == "over":
        scores = [int(x["score"]) for x in seats]
        ranked = sorted(range(len(scores)), key=lambda s: (-scores[s], int(seats[s]["king_number"])))
        cells = sep.join(f"{_seat(None, s, lang, names)} {scores[s]}" for s in ranked)
        lines.append(
            f"最終結果（得点の多い人の勝ち）: {cells}" if ja else f"Final result (most points wins): {cells}"
        )
    waiting: list[Any] = list(view.get("to_act") or [])
    if waiting and view["phase"] != "over":
        lines.append(
            ("手番: " if ja else "Waiting for: ") + sep.join(_seat(None, s, lang, names) for s in waiting)
        )
    hand = view.get("hand")
    if isinstance(hand, list) and view["phase"] != "over":
        lines.append(("手札: " if ja else "Hand: ") + sep.join(card_name(str(c), lang) for c in hand))
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
        "discard": ("手札から{count}枚捨ててください", "Discard {count} {cards}."),
        "exchange_return": (
            "チアリーダー（{who}）に1枚返してください",
            "Give one card back to the Cheerleader, {who}.",
        ),
        "play": ("カードを出してください", "Play a card."),
        "next_round": ("次のラウンドを配ってください", "Deal the next round."),
    }
    pair = texts.get(prompt.kind)
    if pair is None:
        return prompt.kind
    template = pair[0] if ja else pair[1]
    params = dict(prompt.params)
    params["cards"] = "card" if params.get("count") == 1 else "cards"
    if "from" in params and isinstance(params["from"], int):
        params["who"] = _seat(None, params["from"], lang, names)
    try:
        return template.format(**params)
    except (KeyError, ValueError):
        return template


def rules_summary(lang: str = "en") -> str:
    from games.kings.rules_text import RULES, card_list

    return RULES["ja" if lang == "ja" else "en"] + "\n\n" + card_list(lang)
