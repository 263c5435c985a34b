"""The Ô Ăn Quan board screen: your turn with the buttons, the computer's turns, the sowing shown
stone by stone.

Your turn: NEXT/PREV walk over your squares that hold dân (and "Đi lại" after a move against the
computer), OK picks the square; then NEXT/PREV turn the direction (the first square to get a dân
is outlined) and OK sows, BACK picks another square. Any key skips an animation to its end. The
game is saved after every move, so a reboot resumes it; BACK asks "Thoát ván?", also while the
computer thinks (its search pumps the app: the screen keeps moving and BACK stops it). The prompt
names the buttons of this board. At the end a score sheet explains every score (loans included);
OK there (or on the board) starts a new game with the same players, BACK goes back to the menu.
"""

import time

from tet.games.o_an_quan.ai import LEVEL_MS, Searcher, level_nodes
from tet.core import gfx as G
from tet.core import input as inp
from tet.core import sound
from tet.core.text import clip
from tet.games.o_an_quan.engine import CAPTURE, Game, final_score, material
from tet.games.o_an_quan import draw as D
from tet.games.o_an_quan.modes import (COMPUTER, DEMO_OPENING, HUMAN, LEVEL_LABELS, LEVELS,
                                       REMOTE, SAVE, TITLE, VS_COMPUTER, seats_for)
from tet.games.o_an_quan.sheet import Scroll, sheet_text
from tet.ui.game_screen import GameScreen, think

BOT_MS = 450
DROP_MS = 110
LIFT_MS = 260
CAPTURE_MS = 450
UNDO = -1
THINK_DOT_MS = 150
SMALL_COLS = 21  # characters on the one text line of a 128x64 screen
WARN_ROUNDS = 2  # rounds before the stall rule's count from which the screen counts them down
# the names of (move on, select, back) on a two-button board and on the five-button DevKit
KEYS_TWO = ("A", "B", "giữ B")
KEYS_FIVE = ("◀▶", "OK", "giữ OK")


def new_board(app, players, seats, level, searcher=None):
    """A new game's board: the house rules of Cài đặt; a demo (computer in every seat) starts
    from a random opening, as the computer itself is deterministic. A `searcher` of the same
    configuration is reused (the heap has no room for a second one)."""
    game = Game(players, int(app.rule("oaq", "quan_value", 10)),
                bool(app.rule("oaq", "quan_non", 0)))
    if HUMAN not in seats:
        for _ in range(DEMO_OPENING):
            square, step = app.rng.choice(game.legal_moves())
            game.play(square, step)
    return Board(app, game, seats, level, searcher=searcher)


class Board(GameScreen):
    """A game in progress; `seats` says who plays each seat (HUMAN or COMPUTER)."""

    title = TITLE
    save_key = SAVE
    bot_ms = BOT_MS

    def __init__(self, app, game, seats, level, undo=None, searcher=None):
        GameScreen.__init__(self, app)
        self.game = game
        self.seats = seats
        self.level = level
        if searcher is not None and (searcher.players, searcher.quan_value,
                                     searcher.quan_non) != (game.players, game.quan_value,
                                                            game.quan_non):
            searcher = None
        if searcher is None and COMPUTER in seats:
            searcher = Searcher(game.players, game.quan_value, game.quan_non)
        elif searcher is not None:
            searcher.new_game()
        self.searcher = searcher
        self.undo = undo
        self.view = bytearray(game.state)
        self.log = bytearray()
        self.animating = False
        self.anim_at = None
        self.anim_i = 0
        self.hand = 0
        self.pos = 0
        self.dir = 1
        self.flash = -1
        self.ring = None
        self.items = []
        self.choice = 0
        self.square = -1
        self.step = 0
        self.note = ""
        self.lines = ("", "", "")
        self.thinking = False
        self.keys = KEYS_TWO if app.input.two_buttons else KEYS_FIVE
        self.names = self._names()
        self._turn_begins()

    # ---- whose turn, what can be chosen ---------------------------------------------------
    def _names(self):
        players = self.game.players
        if self.seats == seats_for(VS_COMPUTER, players):
            if players == 2:
                return ("Bạn", "Máy")
            return ["Bạn"] + ["M%d" % k for k in range(1, players)]
        tag = "N" if self.seats[0] == HUMAN else "M"
        return [tag + "%d" % (k + 1) for k in range(players)]

    def _vs_computer(self):
        return self.seats == seats_for(VS_COMPUTER, self.game.players)

    def _turn_begins(self):
        game = self.game
        self.step = 0
        self.items = []
        self.choice = 0
        self.due = None
        if not game.over and self.seats[game.turn] == HUMAN:
            for square, step in game.legal_moves():
                if step > 0:
                    self.items.append(square)
            if self.undo is not None and self._vs_computer():
                self.items.append(UNDO)
        self._refresh_text()

    def _refresh_text(self):
        """Build the two info lines (scores; what to do) once per change, not per frame."""
        game = self.game
        st = self.view
        players = game.players
        keys = self.keys
        parts = []
        for k in range(players):
            if game.over and not self.animating:
                score = final_score(st, players, k, game.quan_value)
            else:
                score = material(st, players, k, game.quan_value)
            parts.append("%s %d" % (self.names[k], score))
        scores = " · ".join(parts)
        # the stall rule's count is near: say how many moves are left before it
        left = 0 if game.over else game.stall_left()
        if left > WARN_ROUNDS * players:
            left = 0
        if left:
            scores += " · đếm sau %d" % left
        if self.animating:
            prompt = "Rải quân… (bấm để bỏ qua)"
        elif game.over:
            prompt = self._result() + " · %s: ván mới" % keys[1]
        elif self.note:
            prompt = self.note
        elif self.seats[game.turn] == COMPUTER:
            prompt = self.names[game.turn] + " đang nghĩ…"
        elif self.seats[game.turn] == REMOTE:
            prompt = "Chờ %s đi…" % self.names[game.turn]
        elif self.step:
            prompt = "%s: đổi hướng · %s: rải · %s: ô khác" % keys
        elif self.items and self.items[self.choice] == UNDO:
            prompt = "%s: đi lại nước vừa rồi · %s: ô" % (keys[1], keys[0])
        else:
            prompt = "%s: %s: ô khác · %s: chọn ô" % (self.names[game.turn], keys[0], keys[1])
        # the one line of a 128x64 screen: the scores while the cursor tells what to do
        short = prompt
        if self.note and not self.animating:
            short = self.note
        elif game.over and not self.animating:
            short = self._result() + " " + "–".join(["%d" % final_score(st, players, k,
                                                                          game.quan_value)
                                                      for k in range(players)])
        elif not self.animating and self.seats[game.turn] != HUMAN:
            short = prompt
        elif not self.animating and self.step:
            short = "%s hướng · %s rải" % (keys[0], keys[1])
        elif not self.animating and self.items:
            short = "–".join(["%d" % material(st, players, k, game.quan_value)
                              for k in range(players)])
            short = "%s: %s" % (self.names[game.turn], short)
            hint = " đếm sau %d" % left if left else " %s:chọn" % keys[1]
            if len(short) + len(hint) <= SMALL_COLS:
                short += hint
        self.lines = (scores, prompt, short)

    def _result(self):
        winners = self.game.winners()
        if len(winners) > 1:
            return "Hòa"
        if self._vs_computer():
            return "Bạn thắng!" if winners[0] == 0 else "Bạn thua"
        return self.names[winners[0]] + " thắng!"

    # ---- moves ----------------------------------------------------------------------------
    def _play(self, square, step):
        game = self.game
        if self.seats[game.turn] == HUMAN and self._vs_computer():
            self.undo = list(game.state)
        self.view[:] = game.state
        self.log = bytearray()
        nxt = (game.turn + 1) % game.players
        debt_before = game.debts()[nxt]
        game.play(square, step, self.log)
        self.note = ""
        if game.refilled and not game.over:
            borrowed = game.debts()[nxt] - debt_before
            self.note = "%s rải lại %d dân" % (self.names[game.turn], game.refilled)
            if borrowed > 0:
                self.note += " (vay %d)" % borrowed
        self.animating = True
        self.anim_at = None
        self.anim_i = 0
        self.hand = 0
        self.pos = square
        self.dir = step
        self.flash = -1
        self.app.sound.play(sound.MOVE)
        self.save()
        self._refresh_text()

    def _advance(self):
        """One animation event: drop a dân, lift a square or take one; returns its length."""
        squares = 6 * self.game.players
        view = self.view
        if self.hand:
            self.pos = (self.pos + self.dir) % squares
            view[self.pos] += 1
            self.hand -= 1
            self.flash = -1
            return DROP_MS
        log = self.log
        if self.anim_i >= len(log):
            self._finish()
            return 0
        kind = log[self.anim_i]
        square = log[self.anim_i + 1]
        self.anim_i += 2
        if kind == CAPTURE:
            view[square] = 0
            if square % 6 == 0:
                view[squares + square // 6] = 0
            self.flash = square
            self.app.sound.play(sound.CAPTURE)
            return CAPTURE_MS
        self.hand = view[square]
        view[square] = 0
        self.pos = square
        self.flash = -1
        return LIFT_MS

    def _finish(self):
        self.animating = False
        self.flash = -1
        self.view[:] = self.game.state
        if self.game.over:
            self.forget()
            winners = self.game.winners()
            lost = self._vs_computer() and 0 not in winners
            self.app.sound.play(sound.LOSE if lost else sound.WIN)
            self._turn_begins()
            self.show_sheet()
            return
        self._turn_begins()

    def show_sheet(self):
        """The score sheet of the finished game: OK starts a new one, BACK shows the board."""
        body = sheet_text(self._result(), self.game, self.names, self.keys)
        self.app.push(Scroll(self.app, "Kết quả", body, on_ok=self.new_game))

    def new_game(self):
        """A new game with the same players and level, in place of this one (and its sheet)."""
        app = self.app
        while app.screen is not self:
            app.pop()
        searcher = self.searcher
        self.searcher = None
        app.replace(new_board(app, self.game.players, self.seats, self.level, searcher))

    def _undo(self):
        undo = self.undo
        if undo is None:
            return
        self.game.state[:] = bytearray(undo)
        self.undo = None
        if self.searcher is not None:
            # the computer's reply is taken back too: it is not a position the game reached
            self.searcher.new_game()
        self.view[:] = self.game.state
        self.save()
        self._turn_begins()

    def save_data(self):
        if self.game.over:
            return None
        return {"game": self.game.to_dict(), "seats": list(self.seats), "level": self.level,
                "undo": self.undo}

    # ---- events ---------------------------------------------------------------------------
    def handle(self, ev):
        if self.animating:
            while self.animating:
                self._advance()
            return
        if self.note:  # read: the next key brings back the prompt
            self.note = ""
            self._refresh_text()
        if ev == inp.BACK:
            if self.step:
                self.step = 0
                self._refresh_text()
            elif self.game.over:
                self.app.pop()
            else:
                self.ask_leave()
            return
        game = self.game
        if game.over:
            if ev == inp.OK:
                self.new_game()
            return
        if self.seats[game.turn] != HUMAN or not self.items:
            return
        if self.step:
            if inp.forward(ev) or inp.backward(ev):
                self.step = -self.step
            elif ev == inp.OK:
                self._play(self.square, self.step)
                return
        elif inp.forward(ev):
            self.choice = (self.choice + 1) % len(self.items)
        elif inp.backward(ev):
            self.choice = (self.choice - 1) % len(self.items)
        elif ev == inp.OK:
            item = self.items[self.choice]
            if item == UNDO:
                self._undo()
                return
            self.square = item
            self.step = 1
        self._refresh_text()

    def tick(self, now):
        if self.animating:
            if self.anim_at is None:
                self.anim_at = now
            changed = False
            while self.animating and time.ticks_diff(now, self.anim_at) >= 0:
                self.anim_at = time.ticks_add(self.anim_at, self._advance())
                changed = True
            return changed
        game = self.game
        if game.over or self.seats[game.turn] != COMPUTER:
            return False
        searcher = self.searcher
        if searcher is None or not self.computer_due(now):
            return False
        level = LEVELS[self.level]
        app = self.app
        self.thinking = True
        square, step, _value = think(
            searcher.search, game.state, level_nodes(level, game.players), should_stop=app.pump,
            deadline_ms=LEVEL_MS[level], clock=app.hw.clock)
        self.thinking = False
        if searcher.interrupted:
            # BACK is waiting: the loop hands it to handle(); the move is thought again after
            return True
        self._play(square, step)
        return True

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, g):
        lines = 1 if g.small else 2
        # the title bar only where the ring has room to spare (two rows on a colour screen)
        top = 0
        if not g.small and self.game.players == 2:
            top = g.header(TITLE, "Máy: " + LEVEL_LABELS[self.level] if self.searcher else "")
        bottom = g.h - lines * g.line_h
        if self.ring is None:
            self.ring = D.Ring(self.game.players, 0, top, g.w, bottom - top - 1, g.font.height)
        cursor = -1
        target = -1
        squares = 6 * self.game.players
        if self.animating:
            target = self.pos
        elif self.step:
            cursor = self.square
            target = (self.square + self.step) % squares
        elif self.items and self.items[self.choice] != UNDO:
            cursor = self.items[self.choice]
        D.draw_ring(g, self.ring, self.view, cursor, target, self.flash)
        cols = g.cols()
        if g.small:
            end = g.text(clip(self.lines[2], cols), 0, bottom, G.CREAM)
        else:
            g.text(clip(self.lines[0], cols), 2, bottom, G.GOLD)
            end = g.text(clip(self.lines[1], cols), 2, bottom + g.line_h, G.CREAM)
        if self.thinking:
            self._draw_thinking(g, end + 4, g.h - g.line_h // 2)

    def _draw_thinking(self, g, x, y):
        """Three dots lighting up one after the other, from the clock: the computer is busy."""
        lit = (self.app.hw.clock() // THINK_DOT_MS) % 4
        for i in range(3):
            if i < lit:
                g.fill_rect(x + 5 * i, y - 1, 3, 3, G.GOLD)
            else:
                g.pixel(x + 5 * i + 1, y, G.GREY)
