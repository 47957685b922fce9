"""`python -m bot.bench --discord` runs N live tables through discord.py against the rate-limited fake on a
virtual clock and reports requests per decision, 429s and latencies (a small run, a few real seconds)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_the_discord_bench_reports_requests_429s_and_latencies() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bot.bench", "--discord", "--tables", "3", "--minutes", "1"],
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout.strip().splitlines()
    final = json.loads(out[-1])
    run = final["runs"][0]
    assert run["tables"] == 3 and run["decisions"] > 10
    assert set(run["requests_per_decision"]) >= {"thread", "callback", "hand", "dm", "total"}
    assert run["429s"] == {} and run["boards_never_shown"] == 0
    assert run["requests_per_decision"]["thread"] <= 1.1  # each new game's first board is no decision
    assert run["own_reply_p99_ms"] < 250 and run["board_p99_ms"] < 2000
    assert final["largest_tables_at_0_429s_board_p99_le_2s"] == 3
