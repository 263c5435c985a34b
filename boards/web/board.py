"""The gadget in a web browser: MicroPython's WebAssembly port runs the firmware, the page
(boards/web/page/gadget.js) shows its framebuffer on a <canvas>, turns keys and on-screen buttons
into the raw button bitmask, plays the buzzer through WebAudio and keeps the saves.

The page drives the app loop itself (App.step every few milliseconds from the browser's event
loop, where a board's main.py runs App.run), so the tab never freezes between frames;
everything else is the firmware's own.
What a browser has not got (deep sleep, a battery, a restart, the radio) the hardware object
lacks, so the firmware hides it instead of pretending.

Talks to the page through `js.tetPage` (the page's object): show(address, length, text),
palette(colours), brightness(percent), tone(hz), volume(percent), saved(path).
"""

import framebuf
import js  # pyright: ignore[reportMissingImports]  # the WebAssembly port's bridge to the page
import time
import uctypes

from drivers.hardware import xorshift32

NAME = "web"
# the looks the page offers: (width, height, depth) of the panel the firmware draws
LOOKS = {"ttgo": (240, 135, 4), "oled": (128, 64, 1)}
# arrows repeat while held, OK tap = OK and hold = back (as the five-button board), and a key
# of its own for back (Backspace, Escape, the page's ↩ button)
BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
HAS_BUZZER = True
# the OLED look's lit colour (as the simulator's, sim.boards.MONO_ON) on black
MONO_COLOURS = (0x000000, 0xE8F4FF)
REST = (0.0, 0.0, 1.0)  # lying flat: 1 g on z, until the phone's sensor says otherwise


class WebDisplay(framebuf.FrameBuffer):
    """The panel: a GS4_HMSB (colour) or MONO_VLSB (OLED) framebuffer whose show() hands the
    page its address in the WebAssembly memory (no copy) and the frame's text, for the page's
    aria-live mirror."""

    def __init__(self, width, height, depth):
        if depth == 4:
            self.buf = bytearray((width + 1) // 2 * height)
            fmt = framebuf.GS4_HMSB
        else:
            self.buf = bytearray(width * ((height + 7) // 8))
            fmt = framebuf.MONO_VLSB
            js.tetPage.palette(",".join(str(c) for c in MONO_COLOURS))
        super().__init__(self.buf, width, height, fmt)
        self.width = width
        self.height = height
        self.depth = depth
        self._address = uctypes.addressof(self.buf)
        # the firmware's Gfx tells a display with `texts` every text drawn: (y, x, text)
        self.texts = []
        self._said = None

    def show(self):
        """Publish the frame: the page draws it on the canvas, and its text when it changed."""
        text = "\n".join(t[2] for t in sorted(self.texts))
        if text == self._said:
            text = None
        else:
            self._said = text
        js.tetPage.show(self._address, len(self.buf), text)

    def set_palette(self, rgb):
        """16 RGB888 colours for pixel values 0..15 (the colour look)."""
        js.tetPage.palette(",".join(str(int(c) & 0xFFFFFF) for c in rgb))

    def brightness(self, percent):
        """The backlight: the page dims the canvas."""
        js.tetPage.brightness(min(max(int(percent), 0), 100))


class WebBuzzer:
    """Square-wave tones through the page's WebAudio."""

    def tone(self, freq_hz):
        """Play `freq_hz` until the next call; 0 is silence."""
        js.tetPage.tone(max(int(freq_hz), 0))

    def volume(self, percent):
        """Loudness, 0..100 (the firmware's volume setting)."""
        js.tetPage.volume(min(max(int(percent), 0), 100))


class WebStorage:
    """The saves' directory in the port's in-memory filesystem, as tet.core.storage's directory
    object: the page copies a save into the browser's localStorage when it is renamed into place
    (a save is complete only then) or removed, and back into the filesystem at the next load."""

    def __init__(self, path):
        import os

        self.path = path
        self._os = os
        self.open = open
        self.stat = os.stat
        self.mkdir = os.mkdir

    def rename(self, old, new):
        """os.rename, then the page keeps the new file."""
        self._os.rename(old, new)
        js.tetPage.saved(new)

    def remove(self, path):
        """os.remove, then the page forgets the file."""
        self._os.remove(path)
        js.tetPage.saved(path)


class WebHardware:
    """The hardware object (platform.md's contract) of the page: six buttons, the buzzer, and
    a motion sensor when the page has one (a phone that lets the page read it)."""

    def __init__(self, look, seed, motion, storage):
        width, height, depth = LOOKS[look]
        self.name = NAME
        self.look = look
        self.display = WebDisplay(width, height, depth)
        self.button_names = BUTTON_NAMES
        self.pressed = 0
        self.buzzer = WebBuzzer()
        self.storage = WebStorage(storage)
        self._seed = seed & 0xFFFFFFFF
        self._acceleration = REST
        self.motion = self._motion if motion else None
        self.now = None     # the page's test mode sets the time; None: the real clock

    def buttons(self):
        """The raw bitmask the page keeps (bit i: BUTTON_NAMES[i])."""
        return self.pressed

    def press(self, mask):
        """The page's keys and buttons: the bitmask of those held now."""
        self.pressed = mask

    def accelerate(self, ax, ay, az):
        """The page's latest motion reading, in g."""
        self._acceleration = (ax, ay, az)

    def _motion(self):
        return self._acceleration

    def clock(self):
        """Milliseconds ticks (wrapping; compare with time.ticks_diff): the real ones, or the
        page's test mode's, which moves only as the test says (as the simulator's headless
        clock), so a test plays whole games in a moment and the same every time."""
        now = self.now
        return time.ticks_ms() if now is None else now

    def sleep_ms(self, ms):
        """Wait `ms` milliseconds (the page's loop waits between steps; nothing calls this
        while the page drives the app)."""
        time.sleep_ms(ms)

    def rng(self):
        """Random bits: 31 of the browser's own (a small int to the JavaScript bridge), or with a
        seed (the page's ?seed=) 32 of xorshift32 as the simulator draws them, so a seeded page
        deals what `python -m sim --seed` deals."""
        if not self._seed:
            return js.tetPage.random32()
        self._seed = xorshift32(self._seed)
        return self._seed


def create(look="ttgo", seed=0, motion=False, storage="/saves"):
    """Set up the page's board and return its hardware object (the page then starts the
    firmware on it, tet.ui.boot, and steps its app)."""
    return WebHardware(look, seed, motion, storage)
