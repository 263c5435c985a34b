"""Xấp Sắc at a shared table, a guest's gadget: the table screen (host_table.py) showing the
host's state with this gadget's own hand, its person's plays sent to the host. Loaded by guests
only."""

from tet.games.xap_sac import adapter as A
from tet.games.xap_sac.host_table import AtTable, seat_names
from tet.games.xap_sac.play import Table
from tet.net.table import WATCH
from tet.ui.guest_table import GuestScreen
from tet.ui.together import LOST, SENT


class GuestTable(GuestScreen, AtTable):
    """A guest's table screen: `guest` is its end of the table; it shows the host's state and
    sends its person's plays."""

    computers = False
    play_tick = Table.tick

    def __init__(self, app, guest):
        self.guest = guest
        self.sent = -1          # the state version this gadget's action was sent for
        view = A.View(guest.state, guest.private)
        self.view = view
        AtTable.__init__(self, app, view.game, view.seat if view.seat >= 0 else WATCH,
                         view.computers, view.action, view.marked)
        app.serve(guest.poll)

    def revealed(self):
        return self.view.commit, self.view.secret

    def _computer_turn(self):
        return False

    def _act(self, play):
        guest = self.guest
        if self.sent != guest.version:
            self.sent = guest.version
            guest.intend(A.PASS if play is None else A.play_intent(play),
                         self.app.hw.clock())
        # nothing more to choose until the host answers
        self.plays = []
        self.selected = []
        self.picked = []
        self.mode = 0
        self.may_pass = False
        self._build_row()
        self.cursor = 0

    def _next(self):
        """The host's person deals the next round."""

    def status(self):
        if self.lost:
            return LOST
        if self.sent == self.guest.version and self.game.turn == self.own:
            return SENT
        return Table.status(self)

    def sync(self):
        try:
            view = A.View(self.guest.state, self.guest.private)
        except ValueError:
            return
        self.view = view
        self.sent = -1          # what was sent is answered (or the host went back: again)
        self.game = view.game
        self.names, self.short = seat_names(view.computers, self.own)
        self._show(view.action, view.marked, True)
