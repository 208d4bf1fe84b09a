# The two commands of the README: `make play` and `make test`.
#
# Both use one virtual environment, .venv, and install into it only what they need:
#   make play  ->  the project with its `all` extra (fast kernels, web table, plots):
#                  no test tools, no Ray.  Then it starts a game at once (the game needs
#                  no kernel) while `straights warm-up --background` compiles the kernels
#                  and builds the lookup tables in a low-priority process, so that the
#                  first `straights odds` afterwards answers at once.
#   make test  ->  adds the `dev` extra (Ray, pytest, mypy, ruff, Playwright, …), then
#                  lint, type check and the whole suite.
# Each set-up step leaves a stamp file in .venv, so `make play` then `make test`
# installs only what is missing, and each step is redone when its inputs change.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip
PLAY_STAMP := $(VENV)/.installed-all
DEV_STAMP  := $(VENV)/.installed-dev
WARM_STAMP := $(VENV)/.warmed-up
# The sources setup.py compiles (the C keys; the engine and the environments with mypyc):
# the install is redone when one changes, so that no compiled module is older than its source.
COMPILED := src/straights/_speedups.c src/straights/poker/engine.py \
	src/straights/poker/showdown.py src/straights/poker/cards_source.py \
	src/straights/poker/actions.py src/straights/rl/dealer.py src/straights/rl/observation.py

.PHONY: play setup setup-dev serve test test-full testdeps quick lint typecheck warm bench bench-web bench-newcomer gallery clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml setup.py $(COMPILED) | $(BIN)/python
	@echo "installing straights and its extras fast, web, plot into $(VENV) …"
	$(PIP) install --quiet --no-compile -e '.[all]'  # .pyc files come on first import
	touch $@

$(DEV_STAMP): pyproject.toml setup.py $(COMPILED) | $(BIN)/python
	@echo "installing straights with the development tools and Ray into $(VENV) …"
	$(PIP) install --quiet -e '.[dev]'
	touch $@ $(PLAY_STAMP)

# Compile the kernels and build the lookup tables; again when a kernel source or the
# installed packages change (the kernel cache itself is keyed by the sources).
$(WARM_STAMP): $(wildcard src/straights/warmup.py src/straights/fast/*.py src/straights/batch/*kernels.py src/straights/batch/common.py src/straights/rl/kernels.py) $(wildcard $(PLAY_STAMP) $(DEV_STAMP))
	$(BIN)/straights warm-up --byte-compile --stamp $@

warm:
	@$(MAKE) --no-print-directory $(WARM_STAMP)

# The warm-up runs in the background unless it is done and up to date ($(MAKE) -q).
play: $(PLAY_STAMP)
	@$(MAKE) --no-print-directory -q $(WARM_STAMP) || \
		$(BIN)/straights warm-up --background --byte-compile --stamp $(WARM_STAMP)
	@echo "straights is in $(BIN): run it as $(BIN)/straights, or first: source $(BIN)/activate"
	$(BIN)/straights play

# The set-up of `make play` and of `make test` alone.
setup: $(PLAY_STAMP)
	@$(MAKE) --no-print-directory warm

setup-dev: $(DEV_STAMP)
	@$(MAKE) --no-print-directory warm

serve: $(PLAY_STAMP)
	@$(MAKE) --no-print-directory -q $(WARM_STAMP) || \
		$(BIN)/straights warm-up --background --byte-compile --stamp $(WARM_STAMP)
	$(BIN)/straights serve

# Chromium and PostgreSQL for the browser and database tests (apt; quiet when present).
testdeps:
	@scripts/install-test-deps.sh

# Four workers on two cores: the browser and server tests spend most of their time
# waiting on a page or a socket, so two workers left the cores idle (24 min, against
# the 20 the suite should stay under); the 20 slowest tests are listed at the end.
test: $(DEV_STAMP) testdeps lint typecheck
	@$(MAKE) --no-print-directory warm
	$(BIN)/pytest -n 4 --durations=20

# The long differential suites at their full size (tests/sizes.py): PokerKit on
# 10,000 deals a variant, 10 M random hands a kernel … (hours on two cores).
test-full: $(DEV_STAMP) testdeps
	@$(MAKE) --no-print-directory warm
	STRAIGHTS_FULL_TESTS=1 $(BIN)/pytest -n auto -m slow

quick: setup-dev
	$(BIN)/pytest -n auto -m "not slow"

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict src

bench: setup-dev
	$(BIN)/python benchmarks/bench_straights.py
	$(BIN)/python benchmarks/bench_game.py

bench-web: $(DEV_STAMP)
	$(BIN)/python benchmarks/bench_web.py --rate 100 --rate 500 --rate 1000

# The web table's screenshots in docs/img/ (docs/web.md shows them): needs chromium.
gallery: $(DEV_STAMP) testdeps
	$(BIN)/python scripts/gallery.py
	$(BIN)/python scripts/gallery_tournament.py
	$(BIN)/python scripts/gallery_games.py

# A newcomer's first minutes: fresh clone, `make play`, first `straights odds` (slow).
bench-newcomer: $(DEV_STAMP)
	$(BIN)/python benchmarks/bench_newcomer.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .import_linter_cache
