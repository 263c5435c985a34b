"""The radio link and the shared table's protocol over a bad channel (sim.air), on CPython and
under MicroPython with the device's heap: every message arrives once, a superseded one is not
resent, a rebooted gadget is recognised, a guest's move goes through the host's engine."""

from sim.air import Air

from tet.games.o_an_quan import adapter as oaq
from tet.games.o_an_quan.engine import Game
from tet.net.link import MESSAGE_MAX, Link
from tet.net.guest import Guest
from tet.net.host import Host
from tet.net.table import WATCH

HEAP = "160K"
A = b"\x02TET\x00\x01"
B = b"\x02TET\x00\x02"
C = b"\x02TET\x00\x03"


def pump(air, links, start, ms, on_event=None):
    """Run the links for `ms` of virtual time from `start`; return the time reached."""
    now = start
    while now < start + ms:
        air.tick(now)
        for link in links:
            for event in link.poll(now):
                if on_event:
                    on_event(link, event)
        now += 10
    return now


def test_every_message_arrives_exactly_once_through_loss_duplicates_and_reordering():
    air = Air(seed=5, loss=0.3, dup=0.2, reorder=0.3)
    a, b = Link(air.radio(A), 1), Link(air.radio(B), 2)
    got = []
    now = 0
    for i in range(120):
        a.send(B, ("m%d" % i).encode(), now)
        now = pump(air, (a, b), now, 20, lambda link, e: got.append(e[2]) if link is b else None)
    while a.waiting(B):
        now = pump(air, (a, b), now, 100, lambda link, e: got.append(e[2]) if link is b else None)
    assert sorted(got) == sorted(("m%d" % i).encode() for i in range(120))
    assert air.lost > 0 and air.copies > 0 and a.resent > 0  # the channel did hurt
    assert b.duplicates > 0


def test_a_newer_state_supersedes_the_unacknowledged_one():
    air = Air(seed=2)
    a, b = Link(air.radio(A), 1), Link(air.radio(B), 2)
    air.radios[B].off()                 # B is out of range while A sends five states
    now = 0
    for i in range(5):
        a.send(B, ("state %d" % i).encode(), now, slot="T")
        now = pump(air, (a, b), now, 50)
    assert a.waiting(B) == 1            # only the newest waits: the queue stays bounded
    air.radios[B].on()
    got = []
    pump(air, (a, b), now, 2000, lambda link, e: got.append(e[2]) if link is b else None)
    assert got == [b"state 4"] and a.waiting(B) == 0


def test_a_peer_that_reboots_is_told_apart_from_a_late_duplicate():
    air = Air(seed=3)
    a, b = Link(air.radio(A), 1), Link(air.radio(B), 2)
    events = []
    a.send(B, b"hello", 0)
    now = pump(air, (a, b), 0, 100)
    a = Link(air.radio(A), 77)          # A restarts: new boot id, sequence numbers from 1 again
    a.send(B, b"hello", now)
    pump(air, (a, b), now, 100, lambda link, e: events.append(e[1:]) if link is b else None)
    assert events == [("reboot", b""), (1, b"hello")]


def test_a_long_message_goes_in_frames_esp_now_carries_and_arrives_whole():
    air = Air(seed=6, loss=0.3, dup=0.2, reorder=0.3, record=True)
    a, b = Link(air.radio(A), 1), Link(air.radio(B), 2)
    messages = [bytes((i * 7 + k) & 0xFF for k in range(n)) for i, n in
                enumerate((300, 1000, MESSAGE_MAX, 245, 246))]
    got = []
    now = 0
    # a message in parts is lent until the next poll: a receiver keeps a copy
    for m in messages:
        a.send(B, m, now)
        now = pump(air, (a, b), now, 30,
                   lambda link, e: got.append(bytes(e[2])) if link is b else None)
    while a.waiting(B):
        now = pump(air, (a, b), now, 100,
                   lambda link, e: got.append(bytes(e[2])) if link is b else None)
    assert sorted(got) == sorted(messages)
    assert max(len(frame) for _src, _dst, frame in air.log) <= 250


def test_messages_in_parts_come_together_in_one_buffer_the_next_one_reuses():
    air = Air(seed=4)
    a, b = Link(air.radio(A), 1), Link(air.radio(B), 2)
    states = [bytes((i + k) & 0xFF for k in range(n)) for i, n in enumerate((900, 1100, 700))]
    got = []
    now = 0
    for m in states:
        a.send(B, m, now, slot="T")
        now = pump(air, (a, b), now, 200,
                   lambda link, e: got.append((bytes(e[2]), e[2])) if link is b else None)
    assert [copy for copy, _lent in got] == states
    holders = [lent.obj if hasattr(lent, "obj") else None for _copy, lent in got]
    # each arrived as a view of the link's one inbox, made with room for twice the first
    assert all(type(lent) is memoryview for _copy, lent in got)
    if holders[0] is not None:      # CPython names the buffer; MicroPython's view does not
        assert holders[0] is holders[1] is holders[2] and len(holders[0]) == 1800
    # two messages whole in one poll: the second is a copy of its own, the first stays intact
    first, second = bytes(range(200)) * 3, bytes(range(100, 200)) * 7
    a.send(B, first, now)
    a.send(B, second, now)
    air.tick(now + 100)                 # every frame of both is in B's receive buffer
    both = [e[2] for e in b.poll(now + 100)]
    assert [bytes(m) for m in both] == [first, second]
    assert type(both[1]) is bytes


def test_a_message_longer_than_a_link_carries_is_refused():
    link = Link(Air().radio(A), 1)
    try:
        link.send(B, bytes(MESSAGE_MAX + 1), 0)
    except ValueError:
        return
    raise AssertionError("a message of more than %d bytes was sent" % MESSAGE_MAX)


def test_a_guest_joins_by_code_and_its_move_goes_through_the_hosts_engine():
    air = Air(seed=9, loss=0.2, dup=0.1, reorder=0.2)
    game = Game(2)
    host = Host(Link(air.radio(A), 1), 4321, "oaq", oaq.Adapter(game), people=2, log=True)
    guest = Guest(Link(air.radio(B), 2), 4321)
    stranger = Guest(Link(air.radio(C), 3), 1234)     # another table's code: never seated
    now = 0
    first = oaq.intent(*game.legal_moves()[0])
    host.play(0, first, now)                          # the host's own player moves first
    while guest.seat is None or guest.version < 1:
        air.tick(now)
        host.poll(now)
        guest.poll(now)
        stranger.poll(now)
        now += 10
        assert now < 10000
    assert guest.seat == 1 and guest.game_id == "oaq" and stranger.seat is None
    view = oaq.view(guest.options, guest.state)
    assert view.turn == 1 and bytes(view.state) == bytes(game.state)
    assert oaq.last_move(guest.state) == oaq.move_of(first)
    wrong = [m for m in range(12) if not view.is_legal(m, 1)][0]
    guest.fresh = False                              # the screen showed version 1
    guest.intend(oaq.intent(wrong, 1), now)       # not a legal move: the engine says no
    refused = []
    for _ in range(100):
        air.tick(now)
        refused += host.poll(now)
        guest.poll(now)
        now += 10
    assert refused == [1] and host.version == 1
    assert guest.fresh and guest.version == 1        # the table again, so its screen shows it
    square, step = view.legal_moves()[0]
    guest.intend(oaq.intent(square, step), now)
    while guest.version < 2:
        air.tick(now)
        host.poll(now)
        guest.poll(now)
        now += 10
        assert now < 20000
    view.play(square, step)
    assert bytes(game.state) == bytes(view.state) == oaq.position(guest.state)
    assert host.log == [(0, first), (1, oaq.intent(square, step))]


def seat_a_guest(air, adapter, game_id, people):
    """A host of `adapter` at A and a guest at B that joined it; return (host, guest, now)."""
    host = Host(Link(air.radio(A), 1), 55, game_id, adapter, people=people)
    guest = Guest(Link(air.radio(B), 2), 55)
    now = 0
    while guest.state is None:
        air.tick(now)
        host.poll(now)
        guest.poll(now)
        now += 10
        assert now < 5000
    return host, guest, now


def test_a_gadget_joining_a_full_table_watches():
    host, watcher, _now = seat_a_guest(Air(seed=4), oaq.Adapter(Game(2)), "oaq", 1)
    assert watcher.seat == WATCH and host.watchers == [B]


def test_a_table_resumed_from_its_save_gives_its_guests_time_to_be_heard_again():
    # the host's new link has heard nobody yet: its guests are not "gone" at once, but only when
    # still silent the absence's whole time after the restart
    air = Air(seed=5)
    host, guest, now = seat_a_guest(air, oaq.Adapter(Game(2)), "oaq", 2)
    assert guest.seat == 1
    assert host.absent(now, 20000) == []
    saved = host.to_dict()
    back = Host.from_dict(Link(air.radio(A), 7), oaq.Adapter(Game(2)), saved, now + 1000)
    assert back.absent(now + 1000, 20000) == [] and back.absent(now + 20000, 20000) == []
    assert back.absent(now + 21001, 20000) == [1]
