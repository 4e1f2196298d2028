"""Random small problems, solved three ways: the native API against brute
force (every operator and comparison the bindings translate), and the
python-constraint layer against python-constraint 1.4.0 itself.

CASES (default 200) sets how many problems each test draws; SEED picks
another sequence of them.
"""

import itertools
import operator
import os
import random

import pytest

import csp_engine.constraint as ours
from csp_engine import Model
from conftest import require

CASES = int(os.environ.get("CASES", "200"))
SEED = int(os.environ.get("SEED", "0"))

COMPARE = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def random_expr(rng, xs):
    """(engine expression, Python function of the values): a small linear
    expression built with the operators."""
    k = rng.randint(1, 3)
    picks = [rng.randrange(len(xs)) for _ in range(k)]
    coefs = [rng.choice([-3, -2, -1, 1, 2, 3]) for _ in range(k)]
    constant = rng.randint(-4, 4)
    style = rng.randrange(3)
    expr = constant if style == 0 else 0
    for a, i in zip(coefs, picks):
        if style == 1 and a == 1:
            expr = expr + xs[i]
        elif style == 1 and a == -1:
            expr = expr - xs[i]
        else:
            expr = expr + a * xs[i] if rng.random() < 0.5 else a * xs[i] + expr
    if style != 0:
        expr = expr + constant if rng.random() < 0.5 else constant + expr
    if isinstance(expr, int):  # all terms cancelled to a constant: keep a variable
        expr = xs[0] + expr
        picks, coefs = picks + [0], coefs + [1]
    value = lambda vals: sum(a * vals[i] for a, i in zip(coefs, picks)) + constant  # noqa: E731
    return expr, value


def test_native_relations_against_brute_force():
    rng = random.Random(SEED)
    for case in range(CASES):
        m = Model()
        n = rng.randint(2, 4)
        domains = [sorted(rng.sample(range(-3, 5), rng.randint(1, 5))) for _ in range(n)] + [[0, 1]]
        xs = [m.int_var(d) for d in domains]
        b = xs[-1]  # a boolean for reification
        checks = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.randrange(6)
            if kind <= 1:
                (e1, f1), (e2, f2) = random_expr(rng, xs[:n]), random_expr(rng, xs[:n])
                op = rng.choice(list(COMPARE))
                m.add(COMPARE[op](e1, e2))
                checks.append(lambda v, f1=f1, f2=f2, op=op: COMPARE[op](f1(v), f2(v)))
            elif kind == 2:
                i, j = rng.randrange(n), rng.randrange(n)
                off = rng.randint(-2, 2)
                m.not_equal(xs[i], xs[j] + off)
                checks.append(lambda v, i=i, j=j, off=off: v[i] != v[j] + off)
            elif kind == 3:
                terms = [(rng.randint(-2, 2), rng.randrange(n)) for _ in range(rng.randint(1, 3))]
                op, rhs = rng.choice(list(COMPARE)), rng.randint(-4, 4)
                m.linear([(a, xs[i]) for a, i in terms], op, rhs)
                checks.append(lambda v, t=terms, op=op, rhs=rhs: COMPARE[op](sum(a * v[i] for a, i in t), rhs))
            elif kind == 4:
                (e1, f1), op, k = random_expr(rng, xs[:n]), rng.choice(list(COMPARE)), rng.randint(-3, 3)
                both = rng.random() < 0.5
                (m.reify if both else m.implies)(b, COMPARE[op](e1, k))
                if both:
                    checks.append(lambda v, f1=f1, op=op, k=k: v[-1] == int(COMPARE[op](f1(v), k)))
                else:
                    checks.append(lambda v, f1=f1, op=op, k=k: not v[-1] or COMPARE[op](f1(v), k))
            else:
                i = rng.randrange(n)
                values = rng.sample(range(-3, 5), 3)
                off = rng.randint(-1, 1)
                m.add((xs[i] + off).is_in(values))
                checks.append(lambda v, i=i, off=off, values=values: v[i] + off in values)
        everything = list(itertools.product(*domains))
        expected = {vals for vals in everything if all(c(vals) for c in checks)}
        assert all(m.is_solution(list(vals)) == (vals in expected) for vals in everything), case
        for strategy in ("backtracking", "forward-checking", "arc-consistency"):
            found = [tuple(s.values()[: n + 1]) for s in m.solutions(strategy=strategy)]
            assert len(found) == len(set(found)) and set(found) == expected, (case, strategy)


def random_problem(c, rng):
    """A python-constraint problem from the whole vocabulary, over
    non-negative values (where python-constraint's sums are exact)."""
    problem = c.Problem()
    names = ["v%d" % i for i in range(rng.randint(2, 4))]
    for name in names:
        problem.addVariable(name, rng.sample(range(0, 6), rng.randint(1, 4)))
    for _ in range(rng.randint(1, 4)):
        scope = rng.sample(names, rng.randint(1, len(names)))
        kind = rng.randrange(10)
        if kind == 0:
            problem.addConstraint(c.AllDifferentConstraint(), scope)
        elif kind == 1:
            problem.addConstraint(c.AllEqualConstraint(), scope)
        elif kind in (2, 3, 4):
            cls = [c.ExactSumConstraint, c.MaxSumConstraint, c.MinSumConstraint][kind - 2]
            bound = rng.choice([rng.randint(0, 10), rng.randint(0, 20) / 4, rng.randint(0, 10) + 0.1])
            pick = rng.random()
            if pick < 0.3:
                multipliers = [rng.randint(1, 3) for _ in scope]
            elif pick < 0.6:
                multipliers = [rng.choice([0.25, 0.5, 1.5, 0.1, 2]) for _ in scope]
            else:
                multipliers = None
            problem.addConstraint(cls(bound, multipliers), scope)
        elif kind == 5:
            problem.addConstraint(c.InSetConstraint(rng.sample(range(6), 3)), scope)
        elif kind == 6:
            problem.addConstraint(c.NotInSetConstraint(rng.sample(range(6), 2)), scope)
        elif kind == 7:
            cls = rng.choice([c.SomeInSetConstraint, c.SomeNotInSetConstraint])
            problem.addConstraint(cls(rng.sample(range(6), 3), rng.randint(0, len(scope)), rng.random() < 0.5), scope)
        else:
            k = len(scope)
            a, b = rng.randint(-2, 2), rng.randint(0, 6)
            if k == 1:
                problem.addConstraint(lambda x, a=a, b=b: a * x <= b, scope)
            else:
                problem.addConstraint(c.FunctionConstraint(lambda *v, a=a, b=b: a * v[0] + v[-1] != b), scope)
    return problem


def test_the_compatible_layer_against_python_constraint():
    theirs = require("constraint")
    for case in range(CASES):
        rng_a, rng_b = random.Random(SEED * 1_000_003 + case), random.Random(SEED * 1_000_003 + case)
        expected = {frozenset(s.items()) for s in random_problem(theirs, rng_a).getSolutions()}
        got = {frozenset(s.items()) for s in random_problem(ours, rng_b).getSolutions()}
        assert got == expected, case
