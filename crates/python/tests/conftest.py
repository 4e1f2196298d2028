"""Shared helpers of the package's tests."""

import importlib
import os

import pytest


def require(module: str):
    """Imports an outside package a test needs: missing, the test skips
    with a note, except under CI=true, where it fails."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("%s is not installed (pip install %s)" % (module, module))


def queens(n, **kwargs):
    """The n-queens model over offset views, and its variables."""
    from csp_engine import Model

    m = Model()
    q = m.int_vars(n, range(n), name="q")
    m.all_different(q)
    m.all_different([x + i for i, x in enumerate(q)])
    m.all_different([x - i for i, x in enumerate(q)])
    return m, q
