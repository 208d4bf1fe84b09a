# The two commands of the README: `make play` and `make test`.
# Both create .venv with the project and its dev extras on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test quick lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/straights play

test: $(STAMP) lint typecheck
	$(BIN)/pytest -n auto

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

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
