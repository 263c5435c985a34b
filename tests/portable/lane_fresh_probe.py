"""A probe of the lane's test runner (tests/test_micropython_lane.py): its second test fails when
the first ran in the same process, as it does when the whole module runs in one."""

import sys


def test_first_leaves_a_mark():
    sys.modules["lane_fresh_probe"].MARK = True


def test_second_finds_none():
    assert not hasattr(sys.modules["lane_fresh_probe"], "MARK"), "the same process as the first"
