"""The radio seam's fake: simulated gadgets sharing one seeded, imperfect channel.

`Air(seed, loss, dup, reorder, record)` is the space between the gadgets; `air.radio(addr)` is one
gadget's radio with the seam's calls (`send(peer, frame)`, `broadcast(frame)`, `recv()` without
blocking, `on()`, `off()`, `address`). Each frame is lost with probability `loss`, sent twice
with `dup`, and held back by up to REORDER_MS with `reorder` (so frames overtake each other).
Like ESP-NOW, `send()` always says yes and a full receive buffer drops what comes (RX_BUFFER
frames). Time is the `now` given to `tick(now)`, so runs are exact replays of their seed.

Plain Python that also runs under MicroPython: the seeded generator is the firmware's own,
imported when a channel is made (a test module that imports this one imports no firmware at its
top: the micropython lanes then tell its harness from the firmware, mp_lane.heap_without_harness).
"""

FRAME_MAX = 250
LATENCY_MS = 3
REORDER_MS = 60
RX_BUFFER = 16
_SCALE = 1000000


class Air:
    """The channel; counts `sent`, `lost` (by the channel or a full buffer) and `copies`."""

    def __init__(self, seed=1, loss=0.0, dup=0.0, reorder=0.0, record=False):
        from tet.core.rng import Rng

        self.rng = Rng(seed)
        self.loss = int(loss * _SCALE)
        self.dup = int(dup * _SCALE)
        self.reorder = int(reorder * _SCALE)
        self.radios = {}
        self.flying = []        # [arrival ms, order, to addr, from addr, frame]
        self.now = 0
        self.order = 0
        self.sent = 0
        self.lost = 0
        self.copies = 0
        self.lost_to = {}       # addr -> frames towards it that never arrived
        self.log = [] if record else None   # with `record`: every frame as (from, to, bytes)

    def radio(self, addr, clock=None):
        """The radio of the gadget at `addr` (6 bytes, as a MAC address); a gadget that reboots
        gets a fresh one at the same address. With a `clock` (the gadget's ms clock), receiving
        first lets the air carry what is due by then (for gadgets run as whole apps)."""
        r = FakeRadio(self, addr, clock)
        self.radios[addr] = r
        return r

    def _chance(self, p):
        return p > 0 and self.rng.below(_SCALE) < p

    def carry(self, src, dst, frame):
        """Put one frame on the air towards `dst`."""
        if len(frame) > FRAME_MAX:
            raise ValueError("a frame of %d bytes (ESP-NOW carries %d)" % (len(frame), FRAME_MAX))
        self.sent += 1
        if self.log is not None:
            self.log.append((src, dst, bytes(frame)))
        copies = 2 if self._chance(self.dup) else 1
        self.copies += copies - 1
        for _ in range(copies):
            if self._chance(self.loss):
                self._lose(dst)
                continue
            delay = LATENCY_MS
            if self._chance(self.reorder):
                delay += 1 + self.rng.below(REORDER_MS)
            self.order += 1
            self.flying.append([self.now + delay, self.order, dst, src, bytes(frame)])

    def tick(self, now):
        """Deliver every frame due by `now` into its receiver's buffer."""
        self.now = now
        due = [f for f in self.flying if f[0] <= now]
        if not due:
            return
        self.flying = [f for f in self.flying if f[0] > now]
        due.sort()
        for _at, _order, dst, src, frame in due:
            r = self.radios.get(dst)
            if r is None or not r.active or len(r.inbox) >= RX_BUFFER:
                self._lose(dst)
            else:
                r.inbox.append((src, frame))

    def _lose(self, dst):
        self.lost += 1
        self.lost_to[dst] = self.lost_to.get(dst, 0) + 1


def lone_radio(clock):
    """A radio, off, on a channel of its own: the simulator's single gadget (a table it hosts
    waits for guests that never come; several gadgets share one Air in the tests)."""
    radio = Air().radio(b"\x02SIM\x00\x01", clock)
    radio.off()
    return radio


class FakeRadio:
    """One gadget's radio on an Air."""

    def __init__(self, air, addr, clock=None):
        self.air = air
        self.address = addr
        self.clock = clock
        self.active = True
        self.inbox = []

    def on(self):
        """Switch the radio on (the boards: WLAN station up, not connected, ESP-NOW started)."""
        self.active = True

    def off(self):
        """Switch the radio off; what was in its buffer is gone."""
        self.active = False
        self.inbox = []

    def send(self, peer, frame):
        """Send to one peer; True whatever happens to the frame, as ESP-NOW."""
        if self.active:
            self.air.carry(self.address, peer, frame)
        return True

    def broadcast(self, frame):
        """Send to every other radio in range."""
        if self.active:
            for addr in list(self.air.radios):
                if addr != self.address:
                    self.air.carry(self.address, addr, frame)

    def recv(self):
        """(sender, frame) of the oldest frame received, or None at once."""
        if self.clock is not None and not self.inbox:
            self.air.tick(max(self.air.now, self.clock()))
        return self.inbox.pop(0) if self.inbox else None
