"""Tổ Tôm at a shared table (tet.net.table's adapter): one gadget per player, hands hidden.

The public state is the engine's to_dict() without what nobody else may know (and without the
cards that passed each door and the hội's history, which no screen shows): the hands, the
kinds of face-down khàn (their number is public) and of bất thực (their cups are), who has declined what, the stock, the
dealer's extra card, and who is being asked for an ù, a phỗng or a khàn (an offer nobody sees
in a real game: the table just waits, "Chờ…"). Each seat's private part holds its own cards,
what it has declined, the dealt hand (for the check at the end), and the real phase when the
host waits for this seat's hidden answer, and what the engine says of the seat's choices (its
legal actions when it is to move, and the like): a guest reads both back (seen.view) and shows
its seat's choices without loading the rules.

Every game of the hội is dealt from a fresh committed secret (tet.net.deal): the public state
carries its commitment and, once the game is over, the secret, so each gadget deals again and
checks its own hand and every card turned up from the stock (`deal_honest`).

Intents: one letter, then the action's argument (`encode`); "n" from the host's seat deals the
next game of the hội once the last one is over.
"""

import json

from tet.games.to_tom import engine as T
from tet.games.to_tom.cards import NKINDS
from tet.games.to_tom.intents import HIDDEN, NEXT, choice_text, counts_of, decode
from tet.games.to_tom.state import pack_counted, pack_digits, pack_kinds
from tet.net.deal import Deal, commitment, to_hex

# "dp", a seat's declined pairs, names cards of its hand: the host applies them (to "fb"), and
# each seat gets its own in its private part (a desktop's full game of the rules applies §6
# rule a from them)
# "bt", the bất thực, is each holder's secret (to-tom-v2 §3): in its private part only
SECRET_FIELDS = ("hands", "khan", "banned", "stock", "uq", "stage", "extra", "bu", "dp", "bt")
# public, but no screen needs them: left out to keep the state (and every gadget's copy) small;
# what a seat may no longer discard ("fb") goes in its own part, the only one its screen needs
UNSHOWN = ("passed", "took", "thrown", "fb")


def view(public, private, seat):
    """seen.view with a full game of the rules (engine.ToTom): for the desktop's computer
    players and tools at a table, which decide from the seat's cards as a lone gadget does."""
    from tet.games.to_tom import seen

    return seen.view(public, private, seat, T.ToTom)


def _own_bat(bat, seat):
    """The (holder, kind, flags) triples of seat `seat`'s bất thực, from the game's `bat`."""
    out = bytearray()
    for i in range(0, len(bat), 3):
        if bat[i] == seat:
            out += bat[i:i + 3]
    return out


class Adapter:
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
        self.dealt = [counts_of(hand) for hand in hands]

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
        cups = [game.cups(p) for p in range(game.n)]
        if max(cups):
            # a bất thực's cup is on the mat (its kind is not): sent only while there is one,
            # since every byte of the state goes to every gadget after every move
            d["cups"] = cups
        d["hoi"] = self.hoi.to_dict()
        d["hoi"]["history"] = []
        d["people"] = [1 if p else 0 for p in self.people]
        d["event"] = self.event
        d["commit"] = self.commit
        d["secret"] = to_hex(self.secret) if game.phase == T.P_OVER else None
        return json.dumps(d).encode()

    def private(self, seat):
        """Seat `seat`'s own cards, what it declined, its dealt hand, its hidden offer, what it may
        no longer discard, and what the engine's rules say of its choices (seen.SeenGame): its
        legal actions when it is to move, the discards the end game refuses, whether the card at
        a door is a kind it declined."""
        game = self.game
        if not 0 <= seat < game.n:
            return None
        d = {"hands": pack_digits(game.hands[seat]), "khan": pack_kinds(game.khan[seat]),
             "banned": pack_digits(game.banned[seat]), "dealt": self.dealt[seat],
             "fb": pack_counted(game.forbid[seat]), "dp": pack_kinds(game.pairs[seat]),
             "bt": pack_kinds(_own_bat(game.bat, seat))}
        if game.phase in HIDDEN and game.actor == seat:
            d["phase"] = game.phase
        if game.to_move() == seat:
            d["legal"] = [choice_text(action) for action in game.legal(seat)]
            hand = game.hands[seat]
            refused = bytearray([x for x in range(NKINDS) if hand[x] and
                                 game.end_refuses(seat, x)])
            if refused:
                d["er"] = pack_kinds(refused)
        if game.declined_here(seat):
            d["nb"] = 1
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
                # a bất thực's kind stays its holder's: the others see the cup
                self.event = [entry[0], entry[1], -1 if entry[1] == "bat_thuc" else entry[2]]
        del game.log[:-1]
        if game.phase == T.P_OVER:
            self.hoi.record(game)
        if self.on_play:
            self.on_play(seat, action)

    def to_dict(self):
        """What the host's save keeps besides the game and the hội."""
        return {"secret": to_hex(self.secret), "people": [1 if p else 0 for p in self.people],
                "event": self.event}
