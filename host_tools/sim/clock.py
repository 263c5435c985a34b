"""MicroPython's tick functions for CPython, on a real or a virtual clock.

`install(clock)` adds `ticks_ms`, `ticks_us`, `ticks_cpu`, `ticks_add`, `ticks_diff`, `sleep_ms`
and `sleep_us` to CPython's `time` module.  Ticks wrap with period 2**30, like the ESP32 port,
so code that compares ticks without ticks_diff() breaks here as it would on the device.
"""

import time

PERIOD = 1 << 30
_MASK = PERIOD - 1
_HALF = PERIOD >> 1


def ticks_add(ticks, delta):
    """`ticks` moved by `delta` (may be negative), wrapped into the tick period."""
    return (ticks + delta) & _MASK


def ticks_diff(end, start):
    """Signed distance from `start` to `end`, correct across one wrap."""
    return ((end - start + _HALF) & _MASK) - _HALF


class RealClock:
    """Wall-clock time; `start_ms` shifts the tick counter (e.g. to just before a wrap)."""

    virtual = False

    def __init__(self, start_ms=0):
        self._origin_ns = time.monotonic_ns()
        self._start_us = start_ms * 1000
        self.on_sleep = None

    def now_us(self):
        """Microseconds since the clock started, plus the start offset (not wrapped)."""
        return (time.monotonic_ns() - self._origin_ns) // 1000 + self._start_us

    def sleep_us(self, us):
        """Sleep for real, then let the owner react (script events, window events)."""
        if us > 0:
            time.sleep(us / 1e6)
        if self.on_sleep is not None:
            self.on_sleep()


class VirtualClock(RealClock):
    """Time that moves only when the program sleeps, so headless runs are fast and repeatable.

    Each tick read also advances the clock by one microsecond, so code that busy-waits on the
    ticks still finishes.
    """

    virtual = True

    def __init__(self, start_ms=0):
        RealClock.__init__(self, start_ms)
        self._us = self._start_us

    def now_us(self):
        self._us += 1
        return self._us

    def advance_us(self, us):
        """Move time forward without sleeping (e.g. the time a display transfer takes)."""
        if us > 0:
            self._us += us

    def sleep_us(self, us):
        self.advance_us(us)
        if self.on_sleep is not None:
            self.on_sleep()


_clock = [RealClock()]


def current():
    """The clock the tick functions read."""
    return _clock[0]


def ticks_ms():
    """Milliseconds, wrapping at 2**30."""
    return (_clock[0].now_us() // 1000) & _MASK


def ticks_us():
    """Microseconds, wrapping at 2**30."""
    return _clock[0].now_us() & _MASK


def sleep_ms(ms):
    """Sleep `ms` milliseconds on the current clock."""
    _clock[0].sleep_us(int(ms) * 1000)


def sleep_us(us):
    """Sleep `us` microseconds on the current clock."""
    _clock[0].sleep_us(int(us))


def install(clock=None):
    """Make `clock` (default: a real clock) current and add the tick functions to `time`."""
    if clock is not None:
        _clock[0] = clock
    for name, func in (("ticks_ms", ticks_ms), ("ticks_us", ticks_us), ("ticks_cpu", ticks_us),
                       ("ticks_add", ticks_add), ("ticks_diff", ticks_diff),
                       ("sleep_ms", sleep_ms), ("sleep_us", sleep_us)):
        setattr(time, name, func)
    return _clock[0]
