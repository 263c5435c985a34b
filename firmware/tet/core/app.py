"""The app loop and screen stack: input in, one screen handles it, the screen draws, show().

A screen is a small object (subclass Screen) with `handle(ev)`, `tick(now)` and `draw(g)`. Games
are imported when launched and forgotten when left, so each game starts with a fresh heap.
"""

import gc
import sys

from tet.core import input as inp
from tet.core import storage as st
from tet.core.gfx import Gfx

FRAME_MS = 10
SETTINGS = "settings"
BRIGHTNESS_LEVELS = (20, 40, 60, 80, 100)
DEFAULT_SETTINGS = {"sound": True, "brightness": 3, "rules": {}}
# modules outside tet.core that stay loaded between games (the launcher and what it needs)
RESIDENT = ("tet.core", "tet.ui", "tet.data", "tet.ui.launcher", "tet.ui.widgets",
            "tet.data.font_small", "tet.data.font_large")


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
        self.notice = None
        self.settings = self._load_settings()
        self.apply_settings()

    def _load_settings(self):
        obj, status = self.storage.load(SETTINGS)
        settings = {}
        for key in DEFAULT_SETTINGS:
            settings[key] = DEFAULT_SETTINGS[key]
        if status == st.OK and isinstance(obj, dict):
            for key in DEFAULT_SETTINGS:
                if key in obj:
                    settings[key] = obj[key]
        elif status == st.CORRUPT:
            self.notice = "Cài đặt bị hỏng, đã đặt lại mặc định."
        return settings

    def apply_settings(self):
        """Push sound and brightness settings to the hardware."""
        if self._sound is not None:
            self._sound.enabled = bool(self.settings["sound"])
        level = self.settings["brightness"]
        level = min(max(int(level), 0), len(BRIGHTNESS_LEVELS) - 1)
        self.hw.display.brightness(BRIGHTNESS_LEVELS[level])

    def save_settings(self):
        """Persist the settings (atomic save)."""
        self.storage.save(SETTINGS, self.settings)

    def rule(self, game, name, default):
        """A house-rule value for `game` (see tet.ui.house_rules), or `default`."""
        return self.settings["rules"].get(game + "." + name, default)

    @property
    def sound(self):
        """The tune player, created when a screen first plays a tune (the menu is silent)."""
        if self._sound is None:
            from tet.core.sound import Sound

            self._sound = Sound(self.hw.buzzer)
            self._sound.enabled = bool(self.settings["sound"])
        return self._sound

    @property
    def rng(self):
        """The app's random generator, seeded from the hardware RNG on first use."""
        if self._rng is None:
            from tet.core.rng import Rng

            self._rng = Rng(self.hw.rng())
        return self._rng

    # --- saves of games in progress -------------------------------------------------------
    def load_game(self, name):
        """Return a saved game's data or None; a damaged save is reported and removed."""
        obj, status = self.storage.load(name)
        if status == st.CORRUPT:
            self.storage.delete(name)
            from tet.ui.widgets import Message

            self.push(Message(self, "Bản lưu hỏng", "Bản lưu ván trước bị hỏng. Bắt đầu ván mới."))
            return None
        return obj

    def save_game(self, name, data):
        """Save a game in progress (atomic, checksummed)."""
        self.storage.save(name, data)

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
            if name.startswith("tet.") and not name.startswith("tet.core.") and name not in RESIDENT:
                del sys.modules[name]
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

    def run(self):
        """Run forever (until the hardware layer stops it, e.g. the simulator's script ends)."""
        while True:
            self.step()
            self.hw.sleep_ms(FRAME_MS)
