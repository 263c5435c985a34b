"""The headless simulator's device side, run by the real `micropython` binary (python -m sim
--headless --micropython starts it through host_tools/mp_prelude.py; not by hand).

Args: EVENTS_FILE SHOT_DIR STORAGE SEED WIDTH HEIGHT DEPTH BUTTONS(comma-separated) MOTION BUZZER

The board is a virtual-clock hardware object on MicroPython's own framebuf, its framebuffer
allocated before any firmware import. The timed events (from sim/script.py, one `ms action arg`
per line) are applied after each sleep, as the CPython simulator does. A `shot` writes the frame
as NAME.fb (see write_frame; the CPython side turns it into NAME.png). Each time the launcher
comes on top, `heap menu <free bytes>` is printed after gc.collect(). A crash writes crash.fb and
MicroPython's traceback (stderr), and exits 1.
"""

import gc
import sys

import framebuf

# the radio's stand-in (a board's is the ESP-NOW driver, no heap of the firmware's): compiled
# from source here, on the heap before the firmware's, not where a lobby opens on a full one
from sim.air import lone_radio

FB_MAGIC = b"TETFB1"
SHOW_MS = 20  # the device's estimated show() time, charged to the virtual clock
SHAKE_PERIOD_MS = 40
REST = (0.0, 0.0, 1.0)


class Done(Exception):
    """The script's end."""


class Display(framebuf.FrameBuffer):
    """The panel: a GS4_HMSB or MONO_VLSB framebuffer with the display extras."""

    def __init__(self, width, height, depth, on_show):
        size = (width + 1) // 2 * height if depth == 4 else width * ((height + 7) // 8)
        self.buf = bytearray(size)
        fmt = framebuf.GS4_HMSB if depth == 4 else framebuf.MONO_VLSB
        super().__init__(self.buf, width, height, fmt)
        self.width = width
        self.height = height
        self.depth = depth
        self.palette = [g * 0x111111 for g in range(16)]
        self.level = 100
        self.on_show = on_show
        # the firmware's Gfx tells a display with `texts` every text drawn: (y, x, text)
        self.texts = []
        self.shown = []

    def show(self):
        self.shown = sorted(self.texts)
        self.on_show()

    def set_palette(self, rgb):
        self.palette = [int(c) & 0xFFFFFF for c in rgb][:16]

    def brightness(self, percent):
        self.level = percent


class Buzzer:
    def tone(self, freq):
        """The CPython side has no use for the tones of a headless run."""


def write_frame(path, display):
    """NAME.fb: FB_MAGIC, width and height (2 bytes LE each), depth, the 16-colour palette (RGB,
    3 bytes each), then the framebuffer bytes."""
    with open(path, "wb") as f:
        f.write(FB_MAGIC)
        f.write(bytes((display.width & 255, display.width >> 8, display.height & 255,
                       display.height >> 8, display.depth)))
        for c in display.palette:
            f.write(bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255)))
        f.write(display.buf)


RESTARTED = 75     # the exit code of a boot whose board restarted (sim.mp_run boots it again)


class Restart(SystemExit):
    """The board restarts MicroPython (a board's machine.soft_reset raises SystemExit too)."""


class SimBoard:
    """The hardware object (boards' contract) on a virtual clock driven by the events."""

    def __init__(self, events, shot_dir, storage, seed, width, height, depth, names, motion,
                 buzzer, resumed=None):
        self.display = Display(width, height, depth, self._shown)
        self.name = "sim"
        self.button_names = names
        self.motion = self._motion if motion else None
        self.buzzer = Buzzer() if buzzer else None
        self.storage = storage
        self.events = events
        self.shot_dir = shot_dir
        self.now = 0
        self.pressed = 0
        self._shake_until = -1
        self._next = 0
        self._battery = None
        self._radio = None
        self._seed = seed & 0xFFFFFFFF or 1
        if resumed:
            self._resume(resumed)

    def state(self):
        """What the next boot's board needs of this one (see _resume): its clock, buttons,
        generator, shake and battery, as one word."""
        battery = "-" if self._battery is None else "%d%s" % (self._battery[0],
                                                             "+" if self._battery[1] else "")
        return "%d,%d,%d,%d,%s" % (self.now, self.pressed, self._seed, self._shake_until, battery)

    def _resume(self, word):
        """Go on from the state() of the board's last boot: the events up to its clock were
        played there."""
        now, pressed, seed, shake, battery = word.split(",")
        self.now, self.pressed, self._seed, self._shake_until = \
            int(now), int(pressed), int(seed), int(shake)
        if battery != "-":
            self._battery = (int(battery.rstrip("+")), battery.endswith("+"))
        while self._next < len(self.events) and self.events[self._next][0] <= self.now:
            self._next += 1

    def buttons(self):
        return self.pressed

    def clock(self):
        return self.now

    def _shown(self):
        self.now += SHOW_MS

    def sleep_ms(self, ms):
        self.now += ms
        events = self.events
        while self._next < len(events) and events[self._next][0] <= self.now:
            _at, action, arg = events[self._next]
            self._next += 1
            if action == "down":
                self.pressed |= int(arg)
            elif action == "up":
                self.pressed &= ~int(arg)
            elif action == "shake":
                self._shake_until = self.now + int(arg)
            elif action == "shot":
                self.shot(arg)
            elif action == "battery":
                self._battery = (int(arg.rstrip("+")), arg.endswith("+"))
            elif action == "end":
                raise Done()

    def shot(self, name):
        write_frame(self.shot_dir + "/" + name + ".fb", self.display)
        with open(self.shot_dir + "/" + name + ".txt", "w") as f:
            f.write("\n".join(t[2] for t in self.display.shown) + "\n")
        print("shot", name)

    def battery(self):
        """(percent, charging) once the script set it, else None."""
        return self._battery

    def restart(self):
        """As a board's soft reset: this process ends (RESTARTED) and sim.mp_run boots the
        firmware again in a new one, on a fresh heap, the board going on from state()."""
        raise Restart()

    def radio(self):
        """The radio seam, as sim/hardware.py's: a channel of this one gadget's own."""
        if self._radio is None:
            self._radio = lone_radio(self.clock)
        return self._radio

    def _motion(self):
        if self.now >= self._shake_until:
            return REST
        sign = 1.0 if (self.now // SHAKE_PERIOD_MS) % 2 else -1.0
        return (2.2 * sign, -1.1 * sign, 1.0)

    def rng(self):
        # xorshift32: the same numbers for the same --seed on every run
        x = self._seed
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self._seed = x
        return x


def read_events(path):
    """The (ms, action, arg) events of the events file."""
    events = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if parts:
                events.append((int(parts[0]), parts[1], parts[2] if len(parts) > 2 else None))
    return events


def report_menu_heap():
    """Print `heap menu <free>` each time the launcher comes on top, after gc.collect(), at its
    first tick: by then the key handler that closed the game has returned. Measured in `enter`
    itself, the closing dialog's callback still held the game (60.9 KB free after Ô Ăn Quan on
    the OLED, when 96 KB were free one screen later)."""
    from tet.ui.launcher import Launcher

    enter = Launcher.enter
    tick = Launcher.tick

    def enter_and_mark(self):
        enter(self)
        self.heap_due = True

    def tick_and_report(self, now):
        if getattr(self, "heap_due", False):
            self.heap_due = False
            gc.collect()
            print("heap menu", gc.mem_free())
        return tick(self, now)

    Launcher.enter = enter_and_mark
    Launcher.tick = tick_and_report


def main(args):
    board = None
    try:
        events = read_events(args[0])
        board = SimBoard(events, args[1], args[2], int(args[3]), int(args[4]), int(args[5]),
                         int(args[6]), tuple(args[7].split(",")), args[8] == "1", args[9] == "1",
                         args[10] if len(args) > 10 else None)
        # firmware/main.py: an install puts it at the top level, outside the tet package, so it
        # is taken from the checkout (after the install on sys.path: tet still comes from it)
        sys.path.append(sys.argv[1] + "/firmware")
        import main as firmware_main

        report_menu_heap()
        try:
            firmware_main.start(board)
        except Restart:
            print("restart", board.state())
            return RESTARTED
    except Done:
        return 0
    except BaseException as e:  # MemoryError included: the picture, the traceback, exit 1
        if board is not None:
            write_frame(board.shot_dir + "/crash.fb", board.display)
        sys.print_exception(e, sys.stderr)
        return 1
    return 0
