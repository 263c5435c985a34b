"""The radio seam on an ESP32: ESP-NOW on a fixed channel, WLAN station up but not connected.

`on()` starts it only when a shared game opens (tet.core.app switches it off again when the
game is left), so no radio is on otherwise. `send()` hands a frame to ESP-NOW without waiting
for its acknowledgement: the link above (tet.net.link) acknowledges and retransmits itself,
since ESP-NOW's own acknowledgement comes before the peer's receive buffer may drop the frame.
Not yet run on a board (see the README).
"""

CHANNEL = 1
BROADCAST = b"\xff" * 6
RX_BUFFER = 2048        # bytes of ESP-NOW's receive buffer (about eight full frames)
MAX_PEERS = 19          # ESP-NOW holds 20 peers; one of them is the broadcast address


class EspNowRadio:
    """One gadget's ESP-NOW radio; `address` is its MAC address (bytes) once `on()`."""

    def __init__(self):
        self.address = b""
        self._wlan = None
        self._now = None
        self._peers = []

    def on(self):
        """Switch the radio on."""
        import espnow
        import network

        wlan = network.WLAN(network.STA_IF)
        wlan.active(True)
        wlan.config(channel=CHANNEL)
        self.address = wlan.config("mac")
        now = espnow.ESPNow()
        now.config(rxbuf=RX_BUFFER)     # the buffer is made when ESP-NOW starts
        now.active(True)
        now.add_peer(BROADCAST)
        self._wlan = wlan
        self._now = now
        self._peers = []

    def off(self):
        """Switch the radio off (ESP-NOW and the WLAN station)."""
        if self._now is not None:
            self._now.active(False)
            self._now = None
        if self._wlan is not None:
            self._wlan.active(False)
            self._wlan = None

    def send(self, peer, frame):
        """Send a frame to one peer without waiting (it is added to ESP-NOW's peers first; the
        one added longest ago leaves when the list is full)."""
        now = self._now
        if now is None:
            return True
        if peer not in self._peers:
            if len(self._peers) >= MAX_PEERS:
                now.del_peer(self._peers.pop(0))
            now.add_peer(peer)
            self._peers.append(peer)
        now.send(peer, frame, False)
        return True

    def broadcast(self, frame):
        """Send a frame to every gadget on the channel."""
        if self._now is not None:
            self._now.send(BROADCAST, frame, False)

    def recv(self):
        """(sender, frame) of a frame received, or None at once."""
        if self._now is None:
            return None
        addr, msg = self._now.irecv(0)
        if addr is None or msg is None:
            return None
        return bytes(addr), bytes(msg)
