"""A shared table: one gadget hosts the game, the others join it by its 4-digit code.

The host's engine is the only truth. A guest sends *intents* (a move, a roll) stamped with the
version of the state it saw; the host checks each with the engine, applies it, and sends every
guest the new public state (a whole snapshot, so a lost or late one is simply replaced by the
next, and a gadget that rebooted gets everything with the next one it is sent). Seats are held
by radio address, so a gadget that restarts or comes back into range gets its own seat back.

The host (tet.net.host) and a guest (tet.net.guest) are modules of their own, so neither
gadget holds the other's code. The game itself is behind an *adapter* (e.g.
tet.games.o_an_quan.adapter): `players`, `options()` (bytes a guest needs to build its view),
`public()` (bytes of the public state),
`to_move()`, `over()`, `accepts(seat, intent)` (the engine allows it), `apply(seat, intent)`;
a game with hidden cards also has `private(seat)`: bytes only that seat's player may see (their
hand, what they may do now), sealed for that gadget's key (tet.net.seal), never sent to another.

Messages (the first byte says which; numbers little-endian):
  J code(2)                      guest -> host: join the table with this code
  S seat, players, game id, 0, options      host -> guest: your seat (WATCH: no seat, watch)
  T version(2), size(2), public state, [sealed private part]
                                 host -> guest: the table now (and the guest's own cards)
  I version(2), intent           guest -> host: what the player does
  beacon: B code(2), free seats, game id    host -> everyone, every BEACON_MS
"""

import json

BEACON_MS = 500
HEARTBEAT_MS = 500
LOST_MS = 5000              # a guest that hears nothing of its table for this long says so
# What holds a seat besides a guest's address (bytes); ints, as MicroPython warns when it
# compares bytes with a str
COMPUTER = 0                # a seat played by the host's computer player
ME = 1                      # the host's own player
OPEN = 2                    # kept for a person who has not joined yet
WATCH = 255                 # the seat of a gadget that joined a full table: it watches


def u16(b, i):
    """The little-endian 16-bit number at `b[i]`."""
    return b[i] | (b[i + 1] << 8)


def with16(tag, v, rest=b""):
    """A message: byte `tag`, 16-bit `v`, then `rest`."""
    return bytes((tag, v & 0xFF, (v >> 8) & 0xFF)) + rest


def read_json(public):
    """The JSON object a public state (bytes, or a guest's memoryview of them) holds;
    ValueError when it holds none (a guest never trusts the air blindly)."""
    try:
        try:
            data = json.loads(public)
        except TypeError:   # CPython's json reads no memoryview; MicroPython's does, uncopied
            data = json.loads(bytes(public))
    except ValueError:
        raise ValueError("not a table state")
    if not isinstance(data, dict):
        raise ValueError("not a table state")
    return data


def read_beacon(payload):
    """(code, free seats, game id) of a table's beacon, or None when it is none."""
    if len(payload) < 4 or payload[0] != ord("B"):
        return None
    try:
        return u16(payload, 1), payload[3], bytes(payload[4:]).decode()
    except UnicodeError:
        return None
