"""Checks that the micropython lane hides unix-only modules (used by test_micropython_lane)."""


def test_argparse_and_termios_hidden():
    for name in ("argparse", "termios"):
        try:
            __import__(name)
        except ImportError:
            continue
        raise AssertionError(name + " should be hidden")
