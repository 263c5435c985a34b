"""Ô Ăn Quan at a shared table: the host's board, and what a guest's (guest_table.py) shares.

Both are the ordinary board (play.py) with a third kind of seat, REMOTE: a person at another
gadget. On the host every move, its own, a computer player's or one a guest sent, goes through
the table (tet.net.table.Host), which checks it with the engine and sends the new position to
everyone; the host saves the game and the table after every move, so a reboot resumes both. A
guest picks its move with the keys as usual, but sends it instead of playing it; the host's
answer is shown sowing stone by stone, as a local move would be. Nobody can take a move back.
"""

from tet.games.o_an_quan import adapter as A
from tet.games.o_an_quan.ai import Searcher
from tet.games.o_an_quan.play import Board
from tet.games.o_an_quan.engine import Game
from tet.games.o_an_quan.modes import COMPUTER, HUMAN, REMOTE, SAVE
from tet.net.table import COMPUTER as TABLE_COMPUTER
from tet.ui.together import close_table, offer_absent, open_saved_table, resume_table

LEVEL = 1           # the computer players of a shared table play Vừa


def seat_names(seats, own):
    """'Bạn' for this gadget's seat, N1.. for people, M1.. for computer players."""
    return ["Bạn" if k == own else ("M%d" if seats[k] == COMPUTER else "N%d") % (k + 1)
            for k in range(len(seats))]


class AtTable(Board):
    """What the host's and a guest's boards share: names, no undo, the table closing at the
    end of the game (back to the setup menu, the radio off)."""

    own = 0

    def _names(self):
        return seat_names(self.seats, self.own)

    def _vs_computer(self):
        return False

    def new_game(self):
        """After the score sheet: the table closes."""
        close_table(self.app, self)


class HostBoard(AtTable):
    """The host's board: `host` is the table (its adapter holds the game)."""

    def __init__(self, app, host):
        self.host = host
        self.asked = -1     # the absent seat last offered to the computer (asked once per turn)
        seats = [HUMAN] + [COMPUTER if s == TABLE_COMPUTER else REMOTE for s in host.seats[1:]]
        Board.__init__(self, app, host.adapter.game, seats, LEVEL)
        host.adapter.play = self._show_move
        app.serve(host.poll)

    def _play(self, square, step):
        # our own or a computer player's move: through the table, which calls _show_move
        self.host.play(self.game.turn, A.intent(square, step), self.app.hw.clock())

    def _show_move(self, square, step):
        Board._play(self, square, step)

    def tick(self, now):
        game = self.game
        turn = game.turn
        if not game.over and self.seats[turn] == REMOTE and \
                offer_absent(self, turn, now, self._to_computer):
            return True
        return Board.tick(self, now)

    def _to_computer(self, seat):
        """The person at `seat` is gone: the host's computer player takes their seat."""
        self.host.give_to_computer(seat)
        self.seats[seat] = COMPUTER
        game = self.game
        if self.searcher is None:
            self.searcher = Searcher(game.players, game.quan_value, game.quan_non)
        self.names = self._names()
        self.save()
        self._turn_begins()

    def save_data(self):
        return None if self.game.over else self.host.adapter.table_save(self.host)


def restore_host(app, game, saved):
    """The table of a saved shared game (its `game` read already), going on where it stopped."""
    return resume_table(app, A.Adapter(game), saved)


def resume_host(app, game, saved):
    """The host's board of a saved shared game: the table goes on where it stopped."""
    return HostBoard(app, restore_host(app, game, saved))


def open_table(app):
    """The host's board, read back from its save: the part the host's boot opens once the
    lobby started the game (tet.ui.lobby.open_from_save)."""
    open_saved_table(app, SAVE,
                     lambda saved: restore_host(app, Game.from_dict(saved["game"]), saved),
                     HostBoard)
