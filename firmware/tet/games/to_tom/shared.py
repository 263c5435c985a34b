"""Tổ Tôm at a shared table (tet.net.table's adapter): one gadget per player, hands hidden.

The public state is the engine's to_dict() without what nobody else may know (and without the
cards that passed each door and the hội's history, which no screen shows): the hands, the
kinds of face-down khàn (their number is public), who has declined what, the stock, the
dealer's extra card, and who is being asked for an ù, a phỗng or a khàn (an offer nobody sees
in a real game: the table just waits, "Chờ…"). Each seat's private part holds its own cards,
what it has declined, the dealt hand (for the check at the end), and the real phase when the
host waits for this seat's hidden answer. A guest rebuilds a ToTom from both (`view`), so its
screen and its choices are the single-gadget table's, computed from its own cards only.

Every game of the hội is dealt from a fresh committed secret (tet.net.deal): the public state
carries its commitment and, once the game is over, the secret, so each gadget deals again and
checks its own hand and every card turned up from the stock (`deal_honest`).

Intents: one letter, then the action's argument (`encode`); "n" from the host's seat deals the
next game of the hội once the last one is over.
"""

import json

from tet.games.to_tom import engine as T
from tet.games.to_tom.cards import NKINDS
from tet.net.deal import Deal, commitment, revealed, to_hex
from tet.net.table import read_json

NEXT = b"n"
LETTERS = {"discard": b"d", "eat": b"e", "phong": b"p", "khan": b"k", "u": b"u", "pass": b"s",
           "draw": b"x"}
NAMES = dict([(v[0], k) for k, v in LETTERS.items()])
HIDDEN = (T.P_U, T.P_KHAN, T.P_PHONG)      # the table waits for an answer only one seat knows of
# "dp", a seat's declined pairs, names cards of its hand: the host alone applies them (to "fb")
SECRET_FIELDS = ("hands", "khan", "banned", "stock", "uq", "stage", "extra", "bu", "dp")
# public, but no screen needs them: left out to keep the state (and every gadget's copy) small;
# what a seat may no longer discard ("fb") goes in its own part, the only one its screen needs
UNSHOWN = ("passed", "took", "thrown", "fb")
BLANK = "0" * NKINDS


def seat_names(people, own):
    """'Bạn' for this gadget's seat, N2.. for people at other gadgets, Máy 2.. for the host's
    computer players (numbered by seat, as the lobby's Ghế 2..)."""
    return ["Bạn" if p == own else ("N%d" if people[p] else "Máy %d") % (p + 1)
            for p in range(len(people))]


def encode(action):
    """The intent bytes of an action of ToTom.legal()."""
    name, arg = action
    if name == "discard":
        return LETTERS[name] + bytes((arg,))
    if name == "eat":
        return LETTERS[name] + bytes(arg)
    return LETTERS[name]


def decode(intent):
    """The action of intent bytes; ValueError when they are none."""
    if not intent or intent[0] not in NAMES:
        raise ValueError("not a Tổ Tôm intent")
    name = NAMES[intent[0]]
    rest = intent[1:]
    if name == "discard":
        if len(rest) != 1:
            raise ValueError("a discard of one card")
        return name, rest[0]
    if name == "eat":
        return name, tuple(rest)
    if rest:
        raise ValueError("no argument")
    return name, None


def _counts_of(kinds):
    counts = bytearray(NKINDS)
    for k in kinds:
        counts[k] += 1
    return T.pack_digits(counts)


class Shared:
    """The host's hội behind the table protocol. `secrets()` gives each game's 16-byte secret
    (the board's hardware generator; a seeded one on the desktop); `people[p]` is True for a
    seat a person plays (for the names); `on_play(seat, action)`, set by the host's screen, runs
    after each accepted intent (action None: the next game was dealt)."""

    def __init__(self, hoi, secrets, thap_hong_or_more=False, game=None, secret=None):
        self.hoi = hoi
        self.players = hoi.n
        self.secrets = secrets
        self.thap_hong_or_more = thap_hong_or_more
        self.people = [True] * hoi.n
        self.event = None
        self.on_play = None
        if game is None:
            self._deal(secrets())
        else:
            self.game = game
            self._keep(secret)

    def _keep(self, secret):
        self.secret = bytes(secret)
        self.commit = commitment(self.secret)
        hands, _stock = T.shuffled(Deal(self.secret), self.game.n, self.game.dealer)
        self.dealt = [_counts_of(hand) for hand in hands]

    def _deal(self, secret):
        self.game = self.hoi.new_game(Deal(secret), record=True)
        self.game.thap_hong_or_more = self.thap_hong_or_more
        self._keep(secret)
        self.event = None

    def options(self):
        """Nothing beyond the public state."""
        return b""

    def public(self):
        """What every gadget may see (see the module doc)."""
        game = self.game
        d = game.to_dict()
        for key in SECRET_FIELDS + UNSHOWN:
            del d[key]
        if game.phase in HIDDEN:
            d["phase"], d["actor"] = T.P_U, -1
        d["left"] = game.left
        d["khans"] = [len(k) for k in game.khan]
        d["hoi"] = self.hoi.to_dict()
        d["hoi"]["history"] = []
        d["people"] = [1 if p else 0 for p in self.people]
        d["event"] = self.event
        d["commit"] = self.commit
        d["secret"] = to_hex(self.secret) if game.phase == T.P_OVER else None
        return json.dumps(d).encode()

    def private(self, seat):
        """Seat `seat`'s own cards, what it declined, its dealt hand, its hidden offer, what it may
        no longer discard."""
        game = self.game
        if not 0 <= seat < game.n:
            return None
        d = {"hands": T.pack_digits(game.hands[seat]), "khan": T.pack_kinds(game.khan[seat]),
             "banned": T.pack_digits(game.banned[seat]), "dealt": self.dealt[seat],
             "fb": T.pack_counted(game.forbid[seat])}
        if game.phase in HIDDEN and game.actor == seat:
            d["phase"] = game.phase
        return json.dumps(d).encode()

    def to_move(self):
        """The seat the game waits for; the host's seat between two games of the hội."""
        if self.game.phase == T.P_OVER:
            return -1 if self.hoi.over() else 0
        return self.game.actor

    def over(self):
        """True once the hội is over."""
        return self.game.phase == T.P_OVER and self.hoi.over()

    def accepts(self, seat, intent):
        """A legal action of the seat to move, or the next deal from the host's seat."""
        if intent == NEXT:
            return seat == 0 and self.to_move() == 0 and self.game.phase == T.P_OVER
        try:
            action = decode(intent)
        except ValueError:
            return False
        return action in self.game.legal(seat)

    def apply(self, seat, intent):
        """Play an accepted intent; a finished game goes on the hội's score sheet."""
        if intent == NEXT:
            self._deal(self.secrets())
            if self.on_play:
                self.on_play(seat, None)
            return
        game = self.game
        action = decode(intent)
        hidden = game.phase in HIDDEN
        start = len(game.log)
        game.apply(seat, action)
        for entry in game.log[start:]:
            if not (hidden and entry[1] == "pass"):     # a declined offer stays unknown
                self.event = [entry[0], entry[1], entry[2]]
        del game.log[:-1]
        if game.phase == T.P_OVER:
            self.hoi.record(game)
        if self.on_play:
            self.on_play(seat, action)

    def to_dict(self):
        """What the host's save keeps besides the game and the hội."""
        return {"secret": to_hex(self.secret), "people": [1 if p else 0 for p in self.people],
                "event": self.event}


def view(public, private, seat):
    """(game, hội, public dict, private dict) as the gadget at `seat` sees them: a ToTom
    holding only that seat's cards (the others' hands empty, their khàn counted), with the real
    phase when the table waits for this seat's hidden answer. ValueError when the state is not
    one (a guest never trusts the air blindly)."""
    d = read_json(public)
    try:
        mine = json.loads(private) if private else {}
    except ValueError:
        raise ValueError("not a table state")
    if type(mine) is not dict:
        raise ValueError("not a table state")
    n = d.get("n")
    if n not in T.HAND_SIZE:
        raise ValueError("players")
    khans = d.get("khans")
    if type(khans) is not list or len(khans) != n or \
            not all(type(c) is int and 0 <= c <= 8 for c in khans):
        raise ValueError("khàn")
    d["hands"], d["khan"], d["banned"], d["passed"] = [BLANK] * n, [""] * n, [BLANK] * n, \
        [BLANK] * n
    if 0 <= seat < n and mine:
        d["hands"][seat] = mine.get("hands")
        d["khan"][seat] = mine.get("khan")
        d["banned"][seat] = mine.get("banned")
        if mine.get("phase") in HIDDEN:
            d["phase"], d["actor"] = mine["phase"], seat
    d["stock"], d["uq"], d["stage"], d["extra"] = "", [], 0, -1
    # without "fb", "took", "thrown" and "bu" the game keeps the zeros it was made with: a guest
    # rebuilds a game at every state, and only its own seat's forbidden discards matter to it
    game = T.ToTom.from_dict(d, whole=False)
    if 0 <= seat < n and mine:
        from tet.games.to_tom.restore import counted

        game.forbid[seat][:] = counted(mine.get("fb"), 1, NKINDS)
    left = d.get("left")
    if type(left) is not int or not 0 <= left <= T.MAX_STOCK:
        raise ValueError("stock")
    game.left = left
    for q in range(n):
        if q != seat:
            game.khan[q] = [0] * khans[q]
    return game, T.Hoi.from_dict(d.get("hoi")), d, mine


def deal_honest(commit, secret_hex, players, dealer, seat, dealt, turned):
    """True when the revealed secret is the committed one and its deal gave seat `seat` the
    `dealt` hand (digits) and put every card of `turned` ({stock index: kind}, the cards this
    gadget saw turned up) where it was seen."""
    secret = revealed(commit, secret_hex)
    if secret is None:
        return False
    hands, stock = T.shuffled(Deal(secret), players, dealer)
    if 0 <= seat < players and _counts_of(hands[seat]) != dealt:
        return False
    for index in turned:
        if not 0 <= index < len(stock) or stock[index] != turned[index]:
            return False
    return True
