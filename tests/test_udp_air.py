"""sim.udp_air, the radio seam over local UDP: what one gadget sends reaches only the gadget it
names (or every other gadget of the air, broadcast), frames arrive with their sender's address,
a radio that is off hears nothing, ESP-NOW's frame limit holds, and the seeded loss drops the
share it is given. (Its MicroPython side is exercised by test_play_over_udp.)"""

import time

import pytest

from sim.udp_air import FRAME_MAX, UdpAir, gadget_address
from udp_table import free_ports


def receive(radio, wanted, seconds=2.0):
    """Frames received by `radio` until `wanted` of them came or the time is up."""
    got, end = [], time.monotonic() + seconds
    while len(got) < wanted and time.monotonic() < end:
        frame = radio.recv()
        if frame is None:
            time.sleep(0.005)
        else:
            got.append(frame)
    return got


@pytest.fixture
def air():
    a = UdpAir(3, free_ports(3))
    radios = [a.radio(gadget_address(n)) for n in (1, 2, 3)]
    yield a, radios
    for r in radios:
        r.close()


def test_a_frame_reaches_the_peer_it_names_with_its_sender(air):
    a, (one, two, three) = air
    assert one.send(gadget_address(2), b"hello") is True
    assert receive(two, 1) == [(gadget_address(1), b"hello")]
    time.sleep(0.05)
    assert three.recv() is None and one.recv() is None


def test_a_broadcast_reaches_every_other_gadget(air):
    a, (one, two, three) = air
    one.broadcast(b"B beacon")
    assert receive(two, 1) == [(gadget_address(1), b"B beacon")]
    assert receive(three, 1) == [(gadget_address(1), b"B beacon")]
    time.sleep(0.05)
    assert one.recv() is None
    assert a.sent == 2 and a.lost == 0


def test_a_radio_switched_off_hears_nothing_and_sends_nothing(air):
    a, (one, two, three) = air
    two.off()
    one.send(gadget_address(2), b"lost")
    time.sleep(0.05)
    assert two.recv() is None
    two.on()
    two.send(gadget_address(3), b"on again")
    assert receive(three, 1) == [(gadget_address(2), b"on again")]
    three.off()
    three.send(gadget_address(1), b"x")
    time.sleep(0.05)
    assert one.recv() is None


def test_frames_over_the_limit_and_strangers_are_refused(air):
    a, (one, two, three) = air
    with pytest.raises(ValueError):
        one.send(gadget_address(2), bytes(FRAME_MAX + 1))
    one.send(gadget_address(2), bytes(FRAME_MAX))
    assert receive(two, 1)[0][1] == bytes(FRAME_MAX)
    assert one.send(gadget_address(9), b"nobody") is True      # not a gadget of this air
    assert one.send(b"\x02\x00\x00\x00\x01\x02", b"other") is True
    time.sleep(0.05)
    assert two.recv() is None and three.recv() is None
    with pytest.raises(ValueError):
        a.radio(gadget_address(4))


def test_the_seeded_loss_drops_its_share():
    lossy = UdpAir(2, free_ports(2), loss=0.25, seed=3)
    one, two = lossy.radio(gadget_address(1)), lossy.radio(gadget_address(2))
    try:
        got = []
        for batch in range(20):     # read as they come: a full receive buffer drops frames too
            lost = lossy.lost
            for i in range(20):
                one.send(gadget_address(2), bytes((batch, i)))
            got += receive(two, 20 - (lossy.lost - lost))
        assert lossy.sent == 400 and 70 <= lossy.lost <= 130
        assert len(got) == 400 - lossy.lost and len(set(got)) == len(got)
    finally:
        one.close()
        two.close()
