"""Frames from the air are not trusted: a host and a guest mid-game take thousands of random
and mangled frames (from strangers and forged as each other) and neither raises, the host's
engine changes only by legal intents, and the table still plays on afterwards."""

from sim.air import Air

from tet.core.rng import Rng
from tet.games.o_an_quan import adapter as oaq
from tet.games.o_an_quan.engine import Game
from tet.games.xam_huong import adapter as xh
from tet.games.xam_huong.engine import XamHuong
from test_net_link import A as HOST, B as GUEST, seat_a_guest

HEAP = "160K"
STRANGER = b"\x02TET\x00\x09"
FRAMES = 1500


def seated(adapter, game_id):
    air = Air(seed=1, record=True)
    host, guest, now = seat_a_guest(air, adapter, game_id, 2)
    return air, host, guest, now


def mangle(rng, frames):
    """A random frame: noise, or a real one cut, bit-flipped or with a byte changed."""
    kind = rng.below(4)
    if kind == 0 or not frames:
        return bytes(rng.below(256) for _ in range(rng.below(260)))
    frame = bytearray(rng.choice(frames))
    if kind == 1:
        return bytes(frame[:rng.below(len(frame) + 1)])
    for _ in range(1 + rng.below(4)):
        i = rng.below(len(frame))
        frame[i] = frame[i] ^ (1 << rng.below(8)) if kind == 2 else rng.below(256)
    return bytes(frame)


def storm(air, host, guest, now, seed):
    """Feed FRAMES mangled copies of the table's own frames (and noise) to both gadgets, from
    each other and from a stranger, polling as they come (the air carrying what the gadgets
    answer); return the time reached."""
    rng = Rng(seed)
    real = [frame for _src, _dst, frame in air.log]     # every frame the table sent so far
    air.log = None
    senders = (HOST, GUEST, STRANGER)
    for n in range(FRAMES):
        target = air.radios[HOST if n % 2 else GUEST]
        target.inbox.append((rng.choice(senders), mangle(rng, real)))
        air.tick(now)
        host.poll(now)
        guest.poll(now)
        now += 1
    return now


def test_o_an_quan_table_shrugs_off_a_storm_of_bad_frames():
    game = Game(2)
    air, host, guest, now = seated(oaq.Adapter(game), "oaq")
    before = bytes(game.state)
    now = storm(air, host, guest, now, 5)
    if host.version == 0:
        assert bytes(game.state) == before          # nothing but a legal intent moves it
    # the table still works: the host moves, the guest sees it
    host.play(0, oaq.intent(*game.legal_moves()[0]), now)
    for _ in range(300):
        air.tick(now)
        host.poll(now)
        guest.poll(now)
        now += 10
    assert oaq.view(guest.options, guest.state).state == game.state


def test_xam_huong_table_shrugs_off_a_storm_of_bad_frames():
    adapter = xh.Adapter(XamHuong(2), ["A", "B"], b"fuzz")
    air, host, guest, now = seated(adapter, "xh")
    now = storm(air, host, guest, now, 6)
    rolls = adapter.game.rolls
    if adapter.game.turn == 0:
        host.play(0, xh.ROLL, now)
    else:
        guest.intend(xh.ROLL, now)
    for _ in range(300):
        air.tick(now)
        host.poll(now)
        guest.poll(now)
        now += 10
    assert adapter.game.rolls == rolls + 1
    assert xh.view(guest.state)[0].to_dict() == adapter.game.to_dict()
