# advsearch: the two set-up commands are `make lab` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
JOBS   ?= 2
# Every notebook nbval checks and `make notebooks` re-executes.
NOTEBOOKS = $(wildcard notebooks/*.ipynb exercises/*.ipynb)

.PHONY: lab test notebooks bench install clean grading-check sandbox site slides experiments browser chromium \
	pyodide pyodide-test lite
GRADING := $(VENV)/.grading

# Create .venv once, and reinstall when pyproject.toml changes.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks,dev,contest]"
	touch $(STAMP)

install: $(STAMP)

## The main job: JupyterLab on the whole course, opening on the first lecture notebook.
# It serves the repository root, so the links between lectures, exercises and the README work.
# (JupyterLab refuses to run as root unless told; containers often are root.)
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir="$(CURDIR)" \
	    --LabApp.default_url=/lab/tree/notebooks/00_tour.ipynb $(if $(filter 0,$(shell id -u)),--allow-root)

## Everything CI runs: unit, property and doctests, nbval over notebooks/ and exercises/, the grading
## round trip, the course site, and the real-browser tests (JupyterLab, slides, the site, in Chromium).
test: $(GRADING) sandbox
	$(BIN)/python -m pytest -n $(JOBS) -q --mpl --mpl-baseline-path=tests/baseline tests advsearch
	$(BIN)/python -m pytest -q --nbval-lax --nbval-current-env -p no:cacheprovider $(NOTEBOOKS)
	$(MAKE) --no-print-directory pyodide-test
	$(MAKE) --no-print-directory grading-check
	$(MAKE) --no-print-directory site
	$(MAKE) --no-print-directory browser

$(GRADING): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[grading]"
	touch $(GRADING)

# $(call debian,COMMAND,PACKAGE,USERS): Debian's PACKAGE, installed (as root, with apt-get) unless COMMAND exists.
debian = @command -v $(1) >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
	  else \
	    echo "$(2) is missing, and $(3) need it: apt-get install $(2)"; exit 1; \
	  fi; }

## bubblewrap, the sandbox that autograding runs student code in.
sandbox:
	$(call debian,bwrap,bubblewrap,autograding sandboxes)

## Debian's chromium, which the browser tests drive (Playwright cannot download browsers here).
chromium:
	$(call debian,chromium,chromium,the browser tests)

## The real-browser tests: JupyterLab (Stepper, a game with widgets.play, an exercise), slides, the site,
# the JupyterLite site. Screenshots of failures go to build/browser-screenshots/.
browser: $(STAMP) chromium lite
	$(BIN)/python -m pytest -p no:cacheprovider -q tests/browser --browser

## Pyodide without its CDN -> build/pyodide/: the npm runtime (tools/pyodide/package.json), the PyPI
# wheels of tools/pyodide/wheels.txt, this checkout's advsearch wheel, and a pyodide-lock.json for them.
PYODIDE_NPM := tools/pyodide/node_modules/pyodide/package.json
EXERCISES = $(wildcard exercises/0*.ipynb)

$(PYODIDE_NPM): tools/pyodide/package.json tools/pyodide/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "npm is missing: apt-get install nodejs npm"; exit 1; }
	cd tools/pyodide && npm ci --no-audit --no-fund --loglevel=error
	touch $@

pyodide: $(STAMP) $(PYODIDE_NPM)
	$(BIN)/python tools/pyodide/build_dist.py

## The student's path under Pyodide in Node, offline: every exercise notebook top to bottom, its text
# outputs compared with the stored ones and no cell over 10 s (beside CPython's time for the same cell),
# then the test files of tools/pyodide/student_tests.txt.
pyodide-test: pyodide
	$(BIN)/python tools/pyodide/notebooks.py --times build/pyodide/cpython-times.json $(EXERCISES)
	node tools/pyodide/run.mjs --packages advsearch,ipython tools/pyodide/notebooks.py --max-seconds 10 \
	    --against build/pyodide/cpython-times.json $(EXERCISES)
	node tools/pyodide/run.mjs --packages advsearch,pytest,hypothesis tools/pyodide/tests.py

## The exercises and lectures as a JupyterLite site that needs no server and no CDN -> build/lite/.
LITE := $(VENV)/.lite

$(LITE): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[lite]"
	touch $(LITE)

lite: $(LITE) pyodide
	$(BIN)/python tools/lite/build.py $(if $(PYODIDE_CDN),--cdn $(PYODIDE_CDN))

## The nbgrader round trip of exercises/assignments, in a temporary copy (about 7 minutes).
grading-check: $(GRADING) sandbox
	$(BIN)/python exercises/assignments/roundtrip.py --jobs $(JOBS)
	$(BIN)/python exercises/assignments/multiuser.py

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
