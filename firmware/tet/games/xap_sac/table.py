"""The Xấp Sắc table screen: computer turns play themselves, yours is chosen with the buttons.

Choosing a play: move along the hand (only cards that are part of some legal play stop the
cursor), OK picks a card (again: puts it back); once the picked cards make a play, "Đặt" shows
where they can go: NEXT/PREV cycles through every legal placement (every cell and every order),
OK lays it, BACK returns to the hand. "Đi" passes, "Bàn" scrolls the table (OK turns the
scrolling between across and up-down), "Điểm" shows the scores. The game is saved after every
action, so a reboot resumes it.
"""


from tet.games.xap_sac.ai import HeuristicPlayer
from tet.core import input as inp
from tet.core import sound
from tet.core import gfx as G
from tet.games.xap_sac import engine as X
from tet.games.xap_sac import draw as D
from tet.ui.game_screen import GameScreen
from tet.ui.widgets import Message
from tet.games.xap_sac.modes import HUMAN, SAVE

BOT_MS = 700

PLACE = "Đặt"
PASS = "Đi"
VIEW = "Bàn"
SCORES = "Điểm"

HAND = 0
CELLS = 1
PAN = 2


class Table(GameScreen):
    """The game in progress: computer turns play themselves, yours is chosen with the buttons."""

    title = "Xấp Sắc"
    save_key = SAVE
    bot_ms = BOT_MS

    def __init__(self, app, game, level, note=""):
        GameScreen.__init__(self, app)
        self.game = game
        self.level = level
        self.bot = HeuristicPlayer(level)
        self.note = note
        self.announced = False
        self.passed = []
        self.marked = []
        self.follow = [X.key(1, 0), X.key(4, 0)]
        self.focus = None  # worked out at the next draw, to show `follow` and the most cards
        self.axis = 0
        self._turn_begins()

    # ---- state for the player's choices --------------------------------------------------
    def _turn_begins(self):
        """Fresh choices for the player to move (or none while the computer plays)."""
        self.mode = HAND
        self.selected = []
        self.options = []
        self.option = 0
        self.plays = []
        self.due = None
        if self.game.phase == X.PLAYING and self.game.turn == HUMAN:
            self.plays = self.game.legal_plays(every_order=False)
        self._build_row()
        self.cursor = 0
        for i in range(len(self.row)):
            if self._stops(i):
                self.cursor = i
                break

    def _build_row(self):
        """The hand row: cards, then the actions that make sense now; and which cards can go."""
        # flags per card: runs on every key press, so no list per play
        usable = bytearray(X.NUM_CARDS)
        picked = bytearray(X.NUM_CARDS)
        for c in self.selected:
            picked[c] = 1
        need = len(self.selected)
        complete = False
        for p in self.plays:
            size = X.play_size(p)
            if size < need:
                continue
            hits = 0
            for i in range(size):
                hits += picked[X.play_card(p, i)]
            if hits == need:
                for i in range(size):
                    usable[X.play_card(p, i)] = 1
                if size == need:
                    complete = True
        self.usable = usable
        chosen = self.selected
        row = list(self.game.hands[HUMAN])
        if complete and chosen:
            row.append(PLACE)
        if self.game.turn == HUMAN and self.game.phase == X.PLAYING:
            row.append(PASS)
        row.append(VIEW)
        row.append(SCORES)
        self.row = row
        self.widths = D.row_widths(self.app.gfx, row)

    def _stops(self, i):
        item = self.row[i]
        return not isinstance(item, int) or self.usable[item]

    def _move(self, step):
        n = len(self.row)
        i = self.cursor
        for _ in range(n):
            i = (i + step) % n
            if self._stops(i):
                self.cursor = i
                return

    # ---- events ----------------------------------------------------------------------------
    def handle(self, ev):
        if ev == inp.BACK and self.mode == HAND:
            self.ask_leave()
            return
        if self.mode == CELLS:
            self._handle_cells(ev)
        elif self.mode == PAN:
            self._handle_pan(ev)
        elif self.game.turn != HUMAN:
            # the computer is thinking: any key (but BACK) makes it play at once
            self.hurry = True
        else:
            self._handle_hand(ev)

    def _handle_hand(self, ev):
        if inp.forward(ev):
            self._move(1)
        elif inp.backward(ev):
            self._move(-1)
        elif ev == inp.OK:
            item = self.row[self.cursor]
            if isinstance(item, int):
                self._pick(item)
            elif item == PLACE:
                self._show_options()
            elif item == PASS:
                self._pass()
            elif item == VIEW:
                self.mode = PAN
            else:
                self.app.push(Message(self.app, "Điểm", self._scores_text()))

    def _pick(self, card):
        if card in self.selected:
            self.selected.remove(card)
            self._build_row()
            self.cursor = self.row.index(card)
            return
        self.selected.append(card)
        self._build_row()
        if PLACE in self.row:
            self.cursor = self.row.index(PLACE)
            return
        # on to the next card that can join the picked ones
        self.cursor = self.row.index(card)
        for _ in range(len(self.row)):
            self._move(1)
            item = self.row[self.cursor]
            if isinstance(item, int) and item not in self.selected:
                return

    def _show_options(self):
        """Every legal placement of exactly the picked cards: each play, each order."""
        options = []
        chosen = self.selected
        for p in self.plays:
            cards = X.play_cards(p)
            if len(cards) != len(chosen) or not all(c in cards for c in chosen):
                continue
            for order in X.PERMS[len(cards)]:
                options.append(X.with_cards(p, [cards[i] for i in order]))
        self.options = options
        self.option = 0
        self.mode = CELLS
        self._focus_option()

    def _focus_option(self):
        self.follow = [k for k, _ in X.play_cells(self.options[self.option])]
        self.focus = None

    def _handle_cells(self, ev):
        if inp.forward(ev):
            self.option = (self.option + 1) % len(self.options)
            self._focus_option()
        elif inp.backward(ev):
            self.option = (self.option - 1) % len(self.options)
            self._focus_option()
        elif ev == inp.OK:
            self._act(self.options[self.option])
        elif ev == inp.BACK:
            self.mode = HAND

    def _handle_pan(self, ev):
        step = X.STEP_Y if self.axis else X.STEP_X
        if self.focus is None:
            return
        if ev == inp.UP:
            self.focus -= X.STEP_Y
        elif ev == inp.DOWN:
            self.focus += X.STEP_Y
        elif ev == inp.LEFT:
            self.focus -= X.STEP_X
        elif ev == inp.RIGHT:
            self.focus += X.STEP_X
        elif ev == inp.NEXT:
            self.focus += step
        elif ev == inp.PREV:
            self.focus -= step
        elif ev == inp.OK:
            self.axis = 1 - self.axis
        elif ev == inp.BACK:
            self.mode = HAND

    # ---- actions ---------------------------------------------------------------------------
    def _pass(self):
        self._act(None)

    def _act(self, play):
        """Apply one action for the player to move, then save and set up the next turn."""
        game = self.game
        player = game.turn
        name = D.NAMES[player]
        if play is None:
            game.pass_turn()
            self.passed.append(player)
            self.note = name + ": đi"
            self.app.sound.play(sound.CLICK)
        else:
            leading = game.mode == X.LEAD
            cells = X.play_cells(play)
            game.play(play)
            self.passed = []
            self.marked = [k for k, _ in cells]
            self.follow = self.marked
            self.focus = None
            self.note = "%s%s: %s" % (name, " (dẫn)" if leading else "",
                                      D.line_text(X.play_line(play)))
            self.app.sound.play(sound.MOVE)
        if play is None and game.mode == X.LEAD and not game.lead_passes:
            self.passed = []  # everyone passed: a new lead starts with a clean slate
        self.save()
        self._turn_begins()

    def save_data(self):
        return {"game": self.game.to_dict(), "level": self.level, "note": self.note}

    def tick(self, now):
        game = self.game
        if game.phase != X.PLAYING:
            if not self.announced:
                self.announced = True
                self._announce()
                return True
            return False
        if game.turn == HUMAN:
            return False
        if not self.computer_due(now):
            return False
        self._act(self.bot.choose(game))
        return True

    def _announce(self):
        game = self.game
        points = game.rounds[-1]
        lines = []
        if game.ket:
            den = [D.NAMES[p] for p in game.den()]
            lines.append("Kẹt! " + ("Đền: " + ", ".join(den) if den else "Không ai đền."))
        for p in range(game.players):
            lines.append("%s: %+d → %d điểm" % (D.NAMES[p], points[p], game.scores[p]))
        body = ". ".join(lines) + "."
        if game.phase == X.GAME_OVER:
            win = game.winner()
            self.forget()
            self.app.sound.play(sound.WIN if win == HUMAN else sound.LOSE)
            body = ("Bạn thắng! " if win == HUMAN else D.NAMES[win] + " thắng. ") + body
            self.app.push(Message(self.app, "Kết quả", body, self._leave))
        else:
            self.app.push(Message(self.app, "Hết ván %d" % game.round_no, body, self._next))

    def _next(self):
        self.game.next_round()
        self.announced = False
        self.passed = []
        self.marked = []
        self.follow = [X.key(1, 0), X.key(4, 0)]
        self.focus = None
        self.note = "Ván %d: %s đánh trước" % (self.game.round_no, D.NAMES[self.game.turn])
        self.save()
        self._turn_begins()

    def _leave(self):
        self.app.pop()

    def _scores_text(self):
        game = self.game
        parts = []
        if game.mode == X.FOLLOW:
            parts.append("Theo %s của %s" % (D.line_text(game.last), D.NAMES[game.last_player]))
        else:
            parts.append("%s %s" % (D.NAMES[game.turn], "dẫn" if game.mode == X.LEAD else "mở ván"))
        if self.passed:
            parts.append("Đã đi: " + ", ".join(D.NAMES[p] for p in self.passed))
        for p in range(game.players):
            parts.append("%s: %d điểm, còn %d lá" % (D.NAMES[p], game.scores[p],
                                                    len(game.hands[p])))
        for r in range(len(game.rounds)):
            parts.append("Ván %d: %s" % (r + 1, " ".join("%+d" % v for v in game.rounds[r])))
        return ". ".join(parts) + ". Cần %d điểm để thắng." % X.TARGET[game.players]

    # ---- drawing ---------------------------------------------------------------------------
    def status(self):
        """The line above the grid: what to beat, or who leads, or what just happened."""
        game = self.game
        if self.mode == CELLS:
            return "%d/%d %s" % (self.option + 1, len(self.options),
                                 D.line_text(X.play_line(self.options[self.option])))
        if self.mode == PAN:
            return "Cuộn bàn: %s (OK đổi)" % ("dọc" if self.axis else "ngang")
        if game.turn != HUMAN:
            return self.note
        if game.mode == X.FOLLOW:
            return "Theo %s" % D.line_text(game.last)
        if game.mode == X.LEAD:
            return "Bạn được dẫn"
        return "Bạn mở ván"

    def players_line(self):
        """Every player: cards left/score; ▶ whose turn, ★ the leader, ○ passed."""
        game = self.game
        parts = []
        for p in range(game.players):
            mark = "▶" if p == game.turn else ("○" if p in self.passed else "")
            if game.mode == X.LEAD and p == game.turn:
                mark = "★"
            parts.append("%s%s %d/%d" % (mark, D.SHORT[p], len(game.hands[p]), game.scores[p]))
        return " ".join(parts)

    def draw(self, g):
        game = self.game
        _, ch = D.cell_size(g)
        if g.colour:
            top = g.header("Xấp Sắc", D.NAMES[game.turn] if game.phase == X.PLAYING else "")
            g.text(self.status(), 2, top, G.GOLD)
            hand_y = g.h - ch - 1
            g.text(self.players_line(), 2, hand_y - g.line_h - 1, G.CREAM)
            grid_bottom = hand_y - g.line_h - 2
            top += g.line_h + 1
        else:
            g.text(self.status(), 0, 0, G.WHITE)
            hand_y = g.h - ch
            grid_bottom = hand_y - 1
            top = g.line_h
        ghost = X.play_cells(self.options[self.option]) if self.mode == CELLS else ()
        if self.focus is None:
            self.focus = D.best_focus(g, game.table, self.follow, top, grid_bottom)
        D.draw_grid(g, game.table, ghost, self.marked, self.focus, top, grid_bottom)
        D.draw_row(g, self.row, self.widths, self.cursor, self.selected, self.usable, hand_y)
