"""A hardware object for tests: real framebuf (MicroPython) or the simulator's fake (CPython),
a settable clock and button mask, a recording buzzer. Same contract as boards/ and sim/.
"""

import gc
import os
import struct

import framebuf

# board id -> (width, height, depth, button names, has motion, has buzzer)
BOARDS = {
    "ttgo_tdisplay": (240, 135, 4, ("A", "B"), False, False),
    "m5stickc_plus": (240, 135, 4, ("A", "B"), True, True),
    "devkit_ssd1306": (128, 64, 1, ("UP", "DOWN", "LEFT", "RIGHT", "OK"), False, True),
}


def _fb_size(width, height, depth):
    return (width + 1) // 2 * height if depth == 4 else width * ((height + 7) // 8)


def _getenv(name):
    getenv = getattr(os, "getenv", None)  # the WebAssembly port has none
    return getenv and getenv(name)


# The board of a process that runs one gadget (TET_BOARD, set by host_tools/udp_table.py), or
# None where a test boots several boards.
PROCESS_BOARD = _getenv("TET_BOARD") or None

# A board allocates its framebuffer once, first thing at boot, before any firmware import. Here
# that is this module's import: the buffer of the process's board (a DevKit's OLED needs 1 KB,
# a colour board's 16 KB), else one as large as the largest board's, whose start every fake
# display of the process uses (a test may boot several boards one after the other, and a heap
# fragmented by a game could not give a new 16 KB block, as no device ever has to).
_BUFFER = bytearray(max(_fb_size(b[0], b[1], b[2]) for name, b in BOARDS.items()
                        if PROCESS_BOARD in (None, name)))


# The UTF-8 bytes of a text: on MicroPython a view of the string's own, no copy (CPython's
# strings have no buffer, so there they are encoded). Decided once, not by a failure per text.
try:
    memoryview("")                  # pyright: ignore[reportArgumentType]
    _utf8 = memoryview
except TypeError:
    _utf8 = str.encode


class TextRecord:
    """What the firmware's Gfx tells a display it draws, (y, x, text) since the last clear, and
    the same at the last show(): kept as bytes in two buffers allocated with the harness, so that
    the record holds none of the firmware's strings (on a board a string is garbage once drawn)
    and takes no block of the firmware's heap. Each entry: y and x (signed), the text's length
    (2 bytes each) and its UTF-8 bytes. The buffers go to displays in turn, RECORD_SLOTS at a
    time: a display whose slot a later one took records nothing more, and reading it is an
    error that says so."""

    def __init__(self):
        self._slot = _next_slot[0]
        _next_slot[0] = (self._slot + 1) % RECORD_SLOTS
        _slot_owner[self._slot] = self
        self._drawn = _RECORDS[2 * self._slot]
        self._shown = _RECORDS[2 * self._slot + 1]
        self._used = 0
        self._shown_used = 0

    def _mine(self):
        return _slot_owner[self._slot] is self

    def append(self, entry):
        if not self._mine():
            return
        y, x, text = entry
        data = _utf8(text)
        start = self._used
        end = start + 6 + len(data)
        buf = self._drawn
        if end > len(buf):
            raise OverflowError("a frame drew more text than the test record holds")
        struct.pack_into("<hhH", buf, start, y, x, len(data))
        buf[start + 6:end] = data
        self._used = end

    def __delitem__(self, _everything):
        # Gfx.clear() deletes the record's whole slice, as of a list
        self._used = 0

    def show(self):
        """The texts drawn so far become those of the frame shown."""
        if self._mine():
            n = self._used
            memoryview(self._shown)[:n] = memoryview(self._drawn)[:n]
            self._shown_used = n

    def _check_mine(self):
        if not self._mine():
            raise AssertionError("more than %d gadgets in one test: this display's text record "
                                 "went to a later one (fake_hw.RECORD_SLOTS)" % RECORD_SLOTS)

    def has(self, text):
        """Whether `text` is one of the texts of the frame last shown: compared in the record
        byte by byte, so the check takes nothing of the heap the firmware runs on."""
        self._check_mine()
        data = _utf8(text)
        n = len(data)
        buf = self._shown
        i = 0
        while i < self._shown_used:
            length = buf[i + 4] | (buf[i + 5] << 8)
            if length == n:
                start = i + 6
                k = 0
                while k < n and buf[start + k] == data[k]:
                    k += 1
                if k == n:
                    return True
            i += 6 + length
        return False

    def shown(self):
        """The entries of the frame last shown, as (y, x, text), in the order drawn."""
        self._check_mine()
        buf = self._shown
        out = []
        i = 0
        while i < self._shown_used:
            y, x, n = struct.unpack_from("<hhH", buf, i)
            out.append((y, x, bytes(buf[i + 6:i + 6 + n]).decode()))
            i += 6 + n
        return out


# The records' buffers (a frame's text takes up to about 540 bytes in the suite, the hand
# checker's): made with the harness, a drawn and a shown one per slot, for the gadgets a test
# holds at once (five: a Tổ Tôm host and four guests).
RECORD_SLOTS = 5
RECORD_BYTES = 640
_RECORDS = [bytearray(RECORD_BYTES) for _ in range(2 * RECORD_SLOTS)]
_slot_owner = [None] * RECORD_SLOTS
_next_slot = [0]


class FakeDisplay(framebuf.FrameBuffer):
    """A framebuffer with the display extras: show(), set_palette(), brightness()."""

    def __init__(self, width, height, depth, record=True):
        self.buf = memoryview(_BUFFER)[:_fb_size(width, height, depth)]
        fmt = framebuf.GS4_HMSB if depth == 4 else framebuf.MONO_VLSB
        super().__init__(self.buf, width, height, fmt)
        self.fill(0)
        self.width = width
        self.height = height
        self.depth = depth
        self.shows = 0
        self.palette = None
        self.level = None
        # None: as on a board (the heap probes must not count a record, nor take its slot)
        self.texts = TextRecord() if record else None

    def show(self):
        self.shows += 1
        if self.texts is not None:
            self.texts.show()

    def has_text(self, text):
        """Whether the frame last shown has `text` as one of its texts (TextRecord.has)."""
        return self.texts.has(text)

    def shown_lines(self):
        """The texts of the frame last shown, in reading order: each its own small string (a
        check that needs no run of free heap as long as the whole frame's text)."""
        entries = self.texts.shown()
        entries.sort()
        return [t[2] for t in entries]

    def shown_text(self):
        """The text of the frame last shown, one line per text drawn, in reading order."""
        return "\n".join(self.shown_lines())

    def set_palette(self, rgb):
        self.palette = rgb

    def brightness(self, percent):
        self.level = percent

    def lit(self):
        """How many pixels are not background (0)."""
        n = 0
        for b in self.buf:
            if b:
                n += 1
        return n


class FakeBuzzer:
    """Records the last tones played (bounded, so long games do not grow the heap)."""

    KEEP = 64

    def __init__(self):
        self.tones = []
        self.level = 100

    def volume(self, percent):
        self.level = percent

    def tone(self, freq):
        if len(self.tones) >= self.KEEP:
            self.tones.pop(0)
        self.tones.append(freq)


# The air between every fake gadget of a test (sim.air): set_air() gives a test its own channel.
_AIR = [None]


def set_air(air):
    """Make `air` (a sim.air.Air) the channel of every fake gadget's radio from now on."""
    _AIR[0] = air


class FakeHardware:
    """Hardware object with a virtual clock; tests press buttons by name. `address` is the
    gadget's radio address (give two gadgets of one test different ones)."""

    def __init__(self, board="ttgo_tdisplay", storage=None, record_text=True, address=1):
        w, h, depth, names, motion, buzzer = BOARDS[board]
        self.name = board
        self.address = bytes((2, 0, 0, 0, 0, address))
        self.boot = boot_number()   # which boot of this board (reboot counts on)
        self._radio = None
        self.display = FakeDisplay(w, h, depth, record_text)
        self.button_names = names
        self.accel = (0.0, 0.0, 1.0)
        self.motion = self._motion if motion else None
        self.buzzer = FakeBuzzer() if buzzer else None
        self.now = 1000
        self.pressed = 0
        self.slept = 0
        self.storage = board_storage(board, storage)

    def _motion(self):
        return self.accel

    def buttons(self):
        return self.pressed

    def clock(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms

    def rng(self):
        # 20250129 for the first gadget, as before; a board booted again after a restart draws
        # other numbers, as a hardware generator does (its link's boot id tells its peers)
        return 20250128 + self.address[5] + (self.boot << 8)

    def radio(self):
        """This gadget's radio on the test's air (a clean channel unless set_air chose one)."""
        if self._radio is None:
            if _AIR[0] is None:
                from sim.air import Air

                _AIR[0] = Air()
            self._radio = _AIR[0].radio(self.address, self.clock)
            self._radio.off()
        return self._radio

    def deep_sleep(self):
        """A board would sleep until a button and boot again; the fake counts and returns."""
        self.slept += 1

    def restart(self):
        """A board restarts MicroPython: machine.soft_reset raises SystemExit, which no handler
        of the firmware stops. The test then boots the board again: `reboot`, or, where the
        heap matters (a micropython lane), a process of its own (mp_lane.run_each)."""
        raise Restarted(RESTARTED)


# the exit code of a micropython process whose board restarted (mp_lane.run_each boots it again)
RESTARTED = 75


class Restarted(SystemExit):
    """The board restarted MicroPython (FakeHardware.restart)."""


def boot_number():
    """Which boot of its board this process is: 0, or the number mp_lane.run_boots gives the
    process that boots it again after a restart (TET_BOOT)."""
    return int(_getenv("TET_BOOT") or 0)


def reboot(app):
    """The board of `app` boots again after a restart, in this process, its storage kept (the
    launcher opens a game the last boot asked for) and its radio address; returns the new app.
    Its heap is not fresh: names interned by the last boot stay."""
    return new_app(app.hw.name, keep_storage=True, address=app.hw.address[5],
                   boot=app.hw.boot + 1)


ENOSPC = 28  # errno numbers (MicroPython's unix errno module lacks ENOSPC)
EEXIST = 17


class PowerCut(Exception):
    """Raised by a FakeDir whose `cut_after` operations are used up: the power went off."""


class _LimitedFile:
    """A file on a FakeDir: writes what still fits, then raises ENOSPC like a full flash."""

    def __init__(self, f, owner):
        self.f = f
        self.owner = owner

    def write(self, data):
        owner = self.owner
        owner.tick()
        room = len(data) if owner.free is None else min(len(data), owner.free)
        self.f.write(data[:room])
        if owner.free is not None:
            owner.free -= room
        if room < len(data):
            owner._fail(ENOSPC)
        return room

    def read(self, *n):
        return self.f.read(*n)

    def seek(self, *where):
        return self.f.seek(*where)

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


class FakeDir:
    """A storage directory object (as a board may give in `hw.storage`) over a real directory.

    `fat`: rename onto an existing file raises OSError(EEXIST), as FAT's does. `free`: bytes the
    flash has left (None: unlimited); a write beyond them writes what fits and raises ENOSPC.
    `cut_after`: the number of file operations (open, write, rename, remove) that happen before
    the power goes off (PowerCut); None: never. `fails` counts the OSErrors raised.
    """

    def __init__(self, path, fat=False, free=None, cut_after=None):
        self.path = path
        self.fat = fat
        self.free = free
        self.cut_after = cut_after
        self.fails = 0

    def tick(self):
        """Count one operation; cut the power when they are used up."""
        if self.cut_after is not None:
            if self.cut_after <= 0:
                raise PowerCut()
            self.cut_after -= 1

    def _fail(self, errno):
        self.fails += 1
        raise OSError(errno)

    def open(self, path, mode="r"):
        self.tick()
        f = open(path, mode)
        return _LimitedFile(f, self) if "w" in mode else f

    def rename(self, old, new):
        self.tick()
        if self.fat and exists(new):
            self._fail(EEXIST)
        os.rename(old, new)

    def remove(self, path):
        self.tick()
        os.remove(path)

    def stat(self, path):
        return os.stat(path)

    def mkdir(self, path):
        os.mkdir(path)


def exists(path):
    """Whether a file or directory is at `path`."""
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def board_storage(board, root=None):
    """The storage directory of a fake `board`: under `root`, or the test run's own (tests/
    conftest.py sets TET_FAKE_STORAGE, so parallel runs never meet)."""
    return (root or _getenv("TET_FAKE_STORAGE") or "/tmp/tet_fake_hw") + "_" + board


def storage_path(hw):
    """The real directory behind `hw.storage` (a path or a FakeDir)."""
    return hw.storage if isinstance(hw.storage, str) else hw.storage.path


def clear_storage(hw):
    """Remove every file (and directory put in the way) in the fake hardware's storage."""
    root = storage_path(hw)
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        try:
            os.remove(root + "/" + name)
        except OSError:
            os.rmdir(root + "/" + name)


def run(app, ms):
    """Run the app loop for `ms` milliseconds of virtual time."""
    end = app.hw.now + ms
    while app.hw.now < end:
        app.step()
        app.hw.sleep_ms(10)


def press(app, name, hold_ms=60, after_ms=60):
    """Press button `name` for `hold_ms`, release, let the app run `after_ms`."""
    bit = 1 << app.hw.button_names.index(name)
    app.hw.pressed |= bit
    run(app, hold_ms)
    app.hw.pressed &= ~bit
    run(app, after_ms)


def hold(app, name, hold_ms=700):
    """A long press."""
    press(app, name, hold_ms, 60)


def shake(app):
    """Shake the motion sensor for a moment."""
    app.hw.accel = (2.5, 0.5, 1.0)
    run(app, 30)
    app.hw.accel = (0.0, 0.0, 1.0)
    run(app, 60)


def _forget_loaded_games():
    """A boot starts with no game loaded: forget what an earlier app in this process imported
    (tet.core stays, as the App's own modules), so each new app starts on a fresh heap."""
    import gc
    import sys

    from tet.core.app import forget_module

    for name in list(sys.modules):
        if name.startswith("tet.") and not name.startswith("tet.core"):
            forget_module(name)
    gc.collect()


def new_app(board="ttgo_tdisplay", keep_storage=False, storage=None, address=1, restarts=True,
            boot=None):
    """Boot the launcher on a fake board (fresh storage unless keep_storage).

    `storage`: a FakeDir to use as the board's storage (its path is the board's usual one).
    `address`: the gadget's radio address, for tests with several gadgets on one air.
    `restarts`: False for a board that cannot restart MicroPython (it opens each part of a game
    in the same boot, App.open_part): where several gadgets share the test's process, as a
    restart would end them all. `boot`: which boot of the board this is (its random numbers
    depend on it; by default the process's, boot_number).
    """
    _forget_loaded_games()
    hw = FakeHardware(board, address=address)  # the framebuffer first, as a board's boot does
    if not restarts:
        hw.restart = None
    if boot is not None:
        hw.boot = boot
    from tet.ui import boot

    if storage is not None:
        storage.path = hw.storage
        hw.storage = storage
    if not keep_storage:
        clear_storage(hw)
    app = boot(hw)
    if WATCH is not None:
        _watch_steps(app)
    run(app, 50)
    return app


# TET_HEAP_WATCH=1 (the stock-board heap bench, the lane's path test): after every step of every
# app, a collection, then the least free heap and the least largest free block seen so far are
# kept here as [free, block]; the prelude prints them after the tests ("heap watch FREE BLOCK").
# The largest block is found by trying allocations, at each new least free and every
# WATCH_EVERY steps. MicroPython only (CPython has no fixed heap).
WATCH = [1 << 30, 1 << 30] if _getenv("TET_HEAP_WATCH") and hasattr(gc, "mem_free") else None
WATCH_EVERY = 25


def largest_free_block():
    """The largest bytearray the heap can give now, to 16 bytes (after a collection)."""
    gc.collect()
    lo, hi = 0, gc.mem_free()  # type: ignore[attr-defined]
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            bytearray(mid)
            lo = mid
        except MemoryError:
            hi = mid
    gc.collect()
    return lo


def _watch_steps(app):
    step = app.step
    count = [0]

    def watched():
        step()
        gc.collect()
        free = gc.mem_free()  # type: ignore[attr-defined]
        count[0] += 1
        if free < WATCH[0] or count[0] % WATCH_EVERY == 0:
            WATCH[0] = min(WATCH[0], free)
            WATCH[1] = min(WATCH[1], largest_free_block())

    app.step = watched


def open_game(app, game_id):
    """From the launcher, walk to the game `game_id` (tet.registry) and press select, as a
    player would; the game's position in the menu comes from the registry. Returns nothing: a
    game's first screen left in a caller's frame would keep its modules when the game opens
    its next part anew (App.open_part; MicroPython's collector reads frames conservatively)."""
    from tet.registry import GAMES, ID

    nxt, ok = TWO[app.hw.name]
    launcher = app.stack[0]
    assert app.screen is launcher, app.screen.title
    target = [entry[ID] for entry in GAMES].index(game_id)
    for _ in range(len(GAMES) + 1):
        if launcher.index == target:
            break
        press(app, nxt)
    assert launcher.index == target
    press(app, ok)


def walk_to(app, label):
    """Press NEXT on a menu until the entry `label` is highlighted (as a person reads down it)."""
    nxt = TWO[app.hw.name][0]
    menu = app.screen
    for _ in range(len(menu.items)):
        if menu.selected == label:
            return
        press(app, nxt)
    assert menu.selected == label, "no menu entry " + label


# the logical "two buttons" of every board: (move on, select/hold for back)
TWO = {"ttgo_tdisplay": ("A", "B"), "m5stickc_plus": ("A", "B"), "devkit_ssd1306": ("DOWN", "OK")}
