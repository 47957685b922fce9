# Every target bootstraps .venv from the package registry on a fresh machine: no other set-up step.
PY ?= python3
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
