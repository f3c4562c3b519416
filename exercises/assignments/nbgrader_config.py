"""nbgrader configuration of the advsearch course (this folder is the course root).

Run every nbgrader command from this folder: ``nbgrader generate_assignment ps1``,
``nbgrader autograde ps1``, ...  README.md here walks through the whole workflow.
"""

import os

from advsearch.grading import only_notebooks

c = get_config()  # noqa: F821 (nbgrader provides get_config)

HERE = os.path.dirname(os.path.abspath(__file__))

# The course: this folder, with an sqlite gradebook next to this file.
c.CourseDirectory.course_id = "advsearch"
c.CourseDirectory.root = HERE
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(HERE, "gradebook.db")

# Only notebooks leave source/: whatever else an instructor keeps next to a
# notebook (notes, scripts, data) never reaches release/ nor the exchange.
# ("timestamp.txt" still moves, because collect reads submission times from it.)
c.CourseDirectory.ignore = only_notebooks()

# Assignments are created in the gradebook when first generated.
c.GenerateAssignment.create_assignment = True

# Per-cell time limit while autograding and validating, in seconds.  Hidden tests
# stop a student's looping function themselves after a few seconds; this limit is
# the backstop for code that cannot be interrupted that way (a loop at the top
# level of a cell).  The longest hidden test, a Connect Four match, takes about
# 5 seconds.
c.Execute.timeout = 60

# A test cell a student deleted is put back, with its hidden tests, and run:
# deleting a test never avoids it.
c.OverwriteCells.add_missing_cells = True

# Keep an unruly submission's output from swamping the autograded notebook.
c.LimitOutput.max_lines = 200
