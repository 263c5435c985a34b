"""The Xấp Sắc table screen: computer turns play themselves, yours is chosen with the buttons.

Choosing a play: move along the hand (only cards that are part of some legal play stop the
cursor), OK picks a card (again: puts it back). The two copies of a card (the default deck) are
told apart by their place in the hand only: picks are kept as hand positions. Once the picked
cards make a play, "Đặt" shows where they can go: NEXT/PREV cycles through each distinct
placement once (a set of cells; the cards go onto them in the order they were picked), OK lays
it, BACK returns to the hand. "Đi" passes (never offered to the round's opener while they can
play), "Bàn" scrolls the table (OK turns the scrolling between across and up-down), "Điểm" shows
the scores. The game is saved after every action, so a reboot resumes it. While a computer
player thinks, its search calls the app's pump, so "Máy đang nghĩ…" moves and BACK is answered.
"""

from tet.core import input as inp
from tet.core import sound
from tet.core import gfx as G
from tet.games.xap_sac import engine as X
from tet.games.xap_sac import draw as D
from tet.ui.game_screen import GameScreen, think
from tet.ui.widgets import Message
from tet.games.xap_sac.modes import HUMAN, SAVE

BOT_MS = 700
THINK_STEP_MS = 250  # one step of the "Máy đang nghĩ…" dots

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
    # whose hand this gadget shows, and what it calls the seats (a shared table has its own)
    own = HUMAN
    names = D.NAMES
    short = D.SHORT
    computers = True    # whether this gadget may play seats for the computer (not a guest's)

    def __init__(self, app, game, level, note=""):
        GameScreen.__init__(self, app)
        self.game = game
        self._uses = bytearray(X.NUM_CARDS)
        self.may_pass = True
        self.level = level
        self.bot = None
        if self.computers:
            # made now, not at a computer's first turn: a seat given to the computer later
            # finds the heap as cut up as the game has left it
            self._bot()
        self.note = note
        self.announced = False
        self.think_frame = -1
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
        self.selected = []  # cards picked, in pick order
        self.picked = []  # their positions in the hand row, in the same order
        self.options = []
        self.option = 0
        self.ghost = []  # (key, card) of the option shown while choosing cells
        self.plays = []
        self.due = None
        if self.game.phase == X.PLAYING and self.game.turn == self.own:
            self.plays = self.game.legal_plays(out=X.Plays(), every_order=False)
            # the round's opener must play when they can
            self.may_pass = self.game.mode != X.OPEN or not self.plays
        self._build_row()
        self.cursor = 0
        for i in range(len(self.row)):
            if self._stops(i):
                self.cursor = i
                break

    def _build_row(self):
        """The hand row: cards, then the actions that make sense now; and which cards can go."""
        # copies per card: runs on every key press, so no list per play. usable[c] = the most
        # copies of c that any play holding every picked card uses
        usable = bytearray(X.NUM_CARDS)
        picked = bytearray(X.NUM_CARDS)
        for c in self.selected:
            picked[c] += 1
        need = len(self.selected)
        complete = False
        uses = self._uses
        for p in self.plays:
            size = X.play_size(p)
            if size < need:
                continue
            for c in self.selected:
                uses[c] = 0
            for i in range(size):
                uses[X.play_card(p, i)] = 0
            for i in range(size):
                uses[X.play_card(p, i)] += 1
            hits = 0
            for c in self.selected:
                hits += uses[c] >= picked[c]
            if hits == need:
                for i in range(size):
                    c = X.play_card(p, i)
                    if uses[c] > usable[c]:
                        usable[c] = uses[c]
                if size == need:
                    complete = True
        self.usable = usable
        self.picked_count = picked
        chosen = self.selected
        row = list(self._hand())
        if complete and chosen:
            row.append(PLACE)
        if self.game.turn == self.own and self.game.phase == X.PLAYING and self.may_pass:
            row.append(PASS)
        row.append(VIEW)
        row.append(SCORES)
        self.row = row
        self.widths = D.row_widths(self.app.gfx, row)

    def _hand(self):
        """The cards of this gadget's player (none for a gadget watching a shared table)."""
        game = self.game
        return game.hands[self.own] if self.own < game.players else []

    def _computer_turn(self):
        """True when the player to move is one of this gadget's computer players."""
        return self.game.turn != self.own

    def _bot(self):
        """The computer players' search (a game of this gadget's own has its module loaded
        before the table's, tet.games.xap_sac.setup; a guest's table never loads it)."""
        if self.bot is None:
            from tet.games.xap_sac.ai import HeuristicPlayer

            self.bot = HeuristicPlayer(self.level)
        return self.bot

    def _stops(self, i):
        item = self.row[i]
        if not isinstance(item, int):
            return True
        # a picked card stops (to put it back); another copy only if a play can use it too
        return i in self.picked or self.usable[item] > self.picked_count[item]

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
        elif self.game.turn != self.own:
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
                self._pick(self.cursor)
            elif item == PLACE:
                self._show_options()
            elif item == PASS:
                self._pass()
            elif item == VIEW:
                self.mode = PAN
            else:
                self.app.push(Message(self.app, "Điểm", self._scores_text()))

    def _pick(self, at):
        """Pick the card at hand position `at`, or put it back if it is picked."""
        if at in self.picked:
            i = self.picked.index(at)
            del self.picked[i]
            del self.selected[i]
            self._build_row()
            self.cursor = at
            return
        self.picked.append(at)
        self.selected.append(self.row[at])
        self._build_row()
        if PLACE in self.row:
            self.cursor = self.row.index(PLACE)
            return
        # on to the next card that can join the picked ones
        self.cursor = at
        for _ in range(len(self.row)):
            self._move(1)
            if isinstance(self.row[self.cursor], int) and self.cursor not in self.picked:
                return

    def _show_options(self):
        """Each distinct placement of exactly the picked cards once: the plays (one per card set
        and cell set) holding those cards, with the cards in pick order along the cells."""
        options = []
        chosen = sorted(self.selected)
        for p in self.plays:
            cards = X.play_cards(p)
            if len(cards) == len(chosen) and sorted(cards) == chosen:
                options.append(X.with_cards(p, self.selected))
        self.options = options
        self.option = 0
        self.mode = CELLS
        self._focus_option()

    def _focus_option(self):
        # the chosen option's cells, drawn as a ghost at every frame until one is placed
        self.ghost = X.play_cells(self.options[self.option], self.game.table)
        self.follow = [k for k, _ in self.ghost]
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
        name = self.names[player]
        if play is None:
            game.pass_turn()
            self.passed.append(player)
            self.note = name + ": đi"
            self.app.sound.play(sound.CLICK)
        else:
            leading = game.mode == X.LEAD
            cells = X.play_cells(play, game.table)
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
        if not self._computer_turn():
            return False
        if not self.computer_due(now):
            # keep "Máy đang nghĩ…" moving while the computer's pause runs
            frame = now // THINK_STEP_MS
            if frame != self.think_frame:
                self.think_frame = frame
                return True
            return False
        play = think(self._bot().choose, game, self.think_stop())
        if self.app.input.waiting(inp.BACK):
            # BACK came during the search: let it through (the move is made after)
            self.hurry = True
            return True
        self._act(play)
        return True

    def _announce(self):
        game = self.game
        points = game.rounds[-1]
        lines = []
        if game.ket:
            den = [self.names[p] for p in game.den()]
            lines.append("Kẹt! " + ("Đền: " + ", ".join(den) if den else "Không ai đền."))
        for p in range(game.players):
            lines.append("%s: %+d → %d điểm" % (self.names[p], points[p], game.scores[p]))
        body = ". ".join(line.rstrip(".") for line in lines) + "." + self.verdict()
        if game.phase == X.GAME_OVER:
            win = game.winner()
            self.forget()
            self.app.sound.play(sound.WIN if win == self.own else sound.LOSE)
            body = ("Bạn thắng! " if win == self.own else self.names[win] + " thắng. ") + body
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
        self.note = "Ván %d: %s đánh trước" % (self.game.round_no, self.names[self.game.turn])
        self.save()
        self._turn_begins()

    def _leave(self):
        self.app.pop()

    def verdict(self):
        """What the end of a round adds to its score lines (a shared table: the deal's check)."""
        return ""

    def _scores_text(self):
        game = self.game
        parts = []
        if game.mode == X.FOLLOW:
            parts.append("Theo %s của %s" % (D.line_text(game.last),
                                             self.names[game.last_player]))
        else:
            parts.append("%s %s" % (self.names[game.turn],
                                    "dẫn" if game.mode == X.LEAD else "mở ván"))
        if self.passed:
            parts.append("Đã đi: " + ", ".join(self.names[p] for p in self.passed))
        for p in range(game.players):
            parts.append("%s: %d điểm, còn %d lá" % (self.names[p], game.scores[p],
                                                    len(game.hands[p])))
        for r in range(len(game.rounds)):
            parts.append("Ván %d: %s" % (r + 1, " ".join("%+d" % v for v in game.rounds[r])))
        return (". ".join(parts) + ". Cần %d điểm để thắng. Dòng người chơi: lá còn/điểm; ▶ đến "
                "lượt, ★ được dẫn, ○ đã đi." % X.TARGET[game.players])

    # ---- drawing ---------------------------------------------------------------------------
    def status(self):
        """The line above the grid: what to beat, or who leads, or what just happened."""
        game = self.game
        if self.mode == CELLS:
            return "%d/%d %s" % (self.option + 1, len(self.options),
                                 D.line_text(X.play_line(self.options[self.option])))
        if self.mode == PAN:
            return "Cuộn bàn: %s (OK đổi)" % ("dọc" if self.axis else "ngang")
        if game.turn != self.own or game.phase != X.PLAYING:
            return self.note
        if game.mode == X.FOLLOW:
            return "Theo %s" % D.line_text(game.last)
        if game.mode == X.LEAD:
            return "Bạn được dẫn"
        return "Bạn mở ván"

    def players_line(self, short=False):
        """Every player: cards left/score; ▶ whose turn, ★ the leader, ○ passed. `short` (the
        128x64 screen): the computers' cards left only, "M1:9"."""
        game = self.game
        parts = []
        for p in range(game.players):
            if short:
                if p != self.own:
                    mark = "▶" if p == game.turn else ("○" if p in self.passed else "")
                    parts.append("%s%s:%d" % (mark, self.short[p], len(game.hands[p])))
                continue
            mark = "▶" if p == game.turn else ("○" if p in self.passed else "")
            if game.mode == X.LEAD and p == game.turn:
                mark = "★"
            parts.append("%s%s %d/%d" % (mark, self.short[p], len(game.hands[p]), game.scores[p]))
        return " ".join(parts)

    def thinking(self):
        """ "Máy 2 đang nghĩ…" with dots that move with the clock, or "" on your turn."""
        game = self.game
        if game.phase != X.PLAYING or game.turn == self.own:
            return ""
        step = (self.app.hw.clock() // THINK_STEP_MS) % 4
        return "%s đang nghĩ%s" % (self.names[game.turn], "." * step)

    def hint(self):
        """What the buttons do now, in Vietnamese, for this board's buttons."""
        two = self.app.input.two_buttons
        if self.mode == CELLS:
            return HINTS[two][1]
        if self.mode == PAN:
            return HINTS[two][2]
        return HINTS[two][0]

    def draw(self, g):
        game = self.game
        _, ch = D.cell_size(g)
        think = self.thinking()
        if g.colour:
            top = g.header("Xấp Sắc", self.names[game.turn] if game.phase == X.PLAYING else "")
            g.text(self.status(), 2, top, G.GOLD)
            hint_y = g.h - g.line_h
            g.text(think or self.hint(), 2, hint_y, G.GREY if not think else G.CYAN)
            hand_y = hint_y - ch - 1
            g.text(self.players_line(), 2, hand_y - g.line_h - 1, G.CREAM)
            grid_bottom = hand_y - g.line_h - 2
            top += g.line_h + 1
        else:
            # 128x64: status, grid, the computers' cards left, then the hand row; while choosing
            # cells or scrolling the hint takes the hand's place, so the preview stays clear
            g.text(self.status(), 0, 0, G.WHITE)
            hand_y = g.h - ch
            info_y = hand_y - ch
            g.text(think or self.players_line(True), 0, info_y, G.WHITE)
            grid_bottom = info_y - 1
            top = ch
        ghost = self.ghost if self.mode == CELLS else ()
        if self.focus is None:
            self.focus = D.best_focus(g, game.table, self.follow, top, grid_bottom)
        D.draw_grid(g, game.table, ghost, self.marked, self.focus, top, grid_bottom)
        if g.colour or self.mode == HAND:
            D.draw_row(g, self.row, self.widths, self.cursor, self.picked, self.usable, hand_y)
        else:
            g.text(self.hint(), 0, hand_y, G.WHITE)


# per board (five buttons: the 128x64 screen, so short; two buttons): hints while choosing
# cards, cells, scrolling (the status line names the arrows and OK while scrolling)
HINTS = (
    ("Xuống:sang OK:lấy", "Xuống:chỗ khác OK:đặt", "Giữ OK: về bài"),
    ("A: sang, B: lấy, giữ B: thoát", "A: chỗ khác, B: đặt", "A: cuộn, B: đổi, giữ B: xong"),
)
