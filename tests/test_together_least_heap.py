"""The search of host_tools/bench/together_least_heap.py, on a table that passes from a known
heap on: it finds the least heap of its steps that passes, from below or above the estimate,
and says so when none up to its ceiling does."""

import pytest

import together_least_heap as bench


@pytest.mark.parametrize("need", [96, 121, 126, 148, 151, 160, 163, 166, 199, 200])
@pytest.mark.parametrize("free", [0, 10000, 20000, 41504, 70000])
def test_the_search_finds_the_least_passing_heap_of_its_steps(monkeypatch, need, free):
    tried = []

    def table(install, game_id, role, kb, host_board):
        tried.append(kb)
        return kb >= need, {}

    monkeypatch.setattr(bench, "table", table)
    got = bench.least_heap("install", "xs", "host", None, free, 2)
    start = bench.DEVICE_KB - free // 1024 // 2 * 2
    grid = [kb for kb in range(2, bench.CEILING_KB + 1, 2) if kb >= need]    # start is even
    assert got == (grid[0] if grid else None)
    assert len(tried) == len(set(tried))        # no table played twice
    assert len(tried) <= abs(start - (got or bench.CEILING_KB)) // 2 + 2


def test_a_role_that_never_passes_is_reported_above_the_ceiling(monkeypatch):
    monkeypatch.setattr(bench, "table", lambda *args: (False, {}))
    assert bench.least_heap("install", "totom", "host", None, 0, 2) is None
