"""The standard and two-player engine, one module per phase (deal, draft, bids, tasks, play, round_end) on
what they share (common); games/kings/engine.py asks who acts and what is legal, and hands each action to
its phase."""
