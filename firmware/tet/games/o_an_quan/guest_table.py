"""Ô Ăn Quan at a shared table, a guest's gadget: the host's board (host_table.py) with this
gadget's seat played by its person, who picks a move with the keys as usual but sends it; the
host's answer is shown sowing stone by stone, as a local move would be. Loaded by guests only."""

from tet.games.o_an_quan import adapter as A
from tet.games.o_an_quan.host_table import LEVEL, AtTable
from tet.games.o_an_quan.modes import HUMAN, REMOTE
from tet.games.o_an_quan.play import Board
from tet.net.table import WATCH
from tet.ui.guest_table import GuestScreen
from tet.ui.together import LOST


class GuestBoard(GuestScreen, AtTable):
    """A guest's board: `guest` is its end of the table; it shows the host's position."""

    play_tick = Board.tick

    def __init__(self, app, guest):
        self.guest = guest
        self.own = guest.seat
        self.shown = guest.version
        game = A.view(guest.options, guest.state)
        seats = [REMOTE] * game.players
        if guest.seat != WATCH:
            seats[guest.seat] = HUMAN
        Board.__init__(self, app, game, seats, LEVEL)
        app.serve(guest.poll)

    def _play(self, square, step):
        # the player's pick goes to the host; the board moves when the host's answer comes
        self.guest.intend(A.intent(square, step), self.app.hw.clock())
        self.items = []
        self.step = 0
        self.note = "Đã gửi nước đi, chờ bàn…"
        self._refresh_text()

    def busy(self):
        return self.animating

    def show_lost(self, lost):
        if lost == (self.note == LOST):
            return False
        self.note = LOST if lost else ""
        self._refresh_text()
        return True

    def sync(self):
        public = self.guest.state
        try:
            # checked as a position of a real game of this table: the air is not trusted
            target = bytes(A.view(self.guest.options, public).state)
            move = A.last_move(public)
        except ValueError:
            return
        if len(target) != len(self.game.state) or target == bytes(self.game.state):
            return
        self.note = ""
        if move is not None and self.guest.version == self.shown + 1:
            probe = self.game.copy()
            if probe.is_legal(*move):
                probe.play(*move)
                if bytes(probe.state) == target:
                    self.shown = self.guest.version
                    Board._play(self, *move)
                    return
        # several moves at once (or the host restarted): show where the table is now
        self.shown = self.guest.version
        self.game.state[:] = target
        self._finish()
