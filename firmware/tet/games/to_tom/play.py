"""Tổ Tôm screens (opened by tet.games.to_tom.saved): a hội against four (or three) computer players.

The table shows the card lying at a door and whose door it is, what just happened, the player's
hand grouped by suit with a cursor, the player's laid phu, and a prompt: Ù, Phỗng, Ăn (one line
per phu the card can complete), Dậy khàn, Xin or Bỏ qua, exactly the moves `ToTom.legal()` allows.
The last cursor stop (or prompt entry, or NEXT while the computer plays) opens the laid phu of
every player. The game is saved after every action.
"""

import gc
import sys

try:
    from micropython import const
except ImportError:     # CPython (host tools): a constant is its value
    const = int

from tet.core import gfx as G
from tet.core import input as inp
from tet.core import sound
from tet.core.app import forget_module
from tet.core.text import clip
from tet.games.to_tom import state as T
from tet.games.to_tom.cards import CODES, IS_RED, IS_YEU, NAMES, codes_text, partition_text, \
    phu_text
from tet.games.to_tom.parts import SAVE, TABLE_PART, table_save
from tet.ui.game_screen import GameScreen, think
from tet.ui.widgets import Message

AI = "tet.games.to_tom.ai"
TEXTS = "tet.games.to_tom.table_texts"
DEAL_TEXTS = "tet.games.to_tom.deal_texts"
_HUMAN = const(0)
_BOT_MS = const(600)
_LOG_KEEP = const(4)
SUIT_ROWS = (("Vạn", 1, 9), ("Văn", 10, 18), ("Sách", 19, 27))
YEU_KINDS = (0, 9, 18, 27, 28, 29)
VIEW = ("view", None)       # the prompt's last entry: every player's laid phu
# why the end game (to-tom-v2 §7) refuses a discard, by engine.end_need: the words, and the
# short ones that fit the 128x64 prompt line
END_REFUSED = {T.NEED_CHO: (": cuối ván, đánh phải còn chờ", ": phải còn chờ"),
               T.NEED_THANH: (": cuối ván, đánh phải thành bài", ": phải thành bài")}
# A block kept for the save after every action: the dict of a game's state wants one of half a
# kilobyte, which a heap a game has cut into pieces may no longer have by its end. Taken when
# the table opens (on a heap of its own, saved.open_saved), given to each save and taken back.
_ROOM = const(1024)
_THINK_FRAME_MS = const(120)    # the "Máy đang nghĩ…" marker moves one step per this many ms
# button hints per board kind (two buttons A/B, or the arrows and OK) and per situation
HINTS = {
    (True, "options"): "A: khác · B: chọn · giữ B: thoát",
    (True, "discard"): "A: lá sau · giữ A: lá trước · B: đánh",
    (True, "computer"): "B: nhanh · A: xem bàn · giữ B: thoát",
    (False, "options"): "▲▼: khác · OK: chọn · giữ OK: thoát",
    (False, "discard"): "◀▶: chọn lá · OK: đánh · giữ OK: thoát",
    (False, "computer"): "OK: nhanh · ▼: xem bàn · giữ OK: thoát",
}


def seat_name(p):
    """'Bạn' for the player, 'Máy N' for the computer players."""
    return "Bạn" if p == _HUMAN else "Máy %d" % p


def eat_label(game, arg):
    """An eat's prompt text, naming where the card goes (to-tom-v2 §2): 'Ăn [3V 4V 5V]', onto a
    laid entry 'Ăn vào 3V 4V 5V', a kèm eat 'Ăn [3V 3S] kèm 7N', with treo tranh's extra phu
    after it, and 'dậy khàn' when the holder's khàn is turned up."""
    phu, onto, shared, also, khan_up = T.take_parts(arg)
    laid = game.laid[game.actor]
    if onto >= 0:
        text = "Ăn vào " + codes_text(laid[onto])
    else:
        text = "Ăn " + phu_text(phu)
    if shared >= 0:
        text += " kèm " + CODES[laid[shared][0]]
    for extra in also:
        text += " " + phu_text(extra)
    return text + (" dậy khàn" if khan_up else "")


def action_label(game, action):
    """The prompt text of one legal action of the player."""
    name, arg = action
    card = game.card
    if game.phase == T.P_DEAL and name != "view":
        return _texts(DEAL_TEXTS).label(game.hands[game.actor], action)
    if name == "u":
        if game.vong:
            return "Ù vọng " + CODES[game.vong[1]]
        return "Ù!" if game.phase == T.P_U else "Ù (thiên ù)"
    if name == "eat":
        return eat_label(game, arg)
    if name == "phong":
        if type(arg) is tuple:      # tái kiến: the bất thực's third copy laid in a run
            return "Phỗng tái kiến " + phu_text(arg[0])
        return "Phỗng " + (CODES[card] if arg is None else "với %s đã hạ" % CODES[card])
    if name == "khan":
        return "Dậy khàn " + CODES[card]
    if name == "draw":
        return "Xin bài"
    if name == "view":
        return "Xem phu trên chiếu"
    if name == "pass":
        return "Để qua" if game.phase == T.P_EAT else "Bỏ qua"
    return "Đánh bài"


def event_text(entry, names):
    """One log entry in Vietnamese, e.g. 'Máy 2 đánh Ngũ Vạn' (`names`: the seats' names)."""
    p, action, card = entry[:3]
    text = names[p] + " " + T.action_name(action)
    # a bất thực's kind is its holder's secret (its cup is on the mat)
    if card >= 0 and action not in ("deal", "bat_thuc"):
        text += " " + NAMES[card]
    return text


def result_text(hoi, game, names):
    """The announcement (xướng) of a finished game and the hội's score sheet."""
    if game.winner >= 0:
        score = game.score
        lines = ["%s ù: %s (%d điểm)." % (names[game.winner], score["xuong"],
                                          score["points"])]
        lines.append(partition_text(score))
    else:
        lines = ["Hoà: nọc còn %d lá. %s được kê." % (game.left, names[game.next_dealer])]
    lines.append("Bảng điểm hội (%d):" % hoi.target)
    for p in range(hoi.n):
        lines.append("%s: %d" % (names[p], hoi.scores[p]))
    return "\n".join(lines)


def _texts(name=TEXTS):
    """Module `name`, words the table needs now and then, imported for them and forgotten
    after (play does without their bytecode): tet.games.to_tom.table_texts, the text of the
    Phu trên chiếu view (read now and then; a result's text, at every game's end, stays here);
    deal_texts, the words of the deal's choices (to-tom-v2 §3, while the deal asks the player:
    Table._refresh forgets it)."""
    __import__(name)
    return sys.modules[name]



def new_player(rng):
    """A computer player, its module imported now if a win let it go (Table._play)."""
    from tet.games.to_tom.ai import Player

    return Player("bot", rng)


def _room(size):
    """A block of `size` bytes taken on a collected heap (None when there is none, or size 0)."""
    if not size:
        return None
    gc.collect()
    try:
        return bytearray(size)
    except MemoryError:
        return None


class Table(GameScreen):
    """One game of the hội at the table."""

    title = "Tổ Tôm"
    save_key = SAVE
    bot_ms = _BOT_MS
    me = _HUMAN      # the seat whose hand this gadget shows (a guest's seat at a shared table)
    room = _ROOM     # the block kept for the saves (none at a shared table: issue 35's heap)
    host = None     # a shared table's tet.net.table.Host, on the host's gadget (its save keeps it)

    def __init__(self, app, hoi, game, rng, thap_hong_or_more=0):
        GameScreen.__init__(self, app)
        self.hoi = hoi
        self.rng = rng
        self.thap_hong_or_more = thap_hong_or_more
        if game is None:
            game = hoi.new_game(rng, record=True)
            game.thap_hong_or_more = bool(thap_hong_or_more)
        self.game = game
        self.names = [seat_name(p) for p in range(hoi.n)]
        # a computer player per seat the computer plays, made now while the heap is whole (a
        # seat given to the computer later gets one when it first moves)
        self.bots = [new_player(rng) if p != self.me and self._computer_plays(p) else None
                     for p in range(hoi.n)]
        self.cursor = 0
        self.option = 0
        self.options = []
        self.discard_mode = False
        self.hand = []
        self._lines = None  # hand_lines' (cols, lines) for this hand
        self.event = ""
        self.frame = 0
        self._u = None      # a computer's ù, played by the next tick (_bot_step)
        self._room = _room(self.room)
        self._refresh()

    @classmethod
    def from_save(cls, app, hoi, game, rng, thap, event):
        """Resume a game saved by save() (what tet.games.to_tom.saved.read_save(data, True)
        found), or deal the next game of the hội when `game` is None: it was saved at a result
        (_finish)."""
        table = cls(app, hoi, game, rng, thap)
        table.event = event
        if game is None:
            table.save()
        return table

    def save(self):
        self._room = None
        GameScreen.save(self)
        self._room = _room(self.room)

    def save_data(self):
        return table_save(self.hoi, self.game, self.rng.state, self.thap_hong_or_more,
                          self.event, self.host)

    # ----- state -----

    def _refresh(self):
        """Recompute the hand list and the player's options after any change."""
        game = self.game
        hand = []
        counts = game.hands[self.me]
        for _label, lo, hi in SUIT_ROWS:
            for k in range(lo - 1, hi):
                if not IS_YEU[k]:
                    hand += [k] * counts[k]
        for k in YEU_KINDS:
            hand += [k] * counts[k]
        self.hand = hand
        self._lines = None
        if self.cursor > len(hand):
            self.cursor = len(hand)
        if game.phase != T.P_DEAL:
            forget_module(DEAL_TEXTS)
        self.options = []
        self.discard_mode = False
        if game.to_move() == self.me:
            legal = game.legal(self.me)
            if game.phase == T.P_DISCARD and legal[0][0] != "u":
                self.discard_mode = True
            else:
                self.options = legal + [VIEW]
                if game.phase == T.P_DISCARD:
                    self.options = [legal[0], ("pick", None), VIEW]
                self.option = 0

    def _play(self, p, action):
        if action[0] == "u":
            self._let_computers_go()
        self.game.apply(p, action)
        self._played(action)

    def _let_computers_go(self, keep_room=False):
        # An ù ends the game: the computer players are not needed before the next deal, which
        # imports them again, and the win's scoring module takes their heap (from .mpy files
        # the two do not fit beside the table and the engine). The Phu trên chiếu view lets
        # them go too (`keep_room`: the save's block stays): the next one to move imports them.
        for p in range(len(self.bots)):
            self.bots[p] = None
        if not keep_room:
            self._room = None
        forget_module(AI)
        gc.collect()

    def _last_event(self):
        """The line of what just happened (the log's last entry)."""
        log = self.game.log
        if not log:
            return self.event
        if len(log) > _LOG_KEEP:
            del log[:-_LOG_KEEP]
        return event_text(log[-1], self.names)

    def _played(self, action):
        """After an action was applied: the event line, the sound, the save, the next choices
        (or the result)."""
        game = self.game
        self.event = self._last_event()
        if action[0] in ("eat", "phong", "khan"):
            self.app.sound.play(sound.CAPTURE, self.app.hw.clock())
        if game.phase == T.P_OVER:
            self._finish()
            return
        self.save()
        self._refresh()

    def announce(self, extra=""):
        """The finished game's tune and its result's (title, text), the end of the hội too;
        `extra` is one more line of the text."""
        game = self.game
        tune = sound.WIN if game.winner == self.me else (sound.LOSE if game.winner >= 0
                                                       else sound.MOVE)
        self.app.sound.play(tune, self.app.hw.clock())
        body = result_text(self.hoi, game, self.names) + extra
        if self.hoi.over():
            body += "\nHết hội: %s thắng." % self.names[self.hoi.leader()]
        return "Ù!" if game.winner >= 0 else "Hoà", body

    def _finish(self):
        self.hoi.record(self.game)
        title, body = self.announce()
        if self.hoi.over():
            self.forget()
            # closing the result goes home (the launcher, under the table), as leaving does
            self.app.replace(Message(self.app, title, body))
            return
        # saved with the game recorded: closing the result opens the table from this save on a
        # heap of its own (App.open_part), which deals the next game (from_save); after a power
        # cut the same game is dealt, from the same state of the generator
        self.save()
        app = self.app      # not self: the finished table is not kept while the result shows
        app.replace(Message(app, title, body, on_close=app.part_opener(TABLE_PART, "open_saved")))

    # ----- events -----

    def handle(self, ev):
        if ev == inp.BACK:
            self.ask_leave()
            return
        game = self.game
        if game.to_move() != self.me:
            if ev == inp.OK:
                self._bot_step()
            elif inp.forward(ev) or inp.backward(ev):
                self._view()
            return
        if self.discard_mode:
            self._handle_discard(ev)
            return
        n = len(self.options)
        if inp.forward(ev):
            self.option = (self.option + 1) % n
        elif inp.backward(ev):
            self.option = (self.option - 1) % n
        elif ev == inp.OK:
            action = self.options[self.option]
            if action[0] == "pick":
                self.options = []
                self.discard_mode = True
            elif action is VIEW:
                self._view()
            else:
                self._play(self.me, action)

    def _handle_discard(self, ev):
        stops = len(self.hand) + 1
        if inp.forward(ev):
            self.cursor = (self.cursor + 1) % stops
        elif inp.backward(ev):
            self.cursor = (self.cursor - 1) % stops
        elif ev == inp.OK:
            if self.cursor == len(self.hand):
                self._view()
                return
            kind = self.hand[self.cursor]
            if kind in self.game.discards(self.me):
                self._play(self.me, ("discard", kind))
                self.app.sound.play(sound.CLICK, self.app.hw.clock())
            else:
                self.app.sound.play(sound.ERROR, self.app.hw.clock())

    def _view(self):
        # the searches' memos and the computer players go while the view is read (the next
        # search makes them again, the next computer to move imports its module): the view's
        # text has their heap (a guest's gadget searches nothing and has no such module)
        self._let_computers_go(True)
        hand = sys.modules.get("tet.games.to_tom.hand")
        if hand is not None:
            hand.release()
        text = _texts().table_text(self.game, self.names, self.me)
        forget_module(TEXTS)
        self.app.push(Message(self.app, "Phu trên chiếu", text))

    def _bot_step(self):
        p = self.game.to_move()
        if p < 0 or p == self.me:
            return
        # the search polls the buttons and redraws through app.pump (the thinking marker
        # moves); BACK or the clock's limit cuts it short, BACK is handled once the move is made
        bot = self.bots[p]
        if bot is None:
            bot = self.bots[p] = new_player(self.rng)
        action = think(bot.choose, self.game, p, self.think_stop())
        bot = None
        self.due = None
        if action[0] == "u":
            # played by the next tick: an ù lets the computer players go (_play), and a frame of
            # this call may still point at the one that chose it (MicroPython's collector reads
            # frames conservatively), which would keep their module beside the win's scoring
            self._u = (p, action)
            return
        self._play(p, action)

    def _computer_plays(self, p):
        """True when this gadget's computer player decides for seat p."""
        return True

    def tick(self, now):
        if self._u is not None:
            p, action = self._u
            self._u = None
            self._play(p, action)
            return True
        p = self.game.to_move()
        if p in (-1, self.me):
            return False
        if not self._computer_plays(p) or not self.computer_due(now):
            frame = now // _THINK_FRAME_MS
            if frame != self.frame:
                self.frame = frame
                return True
            return False
        self._bot_step()
        return True

    # ----- text -----

    def door_text(self, short=False):
        """The card at a door and whose door, or whose turn it is to discard (`short`: the card
        as its code, for the 128x64 header)."""
        game = self.game
        if game.phase == T.P_DEAL:
            return _texts(DEAL_TEXTS).asked(game.hands[self.me], self.options, short)
        if game.card >= 0:
            name = CODES[game.card] if short else NAMES[game.card]
            return "Cửa %s: %s" % (self.names[game.door], name)
        p = game.to_move()
        return "%s đánh bài" % self.names[p] if p >= 0 else ""

    def situation(self):
        """'options', 'discard' or 'computer': what the buttons do now."""
        if self.options:
            return "options"
        return "discard" if self.discard_mode else "computer"

    def hint_text(self):
        """What the board's real buttons do now, in Vietnamese."""
        return HINTS[(self.app.input.two_buttons, self.situation())]

    def notice_text(self):
        """A word about the card at the door when the player declined its kind before: it can
        no longer be eaten or phỗng (the ban of a declined take); at the deal, why no bất thực
        is offered (the 128x64 screen says it in its header: door_text)."""
        game = self.game
        if game.to_move() == self.me:
            if game.phase == T.P_DEAL:
                return _texts(DEAL_TEXTS).refusal(self.options)
            return ""
        if not game.declined_here(self.me):
            return ""
        return "Bạn đã bỏ %s: không ăn/phỗng được" % CODES[game.card]

    def thinking_text(self):
        """'Máy N đang nghĩ…' while a computer player is to move."""
        p = self.game.to_move()
        return "%s đang nghĩ…" % self.names[p] if p >= 0 and p != self.me else ""

    def prompt_text(self, short=False, cols=99):
        """The line under the hand, at most `cols` characters: the highlighted option or what
        OK does (`short`: cards as codes, and the option's counter without brackets, for the
        128x64 screen). The option's counter ("(2/3)": there are more) follows its label when
        both fit, else the label shows alone: never a counter cut in half."""
        names = CODES if short else NAMES
        if self.options:
            label = action_label(self.game, self.options[self.option])
            n = len(self.options)
            counter = (" %d/%d" if short else " (%d/%d)") % (self.option + 1, n)
            if n == 1 or len(label) + len(counter) > cols:
                return clip(label, cols)
            return label + counter
        if self.discard_mode:
            if self.cursor == len(self.hand):
                return "OK: xem phu trên chiếu"
            kind = self.hand[self.cursor]
            if kind in self.game.discards(self.me):
                return "OK: đánh " + names[kind]
            if self.game.forbid[self.me][kind]:
                return names[kind] + ": tham, không được đánh"
            if kind in self.game.bat_thuc(self.me):
                # to-tom-v2 §4: only đánh xén, once, with two runs through it and a spare
                return names[kind] + ": bất thực"
            if self.game.end_refuses(self.me, kind):
                why = END_REFUSED[self.game.end_need(self.game.take_khan)]
                return names[kind] + why[1 if short else 0]
            return names[kind] + ": không được đánh"
        return self.thinking_text()

    # ----- drawing -----

    def _cards(self, g, y, kinds, start, x0, width_cols):
        """Draw hand cards (indices start..) as codes; the cursor card inverted."""
        x = x0
        cw = g.font.width
        skip = 0
        at = self.cursor - start
        if 0 <= at < len(kinds):
            # keep the cursor card on screen when the row is wider than the screen
            skip = max(0, at - width_cols // 3 + 1)
        for i in range(skip, len(kinds)):
            k = kinds[i]
            text = CODES[k]
            if x + cw * (len(text) + 1) > x0 + width_cols * cw:
                break
            if start + i == self.cursor and self.discard_mode:
                g.fill_rect(x - 1, y, cw * len(text) + 2, g.line_h, G.WHITE if not g.colour
                            else G.GOLD)
                g.text(text, x, y, G.BLACK)
            else:
                g.text(text, x, y, G.RED if IS_RED[k] and g.colour else G.CREAM)
            x += cw * (len(text) + 1)

    def _rows(self):
        """(label, first index in self.hand, kinds) per suit row and the yêu row."""
        rows = []
        i = 0
        for label, lo, hi in SUIT_ROWS:
            kinds = []
            while i + len(kinds) < len(self.hand) and lo - 1 <= self.hand[i + len(kinds)] < hi \
                    and not IS_YEU[self.hand[i + len(kinds)]]:
                kinds.append(self.hand[i + len(kinds)])
            rows.append((label, i, kinds))
            i += len(kinds)
        rows.append(("Yêu", i, self.hand[i:]))
        return rows

    def _thinking(self, g, x, y, width):
        """'Máy N đang nghĩ…' with a marker that moves with the clock (a redraw per step)."""
        text = self.thinking_text()
        g.text(clip(text, width), x, y, G.LIGHT if g.colour else G.WHITE)
        cw = g.font.width
        span = max(1, width - len(text) - 1)
        step = (self.app.hw.clock() // _THINK_FRAME_MS) % span
        g.fill_rect(x + (len(text) + 1 + step) * cw, y + g.line_h // 2 - 1, cw - 2, 3,
                    G.GOLD if g.colour else G.WHITE)

    def draw(self, g):
        game = self.game
        cols = g.cols() - 1
        right = "Nọc %d" % game.left
        if g.small:
            self._draw_small(g, cols, right)
            return
        y = g.header("Tổ Tôm · " + self.names[game.dealer] + " cái", right)
        g.text(clip(self.door_text(), cols), 3, y, G.GOLD)
        y += g.line_h
        note = self.notice_text()
        g.text(clip(note or self.event, cols), 3, y, G.RED if note else G.LIGHT)
        y += g.line_h + 1
        for label, first, kinds in self._rows():
            g.text(label, 3, y, G.GREY)
            self._cards(g, y, kinds, first, 3 + 5 * g.font.width, cols - 5)
            y += g.line_h
        mine = " ".join([phu_text(phu) for phu in game.laid[self.me]])
        if game.khan[self.me]:
            mine += " khàn " + " ".join([CODES[k] for k in game.khan[self.me]])
        colour = G.GOLD if self.discard_mode and self.cursor == len(self.hand) else G.GREEN
        g.text(clip("Phu: " + (mine or "—"), cols), 3, y, colour)
        y = g.h - 2 * g.line_h
        if self.situation() == "computer":
            self._thinking(g, 3, y, cols)
        else:
            g.text(clip(self.prompt_text(False, cols), cols), 3, y, G.WHITE)
        g.text(clip(self.hint_text(), cols), 3, g.h - g.line_h, G.GREY)

    def hand_lines(self, cols):
        """The hand for the 128x64 screen, compact: per suit its letter then one digit per
        card ('V2355 N3446 S1789'), then the pictures; wrapped into lines of `cols` characters (a
        suit cut at a line's end goes on after its letter again).
        Each line is a list of (x in characters, text, index in self.hand or -1). Made once
        per hand (_refresh forgets them): while a computer thinks, the frames drawn from inside
        its search would otherwise make them anew, each time into a heap the search's own call
        frames fill."""
        made = self._lines
        if made is not None and made[0] == cols:
            return made[1]
        # where each kind first is in the hand: 30 bytes, not a dict that grows to 30 keys
        first = bytearray(len(CODES))
        for i in range(len(self.hand) - 1, -1, -1):
            first[self.hand[i]] = i
        counts = self.game.hands[self.me]
        tokens = []
        for s, letter in enumerate("VNS"):
            group = [(letter, -1)]
            for k in range(9 * s, 9 * s + 9):
                for c in range(counts[k]):
                    group.append((str(k % 9 + 1), first[k] + c))
            if len(group) > 1:
                tokens.append(group)
        pictures = []
        for k in YEU_KINDS[3:]:
            for c in range(counts[k]):
                pictures.append((CODES[k], first[k] + c))
        if pictures:
            tokens.append(pictures)
        lines = [[]]
        x = 0
        for group in tokens:
            if x and x + 1 + len(group[0][0]) > cols:
                lines.append([])
                x = 0
            elif x:
                x += 1
            for text, index in group:
                if x + len(text) > cols:
                    # a suit cut at the line's end starts again with its letter
                    lines.append([])
                    x = 0
                    if group[0][1] < 0:
                        lines[-1].append((0, group[0][0], -1))
                        x = 1
                lines[-1].append((x, text, index))
                x += len(text)
        self._lines = (cols, lines)
        return lines

    def _draw_small(self, g, cols, right):
        y = g.header(clip(self.door_text(True), g.cols() - len(right) - 1), right)
        lines = self.hand_lines(cols)
        situation = self.situation()
        if situation == "computer":
            note = self.notice_text()
            g.text(clip(note or self.event, cols), 1, y, G.WHITE)
            y += g.line_h
            lines = lines[:1]
        cw = g.font.width
        for line in lines[:2]:
            row = ""
            for x, text, _index in line:
                row += " " * (x - len(row)) + text
            g.text(row, 1, y, G.WHITE)
            for x, text, index in line:
                if index == self.cursor and self.discard_mode:
                    g.fill_rect(1 + x * cw, y, cw * len(text), g.line_h, G.WHITE)
                    g.text(text, 1 + x * cw, y, G.BLACK)
            y += g.line_h
        if situation == "computer":
            self._thinking(g, 1, y, cols)
        else:
            g.text(clip(self.prompt_text(True, cols), cols), 1, y, G.WHITE)
