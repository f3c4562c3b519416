# advsearch: the two set-up commands are `make lab` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
JOBS   ?= 2
# Every notebook nbval checks and `make notebooks` re-executes.
NOTEBOOKS = $(wildcard notebooks/*.ipynb exercises/*.ipynb)

.PHONY: lab test notebooks bench install clean grading-check sandbox site slides experiments
GRADING := $(VENV)/.grading

# Create .venv once, and reinstall when pyproject.toml changes.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks,dev]"
	touch $(STAMP)

install: $(STAMP)

## The main job: JupyterLab on the whole course, opening on the first lecture notebook.
# It serves the repository root, so the links between lectures, exercises and the README work.
# (JupyterLab refuses to run as root unless told; containers often are root.)
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir="$(CURDIR)" \
	    --LabApp.default_url=/lab/tree/notebooks/00_tour.ipynb $(if $(filter 0,$(shell id -u)),--allow-root)

## Everything CI runs: unit, property and doctests, then nbval over notebooks/ and exercises/.
test: $(GRADING) sandbox
	$(BIN)/python -m pytest -n $(JOBS) -q --mpl --mpl-baseline-path=tests/baseline tests advsearch
	$(BIN)/python -m pytest -q --nbval-lax --nbval-current-env -p no:cacheprovider $(NOTEBOOKS)
	$(MAKE) --no-print-directory grading-check

$(GRADING): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[grading]"
	touch $(GRADING)

## bubblewrap, the sandbox that autograding runs student code in (Debian's package; root installs it).
sandbox:
	@command -v bwrap >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null; \
	  else \
	    echo "Autograding needs bubblewrap: install the package 'bubblewrap' (apt-get install bubblewrap)"; exit 1; \
	  fi; }

## The nbgrader round trip of exercises/assignments, in a temporary copy (about 3.5 minutes).
grading-check: $(GRADING) sandbox
	$(BIN)/python exercises/assignments/roundtrip.py

DOCS := $(VENV)/.docs

$(DOCS): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[docs]"
	touch $(DOCS)

## The course site, offline: README, lectures, exercises, architecture, API reference -> build/site/index.html.
# Warnings are errors (a broken link fails it); notebooks are shown with their stored outputs, never run.
site: $(DOCS)
	$(BIN)/python tools/build_site.py

## reveal.js slide decks of the lectures that open offline -> build/slides/*.slides.html (S: speaker notes).
slides: $(DOCS)
	$(BIN)/python tools/build_slides.py

## Re-run the stored experiments of lectures 03-05 with progress bars and rewrite their JSON in
# notebooks/experiments/ (about 50 minutes on two cores, 45 of them Pig). Only some:
# make experiments EXPERIMENTS="learn_connect4 multiplayer_experiments"
EXPERIMENTS ?=
experiments: $(STAMP)
	$(BIN)/python notebooks/experiments $(EXPERIMENTS)

## Re-execute every notebook in place, top to bottom.
notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 $(NOTEBOOKS)

## Speed and node-count tables; also installs the peers measured against (the bench extra).
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[bench]" || echo "bench extra not installed: peers are skipped"
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
