"""Saves are atomic and checksummed; damage is reported, never raised."""

import os

from tet.core import storage
from tet.core.storage import Storage

_DIR = "/tmp/tet_storage_test"


def _fresh():
    try:
        for name in os.listdir(_DIR):
            os.remove(_DIR + "/" + name)
    except OSError:
        pass
    return Storage(_DIR)


def test_round_trip():
    st = _fresh()
    st.save("game", {"board": [5, 5, 0], "turn": 1, "name": "Ô Ăn Quan"})
    obj, status = st.load("game")
    assert status == storage.OK
    assert obj == {"board": [5, 5, 0], "turn": 1, "name": "Ô Ăn Quan"}


def test_missing_is_reported():
    st = _fresh()
    assert st.load("nothing") == (None, storage.MISSING)


def test_flipped_byte_is_corrupt_not_crash():
    st = _fresh()
    st.save("game", {"x": 123456})
    with open(st.path("game"), "rb") as f:
        data = bytearray(f.read())
    data[-3] ^= 0x01
    with open(st.path("game"), "wb") as f:
        f.write(data)
    assert st.load("game") == (None, storage.CORRUPT)


def test_truncated_and_garbage_are_corrupt():
    st = _fresh()
    st.save("game", {"x": list(range(50))})
    with open(st.path("game"), "rb") as f:
        data = f.read()
    for bad in (data[: len(data) // 2], b"", b"\xff\xfe garbage", b"TET1 zz 3\nabc"):
        with open(st.path("game"), "wb") as f:
            f.write(bad)
        assert st.load("game") == (None, storage.CORRUPT)


def test_power_loss_before_rename_recovers_the_tmp_copy():
    st = _fresh()
    with open(st.path("game") + ".tmp", "wb") as f:
        f.write(storage.encode({"turn": 9}))
    assert st.load("game") == ({"turn": 9}, storage.OK)
    # the recovered copy became the real save
    assert st.load("game") == ({"turn": 9}, storage.OK)


def test_half_written_tmp_keeps_the_old_save():
    st = _fresh()
    st.save("game", {"turn": 3})
    with open(st.path("game") + ".tmp", "wb") as f:
        f.write(storage.encode({"turn": 4})[:10])
    assert st.load("game") == ({"turn": 3}, storage.OK)


def test_delete():
    st = _fresh()
    st.save("game", {"a": 1})
    st.delete("game")
    assert st.load("game") == (None, storage.MISSING)
