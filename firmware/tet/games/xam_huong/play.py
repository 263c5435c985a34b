"""Xăm Hường's play screen: shake (or enter real dice), see the table, the history and the final
settlement. A game in progress is saved after every roll. (The setup menu is setup.py.)"""

import time

from tet.core import gfx as G
from tet.core import input as inp
from tet.core import sound
from tet.core.app import Screen
from tet.core.text import clip, wrap
from tet.games.xam_huong.engine import XamHuong
from tet.games.xam_huong import draw as V
from tet.games.xam_huong.options import SAVE
from tet.games.xam_huong.draw import FRAME_MS, ROLL_MS, TUNES
from tet.ui.game_screen import GameScreen
from tet.ui.widgets import Choice, draw_hints, hints

# on the OLED the last line shows in turn what the roll took and whose turn it is
PAGE_MS = 1800
MAX_NAME = 24
MAX_TEXT = 200


class Play(GameScreen):
    """The bowl: the current player shakes (or enters real dice), the dice tumble and land, the
    roll's name and what it took are shown. NEXT: the table; PREV: the history; BACK: menu."""

    title = "Xăm Hường"
    save_key = SAVE
    exit_extras = ("Hột văng: phạt 1",)

    def __init__(self, app, game, names, scorer):
        GameScreen.__init__(self, app)
        self.game = game
        self.names = names
        self.scorer = scorer
        self.dice = bytearray(b"\x01\x02\x03\x04\x05\x06")
        self.bounce = bytearray(6)
        self.pending = None
        self.deciding = b""
        self.rolling_since = None
        # the roll on show: who rolled it, its name, what it did (empty before the first roll)
        self.who = ""
        self.result = ""
        self.result_colour = G.WHITE
        self.outcome = ""
        self.hint = ""
        self.pages = ()
        self.page = 0
        self.landed_at = app.hw.clock()
        self._prompt()

    @classmethod
    def from_save(cls, app, data):
        """Resume a game saved by save(); raise ValueError when any field is wrong."""
        if not isinstance(data, dict):
            raise ValueError("not a Xăm Hường save")
        game = XamHuong.from_dict(data.get("game"))
        if game.over():
            raise ValueError("a finished game")
        names = data.get("names")
        if (not isinstance(names, list) or len(names) != game.players
                or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in names)):
            raise ValueError("bad names")
        scorer = data.get("scorer")
        if scorer not in (0, 1) or isinstance(scorer, bool):
            raise ValueError("bad scorer")
        dice = data.get("dice")
        if (not isinstance(dice, list) or len(dice) != 6
                or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice)):
            raise ValueError("bad dice")
        play = cls(app, game, names, scorer)
        play.dice = bytearray(dice)
        shown = data.get("shown", ["", "", "", G.WHITE])
        if (not isinstance(shown, list) or len(shown) != 4
                or not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in shown[:3])
                or not isinstance(shown[3], int) or not 0 <= shown[3] < len(G.PALETTE)):
            raise ValueError("bad shown roll")
        if not shown[1] and game.rolls and game.history:
            # a save from before the roll on show was kept: rebuild it from the history
            shown = V.last_roll_texts(game, names)
        if shown[1]:
            play.who, play.result, play.outcome, play.result_colour = shown
            play._prompt()
        return play

    def save_data(self):
        return {"game": self.game.to_dict(), "names": self.names, "scorer": self.scorer,
                "dice": list(self.dice),
                "shown": [self.who, self.result, self.outcome, self.result_colour]}

    def _prompt(self):
        """The next player's prompt (and, on the OLED, the pages of its last line)."""
        app = self.app
        who = V.player_name(self.names, self.game.turn)
        if self.scorer:
            roll = "nhập xúc xắc"
        else:
            roll = "gieo"
        keys = hints(app, ok=roll)
        if app.input.has_motion and not self.scorer:
            keys = "lắc/" + keys
        self.hint = who + ": " + keys
        views = hints(app, next="bảng", prev="lịch sử")
        if not self.game.rolls or not self.result:
            self.who = "Lượt đầu"
            self.result = who
            self.outcome = keys
            self.pages = (keys, views)
        else:
            cols = app.gfx.cols()
            turn = "Tới lượt %s: %s" % (who, keys)
            turn = (turn,) if len(turn) <= cols else ("Tới lượt " + who, keys)
            self.pages = tuple(wrap(self.outcome, cols)) + turn + (views,)
        self.page = 0
        self.landed_at = app.hw.clock()
        if len(self.hint) + 1 + len(views) < app.gfx.cols():
            # the table and history keys too, when the line has room for them
            self.hint = self.hint + " " + views

    # ----- events -----

    def handle(self, ev):
        if self.rolling_since is not None:
            self._land()
            return
        if ev == inp.SHAKE or ev == inp.OK:
            if self.scorer and ev == inp.OK:
                self.app.push(DiceEntry(self.app, V.player_name(self.names, self.game.turn),
                                        self._entered))
            else:
                self._start_roll(self._random_dice())
        elif inp.forward(ev) or inp.backward(ev):
            V.show_scores(self.app, self.game, self.names, inp.forward(ev))
        elif ev == inp.BACK:
            self.ask_leave()

    def exit_choice(self, index):
        """Hột văng: a die fell out of the bowl; the player pays the penalty."""
        if index == 0:
            self.game.spill()
            self._show_outcome(V.player_name(self.names, self.game.last_player), "Hột văng",
                               G.ORANGE)
            self.app.sound.play(sound.ERROR, self.app.hw.clock())
            self.save()

    def _random_dice(self):
        rng = self.app.rng
        dice = bytearray(6)
        for i in range(6):
            dice[i] = rng.randint(1, 6)
        return dice

    def _entered(self, dice):
        self.pending = dice
        self._land()

    def _start_roll(self, dice):
        self.pending = dice
        self.rolling_since = self.app.hw.clock()
        self.app.sound.play(sound.DICE, self.rolling_since)

    # ----- animation -----

    def tick(self, now):
        if self.rolling_since is None:
            # the OLED's last line turns its pages
            page = time.ticks_diff(now, self.landed_at) // PAGE_MS % len(self.pages)
            if page != self.page:
                self.page = page
                return self.app.gfx.small
            return False
        elapsed = time.ticks_diff(now, self.rolling_since)
        if elapsed >= ROLL_MS:
            self._land()
            return True
        rng = self.app.rng
        phase = elapsed // FRAME_MS
        for i in range(6):
            if (phase + i) % 2 == 0:
                self.dice[i] = rng.randint(1, 6)
            # each die hops on its own beat, lower as the tumble slows
            self.bounce[i] = (ROLL_MS - elapsed) * ((phase + i) % 3) // (ROLL_MS // 6) // 2
        return True

    def _land(self):
        self.rolling_since = None
        dice = self.pending
        if dice is None:
            return
        self.pending = None
        for i in range(6):
            self.dice[i] = dice[i]
            self.bounce[i] = 0
        if self.game.options["khong_lay_the"]:
            self.deciding = dice
            choice = Choice(self.app, "Lấy thẻ?", ["Lấy", "Không lấy"],
                            lambda i: self._apply(dice, i == 1))
            # BACK takes what the roll earns: the roll is never lost
            choice.on_back = self._take
            self.app.push(choice)
        else:
            self._apply(dice, False)

    def _take(self, menu):
        self.app.pop()
        self._apply(self.deciding, False)

    def _apply(self, dice, decline):
        game = self.game
        category = game.roll(dice, decline)
        colour = V.roll_colour(category)
        self._show_outcome(V.player_name(self.names, game.last_player),
                           V.roll_title(category, game.last_rank), colour)
        self.app.sound.play(TUNES[category], self.app.hw.clock())
        if game.over():
            self.forget()
            self.app.replace(V.Lines(self.app, "Kết quả", V.settlement_lines(game, self.names)))
        else:
            self.save()

    def _show_outcome(self, who, result, colour):
        self.who = V.roll_heading(who, self.game.rolls)
        self.result = result
        self.result_colour = colour
        self.outcome = V.outcome_text(self.game, self.names)
        self._prompt()

    # ----- drawing -----

    def draw(self, g):
        rolling = self.rolling_since is not None
        cols = g.cols() - 1
        if g.small:
            # whose roll it was heads its dice and result; the next player is on the last line
            y = g.header(clip(self.who, g.cols() - 1))
            V.draw_dice(g, self.dice, y + 1, self.bounce if rolling else None)
            if not rolling:
                g.text(clip(self.result, g.cols()), 1, y + 19, self.result_colour)
                draw_hints(g, self.pages[self.page % len(self.pages)])
            return
        y = g.header("Xăm Hường", "Lượt %d" % (self.game.rolls + 1))
        g.text(clip(self.who, cols), 3, y, G.CREAM)
        size, _gap = V.die_size(g)
        V.draw_dice(g, self.dice, y + g.line_h + 4, self.bounce if rolling else None)
        y += g.line_h + size + 7
        if not rolling:
            big_cols = g.cols(True)
            big = len(self.result) <= big_cols
            g.text_center(self.result if big else clip(self.result, cols), y, self.result_colour,
                          big)
            y += (g.big.height if big else g.line_h) + 2
            for line in wrap(self.outcome, cols)[:2]:
                g.text_center(line, y, G.CREAM)
                y += g.line_h
        draw_hints(g, self.hint)


class DiceEntry(Screen):
    """Scorer mode (this gadget's game only): enter the six faces of real dice. NEXT/PREV change
    the face under the cursor (the hint line names the board's buttons), OK moves to the next
    die (the sixth OK submits), BACK steps back (or cancels at the first)."""

    title = "Nhập xúc xắc"

    def __init__(self, app, who, on_done):
        Screen.__init__(self, app)
        self.who = who
        self.dice = bytearray(b"\x01" * 6)
        self.cursor = 0
        self.on_done = on_done

    def handle(self, ev):
        if inp.forward(ev):
            self.dice[self.cursor] = self.dice[self.cursor] % 6 + 1
        elif inp.backward(ev):
            self.dice[self.cursor] = (self.dice[self.cursor] + 4) % 6 + 1
        elif ev == inp.OK:
            if self.cursor < 5:
                self.cursor += 1
            else:
                self.app.pop()
                self.on_done(bytes(self.dice))
        elif ev == inp.BACK:
            if self.cursor:
                self.cursor -= 1
            else:
                self.app.pop()

    def draw(self, g):
        y = g.header(self.title, "%d/6" % (self.cursor + 1))
        g.text(clip(self.who, g.cols() - 1), 2, y, G.CREAM)
        y += g.line_h + 2
        V.draw_dice(g, self.dice, y)
        size, gap = V.die_size(g)
        x = (g.w - 6 * size - 5 * gap) // 2 + self.cursor * (size + gap)
        g.fill_rect(x, y + size + 2, size, 2, G.GOLD)
        draw_hints(g, hints(self.app, move="đổi", ok="tới" if self.cursor < 5 else "xong",
                            back="lùi"))
