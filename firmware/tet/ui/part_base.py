"""The bottom screen of a boot that opens a part of a game (see tet.ui's boot()): what the
launcher is to a game, without the launcher's code or the registry's (4.5 KB of a stock board's
heap, and their names, at a shared table)."""

import sys

from tet.core.app import Screen

OPENING = "Đang mở…"


class PartBase(Screen):
    """The launcher's stand-in below a part of a game, `opened` the game's package; as at the
    launcher, coming back here (App.home) forgets every module loaded since the boot. Shown on
    its own, once the part closed and nothing is about to open, it restarts the board into the
    launcher, or into the setup menu `open` asked for."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.opened = None
        self.boot_modules = None
        self.asked = None       # the registry entry whose setup menu the next boot opens

    def first_enter(self):
        self.boot_modules = set(sys.modules)

    def enter(self):
        if self.boot_modules is not None:
            self.app.unload(self.boot_modules)

    def open(self, entry):
        """Open the setup menu of the game of registry `entry` on a boot of its own, once this
        screen is on top (a notice about the part, e.g. an unreadable save, read first)."""
        self.asked = entry

    def tick(self, now):
        # not while a part open_part asked for waits for the loop's next pass (the game's
        # setup menu reopened, tet.ui.together.back_to_setup)
        if self.app.screen is self and self.app._part is None:
            if self.asked is not None:
                from tet.ui.restart import restart_into

                restart_into(self.app, self.asked)
            # nothing asked, or no room for the note: the launcher
            self.app.hw.restart()
        return False

    def draw(self, g):
        g.text_center(OPENING, g.h // 2 - g.line_h // 2)
