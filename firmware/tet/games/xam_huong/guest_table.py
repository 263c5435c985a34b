"""Xăm Hường at a shared table, a guest's gadget: the shared bowl (host_table.py) showing the
host's state, its person's rolls sent to the host, and at the end whether the host's dice were
the ones it committed to. Loaded by guests only."""

from tet.core import gfx as G
from tet.games.xam_huong import adapter as A
from tet.games.xam_huong.host_table import TableBowl
from tet.ui.guest_table import GuestScreen


class GuestBowl(GuestScreen, TableBowl):
    """A guest's bowl: it shows the host's state and sends its person's rolls."""

    play_tick = TableBowl.tick

    def __init__(self, app, guest):
        self.guest = guest
        self.version = guest.version
        self.sent = -1          # the state version this gadget's roll was sent for
        self.seen = A.RollsSeen()      # every roll this gadget was shown
        state = A.view(guest.state)
        self._record(state)
        TableBowl.__init__(self, app, guest.seat, state)
        app.serve(guest.poll)

    def _record(self, state):
        seen = A.roll_seen(state)
        if seen is not None:
            self.seen.add(seen[0], seen[1])
        self.commit, self.secret = state[5], state[6]

    def result_lines(self):
        """The settlement, and whether the host's dice were the ones it committed to."""
        lines = TableBowl.result_lines(self)
        if A.dice_honest(self.commit, self.secret, self.seen):
            lines.append(("Xúc xắc đúng cam kết của chủ bàn (%d lần gieo đã xem)"
                          % len(self.seen), G.GREEN))
        else:
            lines.append(("Xúc xắc KHÔNG khớp cam kết của chủ bàn!", G.RED))
        return lines

    def _act(self, intent):
        if self.sent != self.guest.version:
            self.sent = self.guest.version
            self.guest.intend(intent, self.app.hw.clock())

    def busy(self):
        return self.rolling_since is not None

    def sync(self):
        try:
            state = A.view(self.guest.state)
        except ValueError:
            return
        was_waiting = self.pending is not None
        rolls = self.game.rolls
        self.version = self.guest.version
        self._record(state)
        self._take(state)
        # a new roll tumbles; the take (or decline) of a roll on show only lands it
        if not was_waiting and (self.pending is not None or self.game.rolls != rolls):
            self._tumble()
        else:
            self._landed()
