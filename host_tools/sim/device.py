"""The headless simulator's device side, run by the real `micropython` binary (python -m sim
--headless --micropython starts it through host_tools/mp_prelude.py; not by hand).

Args: EVENTS_FILE SHOT_DIR STORAGE SEED BOARD WIDTH HEIGHT DEPTH BUTTONS(comma-separated) MOTION
BUZZER SHOW_MS [STATE]

The board is the simulator's own (sim.hardware.SimHardware) on MicroPython's framebuf, on a
virtual clock, its framebuffer allocated before any firmware import. The timed events (from
sim/script.py, one `ms action arg` per line) are applied after each sleep, as the CPython
simulator does. A `shot` writes the frame
as NAME.fb (see write_frame; the CPython side turns it into NAME.png). Each time the launcher
comes on top, `heap menu <free bytes>` is printed after gc.collect(). A crash writes crash.fb and
MicroPython's traceback (stderr), and exits 1.
"""

import gc
import sys

# the radio's stand-in (a board's is the ESP-NOW driver, no heap of the firmware's): compiled
# from source here, on the heap before the firmware's, not where a lobby opens on a full one
from sim.air import lone_radio  # noqa: F401
from sim.hardware import SimHardware, SimRestart

FB_MAGIC = b"TETFB1"


class Done(Exception):
    """The script's end."""


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


class BoardFacts:
    """What the device side is told of its board: the fields of sim.boards.BoardSpec that
    SimHardware reads (that module reads the board's own module, with CPython's importlib)."""

    def __init__(self, board_id, width, height, depth, names, motion, buzzer, show_ms):
        self.show_ms = show_ms
        self.id = board_id
        self.width = width
        self.height = height
        self.depth = depth
        self.button_names = names
        self.has_motion = motion
        self.has_buzzer = buzzer


class ScriptedBoard(SimHardware):
    """The simulator's board (sim.hardware) on a virtual clock driven by the script's events,
    going on after a restart from the last boot's state()."""

    def __init__(self, events, shot_dir, storage, seed, facts, resumed=None):
        SimHardware.__init__(self, facts, storage, seed, self._shown, keep=False)
        self.events = events
        self.shot_dir = shot_dir
        self.now = 0
        self._next = 0
        if resumed:
            self._resume(resumed)

    def state(self):
        """What the next boot's board needs of this one (see _resume): its clock, buttons,
        generator, shake and battery, as one word."""
        battery = "-" if self._battery is None else "%d%s" % (self._battery[0],
                                                             "+" if self._battery[1] else "")
        shake = -1 if self._shake_until is None else self._shake_until
        return "%d,%d,%d,%d,%s" % (self.now, self.pressed, self._seed, shake, battery)

    def _resume(self, word):
        """Go on from the state() of the board's last boot: the events up to its clock were
        played there."""
        now, pressed, seed, shake, battery = word.split(",")
        self.now, self.pressed, self._seed = int(now), int(pressed), int(seed)
        self._shake_until = None if int(shake) < 0 else int(shake)
        if battery != "-":
            self.set_battery(battery)
        while self._next < len(self.events) and self.events[self._next][0] <= self.now:
            self._next += 1

    def clock(self):
        return self.now

    def _shown(self, display):
        self.now += self.spec.show_ms

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
                self.shake(int(arg))
            elif action == "shot":
                self.shot(arg)
            elif action == "battery":
                self.set_battery(arg)
            elif action == "end":
                raise Done()

    def shot(self, name):
        """NAME.fb and NAME.txt of the frame shown (the CPython side makes NAME.png of it)."""
        write_frame(self.shot_dir + "/" + name + ".fb", self.display)
        with open(self.shot_dir + "/" + name + ".txt", "w") as f:
            f.write(self.display.shown_text() + "\n")
        print("shot", name)


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
        facts = BoardFacts(args[4], int(args[5]), int(args[6]), int(args[7]),
                           tuple(args[8].split(",")), args[9] == "1", args[10] == "1",
                           int(args[11]))
        board = ScriptedBoard(events, args[1], args[2], int(args[3]), facts,
                              args[12] if len(args) > 12 else None)
        # firmware/main.py: an install puts it at the top level, outside the tet package, so it
        # is taken from the checkout (after the install on sys.path: tet still comes from it)
        sys.path.append(sys.argv[1] + "/firmware")
        import main as firmware_main

        report_menu_heap()
        try:
            firmware_main.start(board)
        except SimRestart:
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
