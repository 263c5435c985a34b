"""A Tổ Tôm game's state apart from its rules: the phases, the log's words, the save's compact
fields and their limits, the deal, GameState (the fields of a game, what every screen reads)
and ScoreSheet (a hội's).

The rules (engine.py's ToTom, a GameState that plays, and hand.py's evaluation) are loaded by a
gadget that plays a game: alone, or a shared table's host. A guest at a shared table only shows
the host's state and sends its player's picks (seen.py): this module is all it needs of a game,
which keeps the rules' bytecode out of a guest's heap.
"""

import sys

from tet.games.to_tom.cards import NKINDS

# this module, for restore.py's checks (which cannot import it back: a cycle); taken while it is
# imported, since a test or the launcher may drop it from sys.modules while its games live on
_SELF = sys.modules[__name__]

# phases: what the game waits for
P_DISCARD = 0   # `actor` discards (the dealer's first move may also be thiên ù)
P_U = 1         # `actor` may ù on the card
P_KHAN = 2      # `actor` must dậy khàn
P_PHONG = 3     # `actor` may phỗng (out of turn)
P_EAT = 4       # the door's player may eat / phỗng, else xin or let the card pass
P_OVER = 5
P_DEAL = 6      # `actor` decides a kind dealt three or four times (to-tom-v2 §3)

# a bất thực's flags (GameState.bat)
BT_FOUR = 1     # dealt four times: a bất thực thiên khai
BT_XEN = 2      # a copy discarded (đánh xén)
BT_SETTLED = 4  # its holder took a card of it

# where the card at a door came from
SRC_DISCARD = 1
SRC_DRAW = 2
SRC_PASSED = 3

# stages of the offer of one card
ST_U = 0
ST_KHAN = 1
ST_PHONG = 2
ST_EAT = 3
ST_VONG = 4     # before ST_U of the dealer's first discard: ù vọng on the thiên khai

# the log's action ids in Vietnamese, for screens and the command line, as ",id=words" in one
# text (action_name): the short words of a dict would each be a qstr, kept for good on a device
_ACTION_NAMES = (",deal=cầm cái,thien_khai=dậy thiên khai,bat_thuc=xin làng một cái bất thực"
                 ",trinh_phu=trình phu,discard=đánh,draw=xin, nọc lật,eat=ăn,phong=phỗng"
                 ",khan=dậy khàn,u=ù,pass=bỏ qua,draw_game=hoà, được kê")


def action_name(action):
    """The log's action id `action` in Vietnamese, e.g. 'đánh' for "discard" (KeyError when it
    is none)."""
    at = _ACTION_NAMES.find("," + action + "=")
    if at < 0:
        raise KeyError(action)
    at += len(action) + 2
    end = _ACTION_NAMES.find("=", at)
    end = _ACTION_NAMES.rfind(",", at, end) if end >= 0 else len(_ACTION_NAMES)
    return _ACTION_NAMES[at:end]

STOCK_LEFT = 5      # the game is drawn when a card is needed and only this many are left
# to-tom-v2 §7 (401), the end game: with this many cards left in the stock an eat or phỗng (and
# the discard after it) must leave the taker chờ; with fewer, thành
END_CHO = 7
# what the end game asks of a take: nothing, chờ, thành (GameState.end_need)
NEED_NONE = 0
NEED_CHO = 1
NEED_THANH = 2
HOI_TARGET = 50
HAND_SIZE = {5: 20, 4: 24}

# 4: laid entries that grow and lend (to-tom-v2 §2: `lent`, `tk`); 3: the discard rules over the
# game and bỏ ù (2 is read as none yet)
SAVE_VERSION = 4
MAX_STOCK = 120
# one character per kind (or seat) in a save: JSON-safe, no escapes
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = ALPHABET.encode()


def pack_kinds(kinds):
    """Kinds (or seats) as a string, one ALPHABET character each (built as bytes: a str of
    one character per card would make each a qstr, and a list of them a block per save)."""
    out = bytearray(len(kinds))
    for i in range(len(kinds)):
        out[i] = LETTERS[kinds[i]]
    return out.decode()


def pack_digits(counts):
    """A count vector (values 0-9) as a string of digits."""
    return pack_kinds(counts)


def pack_counted(counts):
    """A count vector as the kinds it counts, each as often as counted: short while few are
    (what a player may no longer discard, has taken or discarded goes to every guest)."""
    kinds = bytearray()
    for k in range(len(counts)):
        for _ in range(counts[k]):
            kinds.append(k)
    return pack_kinds(kinds)


def take_parts(arg):
    """(phu, onto, shared, also, khan_up) of an eat's argument (takes.py: an ordinary eat's is
    its phu alone); here for the screens, which load no rules."""
    if type(arg[0]) is int:
        return arg, -1, -1, (), 0
    return arg


def is_khan(phu):
    """True when a take's phu is a dậy khàn (four identical cards: a phỗng lays three)."""
    return len(phu) == 4 and phu[0] == phu[3]


def shuffled(rng, players, dealer):
    """The deal `rng` gives: (hands, lists of kinds, the dealer's with the stock's top card
    last; the stock, top card last)."""
    size = HAND_SIZE[players]
    # a bytearray of the 120 cards, each kind four times in a row: late in a long hội the
    # heap has no 1 KB hole left for a list of them
    deck = bytearray(4 * NKINDS)
    for i in range(4 * NKINDS):
        deck[i] = i >> 2
    rng.shuffle(deck)
    hands = [list(deck[p * size:(p + 1) * size]) for p in range(players)]
    stock = deck[players * size:]
    hands[dealer].append(stock[-1])
    return hands, stock[:-1]


class GameState:
    """The fields of one game (ván) at a table of 4 or 5 players, and what follows from them
    alone."""

    def __init__(self, players=5, dealer=0, streak_player=-1, streak=0, record=True,
                 thap_hong_or_more=False):
        if players not in HAND_SIZE:
            raise ValueError("Tổ Tôm is played by 4 or 5 players")
        self.n = players
        self.dealer = dealer
        self.streak_player = streak_player    # who won the previous game(s), for Thông
        self.streak = streak                  # how many in a row
        self.thap_hong_or_more = thap_hong_or_more
        self.hands = [bytearray(NKINDS) for _ in range(players)]
        self.khan = [[] for _ in range(players)]        # kinds held as face-down khàn
        self.laid = [[] for _ in range(players)]        # laid entries, tuples of kinds
        # the indices of p's fixed entries that lent a card (a kèm eat, a phỗng with a laid
        # copy): each lends once (to-tom-v2 §2)
        self.lent = [[] for _ in range(players)]
        self.banned = [bytearray(NKINDS) for _ in range(players)]
        self.door_passed = [bytearray(NKINDS) for _ in range(players)]
        # §5 over the game, kept as it goes (a discard is judged without replaying the game):
        # the kinds p may no longer discard, the kinds of p's takes, p's discards (counts)
        self.forbid = [bytearray(NKINDS) for _ in range(players)]
        self.took = [bytearray(NKINDS) for _ in range(players)]
        self.thrown = [bytearray(NKINDS) for _ in range(players)]
        self.bo_u = bytearray(players)  # declined an ù: offered none for the rest of the game
        # §6's declined pairs: two concealed cards a, b of a take p let go that made a phu with
        # its card, kept as the kinds a b a b ...: p may never discard both (rule f), nor one
        # after laying the other without it (rules c-e)
        self.pairs = [bytearray() for _ in range(players)]
        self.stock = bytearray()        # the stock's cards; the top is stock[left - 1]
        self.left = 0
        self.pile = bytearray()         # cards nobody took, in order
        self.pile_door = bytearray()    # the door each of them lay at
        self.phase = P_OVER
        self.actor = -1
        self.card = -1
        self.door = -1
        self.src = 0
        self.discarder = -1
        self.stage = ST_U
        self.u_queue = []
        # ù vọng (to-tom-v2 §3): holder, kind of each thiên khai still to ask about right after
        # the dealer's first discard, the one asked now first (empty otherwise)
        self.vong = bytearray()
        # bất thực (to-tom-v2 §3-§4): holder, kind, flags (BT_*) of each, in declaring order
        self.bat = bytearray()
        self.take_card = -1
        self.take_phu = ()      # the take's cards (to-tom-v2 §2), for the discard after it
        self.take_khan = False  # the take was a dậy khàn (the end game does not limit it)
        self.first_move = False
        self.extra = -1                 # the dealer's extra card
        self.winner = -1
        self.next_dealer = -1
        self.score = None
        self.log = [] if record else None

    def to_move(self):
        """The player whose decision the game waits for, or -1 when it is over."""
        return self.actor if self.phase != P_OVER else -1

    def bat_thuc(self, p, but=-1):
        """Player p's unsettled bất thực kinds (to-tom-v2 §4), in declaring order, but kind
        `but` (a take on offer settles its kind's)."""
        bat = self.bat
        if not bat:
            return ()
        return tuple([bat[i + 1] for i in range(0, len(bat), 3)
                      if bat[i] == p and not bat[i + 2] & BT_SETTLED and bat[i + 1] != but])

    def cups(self, p):
        """How many unsettled bất thực player p holds: the cups on the mat, which everyone
        sees."""
        return len(self.bat_thuc(p))

    def end_need(self, khan):
        """What the end game (to-tom-v2 §7) asks of a take and the discard after it: NEED_NONE,
        NEED_CHO (END_CHO cards left in the stock) or NEED_THANH (fewer). A dậy khàn (`khan`)
        is not limited."""
        if self.left > END_CHO or khan:
            return NEED_NONE
        return NEED_CHO if self.left == END_CHO else NEED_THANH

    def to_dict(self):
        """JSON-serialisable state (the log is not saved), compact (version 4): counts as digit
        strings, cards as one character each (see pack_kinds), so that a save is a small block
        of text on a fragmented heap."""
        return {
            "v": SAVE_VERSION,
            "n": self.n, "dealer": self.dealer, "sp": self.streak_player, "st": self.streak,
            "hands": [pack_digits(h) for h in self.hands],
            "khan": [pack_kinds(k) for k in self.khan],
            "laid": [[pack_kinds(phu) for phu in lp] for lp in self.laid],
            "banned": [pack_digits(b) for b in self.banned],
            "passed": [pack_digits(b) for b in self.door_passed],
            "fb": [pack_counted(b) for b in self.forbid],
            "took": [pack_counted(b) for b in self.took],
            "thrown": [pack_counted(b) for b in self.thrown],
            "bu": pack_digits(self.bo_u),
            "dp": [pack_kinds(b) for b in self.pairs],
            "stock": pack_kinds(self.stock[:self.left]), "pile": pack_kinds(self.pile),
            "pile_door": pack_digits(self.pile_door),
            "phase": self.phase, "actor": self.actor, "card": self.card, "door": self.door,
            "src": self.src, "discarder": self.discarder, "stage": self.stage,
            "uq": list(self.u_queue), "vg": pack_kinds(self.vong),
            "bt": pack_kinds(self.bat), "tc": self.take_card,
            "tp": pack_kinds(self.take_phu),
            "tk": self.take_khan, "lent": [list(e) for e in self.lent],
            "first": self.first_move, "winner": self.winner, "next": self.next_dealer,
            "score": self.score, "extra": self.extra,
        }

    @classmethod
    def from_dict(cls, d, whole=True):
        """Rebuild a game saved by to_dict() (version 4; version 3, from before laid entries
        grew and lent, reads as a game where none has lent yet and the take before a discard
        was no dậy khàn unless it laid four identical cards; version 2, which kept neither the
        discard rules over the game nor bỏ ù, as a game where none applies yet; the lists of
        version 1). Every field is checked (types, ranges, sizes, and for a `whole` game the
        120 cards all accounted for and a move to make; a seat's view at a shared table holds
        only its own cards): anything else raises ValueError, never allocates more than a game
        holds. The checks are in tet.games.to_tom.restore, loaded only then (read_save forgets
        it after)."""
        from tet.games.to_tom.restore import game_from_dict

        return game_from_dict(_SELF, cls, d, whole)


class ScoreSheet:
    """A hội's score sheet: games until a player reaches 50 points; the winner (or the kê of a
    draw) deals next; consecutive wins by the same player score Thông, Tam khôi, ... (the
    engine's Hoi deals its games)."""

    def __init__(self, players=5, dealer=0, target=HOI_TARGET):
        self.n = players
        self.target = target
        self.scores = [0] * players
        self.dealer = dealer
        self.last_winner = -1
        self.streak = 0
        self.games = 0
        self.history = []       # (winner or -1, points)

    def record(self, game):
        """Add a finished game to the score sheet."""
        self.games += 1
        if game.winner >= 0:
            points = game.score["points"]
            self.scores[game.winner] += points
            if game.winner == self.last_winner:
                self.streak += 1
            else:
                self.last_winner, self.streak = game.winner, 1
            self.history.append((game.winner, points))
        else:
            self.last_winner, self.streak = -1, 0
            self.history.append((-1, 0))
        self.dealer = game.next_dealer

    def over(self):
        """True once somebody has reached the target."""
        return max(self.scores) >= self.target

    def leader(self):
        """The player with the most points (the lowest seat on a tie)."""
        best = 0
        for p in range(self.n):
            if self.scores[p] > self.scores[best]:
                best = p
        return best

    def to_dict(self):
        """JSON-serialisable score sheet. Its history is the hội's own list of (winner, points)
        pairs, which json writes as arrays: a save late in a long hội copies none of it (a list
        per game, and one growing list of them, on a heap the games have cut up)."""
        return {"n": self.n, "target": self.target, "scores": list(self.scores),
                "dealer": self.dealer, "last": self.last_winner, "streak": self.streak,
                "games": self.games, "history": self.history}

    @classmethod
    def from_dict(cls, d):
        """Rebuild a hội saved by to_dict(); every field is checked (ValueError otherwise; the
        checks are in tet.games.to_tom.restore)."""
        from tet.games.to_tom.restore import hoi_from_dict

        return hoi_from_dict(_SELF, cls, d)
