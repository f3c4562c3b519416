"""nbgrader configuration of the advsearch course (this folder is the course root).

Run every nbgrader command from this folder: ``nbgrader generate_assignment ps1``,
``nbgrader autograde ps1``, ...  README.md here walks through the whole workflow.
"""

import os

from advsearch.autograde.nbgrader import configure
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

# Autograding is sandboxed and trusted (advsearch.autograde.nbgrader): the
# student's kernel runs in a bubblewrap sandbox, and the scores come from the
# trusted grader, which runs the student's cells again in a sandbox of its own
# and grades them from outside.  With no sandbox available, autograde refuses
# to run unless ADVSEARCH_UNSAFE_GRADING=1 is set (student code then runs as you).
configure(c)

# Per-cell time limit of the student's kernel, in seconds: the backstop for a loop
# at the top level of a cell.  (The trusted grader limits each graded call itself.)
c.Execute.timeout = 60

# A test cell a student deleted is put back: deleting a test never avoids it.
c.OverwriteCells.add_missing_cells = True

# Keep an unruly submission's output from swamping the autograded notebook.
c.LimitOutput.max_lines = 200

# `nbgrader export` adds a status and a reason to every row, so that a submission
# that could not be graded is flagged instead of passing as 0
# (`advsearch grading report <assignment>` lists the same).
c.ExportApp.plugin_class = "advsearch.autograde.report.FlaggedCsvExport"
