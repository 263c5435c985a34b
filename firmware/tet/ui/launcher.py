"""The boot menu: the games of the registry and Cài đặt (settings), started by tet.ui's boot().

One game per boot: opening a game after another one was opened restarts MicroPython, on a
board that can (`hw.restart`), and the next boot opens the game (tet.ui.next_boot). MicroPython
never frees a name it interned, and a stock board's .mpy files intern every name of their code:
an evening of all four games in one boot holds some 1,800 names, which takes the interpreter's
seventh name pool (14 KB in one block in the 160K lane) and no longer fits. Leaving a game and
entering it again stays in the same boot (its names are already there).
"""

import gc
import sys

from tet.registry import GAMES, PACKAGE, TITLE as GAME_TITLE
from tet.ui.widgets import Menu, Message

TITLE = "Tết vui chơi"
COMING_SOON = "Sắp có: trò chơi này đang được làm. Hẹn bạn dịp Tết sau!"


class Launcher(Menu):
    """The root menu; coming back here from a game or Cài đặt forgets every module they loaded."""

    opened = None  # the package of the game opened in this boot (set on the instance then)

    def __init__(self, app):
        items = [(entry[GAME_TITLE], self._open_game) for entry in GAMES]
        items.append(("Cài đặt", self._open_settings))
        # the root menu has nowhere to go back to: its hint names no BACK
        Menu.__init__(self, app, TITLE, items, on_back=lambda menu: None, back="")
        self.boot_modules = None

    def first_enter(self):
        self.boot_modules = set(sys.modules)

    def enter(self):
        if self.boot_modules is not None:
            self.app.unload(self.boot_modules)

    def _open_game(self, menu):
        self.open(GAMES[self.index])

    def open(self, entry):
        """Import the game of registry `entry` and push the screen its `ui.start(app)` returns.

        A game that is not built yet gets a clear "coming soon" screen instead of a crash. After
        another game, a board restarts into it (see the module's docstring) if it can note the
        game for the next boot; if not, the game opens in this boot.
        """
        package = entry[PACKAGE]
        if self.opened not in (None, package) and getattr(self.app.hw, "restart", None):
            from tet.ui.restart import restart_into

            restart_into(self.app, entry)
        name = "tet.games." + package + ".setup"
        gc.collect()
        try:
            mod = __import__(name, None, None, ("start",))
        except ImportError as e:
            if entry[PACKAGE] not in str(e):
                raise
            self.app.push(Message(self.app, entry[GAME_TITLE], COMING_SOON))
            return
        self.opened = package
        self.app.push(mod.start(self.app))

    def _open_settings(self, menu):
        from tet.ui.settings import Settings

        self.app.push(Settings(self.app))
