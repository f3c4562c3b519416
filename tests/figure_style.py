"""The fixture the drawing tests share: matplotlib's default style for each test.

A module uses it with ``from figure_style import default_style`` and
``pytestmark = pytest.mark.usefixtures("default_style")``.  (Not a conftest.py:
tests/browser has its own, and with --doctest-modules two files called conftest.py clash.)
"""

import pytest


@pytest.fixture
def default_style():
    """matplotlib's default style for one test, and every figure it opened closed afterwards."""
    import matplotlib
    import matplotlib.pyplot as plt
    with matplotlib.rc_context():
        plt.style.use("default")
        yield
    plt.close("all")
