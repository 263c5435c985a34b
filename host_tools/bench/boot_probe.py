"""Boot the launcher on fake hardware and print the heap it holds (run under micropython).

Args: BOARD [ROMFS_IMAGE]. With an image, firmware modules import from it (bytecode in place,
as on a device with a ROMFS partition); without, from the .py sources (a plain file install).
Prints `heap <bytes in use by the firmware, framebuffer included> fb <framebuffer bytes>`.
"""

import gc
import sys


def main(args):
    board = args[0]
    if len(args) > 1:
        import vfs

        with open(args[1], "rb") as f:
            image = f.read()
        vfs.mount(vfs.VfsRom(image), "/rom")
        sys.path.insert(0, "/rom")
    from fake_hw import FakeHardware, clear_storage  # the test harness is not firmware: not counted

    gc.collect()
    before = gc.mem_alloc()
    hw = FakeHardware(board)
    clear_storage(hw)
    from tet.core.app import App
    from tet.ui.launcher import Launcher

    app = App(hw)
    app.push(Launcher(app))
    app.step()
    gc.collect()
    print("heap", gc.mem_alloc() - before, "fb", len(hw.display.buf), "title", app.screen.title)
