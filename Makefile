# peapod: the README's commands. Each one makes the virtual environment it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint play demo bench translations web clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

# test installs play mode's requirements too, so it marks play (and run) as installed: `make play` after
# `make test` starts at once, without installing again
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test,play]"
	touch $@ $(VENV)/.installed-play $(VENV)/.installed-run

# lint type-checks the whole tree, so it installs what every part of it imports (SimCord for the tests and
# play mode); that is the test install too, which it marks as done
$(VENV)/.installed-lint: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[lint,test,play]"
	touch $@ $(VENV)/.installed-test $(VENV)/.installed-play $(VENV)/.installed-run

$(VENV)/.installed-play: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[play]"
	touch $@ $(VENV)/.installed-run

# the Activity's web client (Peanuts live): npm ci installs the locked packages, esbuild bundles web/src into
# web/dist, which the bot serves; rebuilt when a source, the page or the lock file changes
WEB_SOURCES := $(wildcard web/src/*.js) web/index.html web/style.css web/package.json

web/node_modules/.installed: web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

web/dist/app.js: web/node_modules/.installed $(WEB_SOURCES)
	cd web && npm run --silent build

## web: build the Peanuts live page (web/dist) from web/src with esbuild
web: web/dist/app.js

## run: start the bot against Discord (needs DISCORD_TOKEN in .env)
run: $(VENV)/.installed-run
	$(BIN)/python -m bot

## test: install test requirements (including play mode's, which its test needs) and run every test, offline
test: $(VENV)/.installed-test web/dist/app.js
	$(BIN)/python -m pytest -n auto

## lint: ruff (the rules in pyproject.toml) over everything, and mypy over games/, render/, bot/ and bench/
lint: $(VENV)/.installed-lint
	$(BIN)/ruff check .
	$(BIN)/mypy

## play: the real bot in a local Discord-like page, no token needed
play: $(VENV)/.installed-play web/dist/app.js
	$(BIN)/python -m bot.play $(ARGS)

## demo: write sample table pictures to demo/
demo: $(VENV)/.installed-run
	$(BIN)/python -m render.demo demo

## bench: print render and action timings
bench: $(VENV)/.installed-test
	$(BIN)/python -m bench

## translations: extract every message id into bot/i18n/peapod.pot and update every language's .po file
translations: $(VENV)/.installed-run
	$(BIN)/python -m bot.translations

clean:
	rm -rf $(VENV) demo .pytest_cache web/node_modules web/dist
