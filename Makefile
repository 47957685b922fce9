# Every target bootstraps .venv from the package registry on a fresh machine: no other set-up step.
# The interpreter the venv is built from: a distribution build of CPython 3.11+ when there is one,
# else `python3`. Distribution (and python.org) builds are compiled with profile-guided optimization;
# version managers such as pyenv build without it by default, and the rule engines then run about 20%
# slower (measured on the 4-player Trickster benchmark: ~113,000 vs ~94,000 actions/s). Override with
# `make PY=python3.12 ...`; after changing it, `make clean` rebuilds the venv.
PY ?= $(firstword $(wildcard /usr/bin/python3.13 /usr/bin/python3.12 /usr/bin/python3.11) python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: play test lint fuzz run bench check clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)  ## a 4-player Trickster table in the terminal: you and three AI seats
	$(BIN)/python -m bot.console --game trickster --players 4 --humans 1 --db tricktable-play.db

test: $(STAMP)  ## the whole test suite (what CI runs)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check games bot tests
	$(BIN)/mypy games bot

fuzz: $(STAMP)  ## thousands of random games, every invariant checked after every action (.ci/fuzz-configs.txt)
	PY=$(BIN)/python .ci/fuzz

run: $(STAMP)  ## the Discord bot (needs DISCORD_TOKEN in .env)
	$(BIN)/python -m bot

bench: $(STAMP)
	$(BIN)/python -m games simulate trickster --players 4 --games 2000 --no-check
	$(BIN)/python -m bot.bench

check: test lint fuzz

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
