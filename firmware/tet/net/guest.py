"""A shared table's guest (see tet.net.table for the protocol): finds the table, joins it,
keeps the newest state the host sent and sends its person's intents. Loaded by a guest's
gadget only."""

import time

from tet.net.link import BEACON, DATA, room
from tet.net.table import HEARTBEAT_MS, LOST_MS, WATCH, read_beacon, u16, with16


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

    def intend(self, intent, now):
        """Send what the player does, for the state last seen."""
        if self.host is not None and self.seat is not None:
            self._asked = True
            self.link.send(self.host, with16(ord("I"), self.version, bytes(intent)), now, "I")

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
                version = u16(payload, 1)
                end = 5 + u16(payload, 3)
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
            self.link.send(self.host, with16(ord("J"), self.code), now, "J")
        elif self.host is not None and self.seat is not None and \
                time.ticks_diff(now, self._beat_due) >= 0:
            self._beat_due = time.ticks_add(now, HEARTBEAT_MS * 4)
            self.link.send(self.host, b"H", now, "H")
        return changed
