"""Xấp Sắc at a shared table: the host's table screen, and what a guest's (guest_table.py)
shares with it.

Both are the ordinary table screen (play.py) showing their own seat's hand ("Bạn") and the
others' as counts, with seats named by who holds them (Người 2, Máy 3). On the host every
action, its own, a computer player's or one a guest sent, goes through the table
(tet.net.table.Host), which checks it with the engine and sends the new state to everyone; the
host saves the game and the table after every action, so a reboot resumes both. A guest
chooses its play with the same keys but sends it; the host's answer is what the screen then
shows (the guest's engine is a view: the table, its own hand, the others' card counts). Between
rounds the host's person deals the next one once they have read the scores; it is dealt once
every guest has the round's end (or after tet.net.table.LOST_MS, so a gadget out of range does
not hold the table), since a guest keeps only the newest state. At the end each
gadget deals again from the host's revealed secret and says whether its hands were the
committed deal ("Bài chia đúng").
"""

from binascii import unhexlify

from tet.core import sound
from tet.core.app import forget_module
from tet.games.xap_sac import draw as D
from tet.games.xap_sac import engine as X
from tet.games.xap_sac import adapter as A
from tet.games.xap_sac.play import Table
from tet.net.deal import Deal, to_hex
from tet.net.table import COMPUTER
from tet.games.xap_sac.modes import SAVE
from tet.ui.together import (close_table, offer_absent, open_saved_table, resume_table,
                             table_moved)

LEVEL = 1           # the host's computer players play Vừa
HONEST = " Bài chia đúng."
DISHONEST = " Bài chia KHÔNG khớp cam kết của chủ bàn!"
SCORES_WAIT = "Chờ mọi người xem điểm…"
TAKING_OVER = "Máy chơi thay, đang mở lại bàn…"
TABLE = __name__


def seat_names(computers, own):
    """(names, short names) of the seats: "Bạn" for this gadget's, Người/N or Máy/M and the
    seat's number for the others."""
    names = []
    short = []
    for p in range(len(computers)):
        if p == own:
            names.append("Bạn")
            short.append("Bạn")
        else:
            names.append(("Máy %d" if computers[p] else "Người %d") % (p + 1))
            short.append(("M%d" if computers[p] else "N%d") % (p + 1))
    return names, short


class AtTable(Table):
    """What the host's and a guest's table screens share: the seats' names, the table shown
    after each action the host accepted, the deal's check at the end, the table closing when
    the game is over."""

    def __init__(self, app, game, own, computers, action, marked):
        self.own = own
        self.names, self.short = seat_names(computers, own)
        self.seen = {}          # round -> (own hand when first seen, the layout dealt)
        Table.__init__(self, app, game, LEVEL)
        self._show(action, marked, False)

    def _show(self, action, marked, noisy):
        """Show the table after the host applied `action` ([seat, line or PASSED/DEALT, led])
        that put cards on `marked`."""
        seat, line, led = action
        game = self.game
        if line == A.DEALT:
            self.marked = []
            self.follow = [X.key(1, 0), X.key(4, 0)]
            self.note = "Ván %d: %s đánh trước" % (game.round_no, self.names[game.turn])
        elif line == A.PASSED:
            self.note = self.names[seat] + ": đi"
            if noisy:
                self.app.sound.play(sound.CLICK)
        else:
            self.marked = list(marked)
            self.follow = self.marked
            self.note = "%s%s: %s" % (self.names[seat], " (dẫn)" if led else "",
                                      D.line_text(line))
            if noisy:
                self.app.sound.play(sound.MOVE)
        if game.phase == X.PLAYING:
            self.announced = False      # the round's end is announced when it comes
        self.passed = A.passers(game)
        self.focus = None
        if game.phase == X.PLAYING and game.round_no not in self.seen:
            # a watcher has no hand: it checks the layouts it saw
            self.seen[game.round_no] = (bytes(self._hand()),
                                        bytes(game.table.get(k, 255) for k in A.LAYOUT))
        self._turn_begins()

    def revealed(self):
        """(commitment, secret in hex or None) of the deal."""
        return "", None

    def verdict(self):
        """At the end: whether the hands this gadget saw were the committed deal."""
        if self.game.phase != X.GAME_OVER:
            return ""
        commit, secret = self.revealed()
        game = self.game
        honest = A.deal_honest(commit, secret, game.players, game.deck, self.own, self.seen)
        return HONEST if honest else DISHONEST

    def _leave(self):
        close_table(self.app, self)


class HostTable(AtTable):
    """The host's table screen: `host` is the table (its adapter holds the game)."""

    def __init__(self, app, host):
        self.host = host
        self.asked = -1     # the table version whose absent seat was offered to the computer
        self.drawn = host.version   # the table's version on the panel (guests play unseen)
        adapter = host.adapter
        adapter.computers = [s == COMPUTER for s in host.seats]
        # the computer players' search only where they play (their module: 6 KB of a stock
        # board's heap)
        self.computers = COMPUTER in host.seats
        adapter.on_apply = self._applied
        AtTable.__init__(self, app, adapter.game, 0, adapter.computers, adapter.action,
                         adapter.marked)
        app.serve(host.poll)

    def revealed(self):
        adapter = self.host.adapter
        return adapter.commit, to_hex(adapter.secret)

    def _computer_turn(self):
        return self.host.seats[self.game.turn] == COMPUTER

    def _act(self, play):
        # our own or a computer player's action: through the table, which calls _applied
        intent = A.PASS if play is None else A.play_intent(play)
        self.host.play(self.game.turn, intent, self.app.hw.clock())

    def _next(self):
        if not self.host.play_when_delivered(0, A.NEXT, self.app.hw.clock()):
            self.note = SCORES_WAIT

    def _applied(self, seat, intent):
        adapter = self.host.adapter
        self.save()
        self._show(adapter.action, adapter.marked, True)

    def tick(self, now):
        changed = table_moved(self)
        game = self.game
        turn = game.turn
        if game.phase == X.PLAYING and offer_absent(self, turn, now, self._to_computer):
            return True
        return Table.tick(self, now) or changed

    def _to_computer(self, seat):
        """The person at `seat` is gone: the host's computer player takes their seat."""
        self.host.give_to_computer(seat)
        self.host.adapter.computers[seat] = True
        self.names, self.short = seat_names(self.host.adapter.computers, 0)
        self.save()
        if self.bot is None:
            # the computer players' module was left out of this boot: a board that can
            # restarts into the table read back from the save just made, the module loaded
            # first (open_table); another loads it here
            from tet.ui.restart import restart_part

            restart_part(self.app, "xs", [TABLE, "open_table", True], TAKING_OVER)
            self.computers = True
            self._bot()

    def save_data(self):
        if self.game.phase == X.GAME_OVER:
            return None
        return self.host.adapter.table_save(self.host)


def resume_host(app, game, saved):
    """The host's table screen of a saved shared game: the table goes on where it stopped."""
    return HostTable(app, restore_host(app, game, saved))


def restore_host(app, game, saved):
    """The table of a saved shared game (its `game` read already), going on where it stopped."""
    secret = unhexlify(saved["secret"])
    if len(secret) != 16:
        raise ValueError("bad secret")
    game.rng = Deal(secret, game.rng.state)
    adapter = A.Adapter(game, secret)
    # the game was checked as it was read (load.from_dict); a second copy of it, as a guest
    # would read it, has no room on a stock board beside the save
    adapter.action, adapter.marked = A.shown_play(saved.get("action"), saved.get("marked"),
                                                  game.table)
    return resume_table(app, adapter, saved)


def open_table(app, computers=True):
    """The host's table, read back from its save: the part the host's boot opens once the
    lobby started the game (tet.ui.lobby.open_from_save). `computers`: whether any seat is
    the computer's (then their module loads first, before the save's and the game's objects:
    Table._bot). The save's reader goes once the table is read."""
    if computers:
        from tet.games.xap_sac import ai  # noqa: F401
    from tet.games.xap_sac.saved import from_dict

    open_saved_table(app, SAVE,
                     lambda saved: restore_host(app, from_dict(saved["game"]), saved), HostTable)
    forget_module("tet.games.xap_sac.saved")
