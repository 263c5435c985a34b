"""A board's boot into a game a restart asked for, counted (run under micropython by
hostbench_restart.py through icount.module_regions).

Args: BOARD PACKAGE (a game of tet.registry). The firmware comes from the prelude's
`--install`. The note the launcher leaves before it restarts (tet.ui.launcher.NEXT_BOOT) is
written first; the counted region is the boot itself: the launcher, then the loop's first pass,
which opens the game and draws its first screen. Prints `title <the screen shown>`.
"""

from benchlib import mark


def main(args):
    board, package = args
    from fake_hw import FakeHardware, clear_storage  # the test harness is not firmware

    hw = FakeHardware(board, record_text=False)
    clear_storage(hw)
    from tet.core.storage import Storage

    Storage(hw.storage).save("boot", {"open": package})
    del Storage
    mark()
    from tet.ui import boot

    app = boot(hw)
    app.step()
    mark()
    print("title", app.screen.title, "opened", app.stack[0].opened)
