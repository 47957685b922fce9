"""`python -m bot.bench`: the options and the last-line JSON are in bot/bench/drive.py (DESIGN.md)."""

import sys

from bot.bench.drive import main

sys.exit(main())
