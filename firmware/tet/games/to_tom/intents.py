"""Tổ Tôm at a shared table: the intents a seat sends (one letter, then the action's argument:
`encode`), the texts of the choices the host tells a seat it has (`choice_text`), the phases
only one seat knows of, and the seats' names. Loaded by a shared table's host and guests only."""

from tet.games.to_tom.cards import NKINDS
from tet.games.to_tom.state import P_DEAL, P_KHAN, P_PHONG, P_U, pack_digits, pack_kinds

# from the host's seat: deal the next game of the hội
NEXT = b"n"
INTENT = {"discard": b"d", "eat": b"e", "phong": b"p", "khan": b"k", "u": b"u", "pass": b"s",
          "draw": b"x", "khan_down": b"w", "thien_khai": b"t", "bat_thuc": b"b",
          "trinh_phu": b"r"}
# the deal's choices (to-tom-v2 §3) whose argument is their kind, as a discard's
KIND_ARG = ("discard", "khan_down", "thien_khai", "bat_thuc")
TAI_KIEN = b"q"[0]      # a phỗng tái kiến: its run's kinds
INTENT_NAMES = dict([(v[0], k) for k, v in INTENT.items()])
TAKE = b"E"[0]      # an eat that is a take of takes.py: onto+1, shared+1, khan_up, then phu
# each as its length and kinds; every byte below 30, so that choice_text packs it
MAX_INTENT = 48
# the table waits for an answer only one seat knows of (at the deal: a bất thực is a secret)
HIDDEN = (P_U, P_KHAN, P_PHONG, P_DEAL)


def encode(action):
    """The intent bytes of an action of ToTom.legal()."""
    name, arg = action
    if name in KIND_ARG:
        return INTENT[name] + bytes((arg,))
    if name == "trinh_phu":
        return INTENT[name] + bytes((arg[0],)) + bytes(arg[1])
    if name == "eat":
        if type(arg[0]) is int:
            return INTENT[name] + bytes(arg)
        phu, onto, shared, also, khan_up = arg
        out = bytearray((TAKE, onto + 1, shared + 1, khan_up))
        for part in (phu,) + also:
            out.append(len(part))
            out += bytes(part)
        return bytes(out)
    if name == "phong" and type(arg) is tuple:
        return bytes((TAI_KIEN,)) + bytes(arg[0])
    if name == "phong" and arg is not None:
        return INTENT[name] + bytes((arg,))
    return INTENT[name]


def decode(intent):
    """The action of intent bytes; ValueError when they are none."""
    if intent and intent[0] == TAKE:
        return "eat", _take(intent)
    if intent and intent[0] == TAI_KIEN:
        return "phong", (_kinds(intent[1:], 3),)
    if not intent or intent[0] not in INTENT_NAMES:
        raise ValueError("not a Tổ Tôm intent")
    name = INTENT_NAMES[intent[0]]
    rest = intent[1:]
    if name in KIND_ARG:
        if len(rest) != 1:
            raise ValueError("one card")
        return name, rest[0]
    if name == "trinh_phu":
        run = _kinds(rest[1:], 3)
        return name, (rest[0], run)
    if name == "eat":
        return name, tuple(rest)
    if name == "phong" and len(rest) == 1:
        return name, rest[0]
    if rest:
        raise ValueError("no argument")
    return name, None


def _kinds(part, least):
    """A run's kinds from intent bytes: at least `least`, each a kind."""
    if len(part) < least or max(part) >= NKINDS:
        raise ValueError("a run")
    return tuple(part)


def _take(intent):
    """The take (takes.py) of an eat intent letter TAKE."""
    if len(intent) < 5 or intent[3] > 1:
        raise ValueError("a take")
    parts = []
    at = 4
    while at < len(intent):
        size = intent[at]
        part = tuple(intent[at + 1:at + 1 + size])
        if not size or len(part) != size or max(part) >= NKINDS:
            raise ValueError("a take's phu")
        parts.append(part)
        at += 1 + size
    return parts[0], intent[1] - 1, intent[2] - 1, tuple(parts[1:]), intent[3]


def choice_text(action):
    """An action as text for a seat's private part: its intent's letter, then its cards in the
    save's alphabet (JSON carries no bytes)."""
    intent = encode(action)
    return chr(intent[0]) + pack_kinds(intent[1:])


def counts_of(kinds):
    """The digits of the count vector of `kinds` (a dealt hand, for the check at the end)."""
    counts = bytearray(NKINDS)
    for k in kinds:
        counts[k] += 1
    return pack_digits(counts)


def seat_names(people, own):
    """'Bạn' for this gadget's seat, N2.. for people at other gadgets, Máy 2.. for the host's
    computer players (numbered by seat, as the lobby's Ghế 2..)."""
    return ["Bạn" if p == own else ("N%d" if people[p] else "Máy %d") % (p + 1)
            for p in range(len(people))]
