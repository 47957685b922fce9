# Every target bootstraps .venv from the package registry on a fresh machine: no other set-up step.
# Installs come from the hash-pinned locks in requirements/ (runtime.lock for playing and running the bot,
# dev.lock adds the test and lint tools, build.lock is the setuptools that installs the project itself, with
# --no-build-isolation so pip fetches no unpinned build tools), so every machine gets the same packages;
# `make lock` upgrades them.
# The interpreter the venv is built from: a distribution build of CPython 3.11+ when there is one,
# else `python3`. Distribution (and python.org) builds are compiled with profile-guided optimization;
# version managers such as pyenv build without it by default, and the rule engines then run about 20%
# slower (measured on the 4-player Trickster benchmark: ~113,000 vs ~94,000 actions/s). Override with
# `make PY=python3.12 ...`; after changing it, `make clean` rebuilds the venv.
PY ?= $(firstword $(wildcard /usr/bin/python3.13 /usr/bin/python3.12 /usr/bin/python3.11) python3)
VENV := .venv
BIN := $(VENV)/bin
RUNTIME := $(VENV)/.runtime-stamp
DEV := $(VENV)/.dev-stamp
NEEDS_311 := import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)

.PHONY: play test lint fuzz run bench check clean lock python fonts fast

python:  ## refuse an old Python (or a .venv built from one) with the fix, instead of a broken venv
	@$(PY) -c '$(NEEDS_311)' 2>/dev/null || { \
	  echo "Tricktable needs Python 3.11 or newer, and '$(PY)' is $$($(PY) --version 2>/dev/null || echo 'not found')."; \
	  echo "Install one (Debian/Ubuntu: apt-get install python3.11 python3.11-venv), or point make at it: make PY=/path/to/python3.11 play"; \
	  exit 1; }
	@if [ -e $(VENV) ] && ! $(BIN)/python -c '$(NEEDS_311)' 2>/dev/null; then \
	  echo ".venv is broken or was built with an older Python; rebuild it with: make clean && make $(MAKECMDGOALS)"; \
	  exit 1; fi

$(BIN)/python: | python
	$(PY) -m venv $(VENV) || { rm -rf $(VENV); echo "could not create .venv: install the venv module (apt-get install python3-venv)"; exit 1; }
	$(BIN)/python -m pip install -q --upgrade pip

$(RUNTIME): requirements/runtime.lock requirements/build.lock pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --require-hashes -r requirements/runtime.lock -r requirements/build.lock
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	touch $(RUNTIME)

$(DEV): requirements/dev.lock $(RUNTIME)
	$(BIN)/python -m pip install -q --require-hashes -r requirements/dev.lock
	touch $(DEV)

play: python $(RUNTIME) fonts  ## a 4-player Trickster table in the terminal: you and three AI seats
	$(BIN)/python -m bot.console --game trickster --players 4 --humans 1 --db tricktable-play.db --offer-resume

test: python $(DEV)  ## the whole test suite (what CI runs)
	$(BIN)/python -m pytest

lint: python $(DEV)  ## ruff, mypy (strict on games/), and the layer contracts in pyproject.toml (import-linter)
	$(BIN)/ruff check games bot tests
	$(BIN)/mypy games bot
	$(BIN)/lint-imports --no-cache

fuzz: python $(RUNTIME)  ## thousands of random games, every invariant checked after every action (.ci/fuzz-configs.txt)
	PY=$(BIN)/python .ci/fuzz

run: python $(RUNTIME) fonts  ## the Discord bot (needs DISCORD_TOKEN in .env)
	$(BIN)/python -m bot

bench: python $(RUNTIME)
	$(BIN)/python -m games simulate trickster --players 4 --games 2000 --no-check
	$(BIN)/python -m bot.bench

check: test lint fuzz

# The compiled build: every module of games/ compiled by mypyc (ships with mypy, in the dev lock) from a copy
# of the source in build/mypyc, installed into .venv as the package games_compiled. The engines and the AI
# then run 2-3x faster with the same moves; every other target works the same with or without it. It runs
# only while it is exactly the source beside it: after an edit to games/ the source runs (one warning line
# at start) until `make fast` again. `rm -r .venv/lib/python3*/site-packages/games_compiled` removes it;
# TRICKTABLE_BUILD=python ignores it, TRICKTABLE_BUILD=mypyc refuses to start without it (games/_build.py).
fast: python $(DEV)  ## the compiled build of the engines into .venv (needs a C compiler and the Python headers)
	@command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || { \
	  echo "make fast needs a C compiler: apt-get install gcc python3-dev (the Python headers)"; exit 1; }
	@$(BIN)/python -c 'import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' || { \
	  echo "make fast needs the Python headers: apt-get install python3-dev (for $$($(BIN)/python --version))"; exit 1; }
	$(BIN)/python tools/build/compiled.py

fonts: python $(RUNTIME)  ## say when the Japanese font of the card pictures (bot/art) is missing
	@$(BIN)/python -m bot.art --fonts >/dev/null || echo "note: no Japanese font found, so card pictures letter Japanese in English. Install one: apt-get install fonts-noto-cjk (or the smaller fonts-ipafont-gothic)"

lock:  ## upgrade requirements/*.lock to the newest versions pyproject.toml allows (then run make test)
	rm -rf .lock-venv && $(PY) -m venv .lock-venv && .lock-venv/bin/pip install -q pip-tools
	cd requirements && ../.lock-venv/bin/pip-compile -q --upgrade --generate-hashes --strip-extras --allow-unsafe \
	  --no-emit-index-url --no-emit-find-links --output-file runtime.lock ../pyproject.toml
	cd requirements && ../.lock-venv/bin/pip-compile -q --upgrade --generate-hashes --strip-extras --allow-unsafe \
	  --no-emit-index-url --no-emit-find-links --extra dev --output-file dev.lock ../pyproject.toml
	cd requirements && ../.lock-venv/bin/pip-compile -q --upgrade --generate-hashes --strip-extras --allow-unsafe \
	  --no-emit-index-url --no-emit-find-links --only-build-deps --build-deps-for wheel --output-file build.lock \
	  ../pyproject.toml
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .lock-venv
