"""Fixtures shared by test modules (pytest finds this file itself)."""

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
