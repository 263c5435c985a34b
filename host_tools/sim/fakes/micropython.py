"""CPython stand-in for MicroPython's `micropython` module (simulator and desktop tests only).

The code emitters are no-ops here: `@micropython.native` and `@micropython.viper` functions run as
plain Python.  Importing this module also defines the viper pointer types (`ptr8`, `ptr16`,
`ptr32`, `uint`) as builtins, because CPython evaluates a viper function's annotations when it
defines it; `ptr8(x)` returns `x`, which indexes like a ptr8 for bytes and bytearrays (code that
must also run on the desktop uses ptr8 only).
"""

import builtins


def const(value):
    """Compile-time constant on MicroPython; the value itself here."""
    return value


def native(func):
    """Native code emitter: a no-op on CPython."""
    return func


def viper(func):
    """Viper code emitter: a no-op on CPython."""
    return func


def mem_info(verbose=None):
    """Print a one-line stand-in for MicroPython's memory report."""
    print("mem: simulated (CPython)")


def qstr_info(verbose=None):
    """No interned-string table to report on CPython."""
    print("qstr: simulated (CPython)")


def stack_use():
    """Stack use is not measured in the simulator."""
    return 0


def heap_lock():
    """The heap cannot be locked on CPython; returns the lock depth (always 0)."""
    return 0


def heap_unlock():
    """Counterpart of heap_lock()."""
    return 0


def alloc_emergency_exception_buf(size):
    """Nothing to reserve on CPython."""


def opt_level(level=None):
    """Optimisation level of the compiler (always 0 here)."""
    return 0 if level is None else None


def kbd_intr(char):
    """Ctrl-C handling is CPython's own."""


def schedule(func, arg):
    """Run the scheduled callback at once (there are no interrupts in the simulator)."""
    func(arg)


def _pointer(value):
    return value


for _name in ("ptr8", "ptr16", "ptr32", "uint"):
    if not hasattr(builtins, _name):
        setattr(builtins, _name, _pointer)
