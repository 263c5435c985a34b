"""Short buzzer tunes for game events, played without blocking the app loop."""

import time

# Notes in Hz (0 = rest); a tune is a flat tuple: freq, ms, freq, ms, ...
C5, D5, E5, F5, G5, A5, B5, C6, E6, G6 = 523, 587, 659, 698, 784, 880, 988, 1047, 1319, 1568
CLICK = (C6, 12)
MOVE = (E5, 30)
CAPTURE = (G5, 50, C6, 80)
WIN = (C5, 90, E5, 90, G5, 90, C6, 220)
LOSE = (G5, 120, E5, 120, C5, 260)
DICE = (A5, 25, 0, 25, A5, 25, 0, 25, E6, 60)
TRANG = (C6, 80, E6, 80, G6, 80, 0, 40, G6, 80, C6, 240)
ERROR = (220, 120)


class Sound:
    """Plays tunes on the board's buzzer (silent on boards without one or when muted)."""

    def __init__(self, buzzer):
        self.buzzer = buzzer
        self.enabled = True
        self._tune = ()
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
        if not self._tune or time.ticks_diff(now, self._until) < 0:
            return
        buzzer = self.buzzer
        if buzzer is None:
            return
        if self._pos >= len(self._tune):
            buzzer.tone(0)
            self._tune = ()
            return
        buzzer.tone(self._tune[self._pos])
        self._until = time.ticks_add(now, self._tune[self._pos + 1])
        self._pos += 2

    @property
    def playing(self):
        """True while a tune is sounding."""
        return bool(self._tune)
