"""Iterating over millions of solutions holds the iterator's state only:
each solution is made when asked for and freed when dropped."""

import gc
import os
import resource
import sys
import tracemalloc

import pytest

from conftest import queens


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_iterating_all_14_queens_solutions_holds_no_solution_list():
    m, q = queens(14)
    gc.collect()
    it = m.solutions()
    first = next(it)  # the search's own state is allocated now
    base = rss_bytes()
    tracemalloc.start()
    peak_rss, n, checksum = base, 1, first[q[0]]
    for s in it:
        n += 1
        checksum += s[q[0]]
        if n % 20_000 == 0:
            peak_rss = max(peak_rss, rss_bytes())
    _, python_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert n == 365_596 and it.outcome.is_complete
    assert checksum == sum(s[q[0]] for s in m.solutions())  # the values were real
    # Kept, the solutions would take about 365,596 x (a Solution object and
    # its 14 values) = some 40 MB; the iterator holds less than 4 MB more.
    assert peak_rss - base < 4 * 2**20, "RSS grew by %d bytes" % (peak_rss - base)
    assert python_peak < 256 * 2**10, "Python heap peaked at %d bytes" % python_peak


def test_a_kept_list_of_solutions_does_grow():
    # The Python-heap measurement above can fail: kept solutions show there.
    m, _ = queens(12)
    tracemalloc.start()
    kept = list(m.solutions())
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(kept) == 14_200 and current > 14_200 * 32
