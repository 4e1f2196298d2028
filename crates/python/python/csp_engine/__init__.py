"""csp_engine: a finite-domain constraint solver you can watch.

Model a problem with integer variables and constraints, search it with a
pruning strategy of your choice, count or iterate its solutions, watch the
search (an observer, a replay page) and compare strategies on the same
counters (``study``)::

    from csp_engine import Model
    m = Model()
    q = m.int_vars(8, range(8), name="q")
    m.all_different(q)
    m.all_different([x + i for i, x in enumerate(q)])
    m.all_different([x - i for i, x in enumerate(q)])
    print(m.count().solutions)   # 92

Submodules: ``csp_engine.constraint`` (a python-constraint compatible
layer: change ``from constraint import ...`` to ``from csp_engine.constraint
import ...``) and ``csp_engine.nqueens`` (the n-queens tutorial approaches).
"""

from collections.abc import Mapping as _Mapping
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from ._enums import AllDifferentLevel, OptimizeStatus, Status, StopReason, Strategy, ValueOrder, VarOrder
from ._native import (
    DEFAULT_MAX_EVENTS,
    Chart,
    Event,
    Expr,
    Improvement,
    Membership,
    Model,
    ModelError,
    Optimization,
    Outcome,
    Relation,
    ReplayPage,
    SearchInterrupted,
    SearchView,
    Solution,
    SolutionIterator,
    Solver,
    Study,
    Var,
)
from . import _native

_Mapping.register(Solution)

__version__ = "0.1.0"

__all__ = [
    "AllDifferentLevel",
    "Chart",
    "DEFAULT_MAX_EVENTS",
    "Event",
    "Expr",
    "Improvement",
    "Membership",
    "Model",
    "ModelError",
    "OptimizeStatus",
    "Optimization",
    "Outcome",
    "Relation",
    "ReplayPage",
    "SearchInterrupted",
    "SearchView",
    "Solution",
    "SolutionIterator",
    "Solver",
    "Status",
    "StopReason",
    "Strategy",
    "Study",
    "ValueOrder",
    "Var",
    "VarOrder",
    "replay",
    "study",
]

_STRATEGIES = [s.value for s in Strategy]


def replay(
    model: Model,
    strategies: Optional[Iterable[Union[str, Strategy]]] = None,
    *,
    title: Optional[str] = None,
    max_events: int = DEFAULT_MAX_EVENTS,
    board: bool = False,
    **settings: Any,
) -> ReplayPage:
    """The replay page of `model` searched by each of `strategies` (default:
    all four) side by side, with the other `settings` as for `Solver`.

    In Jupyter the page shows inline; ``.save(path)`` writes it. Each
    recording keeps at most `max_events` events. `board=True` draws the grid
    as a chessboard (for n-queens models).
    """
    names = [str(s) for s in (strategies if strategies is not None else _STRATEGIES)]
    solvers = [Solver(model, strategy=s, **settings) for s in names]
    return _native.replay_page(solvers, names, title=title, max_events=max_events, board=board)


def study(
    models: Union[Model, Mapping[Any, Model], Sequence[Model]],
    *,
    strategies: Union[str, Sequence[str], None] = None,
    var_orders: Union[str, Sequence[str], None] = None,
    value_orders: Union[str, Sequence[str], None] = None,
    mode: str = "all",
    column: Optional[str] = None,
    nodes: Optional[int] = None,
    failures: Optional[int] = None,
    time: Optional[float] = None,
    seed: int = 0,
    restarts: Optional[str] = None,
) -> Study:
    """Runs every strategy × variable order × value order on each model,
    each run under the same limits (10 s each when none is given), and
    returns the `Study`: ``.rows`` (a list of dicts), ``.to_dataframe()``,
    ``.table()`` and ``.chart()``.

    `models` is one model, a list of models (labelled 0, 1, ...) or a dict
    from labels to models: integer labels (such as sizes) put the chart's x
    axis on them; names compare the order pairs. `strategies`, `var_orders`
    and `value_orders` are "all", a name, or a list of names (defaults: every
    strategy, input order, ascending values). `mode` is "all" (count every
    solution) or "first".
    """
    if isinstance(models, Model):
        labels, items = ["model"], [models]
    elif isinstance(models, _Mapping):
        labels, items = list(models.keys()), list(models.values())
    else:
        items = list(models)
        labels = list(range(len(items)))
    if column is None:
        column = "model"
    return _native.run_study(
        items,
        labels,
        column,
        strategies=strategies,
        var_orders=var_orders,
        value_orders=value_orders,
        mode=mode,
        nodes=nodes,
        failures=failures,
        time=time,
        seed=seed,
        restarts=restarts,
    )


# The submodules, reachable as attributes (csp_engine.nqueens.solve(...)).
from . import constraint, nqueens  # noqa: E402
