"""The simulated board: the same contract as boards/ (drivers.hardware.Hardware), one for both
runtimes. The CPython simulator (sim.runner) runs it on the fake framebuf after
sim.install_fakes(), its time from sim.clock; the real micropython binary runs it on MicroPython's
own framebuf (sim.device), its time from the script's events.
"""

import time

import framebuf
from drivers.hardware import Hardware, xorshift32

REST = (0.0, 0.0, 1.0)  # lying flat: 1 g on z
SHAKE_PERIOD_MS = 40


class SimDisplay(framebuf.FrameBuffer):
    """A GS4_HMSB (colour) or MONO_VLSB (OLED) framebuffer; show() publishes a frame: a copy of
    the buffer and palette, or (`keep` False: on the device, whose heap is measured) the buffer
    itself, which a shot reads before the next frame is drawn."""

    def __init__(self, width, height, depth, on_show=None, keep=True):
        if depth == 4:
            self.buf = bytearray((width + 1) // 2 * height)
            fmt = framebuf.GS4_HMSB
        else:
            self.buf = bytearray(width * ((height + 7) // 8))
            fmt = framebuf.MONO_VLSB
        super().__init__(self.buf, width, height, fmt)
        self.width = width
        self.height = height
        self.depth = depth
        self.palette = [g * 0x111111 for g in range(16)]
        self.level = 100
        self.frames = 0
        self.keep = keep
        # what the panel shows: the buffer at the last show()
        self.shown = bytes(len(self.buf)) if keep else self.buf
        self.shown_palette = list(self.palette) if keep else self.palette
        self.on_show = on_show
        # the firmware's Gfx tells a display with `texts` every text drawn: (y, x, text)
        self.texts = []
        self.shown_texts = []

    def show(self):
        """Publish the buffer (and the palette in use) as the panel's picture."""
        if self.keep:
            self.shown = bytes(self.buf)
            self.shown_palette = list(self.palette)
        else:
            self.shown_palette = self.palette
        self.shown_texts = sorted(self.texts)
        self.frames += 1
        if self.on_show is not None:
            self.on_show(self)

    def shown_text(self):
        """The text of the frame last shown, one line per text drawn, in reading order (top to
        bottom, then left to right)."""
        return "\n".join(t[2] for t in self.shown_texts)

    def set_palette(self, rgb):
        """16 RGB888 colours for pixel values 0..15 (colour screens)."""
        if self.depth == 4:
            self.palette = [int(c) & 0xFFFFFF for c in rgb][:16]

    def brightness(self, percent):
        """Backlight / contrast level, 0..100."""
        self.level = min(max(int(percent), 0), 100)


class SimBuzzer:
    """Records every tone as (ms, freq) (not with `tones` None: on the device, whose heap is
    measured); `sink` (the window's audio) may play it."""

    def __init__(self, clock_ms, sink=None, tones=True):
        self._clock_ms = clock_ms
        self.tones = [] if tones else None
        self.sink = sink
        self.level = 100

    def volume(self, percent):
        """Loudness, 0..100 (recorded; the window plays at one level)."""
        self.level = percent

    def tone(self, freq_hz):
        """Start a tone (0 = silence)."""
        if self.tones is not None:
            self.tones.append((self._clock_ms(), int(freq_hz)))
        if self.sink is not None:
            self.sink(int(freq_hz))


class SimRestart(SystemExit):
    """The simulated board restarts MicroPython (on a board, machine.soft_reset raises
    SystemExit); sim.runner boots it again, or on the device sim.mp_run."""


class SimHardware(Hardware):
    """Buttons from the keyboard or a script, a shakeable motion sensor, a seeded RNG.
    `spec` is a sim.boards.BoardSpec, or what of one the device side is given (id, width,
    height, depth, button_names, has_motion, has_buzzer); `keep` as SimDisplay's."""

    def __init__(self, spec, storage, seed=None, on_show=None, udp=None, keep=True):
        display = SimDisplay(spec.width, spec.height, spec.depth, on_show, keep)
        Hardware.__init__(self, spec.id, display, spec.button_names, self._read_buttons,
                          storage=storage)
        self.spec = spec
        self.udp = udp
        self.pressed = 0
        self.slept = 0
        self._battery = None
        self._shake_until = None
        if seed is None:        # a run without --seed: other numbers each time
            import random

            seed = random.getrandbits(32)
        self._seed = seed & 0xFFFFFFFF or 1
        if spec.has_motion:
            self.motion = self._motion
        if spec.has_buzzer:
            self.buzzer = SimBuzzer(self.clock, tones=keep)
        if spec.id.startswith("web_"):
            # the web page's board (boards/web/): a browser neither sleeps, restarts MicroPython
            # nor has a radio, and the firmware hides what needs them
            self.deep_sleep = self.restart = self.radio = None

    def _read_buttons(self):
        return self.pressed

    def shake(self, ms):
        """Shake the device for the next `ms` milliseconds."""
        self._shake_until = time.ticks_add(self.clock(), ms)

    def _motion(self):
        now = self.clock()
        if self._shake_until is None or time.ticks_diff(self._shake_until, now) <= 0:
            return REST
        sign = 1.0 if (now // SHAKE_PERIOD_MS) % 2 else -1.0
        return (2.2 * sign, -1.1 * sign, 1.0)

    def set_battery(self, level):
        """A script's `battery` line: "40" or "40+" (charging)."""
        self._battery = (int(level.rstrip("+")), level.endswith("+"))

    def battery(self):
        """(percent, charging) once a script set it, else None (not measured)."""
        return self._battery

    def deep_sleep(self):
        """The simulated board sleeps: the panel goes dark and the run goes on as if a button
        had woken it at once (a real board boots again; `slept` counts the sleeps)."""
        self.display.brightness(0)
        self.slept += 1
        print("sim: deep sleep after 10 min idle (the game was saved; a button wakes the board)")

    def restart(self):
        """As a board's soft reset: the firmware's loop ends here and sim.runner boots it again
        with the same storage (the panel keeps its last frame meanwhile)."""
        raise SimRestart()

    def radio(self):
        """A radio on a channel of its own (a table it hosts waits for guests; `tet net play`
        and the tests put several gadgets on one sim.air), or with `udp` = (n, gadgets, base
        port or None) gadget n of a table of simulators in processes of their own
        (sim.udp_air)."""
        if self._radio is None:
            if self.udp is None:
                from sim.air import lone_radio

                self._radio = lone_radio(self.clock)
            else:
                from sim.udp_air import BASE_PORT, UdpAir, gadget_address

                n, gadgets, base = self.udp
                self._radio = UdpAir(gadgets, base or BASE_PORT).radio(gadget_address(n))
                self._radio.off()
        return self._radio

    def rng(self):
        """32 random bits from the seed (--seed) by xorshift32: the same numbers on both
        runtimes, so a --micropython run deals the same games as a CPython one."""
        self._seed = xorshift32(self._seed)
        return self._seed
