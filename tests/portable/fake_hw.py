"""A hardware object for tests: real framebuf (MicroPython) or the simulator's fake (CPython),
a settable clock and button mask, a recording buzzer. Same contract as boards/ and sim/.
"""

import framebuf

# board id -> (width, height, depth, button names, has motion, has buzzer)
BOARDS = {
    "ttgo_tdisplay": (240, 135, 4, ("A", "B"), False, False),
    "m5stickc_plus": (240, 135, 4, ("A", "B"), True, True),
    "devkit_ssd1306": (128, 64, 1, ("UP", "DOWN", "LEFT", "RIGHT", "OK"), False, True),
}


def _fb_size(width, height, depth):
    return (width + 1) // 2 * height if depth == 4 else width * ((height + 7) // 8)


# A board allocates its framebuffer once, first thing at boot, before any firmware import. Here
# that is this module's import: one buffer as large as the largest board's, whose start every
# fake display of the process uses (a test may boot several boards one after the other, and a
# heap fragmented by a game could not give a new 16 KB block, as no device ever has to).
_BUFFER = bytearray(max(_fb_size(b[0], b[1], b[2]) for b in BOARDS.values()))


class FakeDisplay(framebuf.FrameBuffer):
    """A framebuffer with the display extras: show(), set_palette(), brightness()."""

    def __init__(self, width, height, depth):
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
        self.texts = []
        self.shown = []

    def show(self):
        self.shows += 1
        self.shown = sorted(self.texts)

    def shown_text(self):
        """The text of the frame last shown, one line per text drawn, in reading order."""
        return "\n".join(t[2] for t in self.shown)

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


class FakeHardware:
    """Hardware object with a virtual clock; tests press buttons by name."""

    def __init__(self, board="ttgo_tdisplay", storage=None):
        w, h, depth, names, motion, buzzer = BOARDS[board]
        self.name = board
        self.display = FakeDisplay(w, h, depth)
        self.button_names = names
        self.accel = (0.0, 0.0, 1.0)
        self.motion = self._motion if motion else None
        self.buzzer = FakeBuzzer() if buzzer else None
        self.now = 1000
        self.pressed = 0
        self.slept = 0
        if storage is None:
            import os

            # one directory per test run (tests/conftest.py sets it), so parallel runs never meet
            storage = os.getenv("TET_FAKE_STORAGE") or "/tmp/tet_fake_hw"
        self.storage = storage + "_" + board

    def _motion(self):
        return self.accel

    def buttons(self):
        return self.pressed

    def clock(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms

    def rng(self):
        return 20250129

    def deep_sleep(self):
        """A board would sleep until a button and boot again; the fake counts and returns."""
        self.slept += 1


def clear_storage(hw):
    """Remove every file in the fake hardware's storage directory."""
    import os

    try:
        for name in os.listdir(hw.storage):
            os.remove(hw.storage + "/" + name)
    except OSError:
        pass


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

    for name in list(sys.modules):
        if name.startswith("tet.") and not name.startswith("tet.core"):
            del sys.modules[name]
            dot = name.rfind(".")
            parent = sys.modules.get(name[:dot])
            if parent is not None and hasattr(parent, name[dot + 1:]):
                delattr(parent, name[dot + 1:])
    gc.collect()


def new_app(board="ttgo_tdisplay", keep_storage=False):
    """Boot the launcher on a fake board (fresh storage unless keep_storage)."""
    _forget_loaded_games()
    hw = FakeHardware(board)  # the framebuffer first, as a board's boot allocates it
    from tet.core.app import App
    from tet.ui.launcher import Launcher

    if not keep_storage:
        clear_storage(hw)
    app = App(hw)
    app.push(Launcher(app))
    run(app, 50)
    return app


def open_game(app, game_id):
    """From the launcher, walk to the game `game_id` (tet.games.registry) and press select, as a
    player would; the game's position in the menu comes from the registry."""
    from tet.games.registry import GAMES, ID

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
    return app.screen


# the logical "two buttons" of every board: (move on, select/hold for back)
TWO = {"ttgo_tdisplay": ("A", "B"), "m5stickc_plus": ("A", "B"), "devkit_ssd1306": ("DOWN", "OK")}
