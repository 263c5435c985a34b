"""The hardware object every board hands to the firmware (the contract in platform.md)."""

import os
import time


class Hardware:
    """A board as the firmware sees it.

    `display` is a framebuf.FrameBuffer subclass with width/height/depth, show(), set_palette()
    and brightness(); `buttons()` returns the raw bitmask of `button_names`; `motion` is None or
    a callable returning (ax, ay, az) in g; `buzzer` is None or has tone(freq_hz) and
    volume(percent); `storage` is the directory for saves; `wake_pins` are the GPIO numbers of
    the (active-low, RTC-capable) buttons that wake the board from deep sleep; `battery_mv` is
    None or a callable returning (battery millivolts, charging); `radio()` is the board's radio
    for playing together (off until its `on()`); `restart()` starts MicroPython afresh.
    """

    def __init__(self, name, display, button_names, buttons, motion=None, buzzer=None,
                 storage="/saves", wake_pins=(), battery_mv=None):
        self._radio = None
        self.wake_pins = wake_pins
        self._battery_mv = battery_mv
        self.name = name
        self.display = display
        self.button_names = button_names
        self.buttons = buttons
        self.motion = motion
        self.buzzer = buzzer
        self.storage = storage

    def clock(self):
        """Milliseconds ticks (wrapping; compare with time.ticks_diff)."""
        return time.ticks_ms()

    def sleep_ms(self, ms):
        """Wait `ms` milliseconds."""
        time.sleep_ms(ms)

    def battery(self):
        """(percent, charging) of the battery, or None when the board cannot measure it."""
        if self._battery_mv is None:
            return None
        mv, charging = self._battery_mv()
        return battery_percent(mv), charging

    def deep_sleep(self):
        """Sleep until a wake button is pressed; the ESP32 then boots afresh (main.py runs and the
        game's setup offers its save). The classic ESP32 wakes on one pin going low (ext0) and
        on a set of pins all low (ext1), so the first two wake pins each wake it alone."""
        import esp32
        import machine

        self.display.brightness(0)
        if self.wake_pins:
            esp32.wake_on_ext0(machine.Pin(self.wake_pins[0]), esp32.WAKEUP_ALL_LOW)
        if len(self.wake_pins) > 1:
            esp32.wake_on_ext1((machine.Pin(self.wake_pins[1]),), esp32.WAKEUP_ALL_LOW)
        machine.deepsleep()

    def restart(self):
        """Restart MicroPython (a soft reset: main.py runs again, the files stay). Its heap
        starts empty, and only a restart empties it of everything: MicroPython never frees a
        name it interned, and a stock board's .mpy files intern every name of their code
        (tet.ui.launcher opens each game on a heap of its own this way). Raises SystemExit."""
        import machine

        machine.soft_reset()

    def radio(self):
        """The radio for playing together (ESP-NOW), created on first use and off until its
        `on()`: send(peer, frame), broadcast(frame), recv() -> (sender, frame) or None, off()."""
        if self._radio is None:
            from drivers.espnow_radio import EspNowRadio

            self._radio = EspNowRadio()
        return self._radio

    def rng(self):
        """A 32-bit random number from the hardware generator."""
        return int.from_bytes(os.urandom(4), "little")


# A Li-ion cell under a light load: about 3.3 V empty (the regulator drops out), 4.15 V full.
EMPTY_MV = 3300
FULL_MV = 4150


def battery_percent(mv):
    """A rough charge level from the cell voltage (linear between EMPTY_MV and FULL_MV)."""
    return min(max((mv - EMPTY_MV) * 100 // (FULL_MV - EMPTY_MV), 0), 100)


def xorshift32(x):
    """The next state of a xorshift32 generator (x non-zero, 32 bits): a seeded board's (the
    simulator's, the web page's) random numbers, the same on every runtime."""
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x


def active_low_buttons(pins):
    """Return a function reading `pins` (pressed = low) as a bitmask, bit i for pins[i]."""
    pins = tuple(pins)

    def read():
        mask = 0
        bit = 1
        for pin in pins:
            if not pin.value():
                mask |= bit
            bit <<= 1
        return mask

    return read
