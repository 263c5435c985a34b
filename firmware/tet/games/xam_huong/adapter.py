"""Xăm Hường at a shared table (tet.net.table's adapter): everything is public, so the public
state is the whole game plus the roll on show; an intent is "roll" (the host draws the dice: its
engine is the only truth) or, with the house rule không lấy thẻ, "take" or "decline" that roll.

The public state is JSON: {"game": the engine's to_dict(), "names", "dice" (the last dice),
"pending" (dice waiting for take/decline, or null), "shown" ([heading, roll name, outcome,
colour], what the roll did, written by the host's screen), "commit", "secret"}.

The host's dice are committed to: they come from a generator seeded by a random secret whose
SHA-256 (`commit`) every state carries from the first; the finished game's state reveals the
secret, so each gadget replays the dice it saw and tells whether they were the committed ones
(`dice_honest`). (The generator's seed is 32 bits: a patient desktop could work the dice out
from a few rolls; a gadget at the table cannot.)
"""

import hashlib
import json

from tet.core.rng import Rng
from tet.games.xam_huong.engine import XamHuong
from tet.net.deal import commitment, revealed, to_hex
from tet.net.table import read_json

ROLL = b"R"
TAKE = b"T"
DECLINE = b"D"
MAX_TEXT = 200


def dice_generator(secret):
    """The generator of a table's dice, from its secret."""
    return Rng(int.from_bytes(hashlib.sha256(b"xuc xac " + secret).digest()[:4], "little"))


def draw(rng):
    """Six dice from a table's generator."""
    return bytes(rng.randint(1, 6) for _ in range(6))


class Adapter:
    """The host's game behind the table protocol; its dice come from `secret` (random bytes,
    see the module doc); `on_roll(seat, intent)` (set by the host's screen) runs after each
    accepted intent, before the new state is sent."""

    def __init__(self, game, names, secret):
        self.game = game
        self.players = game.players
        self.names = names
        self.secret = bytes(secret)
        self.commit = commitment(self.secret)
        self.rng = dice_generator(self.secret)
        self.dice = [1, 2, 3, 4, 5, 6]
        self.pending = None
        self.shown = ["", "", "", 1]
        self.on_roll = None

    def table_save(self, host):
        """The host's save of the table `host` (tet.net.table.Host) and its game."""
        return {"game": self.game.to_dict(), "names": self.names, "scorer": 0,
                "dice": list(self.dice), "shown": list(self.shown), "pending": self.pending,
                "table": host.to_dict(), "secret": to_hex(self.secret),
                "dice_rng": self.rng.state}

    def options(self):
        """Nothing beyond the public state: the house rules are in the game."""
        return b""

    def public(self):
        """The whole game and the roll on show."""
        over = self.game.over()
        return json.dumps({"game": self.game.to_dict(), "names": self.names, "dice": self.dice,
                           "pending": self.pending, "shown": self.shown, "commit": self.commit,
                           "secret": to_hex(self.secret) if over else None}).encode()

    def to_move(self):
        """The seat whose turn it is to roll."""
        return self.game.turn

    def over(self):
        """True once every stick is won."""
        return self.game.over()

    def accepts(self, seat, intent):
        """A roll when it is `seat`'s turn and no roll waits; take/decline of the waiting roll."""
        game = self.game
        if seat != game.turn or game.over():
            return False
        if intent == ROLL:
            return self.pending is None
        if self.pending is None:
            return False
        return intent == TAKE or (intent == DECLINE and bool(game.options["khong_lay_the"]))

    def apply(self, seat, intent):
        """Roll (or settle the waiting roll) for `seat`."""
        game = self.game
        if intent == ROLL:
            dice = draw(self.rng)
            self.dice = list(dice)
            if game.options["khong_lay_the"]:
                self.pending = list(dice)
            else:
                game.roll(dice)
        else:
            waiting = self.pending or []
            self.pending = None
            game.roll(bytes(waiting), intent == DECLINE)
        if self.on_roll:
            self.on_roll(seat, intent)


def _dice(value):
    if not isinstance(value, list) or len(value) != 6 or \
            not all(isinstance(d, int) and 1 <= d <= 6 for d in value):
        raise ValueError("bad dice")
    return value


def checked_bowl(players, names, dice, pending, shown):
    """(names, dice, pending, shown) of a state or a host's save, checked against a game of
    `players`; ValueError when one is not what the table sends."""
    if not isinstance(names, list) or len(names) != players or \
            not all(isinstance(n, str) and 0 < len(n) <= 24 for n in names):
        raise ValueError("bad names")
    if not isinstance(shown, list) or len(shown) != 4 or \
            not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in shown[:3]) or \
            not isinstance(shown[3], int) or not 0 <= shown[3] < 16:
        raise ValueError("bad shown roll")
    return names, _dice(dice), None if pending is None else _dice(pending), shown


def view(public):
    """(game, names, dice, pending, shown, commit, secret) of a public state; ValueError when it
    is not one (a guest never trusts the air blindly)."""
    data = read_json(public)
    game = XamHuong.from_dict(data.get("game"))
    names, dice, pending, shown = checked_bowl(game.players, data.get("names"),
                                               data.get("dice"), data.get("pending"),
                                               data.get("shown"))
    commit, secret = data.get("commit"), data.get("secret")
    if not isinstance(commit, str) or len(commit) != 64 or \
            not (secret is None or isinstance(secret, str) and len(secret) <= 64):
        raise ValueError("bad commitment")
    return game, names, dice, pending, shown, commit, secret


def roll_seen(state):
    """(roll number, dice) of the roll a state shows, or None before the first: the roll
    waiting for "Lấy thẻ?" is the next one, a kept roll the last."""
    game, _names, dice, pending = state[:4]
    if pending is not None:
        return game.rolls + 1, pending
    return (game.rolls, dice) if game.rolls else None


def _mix(into, number, dice):
    """XOR into `into` (32 bytes) the hash of roll `number` showing `dice`."""
    digest = hashlib.sha256(bytes((number & 0xFF, (number >> 8) & 0xFF)) + bytes(dice)).digest()
    for i in range(32):
        into[i] ^= digest[i]


class RollsSeen:
    """The rolls a guest was shown, in room that does not grow with the game (a dict of every
    roll's dice took 25 KB of a stock board's heap by a game's end): a bit per roll number,
    set once it was seen, and the XOR of a hash of each seen (number, dice), which the
    revealed secret's dice must give again (dice_honest). A roll seen twice (waiting for
    "Lấy thẻ?", then kept) counts once."""

    def __init__(self):
        self.bits = bytearray()
        self.mix = bytearray(32)
        self.count = 0
        self.last = 0

    def __contains__(self, number):
        byte = number >> 3
        return byte < len(self.bits) and bool(self.bits[byte] & (1 << (number & 7)))

    def __len__(self):
        return self.count

    def add(self, number, dice):
        """Note that roll `number` showed `dice` (its first sighting counts)."""
        if number in self:
            return
        byte = number >> 3
        if byte >= len(self.bits):
            self.bits.extend(bytes(byte + 8 - len(self.bits)))
        self.bits[byte] |= 1 << (number & 7)
        self.count += 1
        self.last = max(self.last, number)
        _mix(self.mix, number, dice)


def dice_honest(commit, secret, seen):
    """True when the revealed `secret` (hex) is the one committed to and gives every roll in
    `seen` (RollsSeen); False otherwise (or when nothing was revealed)."""
    key = revealed(commit, secret)
    if key is None:
        return False
    rng = dice_generator(key)
    mix = bytearray(32)
    for number in range(1, seen.last + 1):
        dice = draw(rng)
        if number in seen:
            _mix(mix, number, dice)
    return mix == seen.mix
