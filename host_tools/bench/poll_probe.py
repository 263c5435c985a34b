"""device_probe.py's `poll` mode: each item runs twice under benchlib.mark() bounds, first with a
should_stop that marks every poll and never stops, then with one that stops from the middle poll
on; hostbench_poll_gaps.py splits the regions (its own module, so that device_probe stays small
enough to compile beside the games in 160K)."""

import benchlib


class _Poll:
    """A should_stop that counts its calls, marks each (or only the one it stops at), and
    answers True from call `stop_at` on (0: never)."""

    def __init__(self, stop_at=0, mark_all=True):
        self.calls = 0
        self.stop_at = stop_at
        self.mark_all = mark_all

    def __call__(self):
        self.calls += 1
        if self.mark_all or self.calls == self.stop_at:
            benchlib.mark()
        return 0 < self.stop_at <= self.calls


def run(items, work, poll):
    """device_probe's `poll` mode (see its docstring): `poll` is its POLL, the should_stop the
    workloads pass on."""
    out = []
    for item in items:
        calm = _Poll()
        poll[0] = calm
        benchlib.mark()
        units = work(item)
        benchlib.mark()
        poll[0] = _Poll(max(1, (calm.calls + 1) // 2), False)
        work(item)
        benchlib.mark()
        poll[0] = None
        out.append((units, calm.calls))
    return out
