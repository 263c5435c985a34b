"""The hardware object every board hands to the firmware (the contract in platform.md)."""

import os
import time


class Hardware:
    """A board as the firmware sees it.

    `display` is a framebuf.FrameBuffer subclass with width/height/depth, show(), set_palette()
    and brightness(); `buttons()` returns the raw bitmask of `button_names`; `motion` is None or
    a callable returning (ax, ay, az) in g; `buzzer` is None or has tone(freq_hz); `storage` is
    the directory for saves.
    """

    def __init__(self, name, display, button_names, buttons, motion=None, buzzer=None,
                 storage="/saves"):
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

    def rng(self):
        """A 32-bit random number from the hardware generator."""
        return int.from_bytes(os.urandom(4), "little")


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
