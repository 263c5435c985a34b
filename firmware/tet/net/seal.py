"""Private parts of a shared table's state: sealed for one gadget only.

A player's hidden cards go only to that player's gadget, and never in the clear: the key is
derived from the table code and the gadget's radio address, the text is encrypted with AES in
counter mode (built on cryptolib's ECB, which every port has) under a nonce that never repeats
for a key (4 random bytes drawn at the host's boot and a counter), and a tag over nonce and ciphertext lets the
receiver drop anything forged or damaged. The other gadgets at the table know the code too:
this keeps hands off the air and off the other screens, it is no defence against someone who
listens with a radio of their own and knows the code (see the README).

Sealed: nonce(8) ciphertext tag(8).
"""

import hashlib

from cryptolib import aes

NONCE = 8
TAG = 8
OVERHEAD = NONCE + TAG


def key_for(code, addr):
    """The 16-byte key of the table with this code for the gadget at `addr`."""
    seed = b"tet ban " + bytes((code & 0xFF, code >> 8)) + bytes(addr)
    return hashlib.sha256(seed).digest()[:16]


def _stream(key, nonce, size):
    blocks = bytearray((size + 15) & ~15)
    for i in range(len(blocks) >> 4):
        blocks[16 * i:16 * i + NONCE] = nonce
        blocks[16 * i + 12] = i & 0xFF
        blocks[16 * i + 13] = i >> 8
    return aes(key, 1).encrypt(blocks)


def _tag(key, body):
    inner = hashlib.sha256(b"i" + key + body).digest()
    return hashlib.sha256(b"o" + key + inner).digest()[:TAG]


def _xor(data, pad):
    """`data` XOR `pad`, in one new buffer (no list of ints on the way)."""
    out = bytearray(data)
    for i in range(len(out)):
        out[i] ^= pad[i]
    return out


def seal(key, nonce, text):
    """`text` encrypted for the holder of `key`; `nonce` (8 bytes) must be new for this key."""
    body = bytes(nonce) + _xor(text, _stream(key, nonce, len(text)))
    return body + _tag(key, body)


def open_sealed(key, sealed):
    """The text of a sealed message, or None when it is damaged or not sealed with `key`."""
    if len(sealed) < OVERHEAD:
        return None
    body = bytes(sealed[:-TAG])
    if _tag(key, body) != bytes(sealed[-TAG:]):
        return None
    return bytes(_xor(body[NONCE:], _stream(key, body[:NONCE], len(body) - NONCE)))
