"""The agent file in the JupyterLite site: exercise 01's check finds my_agent.py beside the notebook and loads it.

The site (make lite -> build/lite/) holds exercises/my_agent.py next to the exercise notebooks
(tools/lite/build.py, CONTENTS); the Pyodide kernel runs in the notebook's folder, so
``check.agent_file("minimax")`` reads the file as shipped and says "Not answered yet" about its minimax, not
that the file is missing.
"""

from __future__ import annotations

from test_browser_site import watch
from test_lite import lite  # noqa: F401 -- the served site, a fixture
from ui import SLOW, cell, output_of, run_up_to


def test_exercise_01_loads_my_agent_from_the_notebooks_folder(page, lite):  # noqa: F811
    problems = watch(page, lite)
    page.goto(f"{lite}/lab/index.html?path=exercises/01_minimax.ipynb")
    check_cell = cell(page, 'check.agent_file("minimax")')
    check_cell.wait_for(timeout=SLOW)
    run_up_to(page, check_cell)
    feedback = output_of(check_cell)
    feedback.filter(has_text="Not answered yet").wait_for(timeout=SLOW)
    text = feedback.inner_text()
    assert "raises NotImplementedError" in text and "was not found" not in text, text
    assert problems == [], "\n".join(problems)
