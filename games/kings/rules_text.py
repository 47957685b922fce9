"""The /rules summary in both languages (docs/rules/kings.md is the long form with every ruling)."""

RULES = {
    "en": """KINGs TRICKTAKERs — standard (3-5 players) and two-player
Three rounds of 5 tricks (two players: 9). Each round: deal, draft a party (KQJ set + 3 characters), bid in
secret (one character face down; round 3: one or two, the jack too), reveal together, set up, play, score.
Draft: round 1 snake (a KQJ set once, no second copy of a character); rounds 2-3 in king-number order, not
retaking your own last three. Smallest king number leads trick 1.
Tricks: king > rare > black > lead colour > others > white flag. Later king wins, earlier rare wins. Follow
the lead colour; rares and flags any time. A king goes on a card of its colour (white: flag, rare, white
queen), once a game. Queens once a round (recover for 30/40/20/10/10 points).
Scoring order: bids, win counts, Gambler, taken cards, unused kings (round 3), minus points last.
Most points wins; ties: smaller king number.
Options: initial_parties, devil_contract, cheerleader, cheerleader_advanced (true/false).
Rulings (table decisions): totals never drop below 0; Devil contract -10 per card in rounds 1-2; only-flag
tricks go to the earliest flag; a queen-changed card does not set the lead colour; the green queen on the
lead leaves the colour to the first number card; a captured king returns used; two-player: a turned jack no
longer scores, round-3 doubling is for bids only. PROVISIONAL (printed only on the lost card images): king numbers, six bid values, initial parties. Full page: docs/rules/kings.md; variants: docs/rules/kings-variants.md.""",
    "ja": """キングス・トリックテイカーズ — 通常ルール（3～5人）と2人プレイ
全3ラウンド、各5トリック（2人は9）。配布→パーティ編成（KQJ＋3キャラ）→秘密のBID（裏1枚、ラウンド3は1～2枚でジャックも可）
→同時公開→セットアップ→トリック→得点。
編成: ラウンド1はスネーク（KQJは1回、同じキャラ2枚不可）、ラウンド2・3はキングナンバー順（前ラウンドの自分の3枚は不可）。
キングナンバー最小が1トリック目のリード。
強さ: キング > レア > 黒 > リード色 > 他の色 > 白旗。キングは後出し、レアは先出しが勝ち。マストフォロー（レア・白旗はいつでも）。
キングは同じ色のカードの上に（白は白旗・レア・白クイーン）、1ゲーム1回。クイーンは1ラウンド1回（回復 30/40/20/10/10点）。
得点順: BID、勝利数、ギャンブラー、取ったカード、未使用キング（ラウンド3）、マイナス点は最後。同点はキングナンバーの小さい方。
オプション: initial_parties、devil_contract、cheerleader、cheerleader_advanced（true/false）。
裁定: 合計は0未満にならない、デビル契約はラウンド1・2で1枚-10、白旗だけのトリックは最初の白旗、クイーンで変えたカードは
リード色を決めない、リードの緑クイーンは最初の数字カードが色を決める、取られたキングは裏で戻る、2人: 裏返したジャックは
表の得点なし・ラウンド3の2倍はBIDのみ。暫定値（カード画像のみに印刷）: キングナンバー、6つのBID、初期パーティ。
詳細: docs/rules/kings.md、バリアント: docs/rules/kings-variants.md。""",
}


def card_list(lang: str = "en") -> str:
    """Every character, king, queen, jack and special card, provisional values marked."""
    from games.kings.card_texts import catalog

    ja = lang == "ja"
    mark = "（暫定値を含む）" if ja else " (PROVISIONAL values)"
    lines = ["カード:" if ja else "Cards:"]
    lines.extend(f"- {c.name}{mark if c.ruling else ''} — {c.effect}" for c in catalog(lang))
    return "\n".join(lines)
