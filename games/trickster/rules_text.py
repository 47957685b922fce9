"""The in-game rules summary (`/rules`), English and Japanese; docs/rules/trickster.md is the long form."""

SUMMARY: dict[str, str] = {
    "en": """\
Trickster — have the fewest cards at the end.
Setup: Trash and hands of 7 cards (2-3 players), 6 (4-6), 5 (7). Everyone puts one hand card in their
House at the same time (Ruling: chosen secretly, revealed together). Ruling: the first Leader is drawn
by the table's RNG; the Trickster sits to the Leader's left; clockwise = seat order.
A trick: the Leader and the Trickster play any card. The second card sets the pattern: same suit,
same hero, or unique (no suit or hero repeated). Everyone else must follow it. Cannot follow: you
collect the Pot into your House. Everyone followed: the Trickster collects. The collector leads next.
Seven cards in the Pot end the trick: the Trickster collects (Ruling: an effect cannot add an eighth).
Ruling: a player with no card in hand on their turn cannot follow and collects.
Two players (Ruling, text): alternate until one cannot add a card; that player collects and becomes
the Trickster, the other leads.
Effects resolve at once and are mandatory; an effect that cannot be resolved in its entirety is ignored
(Ruling: on every game). Ruling: the player who played the card chooses, except the Bard's opponent
(its own card) and the Nun's donor (the card given). Ruling: a choice with one option is made for you.
Ruling: the Bard's exchange is simultaneous and secret; Bard needs an opponent with cards, Detective an
opponent with two cards. Ruling: Druid/Brute turn only upright cards; sideways counts 2 for majority and
score. Ruling: when the Leader's own effect adds the second card (Striker, Matriarch, Archivist copying
them), the Leader becomes the Trickster. Ruling: Archivist cannot copy an Archivist.
Out: no cards in hand after a collect (Ruling: several at once count as one time). 4-7 players: the
first Out ends the game; 3 players: refill, end at the second; 2 players and Epic Mix: refill twice,
end at the third. Ruling: refills deal one card at a time from the next Leader up to the starting size.
Scoring: hands go to Houses; ignore each suit where you hold strictly the most; fewest counted cards
wins. Ties: fewest actual cards, then fewest red, orange, yellow, green, blue, indigo, violet cards
(Ruling: physical cards). Ruling: unbroken ties share the place.
Decks: fantasy, tianxia, symbiosis, basic-mix (heroes=7 names or random), epic-mix (7 + 3 per player
beyond two; Ruling: up to 6 players).""",
    "ja": """\
トリックスター — 最後にカードが最も少ない人の勝ち。
準備：捨て札と手札は2〜3人で各7枚、4〜6人で6枚、7人で5枚。全員が同時に手札1枚をハウスに置く
（裁定 Ruling：秘密に選び同時に公開）。裁定：最初のリーダーは卓の乱数で決め、その左隣がトリックスター。
時計回り＝席順。
トリック：リーダーとトリックスターは任意の1枚を出す。2枚目がパターンを決める：同じ模様、同じ英雄、
ユニーク（模様も英雄も重ならない）。他の人はそれに従う。出せない人はポットを自分のハウスに回収。全員が
出したらトリックスターが回収。回収した人が次のリーダー。ポットが7枚になったらトリックスターが回収
（裁定：効果で8枚目は加えられない）。裁定：手番に手札がない人は出せないので回収する。
2人用（裁定・本文）：出せなくなるまで交互に出す。出せない人が回収してトリックスターになり、相手がリーダー。
効果はただちに解決し強制。完全に解決できない効果は無視（裁定：全ゲーム共通）。裁定：選択はカードを出した人。
ただし吟遊詩人の相手（自分のカード）と尼僧の渡す人（渡すカード）は自分で選ぶ。裁定：選択肢が1つなら自動。
裁定：吟遊詩人の交換は同時・秘密。吟遊詩人は手札のある相手、探偵は手札2枚以上の相手が必要。
裁定：ドルイド・荒くれ者は縦向きのカードだけを横向きにする。横向きは最多比較でも得点でも2枚。
裁定：リーダー自身の効果（ストライカー、女家長、それらを写した記録保管人）で2枚目が出たら、リーダーが
トリックスターになる。裁定：記録保管人は記録保管人を写せない。
アウト：回収後に手札がない人（裁定：同時に複数でも1回）。4〜7人は1回目で終了、3人は補充して2回目で
終了、2人とエピックミックスは2回補充して3回目で終了。裁定：補充は次のリーダーから1枚ずつ初期枚数まで。
得点：手札をハウスへ。他の全員より厳密に多い模様は数えない。数えた枚数が少ない人の勝ち。同点は実際の枚数、
次に赤・橙・黄・緑・青・藍・紫の枚数が少ない人（裁定：物理的な枚数）。裁定：決着しない同点は順位を分け合う。
デッキ：fantasy、tianxia、symbiosis、basic-mix（heroes=7種、省略でランダム）、epic-mix（2人を超える1人ごとに
3種追加。裁定：6人まで）。""",
}


_CARDS_TITLE = {
    "en": "Heroes (every card's effect; resolve it at once when played):",
    "ja": "英雄（カードの効果。出したらすぐに解決）:",
}
_RULING = {"en": "Ruling", "ja": "裁定"}


def card_list(lang: str = "en") -> str:
    """Every hero's effect, set by set, with the table's rulings marked."""
    from games.trickster.card_texts import catalog, ruling

    lang = "ja" if lang == "ja" else "en"
    lines = [_CARDS_TITLE[lang]]
    for card in catalog(lang):
        lines.append(f"- {card.name} — {card.effect}")
        note = ruling(card.key, lang)
        if note:
            lines.append(f"  ({_RULING[lang]}: {note})")
    return "\n".join(lines)


def rules_page(lang: str = "en") -> str:
    """What `/rules` shows: the summary, then every hero's effect."""
    return SUMMARY.get(lang, SUMMARY["en"]) + "\n\n" + card_list(lang)
