"""Boot the launcher on fake hardware and print the heap it holds (run under micropython).

Args: BOARD. The firmware comes from the prelude's `--install` (a ROMFS image: bytecode in place,
as on a device with a ROMFS partition; a directory of .mpy files: a stock board) or, without one,
from the .py sources.
Prints `heap <bytes in use by the firmware> fb <framebuffer bytes>`.
"""

import gc


def main(args):
    board = args[0]
    from fake_hw import FakeHardware, clear_storage  # the test harness is not firmware: not counted

    gc.collect()
    before = gc.mem_alloc()  # fake_hw allocated the framebuffer already: it is added below
    hw = FakeHardware(board, record_text=False)
    clear_storage(hw)
    from tet.ui import boot

    app = boot(hw)
    app.step()
    gc.collect()
    fb = len(hw.display.buf)
    print("heap", gc.mem_alloc() - before + fb, "fb", fb, "title", app.screen.title)
