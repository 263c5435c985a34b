"""The app loop and screen stack: input in, one screen handles it, the screen draws, show().

A screen is a small object (subclass Screen) with `handle(ev)`, `tick(now)` and `draw(g)`. The
core knows nothing of the screens above it: the launcher (tet.ui) imports games and asks the app to
forget them with `unload(keep)` when they are left, so each game starts with a fresh heap; the
shell tells the app how to show a notice (`show_notice`) and which house rules exist (`rules`).

Saves and the settings carry a version and are checked when loaded (tet.core.saves, imported
only then); a save that cannot be written (full flash, any OSError) keeps the device running and
is said once.
"""

import gc
import sys
import time

from tet.core import input as inp
from tet.core import storage as st
from tet.core.gfx import Gfx

try:
    from micropython import const
except ImportError:     # CPython (the simulator): a constant is its value
    const = int

FRAME_MS = 10
THINK_FRAME_MS = 80
SETTINGS = "settings"
OUT_OF_MEMORY = ("Máy hết bộ nhớ nên trò chơi phải dừng. Ván đang chơi được giữ đến lần lưu gần "
                 "nhất: vào lại trò chơi để chơi tiếp.")
SETTINGS_VERSION = 1
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
# MicroPython collects when an allocation finds no room; by then every long-lived object made
# since the last collection (a game's state after a move, a save's or a shared table's buffers)
# lies wherever the garbage left room, all over the heap, and a stock board's 160K ended in
# holes of 1 KB at most with 20 KB free in all (a shared table's host a few moves in). Collecting
# every _COLLECT_EVERY bytes keeps what lives packed low. A collection takes about 5 ms on a
# board, though, which a key's way to the panel (50 ms) has no room for: from a button's press
# until the buttons have rested _QUIET_MS the collector waits for a full heap again, then collects
# once. A computer player's search, which allocates hundreds of KB of garbage and keeps none, is
# not held up by them either (tet.ui.game_screen.think).
_COLLECT_EVERY = const(4096)
_QUIET_MS = const(100)
# modules of tet.core that only check loaded data: dropped like a game's own modules
TRANSIENT = ("tet.core.saves", "tet.core.schema")


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

    def __init__(self, hw, rules=None, show_notice=None):
        """`rules()` returns the house rules a settings file may hold (tet.ui.house_rules.all_rules;
        None: none are kept); `show_notice(app, text)` shows a notice over the current screen."""
        self.hw = hw
        collect_every(_COLLECT_EVERY)
        self._quiet_at = None   # while keys are pressed: when to collect early again
        self.gfx = Gfx(hw.display)
        self.input = inp.Input(hw)
        self._sound = None
        self.storage = st.Storage(hw.storage)
        self._rng = None
        self.stack = []
        self.dirty = True
        self.notice = None  # a message for the player, shown on top of the screen once
        self._radio = None  # on only while a shared game is open (radio(); home() stops it)
        self._serve = None  # a shared table's poll, run every pass whatever screen is on top
        self._part = None   # (module, function) open_part asked for, opened by the next pass
        self._opening = False   # a part is being opened (out of heap there closes a game too)
        self.show_notice = show_notice
        self._rules = rules
        self._save_failed = False
        self._pumped = hw.clock()
        self.settings = self._load_settings()
        self.idle = AWAKE
        self._battery_at = None
        self._battery_saved = False
        self._waking = False
        self._last_key = hw.clock()
        self.apply_settings()

    def _load_settings(self):
        settings = {}
        for key in DEFAULT_SETTINGS:
            settings[key] = DEFAULT_SETTINGS[key]
        settings["rules"] = {}
        obj, status = self.storage.load(SETTINGS)
        if status == st.MISSING:
            return settings
        before = set(sys.modules)
        from tet.core import saves

        good = status == st.OK and saves.settings_from(obj, settings, len(BRIGHTNESS_LEVELS), len(VOLUME_LEVELS),
                                                       self._rules)
        if not good:
            self.notice = saves.SETTINGS_RESET
        del saves, obj
        self.unload(before)  # the checks (and the rule tables they read) leave the boot heap
        if not good:
            self.settings = settings
            self.save_settings()  # repaired: the notice is given once
        return settings

    def apply_settings(self):
        """Push sound, volume and brightness settings to the hardware (checked when loaded)."""
        if self._sound is not None:
            self._sound.enabled = self.settings["sound"]
        buzzer = self.hw.buzzer
        if buzzer is not None and hasattr(buzzer, "volume"):
            buzzer.volume(VOLUME_LEVELS[self.settings["volume"]])
        self.hw.display.brightness(self.brightness())

    def brightness(self):
        """The backlight percent the settings ask for."""
        return BRIGHTNESS_LEVELS[self.settings["brightness"]]

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
        if pressed or not self.settings["power"] or not getattr(self.hw, "deep_sleep", None):
            return False    # power saving is for boards on a battery (not the web page)
        idle = time.ticks_diff(now, self._last_key)
        if idle >= SLEEP_MS:
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
            self.notice = saves.SAVE_REFUSED
        # the checks are done: their modules leave now, not when the game does (a game that
        # opens from its save then builds its state and loads its screens without them)
        del saves
        for module in TRANSIENT:
            forget_module(module)
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
        if not getattr(screen, "_entered", False):
            screen._entered = True
            screen.first_enter()

    def pop(self):
        """Close the top screen and return to the one below."""
        if len(self.stack) > 1:
            self.stack.pop()
            self.stack[-1].enter()
        self.dirty = True

    def radio(self):
        """The board's radio, switched on for a shared game; leaving the game (home) switches
        it off again, so no radio is on otherwise."""
        radio = self.hw.radio()
        if self._radio is None:
            radio.on()
            self._radio = radio
        return radio

    def serve(self, poll):
        """Run `poll(now)` on every pass of the loop until the radio goes off: a shared table
        keeps answering the other gadgets while a dialog, the score table or a result is on top
        of its board."""
        self._serve = poll

    def radio_off(self):
        """Switch the radio off (a shared game ended or was left)."""
        self._serve = None
        if self._radio is not None:
            self._radio.off()
            self._radio = None

    def home(self):
        """Close every screen above the launcher (leaving a game; the radio goes off)."""
        self.radio_off()
        del self.stack[1:]
        self.stack[0].enter()
        self.dirty = True

    def replace(self, screen):
        """Swap the top screen for `screen`."""
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def open_part(self, module, name):
        """Have the next pass of the loop leave the game for the launcher (which forgets every
        module of the game) and then call function `name` of `module`, imported anew, with the
        app: the game's next part on a heap of its own (Tổ Tôm's next game, so that no game
        inherits the holes the last one cut in a stock board's heap, where the modules'
        bytecode lives too). Not at once: code of the old modules still running would keep
        them all while the new ones load."""
        self._part = (module, name)

    def part_opener(self, module, name):
        """A callable that does open_part(module, name), for a screen that opens the game's
        next part when closed (a result's OK). Made here, not in the game's module: a function
        defined there holds that module's globals, and through them every module of the game,
        for as long as anything points at the screen that keeps it, even a stale word the
        collector reads conservatively, while the next part imports them all anew."""
        return lambda: self.open_part(module, name)

    def _open_part(self, part):
        module, name = part
        self._part = None
        self.home()
        self._opening = True
        getattr(__import__(module, None, None, (name,)), name)(self)
        self._opening = False

    def unload(self, keep):
        """Forget every module not named in `keep` (tet.core's stay, but for the load checks), so
        nothing of a left game stays reachable: each leaves sys.modules and its parent package."""
        for name in list(sys.modules):
            if name not in keep and (name in TRANSIENT or not name.startswith("tet.core.")):
                forget_module(name)
        gc.collect()

    # --- the loop -------------------------------------------------------------------------
    def step(self):
        """One pass of the loop: poll input, handle events, animate, redraw if needed. A game
        that runs out of heap is closed, not the gadget (see _out_of_memory)."""
        try:
            self._pass()
            return
        except MemoryError:
            pass
        # out of the except block: the error's traceback no longer holds the game's frames
        self._out_of_memory()

    def _out_of_memory(self):
        # Back to the launcher, which forgets every module of the game; what the game saved
        # stands (a save is written whole or not at all), so re-entering it resumes from there.
        # a part that ran out of heap before its screen came is a game closed too (a shared
        # table opened from its save on a boot of its own, say): it is said the same way
        in_game = len(self.stack) > 1 or self._opening
        self._opening = False
        if in_game:
            del self.stack[1:]
            gc.collect()
            self.home()
        gc.collect()
        if in_game:
            self.notice = OUT_OF_MEMORY
        self.dirty = True

    def _pass(self):
        if self._part is not None:
            self._open_part(self._part)
        now = self.hw.clock()
        self.input.poll(now)
        pressed = self.hw.buttons() != 0 or self.input.waiting_any()
        # a key's frame before any collection (see _COLLECT_EVERY)
        if pressed:
            if self._quiet_at is None:
                collect_every(-1)
            self._quiet_at = time.ticks_add(now, _QUIET_MS)
        elif self._quiet_at is not None and time.ticks_diff(now, self._quiet_at) >= 0:
            self._quiet_at = None
            gc.collect()
            collect_every(_COLLECT_EVERY)
        if self._idle_step(now, pressed):
            while self.input.get():
                pass
        ev = self.input.get()
        while ev:
            top = self.screen
            if top is not None:
                top.handle(ev)
            self.dirty = True
            ev = self.input.get()
        if self.notice is not None and self.stack and self.show_notice is not None:
            text, self.notice = self.notice, None
            self.show_notice(self, text)
        self._battery_step(now)
        if self._serve is not None:
            self._serve(now)
        top = self.screen
        if top is not None and top.tick(now):
            self.dirty = True
        if self._sound is not None:
            self._sound.update(now)
        if self.dirty:
            self.redraw()

    def redraw(self):
        """Draw the top screen and show it now (the loop does when something changed; a
        restart does, so that the panel says what happens meanwhile)."""
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
        if self.input.waiting(inp.BACK):
            # answered before any redraw: the loop draws the next frame once the search returns
            return True
        if time.ticks_diff(now, self._pumped) >= THINK_FRAME_MS:
            self._pumped = now
            self.redraw()
        return False

    def run(self):
        """Run forever (until the hardware layer stops it, e.g. the simulator's script ends)."""
        while True:
            self.step()
            self.hw.sleep_ms(FRAME_MS)


def collect_every(nbytes):
    """Collect after every `nbytes` allocated (-1: only when the heap is full), on MicroPython,
    and return the setting this replaces; CPython's collector (the simulator's) has no such
    setting and needs none (None)."""
    if hasattr(gc, "threshold"):
        before = gc.threshold()
        gc.threshold(nbytes)
        return before
    return None


def forget_module(name):
    """Drop module `name`: from sys.modules and from its package, which holds it as an attribute
    (nothing to do when it is not loaded)."""
    if sys.modules.pop(name, None) is None:
        return
    parent, _dot, child = name.rpartition(".")
    package = sys.modules.get(parent)
    if package is not None and child in package.__dict__:
        delattr(package, child)
