"""The n-queens module: the board model and the tutorials' walkthroughs."""

import pytest

from csp_engine import nqueens


def test_the_walkthrough_figures():
    greedy = nqueens.solve(4, "greedy", "first")
    assert greedy.solutions == 0 and greedy.stuck["values"] == [0, 2] and greedy.stuck["next_line"] == 2
    assert "stuck in row 2" in greedy.stuck["message"]
    brute = nqueens.solve(8, "combinations", "first")
    assert brute.work["combinations examined"] == 433_354_409 and brute.first == [0, 4, 7, 5, 2, 6, 1, 3]
    three = nqueens.solve(8, "three-sets")
    assert (three.solutions, three.stats["nodes"]) == (92, 2057)


@pytest.mark.parametrize("name", [name for name, _ in nqueens.approaches() if name not in ("greedy", "min-conflicts")])
def test_every_exhaustive_approach_counts_6_queens(name):
    report = nqueens.solve(6, name)
    assert report.solutions == 4 and report.complete, name


def test_approaches_and_goals():
    names = [n for n, _ in nqueens.approaches()]
    assert "three-sets" in names and "reference" in names and len(names) == len(set(names)) == 12
    assert {"backjumping", "nogood-learning"} <= set(names)
    first = nqueens.solve(30, "min-conflicts", "first", seed=3)
    assert first.first is not None and len(first.first) == 30
    seen = []
    report = nqueens.solve(6, "forward-checking", "all", on_solution=seen.append)
    assert len(seen) == report.solutions == 4 and seen[0] == [1, 3, 5, 0, 2, 4]
    stopped = nqueens.solve(8, "backtracking", "all", on_solution=lambda cols: False)
    assert stopped.solutions == 1
    assert nqueens.solve(8, "backtracking", unique=True).solutions == 12
    with pytest.raises(ValueError):
        nqueens.solve(8, "quantum")
    with pytest.raises(ValueError, match="goal"):
        nqueens.solve(8, goal="some")
    with pytest.raises(ZeroDivisionError):
        nqueens.solve(6, "backtracking", "all", on_solution=lambda cols: 1 / 0)


def test_the_model_is_the_commands_model():
    m, q = nqueens.model(8)
    assert [v.name for v in q] == ["q%d" % i for i in range(8)]
    assert m.count().solutions == 92
    m.assign(q[0], 0)
    assert m.count().solutions == 4
    assert nqueens.model(8)[0].count().solutions == 92
    tall, lines = nqueens.model(5, 3)
    assert len(lines) == 3 and tall.count().solutions > 0


def test_render_study_and_replay():
    text = nqueens.render([1, 3, 0, 2])
    assert text.splitlines() == [". Q . .", ". . . Q", "Q . . .", ". . Q ."]
    assert nqueens.render([1, 3, 0, 2], "columns") == "[1, 3, 0, 2]"
    with pytest.raises(ValueError):
        nqueens.render([0, 9, 1])
    st = nqueens.study(range(4, 8), strategies=["backtracking", "forward-checking"])
    assert [r["n"] for r in st.rows][:4] == [4, 5, 6, 7]
    assert "n (board size)" in st.chart().svg
    page = nqueens.replay(5, ["forward-checking"], max_events=5000)
    assert page.runs[0]["solutions"] == 10 and "♛" in page.html
