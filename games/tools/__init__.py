"""The games' command-line tools: `python -m games list | simulate | pool` (cli.py; contracts in DESIGN.md),
the simulation they and the fuzz tests share, the pooling of chunked strength runs and the behaviour
fingerprint. They stand above games/core, the games and games/search, so the contract imports none of them."""
