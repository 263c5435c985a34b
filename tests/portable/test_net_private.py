"""Hidden cards at a shared table: a seat's private part is sealed for its own gadget only
(tet.net.seal), and the host's shuffle comes from a committed secret (tet.net.deal). Runs on
CPython (with the simulator's cryptolib) and under MicroPython (its real cryptolib)."""

import hashlib

from sim.air import Air

from tet.net import deal
from tet.net.link import Link
from tet.net.seal import OVERHEAD, key_for, open_sealed, seal
from tet.net.guest import Guest
from tet.net.host import Host
from tet.net.table import WATCH

HEAP = "160K"
HOST = b"\x02TET\x00\x01"
GUESTS = (b"\x02TET\x00\x02", b"\x02TET\x00\x03", b"\x02TET\x00\x04")
CODE = 2718


class HiddenCards:
    """An adapter whose seats hold secret words: seat i's private part is its own word and
    the public state only counts them. An intent appends a letter to the mover's word."""

    def __init__(self, players):
        self.players = players
        self.words = [b"SECRET-HAND-OF-SEAT-%d" % i for i in range(players)]
        self.turn = 0

    def options(self):
        return b""

    def public(self):
        return bytes([len(w) for w in self.words]) + bytes((self.turn,))

    def private(self, seat):
        return self.words[seat] if 0 <= seat < self.players else None

    def to_move(self):
        return self.turn

    def over(self):
        return False

    def accepts(self, seat, intent):
        return len(intent) == 1

    def apply(self, seat, intent):
        self.words[seat] += intent
        self.turn = (self.turn + 1) % self.players


def run_until(air, host, guests, now, done, limit=40000):
    """Run the air, the host and the guests in 10 ms steps from `now` until `done()`; return
    the time reached."""
    while not done():
        air.tick(now)
        host.poll(now)
        for g in guests:
            g.poll(now)
        now += 10
        assert now < limit
    return now


def test_a_sealed_part_opens_only_with_its_key_and_hides_its_text():
    key = key_for(CODE, GUESTS[0])
    text = b"V2355 N3446 S1789 hidden"
    sealed = seal(key, b"\x00" * 4 + b"\x01\x00\x00\x00", text)
    assert len(sealed) == len(text) + OVERHEAD
    assert open_sealed(key, sealed) == text
    assert text not in sealed and text[:6] not in sealed
    assert open_sealed(key_for(CODE, GUESTS[1]), sealed) is None      # another gadget's key
    assert open_sealed(key_for(CODE + 1, GUESTS[0]), sealed) is None  # another table's
    for i in range(len(sealed)):
        damaged = bytearray(sealed)
        damaged[i] ^= 0x20
        assert open_sealed(key, damaged) is None
    again = seal(key, b"\x00" * 4 + b"\x02\x00\x00\x00", text)
    assert again[8:-8] != sealed[8:-8]          # a new nonce, a new ciphertext
    assert open_sealed(key, b"") is None and open_sealed(key, bytes(OVERHEAD)) is None


def test_the_deal_stream_is_sha256_of_the_secret_and_resumes_from_its_state():
    secret = bytes(range(16))
    stream = deal.Deal(secret)
    words = [stream.next32() for _ in range(20)]
    expected = []
    for block in range(4):
        digest = hashlib.sha256(b"bai " + secret + block.to_bytes(4, "little")).digest()
        expected += [int.from_bytes(digest[4 * i:4 * i + 4], "little") for i in range(8)]
    assert words == expected[:20]
    later = deal.Deal(secret, stream.state)
    assert [later.next32() for _ in range(5)] == expected[20:25]
    cards = list(range(40))
    deal.Deal(secret).shuffle(cards)
    assert sorted(cards) == list(range(40)) and cards != list(range(40))
    other = list(range(40))
    deal.Deal(secret[:-1] + b"\x00").shuffle(other)
    assert other != cards


def test_a_commitment_reveals_only_its_own_secret():
    secret = bytes(range(16))
    commit = deal.commitment(secret)
    assert len(commit) == 64 and commit != deal.commitment(bytes(reversed(secret)))
    assert deal.revealed(commit, deal.to_hex(secret)) == secret
    assert deal.revealed(commit, deal.to_hex(bytes(reversed(secret)))) is None
    assert deal.revealed(commit, "zz") is None and deal.revealed(commit, None) is None


def test_each_guest_gets_its_own_part_and_no_frame_carries_another_seats_in_the_clear():
    air = Air(seed=5, loss=0.2, dup=0.1, reorder=0.2, record=True)
    adapter = HiddenCards(3)
    host = Host(Link(air.radio(HOST), 1), CODE, "test", adapter, people=3)
    guests = [Guest(Link(air.radio(addr), 2 + i), CODE) for i, addr in enumerate(GUESTS)]
    now = run_until(air, host, guests, 0, lambda: all(g.state is not None for g in guests))
    first, second, watcher = sorted(guests, key=lambda g: g.seat)
    assert (first.seat, second.seat, watcher.seat) == (1, 2, WATCH)
    assert first.private == adapter.words[1] and second.private == adapter.words[2]
    assert watcher.private is None
    host.play(0, b"x", now)
    first_version = host.version
    now = run_until(air, host, guests, now, lambda: first.version >= first_version)
    first.intend(b"y", now)
    run_until(air, host, guests, now, lambda: second.version >= first_version + 1)
    assert first.private == b"SECRET-HAND-OF-SEAT-1y" and second.private == adapter.words[2]
    assert first.state == second.state == adapter.public()
    for _src, _dst, frame in air.log:
        assert b"SECRET" not in frame and b"HAND" not in frame


def test_a_state_sealed_for_another_gadget_or_damaged_is_not_taken():
    air = Air(seed=2)
    adapter = HiddenCards(2)
    host = Host(Link(air.radio(HOST), 1), CODE, "test", adapter, people=2)
    guest = Guest(Link(air.radio(GUESTS[0]), 2), CODE)
    now = run_until(air, host, [guest], 0, lambda: guest.state is not None)
    version = guest.version
    public = adapter.public()
    forged = bytes((ord("T"), version + 1, 0, len(public), 0)) + public + \
        seal(key_for(CODE, GUESTS[1]), bytes(8), b"not yours")
    damaged = bytearray(bytes(forged[:5 + len(public)]) +
                        seal(key_for(CODE, GUESTS[0]), bytes(8), b"forged hand"))
    damaged[-1] ^= 1
    boot = host.link.boot
    for seq, payload in ((900, forged), (901, bytes(damaged))):
        # data frames that claim to come from the host: kind, its boot id, a new sequence number
        air.carry(HOST, GUESTS[0], bytes((1, boot & 0xFF, boot >> 8, seq & 0xFF, seq >> 8)) +
                  payload)
    for _ in range(20):
        air.tick(now)
        guest.poll(now)
        now += 10
    assert guest.version == version and guest.private == adapter.words[1]
