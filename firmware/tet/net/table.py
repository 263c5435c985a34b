"""A shared table: one gadget hosts the game, the others join it by its 4-digit code.

The host's engine is the only truth. A guest sends *intents* (a move, a roll) stamped with the
version of the state it saw; the host checks each with the engine, applies it, and sends every
guest the new public state (a whole snapshot, so a lost or late one is simply replaced by the
next, and a gadget that rebooted gets everything with the next one it is sent). Seats are held
by radio address, so a gadget that restarts or comes back into range gets its own seat back.

The game itself is behind an *adapter* (e.g. tet.games.o_an_quan.shared): `players`,
`options()` (bytes a guest needs to build its view), `public()` (bytes of the public state),
`to_move()`, `over()`, `accepts(seat, intent)` (the engine allows it), `apply(seat, intent)`;
a game with hidden cards also has `private(seat)`: bytes only that seat's player may see (their
hand, what they may do now), sealed for that gadget's key (tet.net.seal), never sent to another.

Messages (the first byte says which; numbers little-endian):
  J code(2)                      guest -> host: join the table with this code
  S seat, players, game id, 0, options      host -> guest: your seat (WATCH: no seat, watch)
  T version(2), size(2), public state, [sealed private part]
                                 host -> guest: the table now (and the guest's own cards)
  I version(2), intent           guest -> host: what the player does
  beacon: B code(2), free seats, game id    host -> everyone, every BEACON_MS
"""

import json
import os
import time

from tet.net.link import BEACON, DATA, put16, room

BEACON_MS = 500
HEARTBEAT_MS = 500
LOST_MS = 5000              # a guest that hears nothing of its table for this long says so
# What holds a seat besides a guest's address (bytes); ints, as MicroPython warns when it
# compares bytes with a str
COMPUTER = 0                # a seat played by the host's computer player
ME = 1                      # the host's own player
OPEN = 2                    # kept for a person who has not joined yet
WATCH = 255                 # the seat of a gadget that joined a full table: it watches


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _with16(tag, v, rest=b""):
    return bytes((tag, v & 0xFF, (v >> 8) & 0xFF)) + rest


def read_json(public):
    """The JSON object a public state (bytes, or a guest's memoryview of them) holds;
    ValueError when it holds none (a guest never trusts the air blindly)."""
    try:
        try:
            data = json.loads(public)
        except TypeError:   # CPython's json reads no memoryview; MicroPython's does, uncopied
            data = json.loads(bytes(public))
    except ValueError:
        raise ValueError("not a table state")
    if not isinstance(data, dict):
        raise ValueError("not a table state")
    return data


def _salt():
    """4 random bytes for this boot's nonces (os.urandom: the ESP32's hardware generator)."""
    try:
        return os.urandom(4)
    except AttributeError:  # a port without it (the 32-bit bench lane's WebAssembly build)
        import random

        return bytes([random.getrandbits(8) for _ in range(4)])


def read_beacon(payload):
    """(code, free seats, game id) of a table's beacon, or None when it is none."""
    if len(payload) < 4 or payload[0] != ord("B"):
        return None
    try:
        return _u16(payload, 1), payload[3], bytes(payload[4:]).decode()
    except UnicodeError:
        return None


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
        if len(payload) < 3 or _u16(payload, 1) != self.code:
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
            self.link.beacon(_with16(ord("B"), self.code, bytes((self.free_seats(),)) +
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
                if _u16(payload, 1) != self.version or \
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


class Guest:
    """A joining gadget's side: finds the table by its beacon (or is given the `host` address),
    joins, keeps the newest state. `seat` is None until the host gave one (WATCH at a full
    table); `state` is the newest public state (a memoryview of a buffer the guest keeps and
    reuses: read it, don't keep it, as the next state overwrites it), `version` its number,
    `options` the bytes the game's view needs besides it, `private` the seat's own part of that
    state (None for a game without hidden cards, or a watcher); `fresh` is True from a newer
    state's arrival until the screen that shows it sets it back."""

    def __init__(self, link, code, host=None):
        self.link = link
        self.code = code
        self.host = host
        self.seat = None
        self.players = 0
        self.game_id = ""
        self.options = b""
        self.version = -1
        self.state = None
        self.private = None
        self.fresh = False
        self.quiet = False      # the table was silent at the last quiet_changed()
        self._asked = False     # an intent sent and no state heard since
        self._buf = None        # the newest state's bytes (tet.net.link.room)
        self._key = None        # this gadget's key, made with the first sealed part
        self._join_due = 0
        self._beat_due = 0

    def _open(self, sealed):
        """This seat's part of a state, or None when it was not sealed for this gadget."""
        from tet.net.seal import key_for, open_sealed

        if self._key is None:
            self._key = key_for(self.code, self.link.radio.address)
        return open_sealed(self._key, sealed)

    def lost(self, now):
        """True when nothing of the table has been heard for LOST_MS."""
        heard = self.link.heard(self.host) if self.host is not None else None
        return heard is None or time.ticks_diff(now, heard) > LOST_MS

    def quiet_changed(self, now):
        """True when the table has just fallen silent (see lost) or been heard again since the
        last call; `quiet` says which."""
        quiet = self.lost(now)
        if quiet == self.quiet:
            return False
        self.quiet = quiet
        return True

    def intend(self, intent, now):
        """Send what the player does, for the state last seen."""
        if self.host is not None and self.seat is not None:
            self._asked = True
            self.link.send(self.host, _with16(ord("I"), self.version, bytes(intent)), now, "I")

    def poll(self, now):
        """Join when the table is heard, resend, take the host's messages; True when a newer
        state arrived."""
        changed = False
        for addr, kind, payload in self.link.poll(now):
            if kind == BEACON:
                heard = read_beacon(payload)
                if heard is not None and heard[0] == self.code and self.host is None:
                    self.host = addr
                continue
            if addr != self.host:
                continue
            if kind == "reboot":
                # the host restarted from its save, which may stand a move before what we saw
                self.version = -1
                continue
            if kind != DATA or not payload:
                continue
            tag = payload[0]
            if tag == ord("S") and len(payload) >= 3:
                end = payload.find(b"\0", 3)
                try:
                    game_id = bytes(payload[3:end]).decode() if end > 0 else ""
                except UnicodeError:
                    continue    # not a seat message of any table of ours
                self.seat = payload[1]
                self.players = payload[2]
                self.game_id = game_id
                self.options = bytes(payload[end + 1:]) if end > 0 else b""
            elif tag == ord("T") and len(payload) >= 5:
                version = _u16(payload, 1)
                end = 5 + _u16(payload, 3)
                if version == self.version and self._asked:
                    # the host refused our intent and sent the table again: show it again
                    self._asked = False
                    changed = self.fresh = True
                    continue
                if version <= self.version or end > len(payload):
                    continue
                mine = self._open(payload[end:]) if end < len(payload) else None
                if end < len(payload) and mine is None:
                    continue    # damaged, or sealed for another gadget
                self.version = version
                buf = self._buf = room(self._buf, end - 5)
                buf[:end - 5] = payload[5:end]
                self.state = memoryview(buf)[:end - 5]
                self.private = mine
                self._asked = False
                changed = self.fresh = True
        if self.host is not None and self.seat is None and \
                time.ticks_diff(now, self._join_due) >= 0:
            self._join_due = time.ticks_add(now, HEARTBEAT_MS)
            self.link.send(self.host, _with16(ord("J"), self.code), now, "J")
        elif self.host is not None and self.seat is not None and \
                time.ticks_diff(now, self._beat_due) >= 0:
            self._beat_due = time.ticks_add(now, HEARTBEAT_MS * 4)
            self.link.send(self.host, b"H", now, "H")
        return changed
