"""Watching a search: the observer, the replay page, the strategy study
and its chart."""

import pytest

import csp_engine
from csp_engine import Event, Model, ReplayPage, Solver, Study
from conftest import queens, require


def test_the_observer_sees_every_event_in_order():
    m = Model()
    x = m.int_vars(3, range(3))
    m.all_different(x)
    events = []
    o = Solver(m, strategy="forward-checking", observer=events.append).count()
    kinds = [e.kind for e in events]
    assert all(isinstance(e, Event) for e in events)
    assert kinds.count("solution") == o.solutions == 6
    assert kinds.count("choose") == o.stats["nodes"] - 1  # the root is a node too
    assert kinds.count("choose") == kinds.count("unchoose")
    assert kinds.count("prune") == o.stats["pruned"]
    first = events[0]
    assert (first.kind, first.var, first.value, first.depth) == ("choose", x[0], 0, 1)
    prune = next(e for e in events if e.kind == "prune")
    assert prune.constraint == 0 and prune.depth is None and "by constraint 0" in repr(prune)
    solution = next(e for e in events if e.kind == "solution")
    assert solution.values == [0, 1, 2] and solution.var is None


def test_failures_and_restarts_are_reported():
    m, _ = queens(6)
    events = []
    o = Solver(m, strategy="backtracking", observer=events.append).count()
    assert sum(e.kind == "fail" for e in events) == o.stats["failures"]
    events.clear()
    o = Solver(m, var_order="smallest-domain", restarts="luby:1", observer=events.append).first()
    assert o is not None


def test_an_observer_that_raises_stops_the_search():
    m, _ = queens(8)
    seen = []

    def observer(event):
        seen.append(event)
        if event.kind == "solution":
            raise LookupError("seen one")

    it = Solver(m, observer=observer).solutions()
    with pytest.raises(LookupError, match="seen one"):
        list(it)
    assert [e.kind for e in seen].count("solution") == 1 and list(it) == []


def test_the_replay_page(tmp_path):
    m, _ = queens(5)
    page = csp_engine.replay(m, ["backtracking", "forward-checking"], max_events=10_000, board=True)
    assert isinstance(page, ReplayPage)
    assert [r["title"] for r in page.runs] == ["backtracking", "forward-checking"]
    assert [r["solutions"] for r in page.runs] == [10, 10] and not any(r["truncated"] for r in page.runs)
    assert page.html.startswith("<!DOCTYPE html>") and 'id="replay-data"' in page.html
    assert '"q0"' in page.html  # the variables' names
    inline = page._repr_html_()
    assert inline.startswith("<iframe srcdoc=") and "&quot;" in inline and '"q0"' not in inline
    out = tmp_path / "replay.html"
    page.save(out)
    assert out.read_text() == page.html
    short = m.solver(strategy="generate-and-test").replay(max_events=100)
    assert short.runs[0]["truncated"]
    with pytest.raises(OSError):
        page.save(tmp_path / "missing" / "r.html")


def test_a_model_too_large_for_the_page_is_refused():
    m = Model()
    m.int_vars(200, range(100))
    with pytest.raises(ValueError, match="at most 10000 cells"):
        m.solver().replay(max_events=10)


def test_the_study_as_rows_table_and_chart(tmp_path):
    small, _ = queens(5)
    big, _ = queens(6)
    st = csp_engine.study({5: small, 6: big}, column="n", var_orders=["input", "smallest-domain"])
    assert isinstance(st, Study) and len(st) == len(csp_engine.Strategy) * 2 * 2
    rows = st.rows
    assert set(rows[0]) == {
        "strategy", "var_order", "value_order", "n", "mode", "status",
        "solutions", "nodes", "failures", "backtracks", "checks", "pruned",
        "backjumps", "nogoods", "seconds",
    }
    assert {(r["n"], r["solutions"]) for r in rows} == {(5, 10), (6, 4)}
    assert all(r["status"] == "complete" for r in rows)
    fc = [r for r in rows if r["strategy"] == "forward-checking" and r["var_order"] == "input" and r["n"] == 6]
    assert fc[0]["nodes"] == Solver(big).count().stats["nodes"]
    table = st.table()
    assert table.splitlines()[0].split()[:3] == ["strategy", "var", "order"]
    assert len(table.splitlines()) == 2 + len(st)
    chart = st.chart()
    assert chart.svg.startswith("<svg") and "forward-checking" in chart.svg
    chart.save(tmp_path / "chart.svg")
    assert (tmp_path / "chart.svg").read_text() == chart.svg
    assert chart._repr_svg_() == chart.svg
    assert "<table>" in st._repr_html_()


def test_the_study_of_named_models_and_first_mode():
    a, _ = queens(6)
    b = Model()
    b.all_different(b.int_vars(4, range(4)))
    st = csp_engine.study({"queens": a, "perm": b}, strategies="backtracking,arc-consistency", mode="first")
    assert {r["model"] for r in st.rows} == {"queens", "perm"}
    assert all(r["solutions"] == 1 and r["status"] == "found" for r in st.rows)
    assert "variable order / value order" in st.chart().svg
    one = csp_engine.study(a, strategies=["forward-checking"])
    assert len(one) == 1 and one.rows[0]["model"] == "model"


def test_study_limits_and_bad_settings():
    m, _ = queens(12)
    st = csp_engine.study(m, strategies=["generate-and-test"], nodes=1000)
    assert st.rows[0]["status"].startswith("limit reached")
    with pytest.raises(ValueError, match="strategies"):
        csp_engine.study(m, strategies=["fastest"])
    with pytest.raises(ValueError, match="mode"):
        csp_engine.study(m, mode="some")
    with pytest.raises(TypeError):
        csp_engine.study(m, strategies=3)


def test_the_study_as_a_dataframe():
    pandas = require("pandas")
    m, _ = queens(6)
    df = csp_engine.study(m).to_dataframe()
    assert isinstance(df, pandas.DataFrame) and len(df) == len(csp_engine.Strategy)
    assert list(df["strategy"]) == [s.value for s in csp_engine.Strategy]
    assert df.set_index("strategy").loc["forward-checking", "solutions"] == 4
