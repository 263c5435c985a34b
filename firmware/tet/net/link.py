"""Reliable messages between gadgets over a radio that loses, repeats and reorders frames.

The radio (the hardware object's `radio`, ESP-NOW on the boards, sim's channel model on the
desktop) sends frames of at most FRAME_MAX bytes to one peer or to everyone, and hands back
what it received without blocking. ESP-NOW acknowledges a frame at the radio level even when
the peer's receive buffer then drops it, so nothing here trusts `send()`: every message is
acknowledged by the peer's Link and sent again, with backoff, until it is.

Messages need not arrive in order: the session layer (tet.net.table) sends whole snapshots
stamped with a version, so a message put in a *slot* replaces an unacknowledged one of the same
slot (the peer only needs the newest state), and the queue to a peer that walked away stays
bounded. A boot id in every frame tells a peer's reboot from a late duplicate.

Frames (little-endian):
  DATA    kind, boot(2), seq(2), payload
  ACK     kind, boot(2), seq(2), acked boot(2)
  BEACON  kind, boot(2), payload            (to everyone, never acknowledged)
"""

DATA = 1
ACK = 2
BEACON = 3
FRAME_MAX = 250                 # ESP-NOW's payload limit
HEADER = 5
PAYLOAD_MAX = FRAME_MAX - HEADER
RESEND_MS = 40                  # first retransmission; doubles per try up to RESEND_CAP_MS
RESEND_CAP_MS = 640
SEEN = 64                       # how many recent sequence numbers of a peer are remembered


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _put16(out, i, v):
    out[i] = v & 0xFF
    out[i + 1] = (v >> 8) & 0xFF


class _Peer:
    """What this gadget knows of one peer: its boot id, the sequence numbers of its data frames
    seen lately (duplicates are dropped), our frames to it not yet acknowledged."""

    def __init__(self):
        self.boot = -1
        self.seen = []
        self.pending = []       # [seq, slot, frame, due_ms, tries]
        self.heard_ms = 0


class Link:
    """This gadget's end of the air: `send` to a peer reliably, `beacon` to everyone, `poll`
    for what arrived. Counters: `sent` frames, `resent` retransmissions, `duplicates` dropped."""

    def __init__(self, radio, boot_id):
        self.radio = radio
        self.boot = boot_id & 0xFFFF
        self.seq = 0
        self.peers = {}
        self.sent = 0
        self.resent = 0
        self.duplicates = 0

    def _peer(self, addr):
        p = self.peers.get(addr)
        if p is None:
            p = self.peers[addr] = _Peer()
        return p

    def _frame(self, kind, size):
        out = bytearray(size)
        out[0] = kind
        _put16(out, 1, self.boot)
        return out

    def send(self, addr, payload, now, slot=None):
        """Queue `payload` (at most PAYLOAD_MAX bytes) for `addr` and send it at once; with a
        `slot`, an unacknowledged message of that slot is dropped (this one supersedes it)."""
        if len(payload) > PAYLOAD_MAX:
            raise ValueError("message of %d bytes" % len(payload))
        peer = self._peer(addr)
        if slot is not None:
            peer.pending = [p for p in peer.pending if p[1] != slot]
        self.seq = (self.seq + 1) & 0xFFFF
        frame = self._frame(DATA, HEADER + len(payload))
        _put16(frame, 3, self.seq)
        frame[HEADER:] = payload
        peer.pending.append([self.seq, slot, frame, now + RESEND_MS, 0])
        self._transmit(addr, frame)

    def beacon(self, payload):
        """Send `payload` to every gadget in range, once, unacknowledged."""
        frame = self._frame(BEACON, 3 + len(payload))
        frame[3:] = payload
        self.sent += 1
        self.radio.broadcast(frame)

    def _transmit(self, addr, frame):
        self.sent += 1
        self.radio.send(addr, frame)

    def waiting(self, addr):
        """How many of our messages to `addr` are not acknowledged yet."""
        peer = self.peers.get(addr)
        return len(peer.pending) if peer else 0

    def heard(self, addr):
        """When (ms) a frame of `addr` last arrived, or None if never."""
        peer = self.peers.get(addr)
        return peer.heard_ms if peer and peer.boot >= 0 else None

    def forget(self, addr):
        """Stop sending to `addr` (it left the table)."""
        self.peers.pop(addr, None)

    def poll(self, now):
        """Send what is due again; return the messages that arrived as (addr, kind, payload),
        kind DATA or BEACON, and (addr, "reboot", b"") when a known peer restarted."""
        for addr in self.peers:
            for entry in self.peers[addr].pending:
                if now - entry[3] >= 0:
                    entry[4] += 1
                    entry[3] = now + min(RESEND_MS << entry[4], RESEND_CAP_MS)
                    self.resent += 1
                    self._transmit(addr, entry[2])
        events = []
        while True:
            got = self.radio.recv()
            if got is None:
                return events
            addr, frame = got
            if len(frame) < 3:
                continue
            kind = frame[0]
            boot = _u16(frame, 1)
            if kind == BEACON:
                known = self.peers.get(addr)
                if known is not None:
                    known.heard_ms = now
                events.append((addr, BEACON, bytes(frame[3:])))
                continue
            if len(frame) < HEADER:
                continue
            peer = self._peer(addr)
            if peer.boot != boot and kind == DATA:
                if peer.boot >= 0:
                    events.append((addr, "reboot", b""))
                peer.boot = boot
                peer.seen = []
            peer.heard_ms = now
            seq = _u16(frame, 3)
            if kind == ACK:
                if len(frame) >= 7 and _u16(frame, 5) == self.boot:
                    peer.pending = [p for p in peer.pending if p[0] != seq]
                continue
            if kind != DATA:
                continue
            ack = self._frame(ACK, 7)
            _put16(ack, 3, seq)
            _put16(ack, 5, boot)
            self._transmit(addr, ack)
            if seq in peer.seen:
                self.duplicates += 1
                continue
            peer.seen.append(seq)
            if len(peer.seen) > SEEN:
                del peer.seen[0]
            events.append((addr, DATA, bytes(frame[HEADER:])))
