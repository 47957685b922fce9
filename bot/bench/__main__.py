"""`python -m bot.bench`: the options and the last-line JSON are in bot/bench/drive.py (DESIGN.md);
`python -m bot.bench --discord …` is the Discord-limits benchmark (bot/bench/discord.py)."""

import sys

if "--discord" in sys.argv[1:]:
    from bot.bench.discord import main as discord_main

    sys.exit(discord_main())

from bot.bench.drive import main

sys.exit(main())
