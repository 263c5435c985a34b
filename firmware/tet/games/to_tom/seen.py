"""Tổ Tôm at a shared table as a guest's gadget sees it: the host's public state and this seat's
private part (adapter.py writes both) read back into a game (`view`), and the check of the
committed deal at the end (`deal_honest`). The intents a pick sends are intents.py's.

A guest shows the table and sends picks; the host's engine judges them. So the guest's game is a
SeenGame: the state's fields, and for its own seat the choices the host's engine found (every
legal action when this seat is to move, the discards the end game refuses, whether the card at
a door is a kind it declined). Neither the rules (engine.py) nor the hand's evaluation (hand.py)
are loaded on a guest. The desktop's computer guests and tools read the same state into a full
engine game instead (adapter.view).
"""

import json

from tet.games.to_tom.cards import NKINDS
from tet.games.to_tom.intents import HIDDEN, MAX_INTENT, counts_of, decode
from tet.games.to_tom.state import HAND_SIZE, MAX_STOCK, P_DISCARD, GameState, \
    ScoreSheet, shuffled
from tet.net.deal import Deal, revealed
from tet.net.table import read_json

BLANK = "0" * NKINDS


class SeenGame(GameState):
    """A game as the gadget at seat `seat` sees it (see the module doc): `choices` are its
    seat's legal actions when it is to move, `refused` flags the kinds whose discard the end
    game refuses it now, `declined` whether the card at a door is one it may not take for having
    declined its kind."""

    def __init__(self, *args, **kwargs):
        GameState.__init__(self, *args, **kwargs)
        self.seat = -1
        self.choices = []
        self.refused = bytearray(NKINDS)
        self.declined = False
        self.shown_cups = bytearray(self.n)

    def cups(self, p):
        """The bất thực cups on the mat at seat p, as the host tells them."""
        return self.shown_cups[p]

    def legal(self, p):
        """The host's list of the seat's actions when it is to move (empty for anyone else)."""
        return self.choices if p == self.seat and self.to_move() == p else []

    def discards(self, p):
        """The kinds the seat may discard now."""
        if self.phase != P_DISCARD:
            return []
        return [arg for name, arg in self.legal(p) if name == "discard"]

    def end_refuses(self, p, x):
        """True when the end game alone refuses the seat's discard of kind x (to-tom-v2 §7)."""
        return p == self.seat and self.refused[x] != 0

    def declined_here(self, p):
        """True when the card at a door is of a kind the seat declined and could take else."""
        return p == self.seat and self.declined


def _choices(texts, players):
    """The actions of a private part's "legal" texts; ValueError for anything else."""
    from tet.games.to_tom.restore import kinds

    if type(texts) is not list or len(texts) > 2 * HAND_SIZE[players]:
        raise ValueError("not a table state")
    out = []
    for text in texts:
        if type(text) is not str or not text:
            raise ValueError("not a table state")
        out.append(decode(text[:1].encode() + bytes(kinds(text[1:], NKINDS, MAX_INTENT))))
    return out


def _per_seat(counts, n):
    """A public count per seat (face-down khàn, bất thực cups: 0-8), checked."""
    if type(counts) is not list or len(counts) != n or \
            not all(type(c) is int and 0 <= c <= 8 for c in counts):
        raise ValueError("not a table state")
    return counts


def view(public, private, seat, cls=None):
    """(game, hội, public dict, private dict) as the gadget at `seat` sees them: a game of class
    `cls` (SeenGame by default, or the engine's ToTom for a desktop player that decides by the
    rules) holding only that seat's cards (the others' hands empty, their khàn counted), with
    the real phase when the table waits for this seat's hidden answer. ValueError when the state is not
    one (a guest never trusts the air blindly)."""
    from tet.games.to_tom.restore import counted

    d = read_json(public)
    try:
        mine = json.loads(private) if private else {}
    except ValueError:
        raise ValueError("not a table state")
    if type(mine) is not dict:
        raise ValueError("not a table state")
    n = d.get("n")
    if n not in HAND_SIZE:
        raise ValueError("players")
    khans = _per_seat(d.get("khans"), n)
    cups = _per_seat(d.get("cups", [0] * n), n)
    d["hands"], d["khan"], d["banned"], d["passed"] = [BLANK] * n, [""] * n, [BLANK] * n, \
        [BLANK] * n
    d["dp"] = [""] * n
    if 0 <= seat < n and mine:
        d["hands"][seat] = mine.get("hands")
        d["khan"][seat] = mine.get("khan")
        d["banned"][seat] = mine.get("banned")
        d["dp"][seat] = mine.get("dp", "")
        d["bt"] = mine.get("bt", "")
        if mine.get("phase") in HIDDEN:
            d["phase"], d["actor"] = mine["phase"], seat
    d["stock"], d["uq"], d["stage"], d["extra"] = "", [], 0, -1
    # without "fb", "took", "thrown" and "bu" the game keeps the zeros it was made with: a guest
    # rebuilds a game at every state, and only its own seat's forbidden discards matter to it
    game = (cls or SeenGame).from_dict(d, whole=False)
    if 0 <= seat < n and mine:
        game.forbid[seat][:] = counted(mine.get("fb"), 1, NKINDS)
        if isinstance(game, SeenGame):
            game.seat = seat
            game.choices = _choices(mine.get("legal", []), n)
            game.refused = counted(mine.get("er", ""), 1, NKINDS)
            game.declined = mine.get("nb") == 1
    left = d.get("left")
    if type(left) is not int or not 0 <= left <= MAX_STOCK:
        raise ValueError("stock")
    game.left = left
    if isinstance(game, SeenGame):
        game.shown_cups = bytearray(cups)
    for q in range(n):
        if q != seat:
            game.khan[q] = [0] * khans[q]
    return game, ScoreSheet.from_dict(d.get("hoi")), d, mine


def deal_honest(commit, secret_hex, players, dealer, seat, dealt, turned):
    """True when the revealed secret is the committed one and its deal gave seat `seat` the
    `dealt` hand (digits) and put every card of `turned` ({stock index: kind}, the cards this
    gadget saw turned up) where it was seen."""
    secret = revealed(commit, secret_hex)
    if secret is None:
        return False
    hands, stock = shuffled(Deal(secret), players, dealer)
    if 0 <= seat < players and counts_of(hands[seat]) != dealt:
        return False
    for index in turned:
        if not 0 <= index < len(stock) or stock[index] != turned[index]:
            return False
    return True
