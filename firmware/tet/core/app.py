"""The app loop and screen stack: input in, one screen handles it, the screen draws, show().

A screen is a small object (subclass Screen) with `handle(ev)`, `tick(now)` and `draw(g)`. Games
are imported when launched and forgotten when left, so each game starts with a fresh heap.

Saves and the settings carry a version and are checked when loaded (tet.core.saves, imported
only then); a save that cannot be written (full flash, any OSError) keeps the device running and
is said once.
"""

import gc
import sys

from tet.core import input as inp
from tet.core import storage as st
from tet.core.gfx import Gfx

FRAME_MS = 10
SETTINGS = "settings"
SETTINGS_VERSION = 1
BRIGHTNESS_LEVELS = (20, 40, 60, 80, 100)
DEFAULT_SETTINGS = {"sound": True, "brightness": 3, "rules": {}}
# modules outside tet.core that stay loaded between games (the launcher and what it needs)
RESIDENT = ("tet.core", "tet.ui", "tet.data", "tet.ui.launcher", "tet.ui.widgets",
            "tet.data.font_small", "tet.data.font_large")
# modules of tet.core that only check loaded data: dropped like a game's own modules
TRANSIENT = ("tet.core.saves", "tet.core.schema")


class Screen:
    """Base class of every screen; `title` names it (shown in headers, read by tests)."""

    title = ""

    def __init__(self, app):
        self.app = app

    def enter(self):
        """Called when the screen becomes the top of the stack."""

    def handle(self, ev):
        """React to one input event (tet.core.input constants)."""

    def tick(self, now):
        """Advance animations; return True when the screen must be redrawn."""
        return False

    def draw(self, g):
        """Draw the whole screen on Gfx `g` (the app has cleared it to black)."""


class App:
    """Owns the hardware, the screen stack, settings, saves, sound and randomness."""

    def __init__(self, hw):
        self.hw = hw
        self.gfx = Gfx(hw.display)
        self.input = inp.Input(hw)
        self._sound = None
        self.storage = st.Storage(hw.storage)
        self._rng = None
        self.stack = []
        self.dirty = True
        self.notice = None  # a message for the player, shown on top of the screen once
        self._save_failed = False
        self.settings = self._load_settings()
        self.apply_settings()

    def _load_settings(self):
        settings = {"sound": DEFAULT_SETTINGS["sound"], "brightness": DEFAULT_SETTINGS["brightness"],
                    "rules": {}}
        obj, status = self.storage.load(SETTINGS)
        if status == st.MISSING:
            return settings
        from tet.core import saves

        good = status == st.OK and saves.settings_from(obj, settings)
        if not good:
            self.notice = saves.SETTINGS_RESET
        del saves, obj
        for name in TRANSIENT + ("tet.ui.house_rules",):  # the checks leave the boot heap
            if name in sys.modules:
                _forget(name)
        if not good:
            self.settings = settings
            self.save_settings()  # repaired: the notice is given once
        return settings

    def apply_settings(self):
        """Push sound and brightness settings to the hardware."""
        if self._sound is not None:
            self._sound.enabled = self.settings["sound"]
        self.hw.display.brightness(BRIGHTNESS_LEVELS[self.settings["brightness"]])

    def save_settings(self):
        """Persist the settings (atomic save); False if they could not be written (said once)."""
        return self._save(SETTINGS, SETTINGS_VERSION, self.settings)

    def rule(self, game, name, default):
        """A house-rule value for `game` (see tet.ui.house_rules), or `default`.

        Only declared values are ever returned: the settings are checked when loaded.
        """
        return self.settings["rules"].get(game + "." + name, default)

    @property
    def sound(self):
        """The tune player, created when a screen first plays a tune (the menu is silent)."""
        if self._sound is None:
            from tet.core.sound import Sound

            self._sound = Sound(self.hw.buzzer)
            self._sound.enabled = self.settings["sound"]
        return self._sound

    @property
    def rng(self):
        """The app's random generator, seeded from the hardware RNG on first use."""
        if self._rng is None:
            from tet.core.rng import Rng

            self._rng = Rng(self.hw.rng())
        return self._rng

    # --- saves of games in progress -------------------------------------------------------
    def _save(self, name, version, data):
        """Write a versioned save; an OSError keeps the device running and is said once (until
        a save works again); the next save simply tries again."""
        try:
            self.storage.save(name, {"version": version, "data": data})
        except OSError:
            if not self._save_failed:
                self._save_failed = True
                from tet.core.saves import SAVE_FAILED

                self.notice = SAVE_FAILED if self.notice is None else self.notice + " " + SAVE_FAILED
            return False
        self._save_failed = False
        return True

    def load_game(self, name, spec=None, version=1, migrate=None):
        """Return a saved game's data, or None if there is none or it cannot be used.

        `spec` (tet.core.schema) is what the data of `version` must look like; a save of another
        version goes through `migrate(old_version, data)`, which returns data of `version` or None.
        A damaged save, one of another version that cannot be migrated, or one that fails `spec`
        is reported ("Bản lưu hỏng"), forgotten, and None is returned: the game starts afresh.
        """
        obj, status = self.storage.load(name)
        if status == st.MISSING:
            return None
        from tet.core import saves

        data = saves.game_data(obj, spec, version, migrate) if status == st.OK else None
        if data is None:
            self.storage.delete(name)
            from tet.ui.widgets import Message

            self.push(Message(self, "Bản lưu hỏng", saves.SAVE_REFUSED))
        return data

    def save_game(self, name, data, version=1):
        """Save a game in progress (atomic, checksummed) as `version` of its format.

        Returns False if it could not be written: the game goes on, the player is told once,
        and the next save tries again.
        """
        return self._save(name, version, data)

    def forget_game(self, name):
        """Remove a finished game's save."""
        self.storage.delete(name)

    # --- the screen stack -----------------------------------------------------------------
    @property
    def screen(self):
        """The active (top) screen, or None."""
        return self.stack[-1] if self.stack else None

    def push(self, screen):
        """Show `screen` on top of the current one."""
        self.stack.append(screen)
        screen.enter()
        self.dirty = True

    def pop(self):
        """Close the top screen and return to the one below."""
        if len(self.stack) > 1:
            self.stack.pop()
            self.stack[-1].enter()
        self.dirty = True

    def home(self):
        """Close every screen above the launcher (leaving a game)."""
        del self.stack[1:]
        self.stack[0].enter()
        self.dirty = True

    def replace(self, screen):
        """Swap the top screen for `screen`."""
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def launch(self, module_name, title):
        """Import `tet.ui.<module_name>` and push the screen its `start(app)` returns.

        A game that is not built yet gets a clear "coming soon" screen instead of a crash.
        """
        full = "tet.ui." + module_name
        gc.collect()
        try:
            mod = __import__(full, None, None, ("start",))
        except ImportError as e:
            if module_name not in str(e):
                raise
            from tet.ui.widgets import Message

            self.push(Message(self, title, "Sắp có: trò chơi này đang được làm. Hẹn bạn dịp Tết sau!"))
            return
        self.push(mod.start(self))

    def unload(self):
        """Forget the modules a game imported, so the next game starts on a fresh heap."""
        for name in list(sys.modules):
            if name.startswith("tet.") and name not in RESIDENT and (
                    name in TRANSIENT or not name.startswith("tet.core.")):
                _forget(name)
        gc.collect()

    # --- the loop -------------------------------------------------------------------------
    def step(self):
        """One pass of the loop: poll input, handle events, animate, redraw if needed."""
        now = self.hw.clock()
        self.input.poll(now)
        ev = self.input.get()
        while ev:
            top = self.screen
            if top is not None:
                top.handle(ev)
            self.dirty = True
            ev = self.input.get()
        if self.notice is not None and self.stack:
            self._show_notice()
        top = self.screen
        if top is not None and top.tick(now):
            self.dirty = True
        if self._sound is not None:
            self._sound.update(now)
        if self.dirty and top is not None:
            self.dirty = False
            self.gfx.clear()
            top.draw(self.gfx)
            self.hw.display.show()

    def _show_notice(self):
        from tet.ui.widgets import Message

        text, self.notice = self.notice, None
        self.push(Message(self, "Thông báo", text))

    def run(self):
        """Run forever (until the hardware layer stops it, e.g. the simulator's script ends)."""
        while True:
            self.step()
            self.hw.sleep_ms(FRAME_MS)


def _forget(name):
    """Drop module `name`: from sys.modules and from its package, which holds it as an attribute."""
    del sys.modules[name]
    parent, _dot, child = name.rpartition(".")
    package = sys.modules.get(parent)
    if package is not None and child in package.__dict__:
        delattr(package, child)
