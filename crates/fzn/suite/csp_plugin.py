"""pytest plugin: run MiniZinc's spec tests with csp wherever Gecode runs.

Each test case names its solvers (default: gecode, cbc, chuffed). This
plugin adds "csp" right after "gecode" in every such list of a test that
solves (type "solve"; the "compile" and "output-model" tests compare the
FlatZinc that Gecode's own library produces, and never reach a solver),
so the same expectations run against our solver; the lists of checkers
(check_against) stay as they are, so Gecode still checks our answers.
Every solve gets a time limit (TIME_LIMIT, for csp and Gecode alike,
unless the test sets its own): the harness has none, and one slow search
must not stall the run; a test stopped by it fails. Nothing else in the
vendored harness changes.
"""

from datetime import timedelta

from minizinc_testing import spec

TIME_LIMIT = timedelta(seconds=20)


def _get(self):
    # Read when the tests are collected: the YAML loader may fill the
    # list after the test case object was built.
    solvers = list(self.__dict__.get("_solvers", []))
    solves = self.__dict__.get("type", "solve") == "solve"
    if solves and "gecode" in solvers and "csp" not in solvers:
        solvers.insert(solvers.index("gecode") + 1, "csp")
    return solvers


def _set(self, value):
    self.__dict__["_solvers"] = value


spec.Test.solvers = property(_get, _set)


_run = spec.Test.run


def _run_with_time_limit(self, mzn_file, solver, default_options={}):
    if self.type == "solve" and "timeout" not in self.options:
        default_options = dict(default_options, timeout=TIME_LIMIT)
    return _run(self, mzn_file, solver, default_options)


spec.Test.run = _run_with_time_limit
