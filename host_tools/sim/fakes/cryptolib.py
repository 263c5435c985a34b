"""CPython stand-in for MicroPython's `cryptolib` (simulator and desktop tests only).

Only what the firmware uses: `aes(key, 1)` (ECB) and its `encrypt`, with 16-, 24- or 32-byte
keys, written from FIPS-197. The firmware builds its counter mode on ECB (tet.net.seal), so this
is all it needs; a test checks it against FIPS-197's examples and against the real module of the
`micropython` binary.
"""

MODE_ECB = 1


def _xtime(b):
    b <<= 1
    return (b ^ 0x11B) if b & 0x100 else b


def _sbox():
    # the multiplicative inverse in GF(2^8) followed by FIPS-197's affine map
    inverse = [0] * 256
    for a in range(1, 256):
        for b in range(1, 256):
            if _multiply(a, b) == 1:
                inverse[a] = b
                break
    box = []
    for a in range(256):
        x = inverse[a]
        s = x
        for _ in range(4):
            x = ((x << 1) | (x >> 7)) & 0xFF
            s ^= x
        box.append(s ^ 0x63)
    return bytes(box)


def _multiply(a, b):
    out = 0
    while b:
        if b & 1:
            out ^= a
        a = _xtime(a)
        b >>= 1
    return out


SBOX = _sbox()


def _expand(key):
    nk = len(key) // 4
    rounds = nk + 6
    words = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (rounds + 1)):
        w = list(words[i - 1])
        if i % nk == 0:
            w = [SBOX[b] for b in w[1:] + w[:1]]
            w[0] ^= rcon
            rcon = _xtime(rcon)
        elif nk > 6 and i % nk == 4:
            w = [SBOX[b] for b in w]
        words.append([a ^ b for a, b in zip(words[i - nk], w)])
    return [sum(words[4 * r:4 * r + 4], []) for r in range(rounds + 1)]


def _mix(column):
    a0, a1, a2, a3 = column
    return [_xtime(a0) ^ _xtime(a1) ^ a1 ^ a2 ^ a3,
            a0 ^ _xtime(a1) ^ _xtime(a2) ^ a2 ^ a3,
            a0 ^ a1 ^ _xtime(a2) ^ _xtime(a3) ^ a3,
            _xtime(a0) ^ a0 ^ a1 ^ a2 ^ _xtime(a3)]


def _block(round_keys, block):
    state = [b ^ k for b, k in zip(block, round_keys[0])]
    last = len(round_keys) - 1
    for r in range(1, last + 1):
        state = [SBOX[b] for b in state]
        # the state is column-major: byte 4c + row; row r shifts left by r columns
        state = [state[4 * ((c + row) % 4) + row] for c in range(4) for row in range(4)]
        if r != last:
            state = sum([_mix(state[4 * c:4 * c + 4]) for c in range(4)], [])
        state = [b ^ k for b, k in zip(state, round_keys[r])]
    return bytes(state)


class aes:  # noqa: N801 - the name MicroPython gives it
    """AES in ECB mode: `aes(key, 1)`, then `encrypt(data)` of whole 16-byte blocks."""

    def __init__(self, key, mode, iv=None):
        if mode != MODE_ECB:
            raise ValueError("the simulator's cryptolib has ECB only")
        if len(key) not in (16, 24, 32):
            raise ValueError("key")
        self._keys = _expand(bytes(key))

    def encrypt(self, data, out=None):
        """The blocks of `data` encrypted one by one (into `out` when given)."""
        if len(data) % 16:
            raise ValueError("blocks of 16 bytes")
        result = b"".join(_block(self._keys, data[i:i + 16]) for i in range(0, len(data), 16))
        if out is None:
            return result
        out[:] = result
        return None
