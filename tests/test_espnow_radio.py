"""The boards' radio (drivers/espnow_radio.py) against stand-ins for MicroPython's `network` and
`espnow` that record what the driver asks of them: nothing starts before on(), the WLAN station
goes up on the fixed channel without connecting, frames go out unacknowledged (sync=False),
peers are added once and the oldest leaves a full list, off() stops ESP-NOW and the station."""

import sys
import types

import pytest

import sim

sim.install_fakes()


class Recorder:
    def __init__(self):
        self.calls = []
        self.inbox = []


@pytest.fixture
def radio_modules(monkeypatch):
    rec = Recorder()

    class WLAN:
        def __init__(self, interface):
            rec.calls.append(("wlan", interface))

        def active(self, flag):
            rec.calls.append(("wlan.active", flag))

        def config(self, *args, **kwargs):
            if args == ("mac",):
                return b"\x24\x0a\xc4\x00\x00\x01"
            rec.calls.append(("wlan.config", kwargs))

    class ESPNow:
        def active(self, flag):
            rec.calls.append(("espnow.active", flag))

        def config(self, **kwargs):
            rec.calls.append(("espnow.config", kwargs))

        def add_peer(self, mac):
            rec.calls.append(("add_peer", mac))

        def del_peer(self, mac):
            rec.calls.append(("del_peer", mac))

        def send(self, mac, msg, sync=True):
            rec.calls.append(("send", mac, bytes(msg), sync))
            return True

        def irecv(self, timeout_ms=None):
            return rec.inbox.pop(0) if rec.inbox else (None, None)

    monkeypatch.setitem(sys.modules, "network", types.SimpleNamespace(WLAN=WLAN, STA_IF=0))
    monkeypatch.setitem(sys.modules, "espnow", types.SimpleNamespace(ESPNow=ESPNow))
    return rec


def test_the_radio_starts_only_on_demand_and_stops_whole(radio_modules):
    from drivers.espnow_radio import BROADCAST, CHANNEL, EspNowRadio

    radio = EspNowRadio()
    assert radio.recv() is None and radio_modules.calls == []     # off: nothing touched
    radio.on()
    assert ("wlan.active", True) in radio_modules.calls
    assert ("wlan.config", {"channel": CHANNEL}) in radio_modules.calls
    assert ("add_peer", BROADCAST) in radio_modules.calls
    assert radio.address == b"\x24\x0a\xc4\x00\x00\x01"
    radio.broadcast(b"B1234")
    peer = b"\x24\x0a\xc4\x00\x00\x02"
    radio.send(peer, b"x")
    radio.send(peer, b"y")
    sends = [c for c in radio_modules.calls if c[0] == "send"]
    assert sends == [("send", BROADCAST, b"B1234", False), ("send", peer, b"x", False),
                     ("send", peer, b"y", False)]
    assert radio_modules.calls.count(("add_peer", peer)) == 1
    radio_modules.inbox.append((bytearray(peer), bytearray(b"frame")))
    assert radio.recv() == (peer, b"frame") and radio.recv() is None
    radio.off()
    assert radio_modules.calls[-2:] == [("espnow.active", False), ("wlan.active", False)]
    radio.send(peer, b"z")
    assert [c for c in radio_modules.calls if c[0] == "send"] == sends   # off: nothing sent


def test_a_full_peer_list_lets_the_oldest_go(radio_modules):
    from drivers.espnow_radio import MAX_PEERS, EspNowRadio

    radio = EspNowRadio()
    radio.on()
    peers = [bytes((2, 0, 0, 0, 0, i)) for i in range(MAX_PEERS + 1)]
    for peer in peers:
        radio.send(peer, b"hi")
    assert ("del_peer", peers[0]) in radio_modules.calls
    assert ("add_peer", peers[-1]) in radio_modules.calls


def test_every_board_hands_out_that_radio_off():
    import machine

    from drivers.espnow_radio import EspNowRadio

    machine.reset()
    for board in ("ttgo_tdisplay", "m5stickc_plus", "devkit_ssd1306"):
        machine.attach_i2c(0x34)
        machine.attach_i2c(0x3C)
        machine.attach_i2c(0x68)[0x75] = 0x19 if board == "m5stickc_plus" else 0x68
        hw = __import__(board + ".board", None, None, ("create",)).create("/tmp/tet_radio_probe")
        radio = hw.radio()
        assert isinstance(radio, EspNowRadio) and radio is hw.radio() and radio._now is None
