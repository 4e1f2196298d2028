"""The names the engine reports and accepts, as string enums.

Each member *is* its name as a string (``Strategy.FORWARD_CHECKING ==
"forward-checking"``), so a member and its name are interchangeable
wherever the package takes a setting.
"""

from enum import Enum

__all__ = ["Strategy", "VarOrder", "ValueOrder", "AllDifferentLevel", "Status", "StopReason", "OptimizeStatus"]


class _Named(str, Enum):
    """A string enum whose str() is its value."""

    def __str__(self) -> str:
        return self.value


class Strategy(_Named):
    """How much a search prunes after each choice."""

    GENERATE_AND_TEST = "generate-and-test"
    BACKTRACKING = "backtracking"
    FORWARD_CHECKING = "forward-checking"
    ARC_CONSISTENCY = "arc-consistency"
    BACKJUMPING = "backjumping"
    NOGOOD_LEARNING = "nogood-learning"
    CLAUSE_LEARNING = "clause-learning"


class VarOrder(_Named):
    """Which variable a search assigns next."""

    INPUT = "input"
    SMALLEST_DOMAIN = "smallest-domain"
    DOM_DEG = "dom-deg"
    DOM_WDEG = "dom-wdeg"


class ValueOrder(_Named):
    """In which order a search tries a variable's values."""

    ASCENDING = "ascending"
    DESCENDING = "descending"
    MIDDLE_OUT = "middle-out"
    LEAST_CONSTRAINING = "least-constraining"
    RANDOM = "random"
    MEDIAN = "median"
    SPLIT = "split"
    REVERSE_SPLIT = "reverse-split"


class AllDifferentLevel(_Named):
    """How strongly an all-different constraint filters."""

    VALUE = "value"
    BOUNDS = "bounds"
    DOMAIN = "domain"


class Status(_Named):
    """How a search stands: running, complete (the whole tree searched) or stopped."""

    RUNNING = "running"
    COMPLETE = "complete"
    STOPPED = "stopped"


class StopReason(_Named):
    """What stopped a search: a limit, Ctrl-C or an exception (cancelled), the memory limit, or a model too large."""

    NODES = "nodes"
    FAILURES = "failures"
    BACKTRACKS = "backtracks"
    SOLUTIONS = "solutions"
    TIME = "time"
    CANCELLED = "cancelled"
    MEMORY = "memory"
    TOO_LARGE = "too-large"


class OptimizeStatus(_Named):
    """How a branch-and-bound search stands."""

    RUNNING = "running"
    OPTIMAL = "optimal"
    UNSATISFIABLE = "unsatisfiable"
    BEST_BEFORE_LIMIT = "best-before-limit"
    NONE_BEFORE_LIMIT = "none-before-limit"
