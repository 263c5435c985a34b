"""Reliable messages between gadgets over a radio that loses, repeats and reorders frames.

The radio (the hardware object's `radio`, ESP-NOW on the boards, sim's channel model on the
desktop) sends frames of at most FRAME_MAX bytes to one peer or to everyone, and hands back
what it received without blocking. ESP-NOW acknowledges a frame at the radio level even when
the peer's receive buffer then drops it, so nothing here trusts `send()`: every message is
acknowledged by the peer's Link and sent again, with backoff, until it is.

Messages need not arrive in order: the session layer (tet.net.table) sends whole snapshots
stamped with a version, so a message put in a *slot* replaces an unacknowledged one of the same
slot (the peer only needs the newest state), and the queue to a peer that walked away stays
bounded. A boot id in every frame tells a peer's reboot from a late duplicate. Times are the
board's wrapping ms ticks (compared with time.ticks_diff).

A message longer than one frame goes as PART frames, each acknowledged and resent on its own,
and is handed over once all its parts are in; a peer keeps at most PARTIAL parts-in-progress.
A message waiting for its acknowledgements is kept as the sender gave it, uncopied, and each
frame is put together in one buffer as it goes out: a host sending the same state to five
guests keeps one copy of it, not five cut into frames (its public part is one bytes object the
guests' messages share, see tet.net.host).
The first whole message of a poll comes together in one buffer the link keeps (`room`), so a
guest taking a 1 KB state every second does not cut its heap into holes; that message is a
memoryview, valid until the next poll (copy what you keep).

Frames (little-endian):
  DATA    kind, boot(2), seq(2), payload
  ACK     kind, boot(2), seq(2), acked boot(2)
  BEACON  kind, boot(2), payload            (to everyone, never acknowledged)
  PART    kind, boot(2), seq(2), message(2), index, count, piece
"""

import time

DATA = 1
ACK = 2
BEACON = 3
PART = 4
FRAME_MAX = 250                 # ESP-NOW's payload limit
HEADER = 5
PAYLOAD_MAX = FRAME_MAX - HEADER
PART_HEADER = 9
PIECE_MAX = FRAME_MAX - PART_HEADER
PARTS_MAX = 16                  # a message of at most 16 frames (3,856 bytes)
MESSAGE_MAX = PARTS_MAX * PIECE_MAX
PARTIAL = 3
RESEND_MS = 40                  # first retransmission; doubles per try up to RESEND_CAP_MS
RESEND_CAP_MS = 640
SEEN = 64                       # how many recent sequence numbers of a peer are remembered
ROOM_MIN = 1024


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def put16(out, i, v):
    """Write `v` at `out[i]` as two little-endian bytes."""
    out[i] = v & 0xFF
    out[i + 1] = (v >> 8) & 0xFF


def room(buf, size):
    """`buf` when it holds `size` bytes, else a new bytearray with room to spare: twice `size`
    (at least ROOM_MIN, at most MESSAGE_MAX), so a game's growing states fit for good in the
    buffer made for its first one, and the heap is not cut again mid-game."""
    if buf is not None and len(buf) >= size:
        return buf
    return bytearray(max(size, min(MESSAGE_MAX, max(ROOM_MIN, 2 * size))))


def _drop(pending, field, value):
    """Remove, in place (no new list per acknowledgement), the entries of `pending` whose
    `field` is `value`."""
    for i in range(len(pending) - 1, -1, -1):
        if pending[i][field] == value:
            del pending[i]


class _Peer:
    """What this gadget knows of one peer: its boot id, the sequence numbers of its data frames
    seen lately (duplicates are dropped), our frames to it not yet acknowledged."""

    def __init__(self):
        self.boot = -1
        # a ring of the last SEEN sequence numbers, made once: a list that grew to SEEN + 1
        # entries would ask for a 1 KB block mid-game, on a heap the game has cut up
        self.seen = [-1] * SEEN
        self.at = 0             # where the next one goes
        self.pending = []       # [seq, slot, message, due_ms, tries, index] (see Link.send)
        self.parts = []         # messages coming in parts: [message id, count, pieces]
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
        self._out = bytearray(FRAME_MAX)    # where every outgoing frame is put together
        self._inbox = None      # where the first whole message of a poll comes together
        self._inbox_free = True

    def _peer(self, addr):
        p = self.peers.get(addr)
        if p is None:
            p = self.peers[addr] = _Peer()
        return p

    def _frame(self, kind):
        """The link's one outgoing frame buffer, `kind` and the boot id written (the radio
        copies what it sends, as ESP-NOW does)."""
        out = self._out
        out[0] = kind
        put16(out, 1, self.boot)
        return out

    def send(self, addr, message, now, slot=None):
        """Queue `message` for `addr` and send it at once: bytes, or a tuple of bytes sent as
        their concatenation (at most MESSAGE_MAX bytes in all). The link keeps it, uncopied,
        until `addr` acknowledges it: never change it after. With a `slot`, an unacknowledged
        message of that slot is dropped (this one supersedes it)."""
        chunks = message if isinstance(message, tuple) else (message,)
        size = 0
        for chunk in chunks:
            size += len(chunk)
        if size > MESSAGE_MAX:
            raise ValueError("message of %d bytes" % size)
        peer = self._peer(addr)
        if slot is not None:
            _drop(peer.pending, 1, slot)
        # [chunks, size, message id, count]: shared by the entries of its frames
        count = 1 if size <= PAYLOAD_MAX else (size + PIECE_MAX - 1) // PIECE_MAX
        whole = [chunks, size, (self.seq + 1) & 0xFFFF, count]
        for index in range(count):
            self.seq = (self.seq + 1) & 0xFFFF
            entry = [self.seq, slot, whole, time.ticks_add(now, RESEND_MS), 0, index]
            peer.pending.append(entry)
            self._transmit(addr, entry)

    def beacon(self, payload):
        """Send `payload` to every gadget in range, once, unacknowledged."""
        frame = self._frame(BEACON)
        end = 3 + len(payload)
        frame[3:end] = payload
        self.sent += 1
        self.radio.broadcast(memoryview(frame)[:end])

    def _transmit(self, addr, entry):
        """Send the frame of pending `entry`: the whole message in a DATA frame, or its piece
        `index` in a PART frame."""
        chunks, size, message, count = entry[2]
        if size <= PAYLOAD_MAX:
            frame = self._frame(DATA)
            at, start, end = HEADER, 0, size
        else:
            frame = self._frame(PART)
            index = entry[5]
            put16(frame, 5, message)
            frame[7] = index
            frame[8] = count
            at, start = PART_HEADER, index * PIECE_MAX
            end = min(size, start + PIECE_MAX)
        put16(frame, 3, entry[0])
        # bytes start..end of the chunks' concatenation, copied into the frame after its header
        offset = 0
        for chunk in chunks:
            lo, hi = max(start, offset), min(end, offset + len(chunk))
            if lo < hi:
                frame[at + lo - start:at + hi - start] = memoryview(chunk)[lo - offset:hi - offset]
            offset += len(chunk)
        self._send(addr, memoryview(frame)[:at + end - start])

    def _send(self, addr, frame):
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
                if time.ticks_diff(now, entry[3]) >= 0:
                    entry[4] += 1
                    entry[3] = time.ticks_add(now, min(RESEND_MS << entry[4], RESEND_CAP_MS))
                    self.resent += 1
                    self._transmit(addr, entry)
        self._inbox_free = True
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
            if peer.boot != boot and kind in (DATA, PART):
                if peer.boot >= 0:
                    events.append((addr, "reboot", b""))
                peer.boot = boot
                for i in range(SEEN):
                    peer.seen[i] = -1
                peer.parts = []
            peer.heard_ms = now
            seq = _u16(frame, 3)
            if kind == ACK:
                if len(frame) >= 7 and _u16(frame, 5) == self.boot:
                    _drop(peer.pending, 0, seq)
                continue
            if kind not in (DATA, PART) or (kind == PART and len(frame) < PART_HEADER):
                continue
            ack = self._frame(ACK)
            put16(ack, 3, seq)
            put16(ack, 5, boot)
            self._send(addr, memoryview(ack)[:7])
            if seq in peer.seen:
                self.duplicates += 1
                continue
            peer.seen[peer.at] = seq
            peer.at = (peer.at + 1) % SEEN
            if kind == DATA:
                events.append((addr, DATA, bytes(frame[HEADER:])))
                continue
            whole = self._piece(peer, frame)
            if whole is not None:
                events.append((addr, DATA, whole))

    def _piece(self, peer, frame):
        """Keep one part of a message; return the whole message once every part is in."""
        message = _u16(frame, 5)
        index, count = frame[7], frame[8]
        if not 0 <= index < count <= PARTS_MAX or len(frame) > FRAME_MAX:
            return None
        for entry in peer.parts:
            if entry[0] == message:
                break
        else:
            entry = [message, count, [None] * count]
            peer.parts.append(entry)
            if len(peer.parts) > PARTIAL:
                del peer.parts[0]
        if entry[1] != count:
            return None
        entry[2][index] = bytes(frame[PART_HEADER:])
        if None in entry[2]:
            return None
        peer.parts.remove(entry)
        pieces = entry[2]
        if not self._inbox_free:
            return b"".join(pieces)
        size = 0
        for piece in pieces:
            size += len(piece)
        inbox = self._inbox = room(self._inbox, size)
        at = 0
        for piece in pieces:
            inbox[at:at + len(piece)] = piece
            at += len(piece)
        self._inbox_free = False
        return memoryview(inbox)[:size]
