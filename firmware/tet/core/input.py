"""Buttons to logical events: debounce, long press and auto-repeat, so two buttons reach everything.

Two-button boards (A, B):   A tap = NEXT, A hold = PREV (repeating while held),
                            B tap = OK,   B hold = BACK.
Five-button boards:         UP, DOWN, LEFT, RIGHT (repeating while held), OK tap = OK,
                            OK hold = BACK; a sixth button BACK (the web page's Backspace
                            and Escape) gives BACK.
A shake of the motion sensor gives SHAKE. Screens that move a cursor along one axis use
`forward(ev)` / `backward(ev)`, which accept NEXT/PREV and the arrows alike.
"""

import time

NONE, NEXT, PREV, OK, BACK, SHAKE, UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9

DEBOUNCE_MS = 20
LONG_MS = 450
REPEAT_MS = 160
SHAKE_G2 = 2.6  # squared acceleration (g^2) beyond which a reading counts as a shake
SHAKE_QUIET_MS = 700

# per button name: (event on tap, event on hold, hold repeats)
TWO_BUTTONS = {"A": (NEXT, PREV, True), "B": (OK, BACK, False)}
FIVE_BUTTONS = {
    "UP": (UP, UP, True),
    "DOWN": (DOWN, DOWN, True),
    "LEFT": (LEFT, LEFT, True),
    "RIGHT": (RIGHT, RIGHT, True),
    "OK": (OK, BACK, False),
    "BACK": (BACK, BACK, False),
}


def forward(ev):
    """True for events that move a one-dimensional cursor forward."""
    return ev == NEXT or ev == DOWN or ev == RIGHT


def backward(ev):
    """True for events that move a one-dimensional cursor backward."""
    return ev == PREV or ev == UP or ev == LEFT


class Input:
    """Polls the board's raw button bitmask and motion sensor; queues logical events."""

    def __init__(self, hw):
        self.hw = hw
        names = hw.button_names
        table = FIVE_BUTTONS if "OK" in names else TWO_BUTTONS
        # per bit: tap event, hold event, repeats (0 for unknown buttons such as a power key)
        self._tap = bytearray(len(names))
        self._hold = bytearray(len(names))
        self._repeats = bytearray(len(names))
        for i, name in enumerate(names):
            spec = table.get(name)
            if spec:
                self._tap[i], self._hold[i], self._repeats[i] = spec[0], spec[1], 1 if spec[2] else 0
        self.two_buttons = table is TWO_BUTTONS
        self.has_motion = hw.motion is not None
        n = len(names)
        # a button already down at boot is still held from before a restart (leaving a part of
        # a game by a hold restarts the board): it gives nothing until it is let go
        self._held_over = hw.buttons()
        self._stable = self._held_over  # debounced bitmask
        now = hw.clock()
        # ticks wrap, so start values must be real tick values, not 0 or negatives
        self._changed_at = time.ticks_add(now, -DEBOUNCE_MS)
        self._down_at = [0] * n   # ms when each button went down
        self._fired = bytearray(n)  # hold already fired (so release gives no tap)
        self._next_repeat = [0] * n
        self._queue = []
        self._quiet_until = now

    def poll(self, now):
        """Sample the hardware at time `now` (ms ticks) and queue any events."""
        raw = self.hw.buttons()
        # Act on the first edge at once, then ignore contact bounce for DEBOUNCE_MS: a press
        # costs no latency, a bouncing contact gives one event.
        if raw != self._stable and time.ticks_diff(now, self._changed_at) >= DEBOUNCE_MS:
            changed = raw ^ self._stable
            self._stable = raw
            self._changed_at = now
            for i in range(len(self._tap)):
                bit = 1 << i
                if not changed & bit:
                    continue
                if self._held_over & bit:
                    self._held_over &= ~bit     # let go: from now on it counts
                    continue
                if raw & bit:
                    self._down_at[i] = now
                    self._fired[i] = 0
                    # direction keys act on press, so a tap feels instant
                    if self._repeats[i] and self._tap[i] == self._hold[i]:
                        self._push(self._tap[i])
                        self._fired[i] = 1
                        self._next_repeat[i] = time.ticks_add(now, LONG_MS)
                elif not self._fired[i] and self._tap[i]:
                    self._push(self._tap[i])
        for i in range(len(self._tap)):
            if not self._stable & (1 << i) or not self._hold[i] or self._held_over & (1 << i):
                continue
            held = time.ticks_diff(now, self._down_at[i])
            if not self._fired[i]:
                if held >= LONG_MS:
                    self._fired[i] = 1
                    self._push(self._hold[i])
                    self._next_repeat[i] = time.ticks_add(now, REPEAT_MS)
            elif self._repeats[i] and time.ticks_diff(now, self._next_repeat[i]) >= 0:
                self._push(self._hold[i])
                self._next_repeat[i] = time.ticks_add(now, REPEAT_MS)
        if self.has_motion and time.ticks_diff(now, self._quiet_until) >= 0:
            ax, ay, az = self.hw.motion()
            if ax * ax + ay * ay + az * az > SHAKE_G2:
                self._push(SHAKE)
                self._quiet_until = time.ticks_add(now, SHAKE_QUIET_MS)

    def _push(self, ev):
        if len(self._queue) < 8:
            self._queue.append(ev)

    def waiting(self, ev):
        """True when event `ev` is in the queue (it stays there)."""
        return ev in self._queue

    def waiting_any(self):
        """True when any event is queued."""
        return bool(self._queue)

    def get(self):
        """Return the next queued event, or NONE."""
        if self._queue:
            return self._queue.pop(0)
        return NONE
