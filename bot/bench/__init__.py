"""The host's benchmarks: `python -m bot.bench` (bot/bench/drive.py) and its backends, one per store
kind (sqlite.py, postgres.py), the AI mode (ai.py) and several processes on one store (processes.py)."""
