"""The `slow` marker: tests that a default `pytest` leaves out and `.ci/run` runs (`pytest -m "slow or not slow"`).

The notebooks below are the slowest to test; each is marked here by its id in tests/test_notebooks.py. Their times,
measured on this project's two-core machine while both cores trained runs (the test niced; a quiet machine takes
less): 07_train 69-92 s before its run lifecycle and end-to-end tests moved to 07c_lifecycle (then 26 s and 52 s),
09a_packed 78 s, 01_render 47 s, 09b_executors 39 s.
"""
import pytest

SLOW_NOTEBOOKS = {"07_train.ipynb", "07c_lifecycle.ipynb", "09a_packed.ipynb", "01_render.ipynb", "09b_executors.ipynb"}


def pytest_collection_modifyitems(config, items):
    "Mark the tests of `SLOW_NOTEBOOKS` slow."
    for item in items:
        if item.originalname == "test_notebook" and item.callspec.id in SLOW_NOTEBOOKS: item.add_marker(pytest.mark.slow)
