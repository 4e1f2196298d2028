"""The n-queens puzzle, as the ``nqueens`` command models and solves it.

``model(n)`` is the board's model (a variable per row whose value is the
queen's column, three all-different constraints over offset views);
``solve(n, approach, goal)`` runs one of the approaches the classic
tutorials teach and reports the work it did, so their walkthroughs run
from Python::

    >>> from csp_engine import nqueens
    >>> nqueens.solve(4, "greedy", "first").stuck["values"]      # stuck in row 2
    [0, 2]
    >>> nqueens.solve(8, "combinations", "first").work["combinations examined"]
    433354409
    >>> nqueens.solve(8, "three-sets").stats["nodes"]             # the textbook's 2,057 calls
    2057

``approaches()`` lists them; ``replay`` and ``study`` are the package's
replay page and strategy study on boards; ``render`` draws a placement.
"""

from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from . import _native
from ._native import Model, ReplayPage, Study, Var

__all__ = ["Report", "approaches", "model", "render", "replay", "solve", "study"]


@dataclass(frozen=True)
class Report:
    """What one run of an approach did."""

    #: The approach's name.
    approach: str
    #: Solutions found (counted).
    solutions: int
    #: How the search ended ("complete", "stopped (node limit)", ...).
    status: str
    #: Whether it searched everything it set out to.
    complete: bool
    #: The engine's statistics (None for the approaches that do not run on it).
    stats: Optional[Dict[str, Any]]
    #: The approach's own work counters ("combinations", "boards built", ...).
    work: Dict[str, int]
    #: Where greedy got stuck: "placed" squares, "values" (the column of each
    #: row placed), "next_line" (the row with no safe square) and "message".
    stuck: Optional[Dict[str, Any]]
    #: The first solution found: the column of each row's queen.
    first: Optional[List[int]]
    #: Seconds the run took.
    elapsed: float
    #: The work as the command's aligned table.
    summary: str


def approaches() -> List[Tuple[str, str]]:
    """Every approach: ``(name, description)``."""
    return _native.approaches()


def model(n: int, cols: Optional[int] = None) -> Tuple[Model, List[Var]]:
    """The model of an n × n board (or n × cols) and its line variables
    ``q0``, ``q1``, ...: rows, whose values are columns (on a board with more
    rows than columns, the lines are columns and the values rows)."""
    m, _ = _native.board_model(n, cols)
    return m, m.vars


def solve(
    n: int,
    approach: str = "forward-checking",
    goal: str = "count",
    *,
    cols: Optional[int] = None,
    var_order: Optional[str] = None,
    value_order: Optional[str] = None,
    seed: int = 0,
    restarts: Optional[str] = None,
    unique: bool = False,
    nodes: Optional[int] = None,
    failures: Optional[int] = None,
    time: Optional[float] = None,
    on_solution: Optional[Callable[[List[int]], Any]] = None,
) -> Report:
    """Runs `approach` (see ``approaches()``) on an n × n board (n × cols)
    for `goal`: "count", "first" or "all". `on_solution` is called with each
    solution's columns (returning False stops); `unique` keeps one solution
    per symmetry class. Limits: `nodes`, `failures`, `time` (seconds)."""
    report = _native.solve(
        n,
        cols,
        approach=approach,
        goal=goal,
        var_order=var_order,
        value_order=value_order,
        seed=seed,
        restarts=restarts,
        unique=unique,
        nodes=nodes,
        failures=failures,
        time=time,
        on_solution=on_solution,
    )
    return Report(**report)


def replay(
    n: int,
    strategies: Optional[Iterable[str]] = None,
    *,
    title: Optional[str] = None,
    max_events: int = _native.DEFAULT_MAX_EVENTS,
    **settings: Any,
) -> ReplayPage:
    """The replay page of an n × n board searched by each strategy (default:
    all four) side by side, drawn as chessboards."""
    from . import replay as _replay

    m, _ = model(n)
    return _replay(
        m,
        strategies,
        title=title or "%d queens" % n,
        max_events=max_events,
        board=True,
        **settings,
    )


def study(
    sizes: Iterable[int],
    *,
    strategies: Union[str, List[str], None] = None,
    var_orders: Union[str, List[str], None] = None,
    value_orders: Union[str, List[str], None] = None,
    mode: str = "all",
    nodes: Optional[int] = None,
    failures: Optional[int] = None,
    time: Optional[float] = None,
    seed: int = 0,
    restarts: Optional[str] = None,
) -> Study:
    """The strategy study over board sizes (the subject column ``n``; the
    chart plots nodes against n)."""
    sizes = list(sizes)
    return _native.run_study(
        [model(n)[0] for n in sizes],
        sizes,
        "n",
        strategies=strategies,
        var_orders=var_orders,
        value_orders=value_orders,
        mode=mode,
        nodes=nodes,
        failures=failures,
        time=time,
        seed=seed,
        restarts=restarts,
        axis_caption="n (board size)",
    )


def render(columns: List[int], format: str = "board") -> str:
    """A placement (the column of each row's queen) as text: "board" (dots
    and Qs), "unicode", "columns", "coords", "json" or "svg"."""
    return _native.render(list(columns), format)
