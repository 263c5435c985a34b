"""The radio seam over local UDP: simulated gadgets in processes of their own.

Gadget number n (1-250) of a table listens on UDP port `base + n` of 127.0.0.1; its radio
address is `02:00:00:00:00:n`, as the test gadgets'. `broadcast` sends to the ports of every
other gadget number up to `gadgets`. Like ESP-NOW, `send()` always says yes; with `loss` a
seeded share of the frames sent is dropped before it leaves. Time is each process's own.

Plain Python that also runs under MicroPython's unix port (its `socket` module), so each
gadget's process can have the device's heap: `UdpAir(...).radio(addr, clock)` is what
`sim.air.Air.radio` is to the one-process tests.
"""

import socket

BASE_PORT = 47300
FRAME_MAX = 250
_SCALE = 1000000
_PREFIX = b"\x02\x00\x00\x00\x00"


def gadget_address(n):
    """The radio address of gadget number n."""
    return _PREFIX + bytes((n,))


def _sender_port(src):
    # CPython gives (host, port); MicroPython the raw sockaddr_in (family, port big-endian, ...)
    if isinstance(src, tuple):
        return src[1]
    return (src[2] << 8) | src[3]


class UdpAir:
    """The local UDP ports of `gadgets` gadgets from `base + 1` on; counts `sent` and `lost`."""

    def __init__(self, gadgets, base=BASE_PORT, loss=0.0, seed=1):
        self.gadgets = gadgets
        self.base = base
        self.loss = int(loss * _SCALE)
        self.rng = None
        if self.loss:
            # the firmware's generator (loaded by the boot), imported here so that this module
            # alone is the harness a gadget's process holds
            from tet.core.rng import Rng

            self.rng = Rng(seed)
        self.sent = 0
        self.lost = 0
        self._to = {}

    def port_of(self, addr):
        """The UDP port of the gadget at `addr` (None: not a gadget of this air)."""
        if len(addr) != 6 or addr[:5] != _PREFIX or not 0 < addr[5] <= self.gadgets:
            return None
        return self.base + addr[5]

    def where(self, port):
        """The socket address of a port on this machine (made once per port)."""
        got = self._to.get(port)
        if got is None:
            got = self._to[port] = socket.getaddrinfo("127.0.0.1", port)[0][-1]
        return got

    def radio(self, addr, clock=None):
        """The radio of the gadget at `addr` (bound to its port); `clock` is not needed: frames
        arrive in real time."""
        return UdpRadio(self, addr)

    def carry(self, sock, port, frame):
        """Send one frame to `port`, unless the seeded loss drops it."""
        if len(frame) > FRAME_MAX:
            raise ValueError("a frame of %d bytes (ESP-NOW carries %d)" % (len(frame), FRAME_MAX))
        self.sent += 1
        if self.loss and self.rng.below(_SCALE) < self.loss:
            self.lost += 1
            return
        try:
            sock.sendto(frame, self.where(port))
        except OSError:     # the receiver's buffer is full: lost, as over the air
            self.lost += 1


class UdpRadio:
    """One gadget's radio on a UdpAir: the seam's `send`, `broadcast`, `recv`, `on`, `off`."""

    def __init__(self, air, addr):
        port = air.port_of(addr)
        if port is None:
            raise ValueError("not a gadget address of this air")
        self.air = air
        self.address = addr
        self.active = True
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(air.where(port))
        self.sock.setblocking(False)

    def on(self):
        """Switch the radio on."""
        self.active = True

    def off(self):
        """Switch the radio off; what was in its buffer is gone."""
        self.active = False
        while self._take() is not None:
            pass

    def send(self, peer, frame):
        """Send to one peer; True whatever happens to the frame, as ESP-NOW."""
        port = self.air.port_of(peer)
        if self.active and port is not None:
            self.air.carry(self.sock, port, frame)
        return True

    def broadcast(self, frame):
        """Send to every other gadget of the air."""
        if self.active:
            me = self.address[5]
            for n in range(1, self.air.gadgets + 1):
                if n != me:
                    self.air.carry(self.sock, self.air.base + n, frame)

    def _take(self):
        try:
            frame, src = self.sock.recvfrom(FRAME_MAX + 1)
        except OSError:     # nothing waiting (EAGAIN)
            return None
        return frame, src

    def recv(self):
        """(sender, frame) of the oldest frame received, or None at once."""
        while True:
            got = self._take()
            if got is None or not self.active:
                return None
            frame, src = got
            n = _sender_port(src) - self.air.base
            if 0 < n <= self.air.gadgets and len(frame) <= FRAME_MAX:
                return gadget_address(n), frame

    def close(self):
        """Give the port back."""
        self.sock.close()
