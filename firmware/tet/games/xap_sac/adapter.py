"""Xấp Sắc at a shared table (tet.net.table's adapter): the hands are hidden, so the public
state holds the table, whose turn, passes and scores, and only how many cards each hand has;
each seat's private part is its seat number and its own hand (sealed for its gadget by the table).

An intent is "P" and the play (4 bytes, little-endian: engine.py's play int, made for the table
of the state it answers), "D" (đi: pass), or "N" (deal the next round: the host's own seat, once
it has read the round's scores). The public state is compact JSON:
  n players, d deck (index), ph phase, r round, f first, t turn, m mode, l last line, lp its
  player, ps passes, lv lead passes [[seat, held]] (held only once the round is over: until
  then it would tell who holds a play), tb the table (hex, 3 bytes a card: x + 128, y + 128,
  card), h cards per hand, b cards in the box, o out, rp round points, s scores, rs rounds,
  k kẹt, st starter, a the last action [seat, line or PASSED/DEALT, led], mk its cells' keys,
  w 1 for each seat the host's computer plays, c the commitment, x the secret (hex, once the
  game is over).

The host deals from a committed secret (tet.net.deal): every state carries its SHA-256, the
finished game's state reveals it, and each guest deals again from it and checks every hand it
was given and the layout of every round it saw (deal_honest).
"""

import json
from binascii import hexlify, unhexlify

from tet.games.xap_sac import engine as X
from tet.net.deal import Deal, commitment, revealed, to_hex
from tet.net.table import read_json

PLAY = ord("P")
PASS = b"D"
NEXT = b"N"
PASSED = -1     # the last action was a pass
DEALT = -2      # the last action dealt a new round (or nothing has happened yet)
LAYOUT = [X.key(1 + i, 0) for i in range(4)]   # where the dealt table cards lie


def play_intent(play):
    """The intent bytes of a play."""
    return bytes((PLAY,)) + play.to_bytes(4, "little")


def intent_play(intent):
    """The play of a "P" intent, or None when it is none."""
    if len(intent) != 5 or intent[0] != PLAY:
        return None
    return int.from_bytes(bytes(intent[1:]), "little")


# the bits of a play besides its cards' order: rank, Xấp, shape, axis, anchor
HEAD = 0xFFF | (63 << 24)


class _Match:
    """Stands for the list the engine's generator fills: keeps no play, only whether one is
    `play` in another order of its cards (the generator stops at the next line once found)."""

    def __init__(self, play):
        self.play = play
        self.head = play & HEAD
        self.mine = X.play_cards(play)
        self.cards = sorted(self.mine)
        self.found = False

    def append(self, p):
        """One legal play from the generator."""
        if not self.found and p & HEAD == self.head and sorted(X.play_cards(p)) == self.cards:
            # no stray bits besides the cards' (a play int is compared whole on one gadget)
            self.found = X.with_cards(p, self.mine) == self.play

    def done(self):
        """The generator's should_stop."""
        return self.found


def legal(game, play):
    """True when `play` is one of the legal plays of the player to move in any order of its
    cards (the table screen sends them in the order they were picked). Checked as the plays
    come, none kept: every order of every play would be a list of thousands on a big hand,
    and even one order is a list beside the host's own screen's."""
    if (play >> 6) & 31 >= len(X.PAT_K):
        return False            # no shape of the engine's
    match = _Match(play)
    game.legal_plays(None, match, 0, False, match.done)
    return match.found


def new_game(players, deck, secret):
    """A game dealt from a table's secret (seat 0, the host, opens the first round)."""
    return X.XapSac(players, 1, 0, True, deck, Deal(secret))


def passers(game):
    """The seats that passed since the last play (in order), worked out from the game alone."""
    if game.mode == X.LEAD:
        return [p for p, _held in game.lead_passes]
    if game.mode != X.FOLLOW:
        return []
    out = []
    p = game.last_player
    for _ in range(game.passes):
        p = game.next_holder(p)
        out.append(p)
    return out


class Adapter:
    """The host's game behind the table protocol. `computers` (a list of bools, set by the
    host's screen) says which seats the host's computer plays; `on_apply(seat, intent)` runs
    after each accepted intent, before the new state is sent."""

    def __init__(self, game, secret):
        self.game = game
        self.players = game.players
        self.secret = bytes(secret)
        self.commit = commitment(self.secret)
        self.action = [0, DEALT, 0]
        self.marked = []
        self.computers = [False] * game.players
        self.on_apply = None

    def table_save(self, host):
        """The host's save of the table `host` (tet.net.table.Host) and its game."""
        return {"game": self.game.to_dict(), "table": host.to_dict(),
                "secret": to_hex(self.secret), "action": self.action, "marked": self.marked}

    def options(self):
        """Nothing beyond the public state."""
        return b""

    def public(self):
        """Everything but the hands and the box (see the module doc)."""
        g = self.game
        over = g.phase != X.PLAYING
        cells = sorted(g.table)
        table = bytearray()
        for k in cells:
            table += bytes((k >> 8, k & 255, g.table[k]))
        return json.dumps({
            "n": g.players, "d": X.DECKS.index(g.deck), "ph": g.phase, "r": g.round_no,
            "f": g.first, "t": g.turn, "m": g.mode, "l": g.last, "lp": g.last_player,
            "ps": g.passes, "lv": [[p, held and over] for p, held in g.lead_passes],
            "tb": hexlify(bytes(table)).decode(), "h": [len(h) for h in g.hands], "b": len(g.box),
            "o": g.out, "rp": g.round_points, "s": g.scores, "rs": g.rounds, "k": g.ket,
            "st": getattr(g, "starter", g.first), "a": self.action, "mk": self.marked,
            "w": [1 if c else 0 for c in self.computers], "c": self.commit,
            "x": to_hex(self.secret) if g.phase == X.GAME_OVER else None}).encode()

    def private(self, seat):
        """The seat's number and its own hand (one byte a card), or None for no seat."""
        if 0 <= seat < self.players:
            return bytes((seat,)) + bytes(self.game.hands[seat])
        return None

    def to_move(self):
        """The seat to act: whose turn it is, the host's own seat 0 between rounds, -1 at the
        end."""
        phase = self.game.phase
        if phase == X.PLAYING:
            return self.game.turn
        return 0 if phase == X.ROUND_OVER else -1

    def over(self):
        """True once the game is won."""
        return self.game.phase == X.GAME_OVER

    def accepts(self, seat, intent):
        """A legal play or an allowed pass of the player to move; the next deal between rounds."""
        game = self.game
        if seat != self.to_move():
            return False
        if game.phase == X.ROUND_OVER:
            return intent == NEXT
        if intent == PASS:
            return game.may_pass()
        play = intent_play(intent)
        return play is not None and legal(game, play)

    def apply(self, seat, intent):
        """Play, pass or deal for `seat` (accepted: see accepts)."""
        game = self.game
        if intent == NEXT:
            game.next_round()
            self.action = [seat, DEALT, 0]
            self.marked = []
        elif intent == PASS:
            game.pass_turn()
            self.action = [seat, PASSED, 0]
        else:
            play = intent_play(intent)
            leading = game.mode == X.LEAD
            self.marked = [k for k, _card in X.play_cells(play, game.table)]
            game.play(play)
            self.action = [seat, X.play_line(play), 1 if leading else 0]
        if self.on_apply:
            self.on_apply(seat, intent)


def _ints(value, length, lo, hi):
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError("bad list")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise ValueError("bad number")
    return value


def _int(data, name, lo, hi):
    return _ints([data.get(name)], 1, lo, hi)[0]


def shown_play(action, marked, table):
    """(action, marked) of a state or a save, checked: the last action's three numbers, and
    the marked cells that are on `table` (the game's); ValueError when they are not lists of
    numbers in range."""
    return _ints(action, 3, -2, 255), [k for k in _ints(marked, None, 0, 0xFFFF) if k in table]


class View:
    """What a gadget shows of a public state and its own private part (None for a watcher):
    `game` (an engine holding the table, the seat's own hand and, for the others, as many
    placeholder cards as they hold, so the table screen's legal plays and drawing work as on
    one gadget), `seat` (-1 for a watcher), `action`, `marked`, `computers`, `commit`, `secret`
    (hex or None). ValueError when the state is not one (the air is not trusted)."""

    def __init__(self, public, private=None):
        data = read_json(public)
        n = _int(data, "n", 2, 4)
        game = X.XapSac(n, 1, 0, False, X.DECKS[_int(data, "d", 0, len(X.DECKS) - 1)])
        game.phase = _int(data, "ph", 0, 2)
        game.round_no = _int(data, "r", 1, 10000)
        game.first = _int(data, "f", 0, n - 1)
        game.turn = _int(data, "t", 0, n - 1)
        game.mode = _int(data, "m", 0, 2)
        game.last = _int(data, "l", 0, 255)
        game.last_player = _int(data, "lp", -1, n - 1)
        game.passes = _int(data, "ps", 0, n)
        lead = data.get("lv")
        if not isinstance(lead, list) or len(lead) > n:
            raise ValueError("bad lead passes")
        game.lead_passes = [(_ints(e[:1], 1, 0, n - 1)[0], bool(e[1])) for e in lead
                            if isinstance(e, list) and len(e) == 2]
        table = data.get("tb")
        if not isinstance(table, str):
            raise ValueError("bad table")
        try:
            raw = unhexlify(table)
        except ValueError:
            raise ValueError("bad table")
        if len(raw) % 3 or len(raw) > 3 * X.NUM_CARDS:
            raise ValueError("bad table")
        game.table = {}
        for i in range(0, len(raw), 3):
            if raw[i + 2] >= X.NUM_CARDS:
                raise ValueError("bad card")
            game.table[raw[i] << 8 | raw[i + 1]] = raw[i + 2]
        counts = _ints(data.get("h"), n, 0, 16)
        mine = None
        seat = -1
        if private:
            seat = private[0]
            mine = sorted(private[1:])
            if seat >= n or len(mine) != counts[seat] or (mine and mine[-1] >= X.TS):
                raise ValueError("a hand that is not this state's")
        self.seat = seat
        game.hands = [mine if p == seat and mine is not None else [X.TS] * counts[p]
                      for p in range(n)]
        game.box = [X.TS] * _int(data, "b", 0, X.NUM_CARDS)
        game.out = _ints(data.get("o"), None, 0, n - 1)
        game.round_points = _ints(data.get("rp"), n, -100, 100)
        game.scores = _ints(data.get("s"), n, -10000, 10000)
        rounds = data.get("rs")
        if not isinstance(rounds, list):
            raise ValueError("bad rounds")
        game.rounds = [_ints(r, n, -100, 100) for r in rounds]
        game.ket = bool(data.get("k"))
        game.starter = _int(data, "st", 0, n - 1)
        self.game = game
        self.action, self.marked = shown_play(data.get("a"), data.get("mk"), game.table)
        self.computers = [bool(c) for c in _ints(data.get("w"), n, 0, 1)]
        commit, secret = data.get("c"), data.get("x")
        if not isinstance(commit, str) or len(commit) != 64 or \
                not (secret is None or isinstance(secret, str) and len(secret) <= 64):
            raise ValueError("bad commitment")
        self.commit = commit
        self.secret = secret

    def layout(self):
        """The round's four dealt table cards (bytes), where they lie."""
        return bytes(self.game.table.get(k, 255) for k in LAYOUT)


def dealt(players, deck, secret, rounds):
    """[(hands, layout)] of rounds 1..`rounds` dealt from `secret` (bytes), as the host deals:
    each hand sorted (bytes), the layout's four cards (bytes)."""
    game = X.XapSac(players, 1, 0, False, deck, Deal(secret))
    out = []
    for _ in range(rounds):
        game._start_round(0)
        out.append(([bytes(h) for h in game.hands], bytes(game.table[k] for k in LAYOUT)))
    return out


def deal_honest(commit, secret_hex, players, deck, seat, seen):
    """True when the revealed secret is the committed one and deals what this gadget saw:
    `seen` maps a round to (its own hand when first seen, the layout), and that hand must be
    part of the hand dealt to `seat` (cards only leave a hand)."""
    secret = revealed(commit, secret_hex or "")
    if secret is None:
        return False
    deals = dealt(players, deck, secret, max(seen) if seen else 0)
    for number in seen:
        hand, layout = seen[number]
        hands, table = deals[number - 1]
        if layout != table:
            return False
        left = list(hands[seat]) if 0 <= seat < players else []
        for card in hand:
            if card not in left:
                return False
            left.remove(card)
    return True
