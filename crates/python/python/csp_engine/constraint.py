"""A python-constraint compatible layer on the engine.

A script written for python-constraint 1.4 runs by changing its import::

    from constraint import *            # before
    from csp_engine.constraint import * # after

The names, arguments and results are python-constraint's: ``Problem``
(``addVariable``, ``addVariables``, ``addConstraint``, ``getSolution``,
``getSolutions``, ``getSolutionIter``, ``reset``, ``setSolver``,
``getSolver``), the constraint classes (``AllDifferentConstraint``,
``AllEqualConstraint``, ``ExactSumConstraint``, ``MaxSumConstraint``,
``MinSumConstraint``, ``InSetConstraint``, ``NotInSetConstraint``,
``SomeInSetConstraint``, ``SomeNotInSetConstraint``,
``FunctionConstraint``, and plain functions), the solvers
(``BacktrackingSolver``, ``RecursiveBacktrackingSolver``,
``MinConflictsSolver``), ``Domain``, ``Variable`` and ``Unassigned``.
Solutions are the same dicts: each variable (any hashable object) mapped
to its value (any object; integers are searched natively, other values
through a numbering).

What runs differs: the problem is prepared exactly as python-constraint
prepares it (each constraint's ``preProcess``, so single-variable
constraints and the set constraints prune the domains the same way, and
``MaxSum``/``ExactSum`` drop the values their bound excludes), then handed
to the engine: all-different, equalities, sums over integers and the
set-count constraints as the engine's own constraints, every function (and
any ``Constraint`` subclass of your own) as a predicate, called with the
values of all its variables. A function over a few small domains is
called once per combination when the problem is solved and the search
reads the table.

Known differences, none of which changes the solutions of a function
that only looks at complete assignments:

* python-constraint calls a function only on the assignments its search
  reaches; the engine may call it on other combinations of the domains
  (when tabulating) and never with ``Unassigned`` (``FunctionConstraint(f,
  assigned=False)`` is treated as ``assigned=True``);
* python-constraint's sum checks on partial assignments assume
  non-negative values: with negative values or multipliers it can miss
  solutions (depending on its search order), which the engine finds;
* a domain listing a value twice gives python-constraint each such
  solution twice; here once;
* ``getSolutions`` lists the same solutions in another order.
"""

import math
import random
from decimal import Decimal
from typing import Any, Callable, Dict, Hashable, Iterator, List, Optional, Sequence

from . import _native

__all__ = [
    "Problem",
    "Variable",
    "Domain",
    "Unassigned",
    "Solver",
    "BacktrackingSolver",
    "RecursiveBacktrackingSolver",
    "MinConflictsSolver",
    "Constraint",
    "FunctionConstraint",
    "AllDifferentConstraint",
    "AllEqualConstraint",
    "MaxSumConstraint",
    "ExactSumConstraint",
    "MinSumConstraint",
    "InSetConstraint",
    "NotInSetConstraint",
    "SomeInSetConstraint",
    "SomeNotInSetConstraint",
]

# Integer domains spanning at most this many values are searched as they
# are; wider or non-integer ones through a numbering of their values.
_NATIVE_SPAN = 1 << 20
_I32 = (-(1 << 31), (1 << 31) - 1)


class Problem:
    """A problem: variables with domains, and constraints over them."""

    def __init__(self, solver: Optional["Solver"] = None) -> None:
        """A problem solved by `solver` (default: ``BacktrackingSolver()``)."""
        self._solver = solver or BacktrackingSolver()
        self._constraints: List[Any] = []
        self._variables: Dict[Hashable, Domain] = {}

    def reset(self) -> None:
        """Removes every variable and constraint."""
        del self._constraints[:]
        self._variables.clear()

    def setSolver(self, solver: "Solver") -> None:
        """Changes the solver."""
        self._solver = solver

    def getSolver(self) -> "Solver":
        """The solver in use."""
        return self._solver

    def addVariable(self, variable: Hashable, domain: Sequence[Any]) -> None:
        """Adds `variable` (any hashable object) whose values are `domain`
        (a list, tuple or ``Domain``). ``ValueError`` for a duplicate
        variable or an empty domain, ``TypeError`` for a domain that is not
        a sequence."""
        if variable in self._variables:
            raise ValueError("Tried to insert duplicated variable %s" % repr(variable))
        if isinstance(domain, Domain):
            domain = Domain(domain)
        elif hasattr(domain, "__getitem__"):
            domain = Domain(domain)
        else:
            raise TypeError("Domains must be instances of subclasses of the Domain class")
        if not domain:
            raise ValueError("Domain is empty")
        self._variables[variable] = domain

    def addVariables(self, variables: Sequence[Hashable], domain: Sequence[Any]) -> None:
        """Adds each of `variables` with its own copy of `domain`."""
        for variable in variables:
            self.addVariable(variable, domain)

    def addConstraint(self, constraint: Any, variables: Optional[Sequence[Hashable]] = None) -> None:
        """Adds `constraint` (a ``Constraint`` or a function of the
        variables' values) over `variables` (default: every variable, in the
        order they were added)."""
        if not isinstance(constraint, Constraint):
            if callable(constraint):
                constraint = FunctionConstraint(constraint)
            else:
                raise ValueError("Constraints must be instances of subclasses of the Constraint class")
        self._constraints.append((constraint, variables))

    def getSolution(self) -> Optional[Dict[Hashable, Any]]:
        """One solution (a dict from variables to values), or None."""
        domains, constraints, vconstraints = self._getArgs()
        if not domains:
            return None
        return self._solver.getSolution(domains, constraints, vconstraints)

    def getSolutions(self) -> List[Dict[Hashable, Any]]:
        """Every solution, as a list of dicts."""
        domains, constraints, vconstraints = self._getArgs()
        if not domains:
            return []
        return self._solver.getSolutions(domains, constraints, vconstraints)

    def getSolutionIter(self) -> Iterator[Dict[Hashable, Any]]:
        """An iterator over the solutions (found as it is advanced)."""
        domains, constraints, vconstraints = self._getArgs()
        if not domains:
            return iter(())
        return self._solver.getSolutionIter(domains, constraints, vconstraints)

    def _getArgs(self):
        # python-constraint's preparation, step for step: the constraints'
        # preProcess may prune the domains (for good: the dict is copied,
        # the Domain objects are shared) and drop constraints.
        domains = self._variables.copy()
        allvariables = domains.keys()
        constraints = []
        for constraint, variables in self._constraints:
            if not variables:
                variables = list(allvariables)
            constraints.append((constraint, variables))
        vconstraints: Dict[Hashable, list] = {}
        for variable in domains:
            vconstraints[variable] = []
        for constraint, variables in constraints:
            for variable in variables:
                vconstraints[variable].append((constraint, variables))
        for constraint, variables in constraints[:]:
            constraint.preProcess(variables, domains, constraints, vconstraints)
        for domain in domains.values():
            domain.resetState()
            if not domain:
                return None, None, None
        return domains, constraints, vconstraints


class Variable:
    """A named placeholder; any hashable object can be a variable."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: The value of a variable not assigned yet (in ``Constraint.__call__``).
Unassigned = Variable("Unassigned")


class Domain(list):
    """A variable's values: a list that can hide values and restore them
    (``pushState``, ``popState``, ``hideValue``), as a constraint's own
    forward checking does."""

    def __init__(self, set: Sequence[Any]) -> None:
        list.__init__(self, set)
        self._hidden: List[Any] = []
        self._states: List[int] = []

    def resetState(self) -> None:
        """Restores every hidden value."""
        self.extend(self._hidden)
        del self._hidden[:]
        del self._states[:]

    def pushState(self) -> None:
        """Saves the current state."""
        self._states.append(len(self))

    def popState(self) -> None:
        """Restores the values hidden since the last ``pushState``."""
        diff = self._states.pop() - len(self)
        if diff:
            self.extend(self._hidden[-diff:])
            del self._hidden[-diff:]

    def hideValue(self, value: Any) -> None:
        """Hides `value` until the state is popped."""
        list.remove(self, value)
        self._hidden.append(value)


# ----------------------------------------------------------------------
# Building the engine's model


class _Encoding:
    """The engine's model of a prepared problem: one engine variable per
    problem variable, whose values are the domain's integers themselves,
    or codes standing for its values."""

    def __init__(self, domains: Dict[Hashable, Domain]) -> None:
        self.model = _native.Model()
        self.names = list(domains)
        values = [v for d in domains.values() for v in d]
        self.native = all(type(v) is int for v in values) and (
            not values or (min(values) >= _I32[0] and max(values) <= _I32[1] and max(values) - min(values) < _NATIVE_SPAN)
        )
        self.vars: Dict[Hashable, Any] = {}
        # Some sum spans so many combinations that forward checking (which
        # prunes a sum only once one of its variables is left) would wade
        # through them: the search then maintains arc consistency instead.
        self.wide_sums = False
        # Some function is called during the search (its domains were too
        # many to tabulate): the search then takes the variables in many
        # constraints first, as python-constraint does, so that each
        # function's scope is complete sooner and it is called less.
        self.calls_python = False
        # Per variable: code -> the domain's own object (None: the code is the value).
        self.decode: Dict[Hashable, Optional[Dict[int, Any]]] = {}
        codes: Dict[Any, int] = {}
        unhashable: List[Any] = []
        for i, (name, domain) in enumerate(domains.items()):
            if self.native:
                self.vars[name] = self.model.int_var(list(domain), name="v%d" % i)
                self.decode[name] = None
                continue
            own: Dict[int, Any] = {}
            for value in domain:
                code = _intern(value, codes, unhashable)
                own.setdefault(code, value)
            self.vars[name] = self.model.int_var(list(own), name="v%d" % i)
            self.decode[name] = own

    def values(self, name: Hashable) -> List[Any]:
        """The domain's values of `name` as the engine numbers them: (code, value)."""
        own = self.decode[name]
        if own is None:
            return [(v, v) for v in self.model.domain(self.vars[name])]
        return list(own.items())

    def identity(self, names: Sequence[Hashable]) -> bool:
        return all(self.decode[n] is None for n in names)

    def value_of(self, name: Hashable, code: int) -> Any:
        own = self.decode[name]
        return code if own is None else own[code]

    def solutions(self, solver: "_native.Solver") -> Iterator[Dict[Hashable, Any]]:
        """The solver's solutions as dicts from the problem's variables."""
        if self.native:
            return _native._solution_dicts(solver, self.names)
        return (self.solution(s.values()) for s in solver.solutions())

    def solution(self, values: List[int]) -> Dict[Hashable, Any]:
        if self.native:
            return dict(zip(self.names, values))
        return {n: self.decode[n][c] for n, c in zip(self.names, values)}

    def predicate(self, names: Sequence[Hashable], check: Callable[..., Any]) -> None:
        """`check(*values)` over the variables `names` (decoded for it)."""
        scope = [self.vars[n] for n in names]
        combinations = 1
        for n in set(names):
            combinations *= len(self.model.domain(self.vars[n]))
        self.calls_python |= combinations > _TABULATED
        if self.identity(names):
            self.model.predicate(scope, check)
            return
        decode = [self.decode[n] for n in names]

        def decoded(*codes: int) -> Any:
            return check(*[d[c] if d is not None else c for d, c in zip(decode, codes)])

        self.model.predicate(scope, decoded)


def _intern(value: Any, codes: Dict[Any, int], unhashable: List[Any]) -> int:
    # Equal values (by ==, as python-constraint's dicts and `in` compare
    # them) share a code, so all-different and equality mean the same.
    try:
        return codes.setdefault(value, len(codes) + len(unhashable))
    except TypeError:
        for i, other in enumerate(unhashable):
            if other == value:
                return -1 - i
        unhashable.append(value)
        return -len(unhashable)


# The engine tabulates a predicate over at most this many combinations.
_TABULATED = 4096

# A sum over more combinations of values than this makes the search
# maintain arc consistency (bounds reasoning on the sum at every node).
_WIDE_SUM = 100_000

# Decimal fractions with at most this many digits after the point (0.05,
# 1.25) scale to integers for the engine's sums.
_MAX_DECIMALS = 6


def _as_integers(*numbers: Any) -> Optional[List[int]]:
    """The numbers times one power of ten, as integers, when each is an int
    or a float written with few decimals (python-constraint rounds float
    sums to 10 decimals, so such a sum compares as its exact decimal value
    does); else None."""
    decimals = []
    for n in numbers:
        if type(n) is int:
            decimals.append(Decimal(n))
        elif type(n) is float and math.isfinite(n):
            d = Decimal(repr(n))
            if d.as_tuple().exponent < -_MAX_DECIMALS:
                return None
            decimals.append(d)
        else:
            return None
    places = max((-d.as_tuple().exponent for d in decimals), default=0)
    scale = Decimal(10) ** max(places, 0)
    scaled = [int(d * scale) for d in decimals]
    return scaled if all(abs(x) < 2**62 for x in scaled) else None


def _build(domains: Dict[Hashable, Domain], constraints: list) -> _Encoding:
    encoding = _Encoding(domains)
    for constraint, variables in constraints:
        constraint._post(encoding, list(variables), domains)
    return encoding


# ----------------------------------------------------------------------
# Solvers


class Solver:
    """The base class of solvers. A solver of your own overrides
    ``getSolution``, ``getSolutions`` and ``getSolutionIter``, each given
    the prepared problem: ``domains`` (variable -> ``Domain``),
    ``constraints`` (a list of ``(constraint, variables)``) and
    ``vconstraints`` (variable -> the constraints on it)."""

    def getSolution(self, domains, constraints, vconstraints):
        """One solution, or None."""
        raise NotImplementedError("%s is an abstract class" % self.__class__.__name__)

    def getSolutions(self, domains, constraints, vconstraints):
        """Every solution."""
        raise NotImplementedError("%s provides only a single solution" % self.__class__.__name__)

    def getSolutionIter(self, domains, constraints, vconstraints):
        """An iterator over the solutions."""
        raise NotImplementedError("%s doesn't provide iteration" % self.__class__.__name__)


class BacktrackingSolver(Solver):
    """Systematic search: the engine's forward checking, smallest domain
    first (maintaining arc consistency instead when a sum spans more than
    100,000 combinations of values, which forward checking would prune only
    at its last variable; and smallest domain per constraint, dom-deg, when
    a function is called during the search, so that it is called less), or
    its plain backtracking with ``forwardcheck=False``."""

    def __init__(self, forwardcheck: bool = True) -> None:
        self._forwardcheck = forwardcheck

    def _solver(self, encoding: _Encoding) -> "_native.Solver":
        if not self._forwardcheck:
            return encoding.model.solver(strategy="backtracking")
        strategy = "arc-consistency" if encoding.wide_sums else "forward-checking"
        var_order = "dom-deg" if encoding.calls_python else "smallest-domain"
        return encoding.model.solver(strategy=strategy, var_order=var_order)

    def getSolutionIter(self, domains, constraints, vconstraints):
        encoding = _build(domains, constraints)
        return encoding.solutions(self._solver(encoding))

    def getSolution(self, domains, constraints, vconstraints):
        encoding = _build(domains, constraints)
        first = self._solver(encoding).first()
        return None if first is None else encoding.solution(first.values())

    def getSolutions(self, domains, constraints, vconstraints):
        encoding = _build(domains, constraints)
        return list(encoding.solutions(self._solver(encoding)))


class RecursiveBacktrackingSolver(BacktrackingSolver):
    """The same search as ``BacktrackingSolver`` (the engine never
    recurses); like python-constraint's, it offers no iteration."""

    def getSolutionIter(self, domains, constraints, vconstraints):
        raise NotImplementedError("%s doesn't provide iteration" % self.__class__.__name__)


class MinConflictsSolver(Solver):
    """The engine's min-conflicts local search: one solution, or None after
    `steps` sweeps over the variables without one."""

    def __init__(self, steps: int = 1000) -> None:
        self._steps = steps

    def getSolution(self, domains, constraints, vconstraints):
        encoding = _build(domains, constraints)
        steps = max(1, self._steps) * max(1, len(domains))
        found = encoding.model.local_search(max_steps=steps, seed=random.getrandbits(63))
        solution = found["solution"]
        return None if solution is None else encoding.solution(solution.values())


# ----------------------------------------------------------------------
# Constraints


class Constraint:
    """The base class of constraints. A constraint of your own overrides
    ``__call__(variables, domains, assignments, forwardcheck=False)``:
    whether the values in `assignments` (a dict) satisfy it. The engine
    calls it with every variable assigned."""

    def __call__(self, variables, domains, assignments, forwardcheck=False):
        return True

    def preProcess(self, variables, domains, constraints, vconstraints):
        """Prunes the domains before the search. By default a constraint on
        one variable keeps the values it accepts and leaves the problem."""
        if len(variables) == 1:
            variable = variables[0]
            domain = domains[variable]
            for value in domain[:]:
                if not self(variables, domains, {variable: value}):
                    domain.remove(value)
            constraints.remove((self, variables))
            vconstraints[variable].remove((self, variables))

    def forwardCheck(self, variables, domains, assignments, _unassigned=Unassigned):
        """python-constraint's generic forward check (for constraints of
        your own that call it): with one variable left unassigned, hides its
        values that break the constraint."""
        unassignedvariable = _unassigned
        for variable in variables:
            if variable not in assignments:
                if unassignedvariable is _unassigned:
                    unassignedvariable = variable
                else:
                    break
        else:
            if unassignedvariable is not _unassigned:
                domain = domains[unassignedvariable]
                if domain:
                    for value in domain[:]:
                        assignments[unassignedvariable] = value
                        if not self(variables, domains, assignments):
                            domain.hideValue(value)
                    del assignments[unassignedvariable]
                if not domain:
                    return False
        return True

    def _post(self, encoding: _Encoding, variables: list, domains) -> None:
        # Any constraint: a predicate called with the complete assignment.
        def check(*values: Any) -> bool:
            return bool(self(variables, domains, dict(zip(variables, values))))

        encoding.predicate(variables, check)


class FunctionConstraint(Constraint):
    """A function of the variables' values (in the order of the variables)
    that returns whether they satisfy the constraint."""

    def __init__(self, func: Callable[..., Any], assigned: bool = True) -> None:
        self._func = func
        self._assigned = assigned

    def __call__(self, variables, domains, assignments, forwardcheck=False, _unassigned=Unassigned):
        parms = [assignments.get(x, _unassigned) for x in variables]
        missing = parms.count(_unassigned)
        if missing:
            return (self._assigned or self._func(*parms)) and (
                not forwardcheck or missing != 1 or self.forwardCheck(variables, domains, assignments)
            )
        return self._func(*parms)

    def _post(self, encoding, variables, domains):
        encoding.predicate(variables, self._func)


class AllDifferentConstraint(Constraint):
    """The variables take pairwise different values."""

    def __call__(self, variables, domains, assignments, forwardcheck=False, _unassigned=Unassigned):
        seen = {}
        for variable in variables:
            value = assignments.get(variable, _unassigned)
            if value is not _unassigned:
                if value in seen:
                    return False
                seen[value] = True
        return True

    def _post(self, encoding, variables, domains):
        encoding.model.all_different([encoding.vars[v] for v in variables])


class AllEqualConstraint(Constraint):
    """The variables all take the same value."""

    def __call__(self, variables, domains, assignments, forwardcheck=False, _unassigned=Unassigned):
        values = [assignments[v] for v in variables if v in assignments]
        return all(v == values[0] for v in values)

    def _post(self, encoding, variables, domains):
        first = encoding.vars[variables[0]]
        for v in variables[1:]:
            encoding.model.equal(first, encoding.vars[v])


class _Sum(Constraint):
    """A sum of the values (times the multipliers) compared with a bound."""

    _cmp = "=="

    def __init__(self, bound: Any, multipliers: Optional[Sequence[Any]] = None) -> None:
        self._bound = bound
        self._multipliers = multipliers

    def _total(self, variables, assignments):
        if self._multipliers:
            total = sum(assignments[v] * m for v, m in zip(variables, self._multipliers))
        else:
            total = sum(assignments[v] for v in variables)
        if type(total) is float:
            total = round(total, 10)
        return total

    def _holds(self, total) -> bool:
        raise NotImplementedError

    def __call__(self, variables, domains, assignments, forwardcheck=False):
        if any(v not in assignments for v in variables):
            return True
        return self._holds(self._total(variables, assignments))

    def _prune_above(self, variables, domains):
        # python-constraint drops every value whose own term exceeds the
        # bound (sound for non-negative terms): so does this layer.
        multipliers = self._multipliers or [1] * len(variables)
        for variable, multiplier in zip(variables, multipliers):
            domain = domains[variable]
            for value in domain[:]:
                if value * multiplier > self._bound:
                    domain.remove(value)

    def _post(self, encoding, variables, domains):
        multipliers = list(self._multipliers) if self._multipliers else [1] * len(variables)
        # zip: python-constraint ignores variables beyond the multipliers.
        pairs = list(zip(variables, multipliers))
        scaled = _as_integers(self._bound, *multipliers)
        if encoding.identity(variables) and scaled is not None:
            bound, *factors = scaled
            terms = [(m, encoding.vars[v]) for (v, _), m in zip(pairs, factors)]
            encoding.model.linear(terms, self._cmp, bound)
            combinations = 1
            for v, _ in pairs:
                combinations *= len(domains[v])
            encoding.wide_sums |= combinations > _WIDE_SUM
            return
        names = [v for v, _ in pairs]

        def check(*values: Any) -> bool:
            return self._holds(self._total(names, dict(zip(names, values))))

        encoding.predicate(names, check)


class ExactSumConstraint(_Sum):
    """The values (times `multipliers`, if given) sum to exactly `exactsum`."""

    _cmp = "=="

    def __init__(self, exactsum: Any, multipliers: Optional[Sequence[Any]] = None) -> None:
        super().__init__(exactsum, multipliers)

    def _holds(self, total) -> bool:
        return total == self._bound

    def preProcess(self, variables, domains, constraints, vconstraints):
        Constraint.preProcess(self, variables, domains, constraints, vconstraints)
        self._prune_above(variables, domains)


class MaxSumConstraint(_Sum):
    """The values (times `multipliers`, if given) sum to at most `maxsum`."""

    _cmp = "<="

    def __init__(self, maxsum: Any, multipliers: Optional[Sequence[Any]] = None) -> None:
        super().__init__(maxsum, multipliers)

    def _holds(self, total) -> bool:
        return total <= self._bound

    def preProcess(self, variables, domains, constraints, vconstraints):
        Constraint.preProcess(self, variables, domains, constraints, vconstraints)
        self._prune_above(variables, domains)


class MinSumConstraint(_Sum):
    """The values (times `multipliers`, if given) sum to at least `minsum`."""

    _cmp = ">="

    def __init__(self, minsum: Any, multipliers: Optional[Sequence[Any]] = None) -> None:
        super().__init__(minsum, multipliers)

    def _holds(self, total) -> bool:
        return total >= self._bound


class _SetFilter(Constraint):
    """Keeps (or drops) the values in a set, before the search."""

    _keep = True

    def __init__(self, set: Any) -> None:
        self._set = set

    def __call__(self, variables, domains, assignments, forwardcheck=False):
        raise RuntimeError("Can't happen")

    def preProcess(self, variables, domains, constraints, vconstraints):
        for variable in variables:
            domain = domains[variable]
            for value in domain[:]:
                if (value in self._set) != self._keep:
                    domain.remove(value)
            vconstraints[variable].remove((self, variables))
        constraints.remove((self, variables))


class InSetConstraint(_SetFilter):
    """The values are in `set`."""

    _keep = True


class NotInSetConstraint(_SetFilter):
    """The values are not in `set`."""

    _keep = False


class _SomeInSet(Constraint):
    """At least (or exactly) `n` of the values are in (or not in) a set."""

    _inside = True

    def __init__(self, set: Any, n: int = 1, exact: bool = False) -> None:
        self._set = set
        self._n = n
        self._exact = exact

    def __call__(self, variables, domains, assignments, forwardcheck=False):
        if any(v not in assignments for v in variables):
            return True
        found = sum((assignments[v] in self._set) == self._inside for v in variables)
        return found == self._n if self._exact else found >= self._n

    def _post(self, encoding, variables, domains):
        flags = []
        for v in variables:
            b = encoding.model.bool_var()
            codes = [c for c, value in encoding.values(v) if (value in self._set) == self._inside]
            encoding.model.reify(b, encoding.vars[v].is_in(codes))
            flags.append(b)
        encoding.model.linear(flags, "==" if self._exact else ">=", self._n)


class SomeInSetConstraint(_SomeInSet):
    """At least `n` of the values (exactly `n` with `exact`) are in `set`."""

    _inside = True


class SomeNotInSetConstraint(_SomeInSet):
    """At least `n` of the values (exactly `n` with `exact`) are not in `set`."""

    _inside = False
