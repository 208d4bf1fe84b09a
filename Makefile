# The two commands of the README: `make play` and `make test`.
# Both create .venv with the project and its dev extras on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play serve test testdeps quick lint typecheck bench bench-web clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/straights play

# Chromium and PostgreSQL for the browser and database tests (apt; quiet when present).
testdeps:
	@scripts/install-test-deps.sh

test: $(STAMP) testdeps lint typecheck
	$(BIN)/pytest -n auto

serve: $(STAMP)
	$(BIN)/straights serve

quick: $(STAMP)
	$(BIN)/pytest -n auto -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_straights.py
	$(BIN)/python benchmarks/bench_game.py

bench-web: $(STAMP)
	$(BIN)/python benchmarks/bench_web.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
