"""A long evening: every game three times, entered from the launcher, played a few keys, left
through "Thoát ván?" (save and leave) and entered again (resuming the save).

A board opens each game on a heap of its own: opening a game after another one restarts
MicroPython, and the next boot opens it (tet.ui.launcher). Under micropython each boot is a
process of its own (mp_lane.run_boots, the boot's number in TET_BOOT), as a soft reset gives a
fresh heap; on CPython the board boots again in this process (fake_hw.reboot). The evening's
progress goes from one boot to the next in a file beside the board's storage.

Under micropython (HEAP below, both installs: ROMFS and .mpy files) no MemoryError may happen,
and each game left gives the launcher the same free heap round after round, within 2 KB (see
check()). The curve (free bytes at the launcher after the first boot, then after each game
left) is printed as `heap curve BOARD ...`.
"""

import gc
import json
import sys

from fake_hw import TWO, Restarted, board_storage, boot_number, hold, new_app, open_game, press, run

HEAP = "160K"
GAMES = 4           # tet.registry's (imported after the boot: the harness holds no firmware)
ROUNDS = 3
SLACK = 2048
# CPython boots the board again in this process; micropython leaves it to a new process
IN_PROCESS = sys.implementation.name != "micropython"


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


def _save_progress(path, step, curve):
    with open(path, "w") as f:
        json.dump({"step": step, "curve": curve}, f)


def _load_progress(path):
    with open(path) as f:
        progress = json.load(f)
    return progress["step"], progress["curve"]


def evening_boot(board, boot, path):
    """Boot `board` (its `boot`-th boot of the evening: 0 the first) and play the evening on
    from where the last boot left it, until it ends (returns the curve) or the board restarts
    (Restarted goes up, the progress saved at `path`). The app never runs out of heap."""
    if boot:
        step, curve = _load_progress(path)
        app = new_app(board, keep_storage=True)
    else:
        step = 0
        app = new_app(board)
        curve = [launcher_free(app)]
    out_of_memory = count_out_of_memory(app)
    from tet.registry import GAMES as ENTRIES, ID, PACKAGE

    assert len(ENTRIES) == GAMES
    nxt, ok = TWO[board]
    while step < ROUNDS * GAMES:
        entry = ENTRIES[step % GAMES]
        if app.screen is app.stack[0]:
            _save_progress(path, step, curve)
            open_game(app, entry[ID])   # after another game: the board restarts into it
        assert app.stack[0].opened == entry[PACKAGE], (step, app.stack[0].opened)
        into_play(app)  # (no reference kept here: the heap check is about the app's own)
        for _ in range(3):
            press(app, nxt)
            press(app, ok)
            run(app, 700)
        leave(app)
        assert not out_of_memory, "out of heap at step %d" % step
        curve.append(launcher_free(app))
        step += 1
    # every game after the first opened on a boot of its own
    assert boot == ROUNDS * GAMES - 1, boot
    return curve


def evening(board):
    """Play the evening on `board`, boot after boot; return the launcher's free heap after the
    first boot and after each game left."""
    path = board_storage(board) + ".evening"
    boot = boot_number()
    while True:
        try:
            return evening_boot(board, boot, path)
        except Restarted:
            if not IN_PROCESS:
                raise
            boot += 1


def check(board):
    """Each game of the evening, left, gives the launcher the free heap it gave in the first
    round (each game is on a boot of its own: the same boot, the same heap)."""
    curve = evening(board)
    print("heap curve", board, " ".join(str(f) for f in curve))
    if curve[0] is None:
        return
    for left in range(GAMES + 1, len(curve)):
        assert abs(curve[left] - curve[left - GAMES]) <= SLACK, (left, curve)


def test_long_evening_colour():
    check("ttgo_tdisplay")


def test_long_evening_mono():
    check("devkit_ssd1306")
