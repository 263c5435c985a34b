"""Tổ Tôm at a shared table, a guest's gadget: the ordinary table (table.py) showing the host's
table with this gadget's own hand (a watcher sees no hand).

The person picks with the keys as usual, but the pick is sent to the host, and the screen
changes when the host's answer comes. At the end of each game the guest deals again from the
secret the host reveals and checks it against the commitment: "Bài chia đúng".
"""

import gc

from tet.core.rng import Rng
from tet.games.to_tom import seen
from tet.games.to_tom import state as T
from tet.games.to_tom.intents import encode, seat_names
from tet.games.to_tom.play import Table, event_text
from tet.net.table import WATCH
from tet.ui.guest_table import GuestScreen
from tet.ui.together import LOST, SENT, close_table
from tet.ui.widgets import Message

LOST_SHORT = "Mất liên lạc…"       # the 128x64 screen's 20 columns
WAITING = "Đang chờ…"
DEAL_OK = "\nBài chia đúng: khớp cam kết của chủ bàn."
DEAL_BAD = "\nBài chia KHÔNG khớp cam kết của chủ bàn!"


class GuestTable(GuestScreen, Table):
    """A guest's table: `guest` is its end of the protocol; it shows the host's table with
    this gadget's own hand (a watcher sees no hand)."""

    room = 0
    play_tick = Table.tick

    def __init__(self, app, guest):
        self.guest = guest
        self.watching = guest.seat == WATCH
        self.me = 0 if self.watching else guest.seat
        self.commit = ""
        self.dealt = ""
        self.turned = {}        # stock index -> the card seen turned up there (this game)
        self.announced = ""     # the commitment of the game whose result was shown
        game, hoi, public, mine = seen.view(guest.state, guest.private, self.me)
        Table.__init__(self, app, hoi, game, Rng(1))
        self._take(game, hoi, public, mine)
        app.serve(guest.poll)

    def _computer_plays(self, p):
        return False

    def _bot_step(self):
        """The host's computer players play on the host."""

    def _refresh(self):
        Table._refresh(self)
        if self.watching:
            self.options = []
            self.discard_mode = False

    def _play(self, p, action):
        # the pick goes to the host; the table changes when the host's answer comes
        self.guest.intend(encode(action), self.app.hw.clock())
        self.options = []
        self.discard_mode = False
        self.event = SENT

    def _take(self, game, hoi, public, mine):
        """Show a state of the table (checked by seen.view) and note what the deal check
        needs: this seat's dealt hand and every card turned up from the stock."""
        self.game, self.hoi = game, hoi
        self.names = seat_names(public["people"], -1 if self.watching else self.me)
        event = public.get("event")
        self.event = event_text(event, self.names) if event else ""
        commit = public.get("commit")
        if commit != self.commit:
            self.commit, self.turned = commit, {}
        if mine:
            self.dealt = mine.get("dealt", "")
        if game.card >= 0 and game.src == T.SRC_DRAW:
            self.turned[game.left] = game.card
        self._refresh()
        if game.phase == T.P_OVER and self.announced != commit:
            self.announced = commit
            self._finish_seen(public)

    def _finish_seen(self, public):
        game = self.game
        honest = seen.deal_honest(self.commit, public.get("secret"), game.n, game.dealer,
                                    -1 if self.watching else self.me, self.dealt, self.turned)
        title, body = self.announce(DEAL_OK if honest else DEAL_BAD)
        close = (lambda: close_table(self.app, self)) if self.hoi.over() else None
        self.app.push(Message(self.app, title, body, on_close=close))

    def sync(self):
        # the last state's garbage freed first: rebuilding grows dict tables (up to 47 slots),
        # which a fragmented heap with 28 KB free in small pieces could not give
        gc.collect()
        try:
            seen = self._view()
        except ValueError:
            return
        self._take(*seen)

    def show_lost(self, lost):
        if lost == (self.event == LOST):
            return False
        self.event = LOST if lost else ""
        return True

    def _view(self):
        """seen.view of the guest's newest state. With no hole for it beside the game shown,
        that game and its hội are let go first and the state is read again into their room:
        the new state replaces them anyway, and the next frame draws it. A state that then
        proves malformed leaves no game to show: the table closes as out of heap."""
        guest = self.guest
        try:
            return seen.view(guest.state, guest.private, self.me)
        except MemoryError:
            pass
        # out of the except block, so the traceback no longer holds the failed rebuild
        del self.game, self.hoi
        gc.collect()
        try:
            return seen.view(guest.state, guest.private, self.me)
        except ValueError:
            raise MemoryError("no game to show")

    def prompt_text(self, short=False, cols=99):
        """The line under the hand; the lost table first, even on the player's turn."""
        if self.event == LOST:
            return LOST_SHORT if short else LOST
        return Table.prompt_text(self, short, cols)

    def thinking_text(self):
        """Whose turn it is, or "Đang chờ…" while the table waits for an answer nobody sees."""
        if self.game.to_move() < 0 and self.game.phase != T.P_OVER:
            return WAITING
        return Table.thinking_text(self)
