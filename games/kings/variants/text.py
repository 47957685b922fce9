"""Player-facing text for the variants, English and Japanese (cards, actions, events, views, prompts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import i18n
from games.core.contract import Event, Prompt
from games.core.names import Names
from games.kings.variants.components import is_flag, is_rare
from games.kings.variants.rules_text import RULES

VARIANT_NAMES: dict[str, dict[str, str]] = {
    "ombre": {"en": "Ombre (3 players)", "ja": "オンブレ(3人)"},
    "whist": {"en": "Whist (4 players, teams)", "ja": "ホイスト(4人・チーム戦)"},
    "napoleon": {"en": "Napoleon (5 players, teams)", "ja": "ナポレオン(5人・チーム戦)"},
}

COLOUR_NAMES = {
    "w": {"en": "White", "ja": "白"},
    "r": {"en": "Red", "ja": "赤"},
    "b": {"en": "Blue", "ja": "青"},
    "g": {"en": "Green", "ja": "緑"},
    "k": {"en": "Black", "ja": "黒"},
}

i18n.register(
    {
        "kv_no_options": {
            "en": "The {variant} variant takes no option (got {name}).",
            "ja": "{variant} にはオプションはありません({name})。",
        },
        "kv_prompt_play": {
            "en": "Play a card (round {round}).",
            "ja": "カードを出してください(ラウンド{round})。",
        },
        "kv_prompt_pick": {
            "en": "Take a KQJ set or a white flag / rare.",
            "ja": "KQJセットか白旗/レアを獲得してください。",
        },
        "kv_prompt_pick_later": {
            "en": "Take a white flag or a rare.",
            "ja": "白旗かレアを1枚獲得してください。",
        },
        "kv_prompt_bid": {
            "en": "Choose a number card face down to bid for the KQJ sets.",
            "ja": "KQJセットを獲得するために数字カードを1枚裏向きで出してください。",
        },
        "kv_prompt_set": {"en": "Choose your KQJ set.", "ja": "KQJセットを選んでください。"},
        "kv_prompt_auction": {
            "en": 'Declare "I am KING" with auction cards, or pass.',
            "ja": "オークションカードを出して「I am KING」と宣言するか、パスしてください。",
        },
        "kv_prompt_scored": {
            "en": "The round is scored. Start the next round when ready.",
            "ja": "ラウンドの得点計算が終わりました。準備ができたら次のラウンドへ。",
        },
        "kv_prompt_exchange": {
            "en": "Discard {count} more card(s).",
            "ja": "あと{count}枚捨ててください。",
        },
    }
)


def tr(table: Mapping[str, str], lang: str) -> str:
    return table.get(lang) or table["en"]


def card_name(card: str, lang: str = "en") -> str:
    ja = lang == "ja"
    if is_flag(card):
        return "白旗" if ja else "White flag"
    if is_rare(card):
        return "レア" if ja else "Rare"
    colour, value = card[0], card[1:]
    label = {"11": "J", "12": "Q"}.get(value, value)
    name = tr(COLOUR_NAMES[colour], lang)
    return f"{name}{label}" if ja else f"{name} {label}"


def _seat(seat: Any, lang: str) -> str:
    return f"席{seat}" if lang == "ja" else f"Seat {seat}"


def action_label(action: str, view: Mapping[str, Any], lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    parts = action.split(":")
    verb = parts[0]
    if verb == "play":
        label = card_name(parts[1], lang)
        sets = view.get("sets") or []
        seat = view.get("seat")
        own = sets[seat] if isinstance(seat, int) and seat < len(sets) else ""
        for extra in parts[2:]:
            if extra.startswith("q"):
                queen = tr(COLOUR_NAMES[extra[1]], lang)
                label += f" + {queen}クイーン" if ja else f" + {queen} queen"
            elif extra == "K":
                king = tr(COLOUR_NAMES[own], lang) if own else ""
                label += f" + {king}キング" if ja else f" + {king} king"
        return label
    if action == "green":
        return "緑クイーン(最後に出す)" if ja else "Green queen (play last)"
    if verb == "set":
        colour = tr(COLOUR_NAMES[parts[1]], lang)
        return f"{colour}のKQJセット" if ja else f"{colour} KQJ set"
    if verb in ("take", "bid", "discard"):
        name = card_name(parts[1], lang)
        words = {
            "take": ("を獲得", "Take "),
            "bid": ("でビッド", "Bid "),
            "discard": ("を捨てる", "Discard "),
        }[verb]
        return f"{name}{words[0]}" if ja else f"{words[1]}{name}"
    if verb == "king":
        return f"I am KING(オークションカード{parts[1]}枚)" if ja else f"I am KING ({parts[1]} auction cards)"
    if action == "next":
        return "次のラウンドへ" if ja else "Next round"
    if verb == "pass":
        return "パス" if ja else "Pass"
    return action


def event_text(event: Event, lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    d = event.data
    seat = _seat(d.get("seat"), lang)
    kind = event.kind
    if kind == "played":
        label = action_label(
            "play:"
            + str(d["card"])
            + (f":q{d['queen']}" if d.get("queen") else "")
            + (":K" if d.get("king") else ""),
            {},
            lang,
        )
        return f"{seat}: {label}"
    if kind == "green":
        return f"{seat}: 緑クイーン(最後に出す)" if ja else f"{seat} uses the green queen (plays last)"
    if kind == "trick":
        who = _seat(d["winner"], lang)
        extra = (" (赤クイーン+1)" if ja else " (red queen +1)") if d.get("red_queen") else ""
        return f"{who}がトリックに勝利{extra}" if ja else f"{who} wins the trick{extra}"
    if kind == "set_taken":
        colour = tr(COLOUR_NAMES[str(d["colour"])], lang)
        return f"{seat}: {colour}のKQJセット" if ja else f"{seat} takes the {colour} KQJ set"
    if kind == "card_taken":
        return (
            f"{seat}: {card_name(str(d['card']), lang)}を獲得"
            if ja
            else f"{seat} takes {card_name(str(d['card']), lang)}"
        )
    if kind == "start_player":
        return f"{seat}がスタートプレイヤー" if ja else f"{seat} takes the start player card"
    if kind == "bids":
        shown = ", ".join(f"{_seat(i, lang)} {card_name(c, lang)}" for i, c in enumerate(d["cards"]))
        return f"ビッド公開: {shown}" if ja else f"Bids revealed: {shown}"
    if kind == "bid_committed":
        return f"{seat}がビッドしました" if ja else f"{seat} has bid"
    if kind == "teams":
        return (
            f"エンペラー: {_seat(d['emperor'], lang)}、パートナー: {_seat(d['partner'], lang)}"
            if ja
            else f"Emperor: {_seat(d['emperor'], lang)}, Partner: {_seat(d['partner'], lang)}"
        )
    if kind == "exchange":
        return (
            f"{seat}が山札から{d['count']}枚とりました"
            if ja
            else f"{seat} takes {d['count']} cards from the deck"
        )
    if kind == "drawn":
        shown = ", ".join(card_name(str(c), lang) for c in d["cards"])
        return f"山札からとったカード: {shown}" if ja else f"You take from the deck: {shown}"
    if kind == "discarded":
        return f"{seat}が1枚捨てました" if ja else f"{seat} discards a card"
    if kind == "dispatch":
        moves = ", ".join(f"{card_name(str(m[0]), lang)} → {_seat(m[1], lang)}" for m in d["moves"])
        return f"ジャックの派遣: {moves}" if ja else f"Jack dispatch: {moves}"
    if kind == "auction":
        if d.get("count") is None:
            return f"{seat}: パス" if ja else f"{seat} passes"
        return (
            f"{seat}: I am KING(オークションカード{d['count']}枚)"
            if ja
            else f"{seat}: I am KING ({d['count']} auction cards)"
        )
    if kind == "auction_won":
        return f"{seat}がキングです" if ja else f"{seat} is the King"
    if kind == "flag_beats_rare":
        return (
            f"{seat}: 白旗がレアに勝利 +{d['points']}"
            if ja
            else f"{seat}: white flag beats rare, +{d['points']}"
        )
    if kind in ("whist_round", "round_scored"):
        return (
            f"ラウンド{d.get('round')}終了: {d.get('team_scores', d.get('scores'))}"
            if ja
            else f"Round {d.get('round')} scored: {d.get('team_scores', d.get('scores'))}"
        )
    if kind == "first_picker":
        return f"抽選の結果、{seat}から選択開始" if ja else f"Drawn at random: {seat} picks first"
    if kind == "auction_start":
        turn = _seat(d["turn"], lang)
        return (
            f"抽選の結果、{seat}がオークションのスタートプレイヤー（最初の宣言は{turn}）"
            if ja
            else f"Drawn at random: {seat} starts the auction ({turn} bids first)"
        )
    if kind == "new_round":
        return f"ラウンド{d.get('round')}開始" if ja else f"Round {d.get('round')} begins"
    if kind == "game_over":
        return f"ゲーム終了: {d.get('scores')}" if ja else f"Game over: {d.get('scores')}"
    return f"{kind} {dict(d)}"


def view_text(view: Mapping[str, Any], lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    lines = [
        f"{tr(VARIANT_NAMES[str(view['variant'])], lang)} — "
        + (f"ラウンド{view['round']}" if ja else f"round {view['round']}")
    ]
    sets = view.get("sets") or []
    for seat in range(int(view["players"])):
        colour = sets[seat] if seat < len(sets) else ""
        king = tr(COLOUR_NAMES[colour], lang) if colour else "-"
        lines.append(
            f"{_seat(seat, lang)}: {king} "
            + (
                f"勝利{view['tricks'][seat]} 得点{view['scores'][seat]}"
                if ja
                else f"tricks {view['tricks'][seat]} score {view['scores'][seat]}"
            )
        )
    if view.get("teams"):
        lines.append(("チーム: " if ja else "Teams: ") + str(view["teams"]))
    trump = view.get("trump")
    if trump:
        lines.append(("切り札: " if ja else "Trump: ") + tr(COLOUR_NAMES[str(trump)], lang))
    if view.get("trick"):
        shown = ", ".join(f"{_seat(e[0], lang)} {card_name(str(e[1]), lang)}" for e in view["trick"])
        lines.append(("場: " if ja else "Trick: ") + shown)
    if view.get("hand"):
        lines.append(
            ("手札: " if ja else "Hand: ") + ", ".join(card_name(str(c), lang) for c in view["hand"])
        )
    return "\n".join(lines)


def prompt_text(variant: str, prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
    code = f"kv_prompt_{prompt.kind}"
    if prompt.kind == "pick" and int(prompt.params.get("round", 1)) > 1:
        code = "kv_prompt_pick_later"
    if i18n.has(code):
        return i18n.translate(code, lang, **dict(prompt.params))
    return prompt.kind


def rules_page(variant: str, lang: str = "en") -> str:
    return RULES[variant].get(lang) or RULES[variant]["en"]
