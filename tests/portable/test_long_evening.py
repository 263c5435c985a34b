"""A long evening in one boot: every game three times, entered from the launcher, played a few
keys, left through "Thoát ván?" (save and leave) and entered again (resuming the save).

Under micropython (HEAP below, both installs: ROMFS and .mpy files) no MemoryError may happen
and the launcher's free heap must come back to within 2 KB of where the first round left it
(see check()): leaving a game frees it. The curve (free bytes at the launcher after boot, then
after each game left) is printed as `heap curve BOARD ...`.
"""

import gc

from fake_hw import TWO, hold, new_app, open_game, press, run

HEAP = "160K"
GAMES = 4           # tet.games.registry's (imported after the boot: the harness holds no firmware)
ROUNDS = 3
SLACK = 2048


def launcher_free(app):
    """Free heap with the launcher shown (None on CPython, which has no fixed heap)."""
    assert app.screen is app.stack[0]
    gc.collect()
    return gc.mem_free() if hasattr(gc, "mem_free") else None  # type: ignore[attr-defined]


def into_play(app):
    """From a game's first screen, press select until its play screen (a GameScreen with a save
    key) is on top: starts a new game, or resumes the saved one."""
    ok = TWO[app.hw.name][1]
    for _ in range(6):
        if getattr(app.screen, "save_key", ""):
            return app.screen
        press(app, ok)
    raise AssertionError("no play screen after select: " + app.screen.title)


def leave(app):
    """Hold back until the launcher shows; on "Thoát ván?" pick "Lưu và thoát"."""
    nxt, ok = TWO[app.hw.name]
    for _ in range(8):
        if app.screen is app.stack[0]:
            return
        hold(app, ok)
        if app.screen.title == "Thoát ván?":
            press(app, nxt)
            press(app, ok)
    raise AssertionError("could not leave " + app.screen.title)


def count_out_of_memory(app):
    """A list whose length counts the times the app runs out of heap from now on: it then
    closes the game and goes home on its own (App._out_of_memory), which a test that only
    walks the screens would take for leaving."""
    seen = []
    closes = app._out_of_memory

    def counted():
        seen.append(1)
        closes()

    app._out_of_memory = counted
    return seen


def evening(board):
    """Play the evening on `board`; return the launcher's free heap after boot and after each
    game left. The app never runs out of heap on the way."""
    app = new_app(board)
    out_of_memory = count_out_of_memory(app)
    from tet.games.registry import GAMES as ENTRIES, ID

    assert len(ENTRIES) == GAMES
    nxt, ok = TWO[board]
    curve = [launcher_free(app)]
    for _round in range(ROUNDS):
        for entry in ENTRIES:
            open_game(app, entry[ID])
            into_play(app)  # (no reference kept here: the heap check is about the app's own)
            for _ in range(3):
                press(app, nxt)
                press(app, ok)
                run(app, 700)
            leave(app)
            curve.append(launcher_free(app))
    assert not out_of_memory, "out of heap %d times" % len(out_of_memory)
    return curve


def check(board):
    """The evening on `board` ends with the launcher's free heap where the first round left it."""
    curve = evening(board)
    print("heap curve", board, " ".join(str(f) for f in curve))
    if curve[0] is None:
        return
    # The first visit of each game interns its names and strings for good (MicroPython never
    # frees a qstr; its pool grows by doubling): from then on, leaving a game must give back
    # everything it took.
    settled = curve[GAMES]
    assert min(curve[GAMES:]) >= settled - SLACK, curve
    assert abs(curve[-1] - settled) <= SLACK, curve


def test_long_evening_colour():
    check("ttgo_tdisplay")


def test_long_evening_mono():
    check("devkit_ssd1306")
