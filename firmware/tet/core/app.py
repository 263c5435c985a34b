"""The app loop and screen stack: input in, one screen handles it, the screen draws, show().

A screen is a small object (subclass Screen) with `handle(ev)`, `tick(now)` and `draw(g)`. The
core knows nothing of the screens above it: the launcher (tet.ui) imports games and asks the app to
forget them with `unload(keep)` when they are left, so each game starts with a fresh heap.
"""

import gc
import sys
import time

from tet.core import input as inp
from tet.core import storage as st
from tet.core.gfx import Gfx

FRAME_MS = 10
THINK_FRAME_MS = 80
SETTINGS = "settings"
BRIGHTNESS_LEVELS = (20, 40, 60, 80, 100)
DEFAULT_SETTINGS = {"sound": True, "brightness": 3, "rules": {}}
DAMAGED_SAVE = "Bản lưu ván trước bị hỏng. Bắt đầu ván mới."


class Screen:
    """Base class of every screen; `title` names it (shown in headers, read by tests)."""

    title = ""

    def __init__(self, app):
        self.app = app

    def enter(self):
        """Called whenever the screen becomes the top of the stack (pushed, or uncovered)."""

    def first_enter(self):
        """Called once, right after the first `enter()` (e.g. to offer resuming a save)."""

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
        self._pumped = hw.clock()
        self.notice = None
        self.settings = self._load_settings()
        self.apply_settings()

    def _load_settings(self):
        obj, status = self.storage.load(SETTINGS)
        settings = {}
        for key in DEFAULT_SETTINGS:
            # a copy: a later app in the same process must not see this one's house rules
            value = DEFAULT_SETTINGS[key]
            settings[key] = dict(value) if isinstance(value, dict) else value
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
        """Return a saved game's data or None; a damaged save is removed and `notice` says so."""
        obj, status = self.storage.load(name)
        if status == st.CORRUPT:
            self.storage.delete(name)
            self.notice = DAMAGED_SAVE
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
        if not getattr(screen, "_entered", False):
            screen._entered = True
            screen.first_enter()

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

    def unload(self, keep):
        """Forget every module not named in `keep` (tet.core's stay), so nothing of a left game
        stays reachable: each is removed from sys.modules and from its parent package."""
        for name in list(sys.modules):
            if name in keep or name.startswith("tet.core."):
                continue
            del sys.modules[name]
            dot = name.rfind(".")
            parent = sys.modules.get(name[:dot]) if dot > 0 else None
            if parent is not None and hasattr(parent, name[dot + 1:]):
                delattr(parent, name[dot + 1:])
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
        if self.dirty:
            self._draw()

    def _draw(self):
        # a handler or tick may have pushed or replaced a screen: draw the one on top now
        top = self.screen
        if top is not None:
            self.dirty = False
            self.gfx.clear()
            top.draw(self.gfx)
            self.hw.display.show()

    def pump(self):
        """Keep the gadget alive during a long computation (a computer player thinking, which
        calls this every few hundred nodes): read the buttons and, every THINK_FRAME_MS, redraw
        the top screen so its "Máy đang nghĩ…" keeps moving. Events wait in the queue for the
        loop. Returns True when BACK is waiting: the computation should stop and let it through.
        """
        now = self.hw.clock()
        self.input.poll(now)
        if time.ticks_diff(now, self._pumped) >= THINK_FRAME_MS:
            self._pumped = now
            self._draw()
        return self.input.waiting(inp.BACK)

    def run(self):
        """Run forever (until the hardware layer stops it, e.g. the simulator's script ends)."""
        while True:
            self.step()
            self.hw.sleep_ms(FRAME_MS)
