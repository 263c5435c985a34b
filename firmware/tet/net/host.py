"""A shared table's host (see tet.net.table for the protocol): the game's only truth, which
checks every guest's intent with the engine and sends each guest the table. Loaded by the
host's gadget only."""

import os
import time

from tet.net.link import DATA, put16
from tet.net.table import BEACON_MS, COMPUTER, LOST_MS, ME, OPEN, WATCH, u16, with16


def _salt():
    """4 random bytes for this boot's nonces (os.urandom: the ESP32's hardware generator)."""
    try:
        return os.urandom(4)
    except AttributeError:  # a port without it (the 32-bit bench lane's WebAssembly build)
        import random

        return bytes([random.getrandbits(8) for _ in range(4)])


class Host:
    """The host's side of a table: `seats[i]` is the address of the gadget playing seat i, ME
    for the host's own seat 0, COMPUTER for the computer players' seats, and OPEN for a seat
    kept for a person who has not joined yet; `watchers` are the gadgets that joined a full
    table (they are sent every state, and intend nothing). With `log` (the desktop's checks;
    a gadget keeps none, its heap is small and a Xăm Hường game has hundreds of rolls), `log`
    lists the applied intents as (seat, intent bytes): replaying it on one gadget gives the
    same game; otherwise it is None."""

    def __init__(self, link, code, game_id, adapter, people=1, log=False):
        self.link = link
        self.code = code
        self.game_id = game_id
        self.adapter = adapter
        self.seats = [ME] + [OPEN if i < people else COMPUTER for i in range(1, adapter.players)]
        self.watchers = []
        self.version = 0
        self.log = [] if log else None
        self._beacon_due = 0
        # nonces of sealed parts: random per boot, then counted, so none repeats for a key
        self._salt = _salt()
        self._sealed = 0
        self._keys = {}         # a guest's address -> its key, made with its first sealed part
        self._public = None     # (version, (head, the public state's bytes)): once per version
        self._held = None       # (seat, intent, until ms): to play once every guest has all
        self._resumed = None    # when from_dict restarted the table (ms)
        self._tell_all = False  # from_dict: send every guest the state at the next poll

    def free_seats(self):
        """How many seats still wait for a person."""
        return self.seats.count(OPEN)

    def _seat_of(self, addr):
        return self.seats.index(addr) if addr in self.seats else -1

    def _send_state(self, addr, now):
        if self._public is None or self._public[0] != self.version:
            self._public = None     # the last copy can go (when every guest has it) first
            public = self.adapter.public()
            head = bytearray(5)
            head[0] = ord("T")
            put16(head, 1, self.version)
            put16(head, 3, len(public))
            self._public = (self.version, (bytes(head), public))
        seat = self._seat_of(addr)
        mine = self.adapter.private(seat) if seat >= 0 and hasattr(self.adapter, "private") \
            else None
        sealed = b""
        if mine is not None:
            # loaded by the card games only (a table of open boards needs no cipher)
            from tet.net.seal import key_for, seal

            key = self._keys.get(addr)
            if key is None:
                key = self._keys[addr] = key_for(self.code, addr)
            self._sealed += 1
            sealed = seal(key, self._salt + self._sealed.to_bytes(4, "little"), mine)
        # every guest's message shares the one copy of the public state (the link keeps it as
        # given until acknowledged)
        self.link.send(addr, self._public[1] + (sealed,), now, "T")

    def _broadcast_state(self, now):
        for addr in self.seats + self.watchers:
            if isinstance(addr, bytes):
                self._send_state(addr, now)

    def play(self, seat, intent, now):
        """Apply `intent` for `seat` (the host's own player or a computer player); True when the
        engine accepted it, then every guest is sent the new state."""
        if self.adapter.over() or self.adapter.to_move() != seat:
            return False
        if not self.adapter.accepts(seat, intent):
            return False
        # counted before it is played: the host's board saves the table while it plays
        self.version += 1
        if self.log is not None:
            self.log.append((seat, bytes(intent)))
        self.adapter.apply(seat, intent)
        self._broadcast_state(now)
        return True

    def delivered(self):
        """True when every guest has acknowledged everything it was sent."""
        for addr in self.seats + self.watchers:
            if isinstance(addr, bytes) and self.link.waiting(addr):
                return False
        return True

    def play_when_delivered(self, seat, intent, now):
        """Play `intent` (see play) once every guest has acknowledged the state it would replace,
        or after LOST_MS at most, so a gadget out of range does not hold the table. A game's
        result needs it: the link keeps only the newest state for a guest, so the next deal
        sent at once would replace the result on a guest that had not got it yet. True when it
        was played at once (no guest was waiting)."""
        self._held = (seat, bytes(intent), time.ticks_add(now, LOST_MS))
        return self._play_held(now)

    def _play_held(self, now):
        held = self._held
        if held is None or not (self.delivered() or time.ticks_diff(now, held[2]) >= 0):
            return False
        self._held = None
        self.play(held[0], held[1], now)
        return True

    def _join(self, addr, payload, now):
        if len(payload) < 3 or u16(payload, 1) != self.code:
            return
        seat = self._seat_of(addr)
        if seat < 0 and OPEN in self.seats:
            seat = self.seats.index(OPEN)
            self.seats[seat] = addr
        if seat < 0:
            seat = WATCH
            if addr not in self.watchers:
                self.watchers.append(addr)
        options = self.adapter.options()
        self.link.send(addr, bytes((ord("S"), seat, self.adapter.players)) +
                       self.game_id.encode() + b"\0" + options, now, "S")
        self._send_state(addr, now)

    def poll(self, now):
        """Beacon, resend, and take what the guests sent; return the seats whose intents the
        engine refused (their gadget is sent the state again, so it shows the truth)."""
        if time.ticks_diff(now, self._beacon_due) >= 0:
            self._beacon_due = time.ticks_add(now, BEACON_MS)
            self.link.beacon(with16(ord("B"), self.code, bytes((self.free_seats(),)) +
                                     self.game_id.encode()))
        if self._tell_all:
            self._tell_all = False
            self._broadcast_state(now)
        refused = []
        for addr, kind, payload in self.link.poll(now):
            if kind != DATA or not payload:
                continue
            tag = payload[0]
            if tag == ord("J"):
                self._join(addr, payload, now)
            elif tag == ord("I") and len(payload) >= 3:
                seat = self._seat_of(addr)
                if seat < 0:
                    continue
                if u16(payload, 1) != self.version or \
                        not self.play(seat, bytes(payload[3:]), now):
                    refused.append(seat)
                    self._send_state(addr, now)
        self._play_held(now)
        return refused

    def absent(self, now, after_ms):
        """Seats of people whose gadget has not been heard for `after_ms`: the host may offer
        them to a computer player (give_to_computer)."""
        out = []
        for seat, addr in enumerate(self.seats):
            if isinstance(addr, bytes):
                # a table resumed from its save counts from its restart: the guests have not
                # been heard on its new link yet
                heard = self.link.heard(addr)
                if heard is None:
                    heard = self._resumed
                if heard is None or time.ticks_diff(now, heard) > after_ms:
                    out.append(seat)
        return out

    def give_to_computer(self, seat):
        """From now on the host's computer player plays `seat`."""
        addr = self.seats[seat]
        if isinstance(addr, bytes):
            self.link.forget(addr)
        self.seats[seat] = COMPUTER
        self._public = None     # the game may name its seats by who plays them

    def to_dict(self):
        """The table for the host's save: seats by address, version (and the log if kept)."""
        d = {"code": self.code, "game": self.game_id, "version": self.version,
             "seats": [s.hex() if isinstance(s, bytes) else s for s in self.seats],
             "watchers": [w.hex() for w in self.watchers]}
        if self.log is not None:
            d["log"] = [[seat, intent.hex()] for seat, intent in self.log]
        return d

    @classmethod
    def from_dict(cls, link, adapter, d, now):
        """The table of a host that rebooted, its game already restored in `adapter`: every
        guest is sent the state at the first poll, so the table goes on where it stopped (not
        here: the save this is read from still holds the heap, where the state's buffer may
        find no room)."""
        host = cls(link, d["code"], d["game"], adapter, log="log" in d)
        host.version = d["version"]
        host._resumed = now
        host.seats = [bytes.fromhex(s) if isinstance(s, str) else s for s in d["seats"]]
        host.watchers = [bytes.fromhex(w) for w in d["watchers"]]
        if "log" in d:
            host.log = [(seat, bytes.fromhex(intent)) for seat, intent in d["log"]]
        host._tell_all = True
        return host
