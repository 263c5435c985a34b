"""Xăm Hường screens: pick players and house rules, shake (or enter real dice), see the table,
the history and the final settlement. A game in progress is saved after every roll.
(The entry point is tet.games.xam_huong.ui.)"""

import time

from tet.core import gfx as G
from tet.core import input as inp
from tet.core import sound
from tet.core.text import clip
from tet.games.xam_huong import rules as R
from tet.games.xam_huong.engine import XamHuong
from tet.games.xam_huong import views as V
from tet.games.xam_huong.options import OPTIONS
from tet.ui.house_rules import following, value_label, values
from tet.ui.game_screen import GameScreen
from tet.ui.session import offer_resume
from tet.ui.widgets import Choice, Menu

SAVE = "xam_huong"
ROLL_MS = 900
FRAME_MS = 70
# category -> tune at landing
TUNES = (sound.WIN, sound.WIN, sound.TRANG, sound.TRANG, sound.TRANG) + (sound.CAPTURE,) * 7 + (
    sound.MOVE,) * 3 + (sound.CLICK,)


class Setup(Menu):
    """New game: Bắt đầu, number of players, shaker or scorer, names, house rules. OK on a setting
    moves it to its next value."""

    def __init__(self, app):
        self.players = 4
        self.scorer = 0
        self.names = ["Người %d" % (p + 1) for p in range(R.MAX_PLAYERS)]
        self.options = {}
        for option in OPTIONS:
            self.options[option[0]] = app.rule("xh", option[0], option[2][0][0])
        Menu.__init__(self, app, "Xăm Hường", [])
        self._relabel()

    def _relabel(self):
        texts = ["Bắt đầu", "Số người: %d" % self.players,
                 "Chế độ: " + ("nhập xúc xắc thật" if self.scorer else "máy lắc"),
                 "Tên người chơi"]
        for option in OPTIONS:
            texts.append(option[1] + ": " + value_label(option, self.options[option[0]]))
        self.items = [(text, self._pick) for text in texts]

    def first_enter(self):
        offer_resume(self.app, SAVE, "Xăm Hường", lambda saved: Play.from_save(self.app, saved))

    def _pick(self, menu):
        i = self.index
        if i == 0:
            game = XamHuong(self.players, self.options)
            play = Play(self.app, game, self.names[:self.players], self.scorer)
            play.save()
            self.app.push(play)
            return
        if i == 1:
            self.players = self.players + 1 if self.players < R.MAX_PLAYERS else R.MIN_PLAYERS
        elif i == 2:
            self.scorer ^= 1
        elif i == 3:
            items = [("%d: %s" % (p + 1, self.names[p]), self._rename)
                     for p in range(self.players)]
            self.app.push(Menu(self.app, "Tên người chơi", items))
        else:
            option = OPTIONS[i - 4]
            self.options[option[0]] = following(values(option), self.options[option[0]])
        self._relabel()

    def _rename(self, menu):
        """OK on a player cycles the name through Người N and a short list of family names."""
        p = menu.index
        choices = ("Người %d" % (p + 1),) + V.FAMILY_NAMES
        self.names[p] = following(choices, self.names[p])
        menu.items[p] = ("%d: %s" % (p + 1, self.names[p]), self._rename)


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
        self.who = ""
        self.result = ""
        self.result_colour = G.WHITE
        self.outcome = ""
        self.hint = ""
        self._prompt()

    @classmethod
    def from_save(cls, app, data):
        """Resume a game saved by save()."""
        play = cls(app, XamHuong.from_dict(data["game"]), data["names"], data["scorer"])
        play.dice = bytearray(data["dice"])
        return play

    def save_data(self):
        return {"game": self.game.to_dict(), "names": self.names, "scorer": self.scorer,
                "dice": list(self.dice)}

    def _prompt(self):
        who = V.player_name(self.names, self.game.turn)
        if self.scorer:
            action = "OK: nhập xúc xắc"
        elif self.app.input.has_motion:
            action = "lắc hoặc OK để gieo"
        else:
            action = "OK để gieo"
        self.hint = who + ": " + action
        if not self.game.rolls:
            self.who = "Lượt đầu"
            self.result = who
            self.outcome = action

    # ----- events -----

    def handle(self, ev):
        if self.rolling_since is not None:
            self._land()
            return
        if ev == inp.SHAKE or ev == inp.OK:
            if self.scorer and ev == inp.OK:
                self.app.push(V.DiceEntry(self.app, V.player_name(self.names, self.game.turn),
                                          self._entered))
            else:
                self._start_roll(self._random_dice())
        elif inp.forward(ev):
            self.app.push(V.Lines(self.app, "Bảng điểm", V.table_lines(self.game, self.names)))
        elif inp.backward(ev):
            self.app.push(V.Lines(self.app, "Lịch sử", V.history_lines(self.game, self.names)))
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
        colour = G.GOLD if R.CATEGORY_KIND[category] or category <= R.LUC_PHU else G.WHITE
        self._show_outcome(V.player_name(self.names, game.last_player),
                           V.roll_title(category, game.last_rank), colour)
        self.app.sound.play(TUNES[category], self.app.hw.clock())
        if game.over():
            self.forget()
            self.app.replace(V.Lines(self.app, "Kết quả", V.settlement_lines(game, self.names)))
        else:
            self.save()

    def _show_outcome(self, who, result, colour):
        self.who = who + " gieo:"
        self.result = result
        self.result_colour = colour
        self.outcome = V.outcome_text(self.game, self.names)
        self._prompt()

    # ----- drawing -----

    def draw(self, g):
        rolling = self.rolling_since is not None
        cols = g.cols() - 1
        if g.small:
            y = g.header(clip(V.player_name(self.names, self.game.turn), g.cols() - 5),
                         "#%d" % (self.game.rolls + 1))
            V.draw_dice(g, self.dice, y + 1, self.bounce if rolling else None)
            if not rolling:
                g.text(clip(self.result, cols), 1, y + 19, self.result_colour)
                g.text(clip(self.outcome, cols), 1, y + 19 + g.line_h, G.WHITE)
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
            g.text_center(clip(self.outcome, cols), y, G.CREAM)
        g.text(clip(self.hint, cols), 3, g.h - g.line_h, G.GREY)
