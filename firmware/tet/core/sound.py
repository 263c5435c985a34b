"""Short buzzer tunes for game events, played without blocking the app loop."""

import time

# Note table (Hz; index 0 = rest). A tune is bytes: note index, duration in 10 ms, ...
# Tunes are bytes rather than tuples of ints so they cost no heap (they stay in flash when frozen).
NOTES = (0, 220, 523, 587, 659, 698, 784, 880, 988, 1047, 1319, 1568)
CLICK = b"\x09\x01"
MOVE = b"\x04\x03"
CAPTURE = b"\x06\x05\x09\x08"
WIN = b"\x02\x09\x04\x09\x06\x09\x09\x16"
LOSE = b"\x06\x0c\x04\x0c\x02\x1a"
DICE = b"\x07\x03\x00\x03\x07\x03\x00\x03\x0a\x06"
TRANG = b"\x09\x08\x0a\x08\x0b\x08\x00\x04\x0b\x08\x09\x18"
ERROR = b"\x01\x0c"


class Sound:
    """Plays tunes on the board's buzzer (silent on boards without one or when muted)."""

    def __init__(self, buzzer):
        self.buzzer = buzzer
        self.enabled = True
        self._tune = b""
        self._pos = 0
        self._until = 0

    def play(self, tune, now=None):
        """Start `tune` now, replacing any tune still playing."""
        if not self.buzzer or not self.enabled:
            return
        self._tune = tune
        self._pos = 0
        self._until = time.ticks_ms() if now is None else now
        self.update(self._until)

    def update(self, now):
        """Advance the tune; call every frame."""
        buzzer = self.buzzer
        if not self._tune or buzzer is None or time.ticks_diff(now, self._until) < 0:
            return
        if self._pos >= len(self._tune):
            buzzer.tone(0)
            self._tune = b""
            return
        buzzer.tone(NOTES[self._tune[self._pos]])
        self._until = time.ticks_add(now, self._tune[self._pos + 1] * 10)
        self._pos += 2

    @property
    def playing(self):
        """True while a tune is sounding."""
        return bool(self._tune)
