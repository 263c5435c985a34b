"""The host's committed chance at a shared table: the shuffle (and dice) come from a secret.

Before anything is dealt the host draws a 128-bit secret from the board's hardware generator and
sends every gadget its SHA-256 (the commitment); the finished game's state reveals the secret.
Each gadget then deals again from it and checks that its own cards and every card turned up
on the table were the dealt ones ("Bài chia đúng"). A generator seeded with 32 bits would let
a desktop that knows one hand find the seed and so every hand; this one draws its numbers from
SHA-256 of the whole secret, so it is as hard to guess as the secret.
"""

import hashlib
from binascii import hexlify, unhexlify

from tet.core.rng import Rng

SECRET_BYTES = 16


def to_hex(data):
    """Bytes as hex text (how JSON states and saves carry them)."""
    return hexlify(data).decode()


def new_secret(app):
    """16 random bytes: the board's hardware generator, each word mixed with the app's seeded
    generator so that two secrets differ even where the hardware source repeats itself."""
    return b"".join(((app.hw.rng() ^ app.rng.next32()) & 0xFFFFFFFF).to_bytes(4, "little")
                    for _ in range(SECRET_BYTES // 4))


def commitment(secret):
    """The hex SHA-256 of a secret, sent before the secret is used."""
    return to_hex(hashlib.sha256(bytes(secret)).digest())


def revealed(commit, secret_hex):
    """The secret (bytes) when `secret_hex` is the one committed to, else None."""
    try:
        secret = unhexlify(secret_hex)
    except (TypeError, ValueError):
        return None
    return secret if commitment(secret) == commit else None


class Deal(Rng):
    """A tet.core.rng.Rng whose numbers come from a secret: word i is a piece of
    SHA-256(secret, i // 8). `state` counts the words drawn (plus one, so that it saves like an
    Rng's state): Deal(secret, state) goes on where a saved one stopped."""

    def __init__(self, secret, state=1):
        self.secret = bytes(secret)
        self.state = state
        self._block = b""
        self._at = -1

    def next32(self):
        """The next 32-bit word of the secret's stream."""
        i = self.state - 1
        if i >> 3 != self._at:
            self._at = i >> 3
            self._block = hashlib.sha256(b"bai " + self.secret +
                                         self._at.to_bytes(4, "little")).digest()
        self.state += 1
        w = 4 * (i & 7)
        return int.from_bytes(self._block[w:w + 4], "little")
