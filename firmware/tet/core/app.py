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
VOLUME_LEVELS = (25, 50, 75, 100)  # buzzer loudness, percent (mute is the "sound" setting)
# Idle without a key press (with "power" on): dim, then the screen off, then deep sleep (the game
# saved first; a button wakes the board, which boots and offers to resume the save).
DIM_MS = 30 * 1000
OFF_MS = 2 * 60 * 1000
SLEEP_MS = 10 * 60 * 1000
DIM_PERCENT = 5
AWAKE, DIMMED, DARK = 0, 1, 2
# The battery, on boards that measure it: read every BATTERY_MS into the header (in red from
# gfx.LOW_BATTERY down); at CRITICAL_PERCENT the game in progress is saved before a brown-out.
BATTERY_MS = 10 * 1000
CRITICAL_PERCENT = 5
DEFAULT_SETTINGS = {"sound": True, "brightness": 3, "rules": {}, "volume": 2, "power": True}
DAMAGED_SAVE = "Bản lưu ván trước bị hỏng. Bắt đầu ván mới."


def _index(level, levels):
    """A stored level index, clamped to `levels` (settings from an older save may be off)."""
    return min(max(int(level), 0), len(levels) - 1)


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
        self.idle = AWAKE
        self._battery_at = None
        self._battery_saved = False
        self._waking = False
        self._last_key = hw.clock()
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
        """Push sound, volume and brightness settings to the hardware."""
        if self._sound is not None:
            self._sound.enabled = bool(self.settings["sound"])
        buzzer = self.hw.buzzer
        if buzzer is not None and hasattr(buzzer, "volume"):
            buzzer.volume(VOLUME_LEVELS[_index(self.settings["volume"], VOLUME_LEVELS)])
        self.hw.display.brightness(self.brightness())

    def brightness(self):
        """The backlight percent the settings ask for."""
        return BRIGHTNESS_LEVELS[_index(self.settings["brightness"], BRIGHTNESS_LEVELS)]

    def _battery_step(self, now):
        """Read the battery now and then: the header shows it (gfx.battery); a critical level
        saves the game in progress once, before the board browns out."""
        if self._battery_at is not None and time.ticks_diff(now, self._battery_at) < BATTERY_MS:
            return
        self._battery_at = now
        state = self.hw.battery() if hasattr(self.hw, "battery") else None
        if state != self.gfx.battery:
            self.gfx.battery = state
            self.dirty = True
        if state is None or state[1] or state[0] > CRITICAL_PERCENT:
            self._battery_saved = False
            return
        if not self._battery_saved:
            self._battery_saved = True
            top = self.screen
            if top is not None and hasattr(top, "save"):
                top.save()

    def _idle_step(self, now, pressed):
        """Power saving: long idle dims the screen, turns it off and finally saves the game and
        puts the board in deep sleep; a key brightens it again (on a dark screen the key only
        wakes it). Returns True when the key events of this step must be dropped."""
        if pressed:
            self._last_key = now
            if self.idle != AWAKE:
                # dimmed, the screen is still readable and the key acts; dark, it only wakes
                self._waking = self.idle == DARK
                self.idle = AWAKE
                self.hw.display.brightness(self.brightness())
                self.dirty = True
        if self._waking:
            # the waking press, until it is released, is not a key for the screen
            self._waking = self.hw.buttons() != 0
            return True
        if pressed or not self.settings["power"]:
            return False
        idle = time.ticks_diff(now, self._last_key)
        if idle >= SLEEP_MS and hasattr(self.hw, "deep_sleep"):
            top = self.screen
            if top is not None and hasattr(top, "save"):
                top.save()
            self.hw.deep_sleep()
            self._last_key = now  # a board that returns from deep_sleep (the fakes) is awake
            self.idle = AWAKE
            self.hw.display.brightness(self.brightness())
        elif idle >= OFF_MS and self.idle != DARK:
            self.idle = DARK
            self.hw.display.brightness(0)
        elif DIM_MS <= idle < OFF_MS and self.idle == AWAKE:
            self.idle = DIMMED
            self.hw.display.brightness(min(DIM_PERCENT, self.brightness()))
        return False

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
        if self._idle_step(now, self.hw.buttons() != 0 or self.input.waiting_any()):
            while self.input.get():
                pass
        ev = self.input.get()
        while ev:
            top = self.screen
            if top is not None:
                top.handle(ev)
            self.dirty = True
            ev = self.input.get()
        self._battery_step(now)
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
