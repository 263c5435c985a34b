"""Xăm Hường at a shared table: every player shakes their own gadget (the host's bowl here, a
guest's in guest_table.py).

The host's gadget holds the game (tet.net.table.Host with A.Adapter); a guest's shows the
host's state. On your turn, shake (or OK): the host draws the dice, every gadget tumbles them
and lands on the same roll, names it and says what it took. With the house rule không lấy thẻ
the roller's gadget then asks "Lấy thẻ?". Seats nobody took are rolled by the host for the
computer. NEXT shows the score table, PREV the history; the settlement ends the game on every
gadget. The host saves the game and the table after every roll.
"""

import time
from binascii import unhexlify

from tet.core import gfx as G
from tet.core import input as inp
from tet.core import sound
from tet.core.text import clip, wrap
from tet.games.xam_huong import engine as XH
from tet.games.xam_huong import adapter as A
from tet.games.xam_huong import draw as V
from tet.games.xam_huong.options import SAVE
from tet.games.xam_huong.draw import FRAME_MS, ROLL_MS, TUNES
from tet.net.table import COMPUTER, WATCH
from tet.ui.together import LOST, close_table, open_saved_table, resume_table
from tet.ui.game_screen import GameScreen
from tet.ui.widgets import Choice, draw_hints, hints


def roll_texts(game, names, pending):
    """[heading, roll name, outcome, colour] of the roll just made (waiting for "Lấy thẻ?" when
    `pending` holds its dice)."""
    if pending is not None:
        index = XH.roll_index(bytes(pending))
        return [V.roll_heading(V.player_name(names, game.turn), game.rolls + 1),
                V.roll_title(XH.CATEGORY[index], XH.RANK[index]), "Lấy thẻ hay không?", G.GOLD]
    category = game.last_category
    return [V.roll_heading(V.player_name(names, game.last_player), game.rolls),
            V.roll_title(category, game.last_rank), V.outcome_text(game, names),
            V.roll_colour(category)]


class TableBowl(GameScreen):
    """The bowl of a shared table: what the host's and a guest's gadgets share (the dice's
    tumble, the prompt, the score table and history, the settlement). Subclasses act: `_act`
    sends or applies a roll, `_computer_take` settles a computer's waiting roll."""

    title = "Xăm Hường"
    save_key = SAVE
    bot_ms = 1200
    lost = False

    def __init__(self, app, own, state):
        GameScreen.__init__(self, app)
        self.own = own
        self.dice = bytearray(b"\x01\x02\x03\x04\x05\x06")
        self.bounce = bytearray(6)
        self.rolling_since = None
        self.phase = -1
        self._take(state)
        self.dice[:] = bytes(self.landing)

    def _take(self, state):
        """Show a table state: (game, names, dice, pending, shown, commit, secret)."""
        self.game, self.names, self.landing, self.pending, self.shown = state[:5]

    def result_lines(self):
        """The settlement as every gadget shows it."""
        return V.settlement_lines(self.game, self.names)

    def _mine(self):
        """It is this gadget's person's turn (not a watcher's)."""
        return self.own != WATCH and not self.game.over() and self.game.turn == self.own

    def _act(self, intent):
        """Roll, take or decline for this gadget's person."""

    def _computer_take(self):
        """A computer player's roll waits for "Lấy thẻ?" (only the host has computer players)."""

    def _tumble(self):
        self.phase = -1
        self.rolling_since = self.app.hw.clock()
        self.app.sound.play(sound.DICE, self.rolling_since)

    def _ask_take(self):
        choice = Choice(self.app, "Lấy thẻ?", ["Lấy", "Không lấy"],
                        lambda i: self._act(A.DECLINE if i == 1 else A.TAKE))
        choice.on_back = self._take_on_back
        self.app.push(choice)

    def _take_on_back(self, menu):
        # BACK takes what the roll earns: the roll is never lost
        self.app.pop()
        self._act(A.TAKE)

    def _landed(self):
        """The dice are down: play the roll's tune, ask "Lấy thẻ?" or end the game."""
        self.rolling_since = None
        self.dice[:] = bytes(self.landing)
        for i in range(6):
            self.bounce[i] = 0
        if self.pending is not None:
            if self._mine():
                self._ask_take()
            else:
                self._computer_take()
            return
        if self.game.rolls:
            self.app.sound.play(TUNES[self.game.last_category], self.app.hw.clock())
        if self.game.over():
            self.forget()
            self.app.push(V.Lines(self.app, "Kết quả", self.result_lines(),
                                  on_close=self._close))

    def _close(self):
        close_table(self.app, self)

    # ----- events -----

    def handle(self, ev):
        if self.rolling_since is not None:
            self._landed()
            return
        if ev == inp.SHAKE or ev == inp.OK:
            if self._mine():
                if self.pending is None:
                    self._act(A.ROLL)
                else:
                    self._ask_take()
        elif inp.forward(ev) or inp.backward(ev):
            V.show_scores(self.app, self.game, self.names, inp.forward(ev))
        elif ev == inp.BACK:
            self.ask_leave()

    def tick(self, now):
        if self.rolling_since is None:
            return False
        elapsed = time.ticks_diff(now, self.rolling_since)
        if elapsed >= ROLL_MS:
            self._landed()
            return True
        phase = elapsed // FRAME_MS
        if phase == self.phase:
            return False        # the dice move once a frame: no redraw in between
        self.phase = phase
        rng = self.app.rng
        for i in range(6):
            if (phase + i) % 2 == 0:
                self.dice[i] = rng.randint(1, 6)
            self.bounce[i] = (ROLL_MS - elapsed) * ((phase + i) % 3) // (ROLL_MS // 6) // 2
        return True

    # ----- drawing -----

    def draw(self, g):
        rolling = self.rolling_since is not None
        who, result, outcome, colour = self.shown
        turn = V.player_name(self.names, self.game.turn)
        if self.lost:
            prompt = LOST
        elif self._mine():
            prompt = turn + ": " + ("lắc/" if self.app.input.has_motion else "") + \
                hints(self.app, ok="gieo")
        else:
            prompt = "Tới lượt " + turn
        if g.small:
            y = g.header(clip(who or "Xăm Hường", g.cols() - 1))
            V.draw_dice(g, self.dice, y + 1, self.bounce if rolling else None)
            if not rolling:
                g.text(clip(result, g.cols()), 1, y + 19, colour)
                draw_hints(g, prompt)
            return
        y = g.header("Xăm Hường", "Lượt %d" % (self.game.rolls + 1))
        cols = g.cols() - 1
        g.text(clip(who, cols), 3, y, G.CREAM)
        size, _gap = V.die_size(g)
        V.draw_dice(g, self.dice, y + g.line_h + 4, self.bounce if rolling else None)
        y += g.line_h + size + 7
        if not rolling and result:
            big = len(result) <= g.cols(True)
            g.text_center(result if big else clip(result, cols), y, colour, big)
            y += (g.big.height if big else g.line_h) + 2
            for line in wrap(outcome, cols)[:2]:
                g.text_center(line, y, G.CREAM)
                y += g.line_h
        draw_hints(g, prompt)


class HostBowl(TableBowl):
    """The host's bowl: its engine is the table's truth; it rolls for the computer's seats and
    saves the game with the table after every roll."""

    def __init__(self, app, host):
        self.host = host
        host.adapter.on_roll = self._rolled
        TableBowl.__init__(self, app, 0, self._state())
        app.serve(host.poll)

    def _state(self):
        adapter = self.host.adapter
        return (adapter.game, adapter.names, adapter.dice, adapter.pending, adapter.shown)

    def _rolled(self, seat, intent):
        # the host accepted a roll (or its take/decline): what every gadget will show
        adapter = self.host.adapter
        adapter.shown = roll_texts(self.game, self.names, adapter.pending)
        self._take(self._state())
        self.save()
        if intent == A.ROLL:
            self._tumble()
        else:
            self._landed()

    def _act(self, intent):
        self.host.play(self.own, intent, self.app.hw.clock())

    def _computer_take(self):
        if self.host.seats[self.game.turn] == COMPUTER:
            self.host.play(self.game.turn, A.TAKE, self.app.hw.clock())

    def tick(self, now):
        if not self.game.over() and self.rolling_since is None and \
                self.host.seats[self.game.turn] == COMPUTER and self.computer_due(now):
            self.host.play(self.game.turn, A.ROLL, now)
            return True
        return TableBowl.tick(self, now)

    def save_data(self):
        return None if self.game.over() else self.host.adapter.table_save(self.host)


def resume_host(app, game, saved):
    """The host's bowl of a saved shared game: the table goes on where it stopped."""
    return HostBowl(app, restore_host(app, game, saved))


def restore_host(app, game, saved):
    """The table of a saved shared game (its `game` read already), going on where it stopped."""
    # the game was checked as it was read (XamHuong.from_dict), the rest here: a second copy
    # of the game, as a guest would read it, has no room on a stock board beside the save
    names, dice, pending, shown = A.checked_bowl(
        game.players, saved.get("names"), saved.get("dice"), saved.get("pending"),
        saved.get("shown"))
    adapter = A.Adapter(game, names, unhexlify(saved.get("secret")))
    state = saved.get("dice_rng")
    if isinstance(state, bool) or not isinstance(state, int) or not 0 < state < 1 << 32:
        raise ValueError("bad dice generator")
    adapter.rng.state = state
    adapter.dice = list(dice)
    adapter.pending = pending
    adapter.shown = list(shown)
    return resume_table(app, adapter, saved)


def open_table(app):
    """The host's bowl, read back from its save: the part the host's boot opens once the
    lobby started the game (tet.ui.lobby.open_from_save)."""
    open_saved_table(app, SAVE, lambda saved: restore_host(
        app, XH.XamHuong.from_dict(saved.get("game")), saved), HostBowl)
