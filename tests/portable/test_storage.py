"""Saves are atomic and checksummed; damage is reported, never raised."""

import os
from binascii import crc32

from fake_hw import FakeDir, PowerCut, exists

from tet.core import storage
from tet.core.storage import Storage

# beside the fake hardware's saves: one directory per run and per parallel worker
_DIR = (getattr(os, "getenv", lambda name: None)("TET_FAKE_STORAGE") or "/tmp/tet") + "_storage_test"


def _fresh():
    try:
        for name in os.listdir(_DIR):
            try:
                os.remove(_DIR + "/" + name)
            except OSError:
                os.rmdir(_DIR + "/" + name)
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


def _flip_a_byte(st, name):
    """Damage save `name` by one bit near its end, as a failing flash cell would."""
    with open(st.path(name), "rb") as f:
        data = bytearray(f.read())
    data[-3] ^= 0x01
    with open(st.path(name), "wb") as f:
        f.write(data)


def test_flipped_byte_is_corrupt_not_crash():
    st = _fresh()
    st.save("game", {"x": 123456})
    _flip_a_byte(st, "game")
    assert st.load("game") == (None, storage.CORRUPT)


def test_a_good_save_the_heap_cannot_hold_now_is_kept_and_a_bad_one_is_corrupt():
    st = _fresh()
    st.save("game", {"x": list(range(200))})
    real = storage.parse

    def no_room(f):
        raise MemoryError("memory allocation failed")

    storage.parse = no_room
    try:
        try:
            st.load("game")
            raise AssertionError("a good save that does not fit must raise, not read as damaged")
        except MemoryError:
            pass
        assert exists(st.path("game"))
        _flip_a_byte(st, "game")
        assert st.load("game") == (None, storage.CORRUPT)
    finally:
        storage.parse = real
    st.save("game", {"x": 1})
    assert st.load("game") == ({"x": 1}, storage.OK)


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


# --- FAT, a full flash, a directory in the way, power cuts (issue 12) ------------------------

def _on(**opts):
    """A fresh Storage on a FakeDir (see fake_hw) with these options; returns (storage, dir)."""
    _fresh()
    d = FakeDir(_DIR, **opts)
    return Storage(d), d


def _damage(path):
    with open(path, "wb") as f:
        f.write(b"TET1 00000000 1\nx")


def test_fat_saves_over_an_existing_save():
    st, d = _on(fat=True)
    st.save("game", {"turn": 1})
    st.save("game", {"turn": 2})
    assert d.fails == 1                       # the rename onto the old save was refused once
    assert st.load("game") == ({"turn": 2}, storage.OK)
    assert not exists(st.path("game") + ".tmp")


def test_fat_recovers_the_tmp_copy_over_a_damaged_save():
    st, d = _on(fat=True)
    st.save("game", {"turn": 1})
    _damage(st.path("game"))
    with open(st.path("game") + ".tmp", "wb") as f:
        f.write(storage.encode({"turn": 2}))
    assert st.load("game") == ({"turn": 2}, storage.OK)
    assert not exists(st.path("game") + ".tmp")
    assert Storage(FakeDir(_DIR, fat=True)).load("game") == ({"turn": 2}, storage.OK)


def _cut_everywhere(fat, action):
    """Cut the power at every file operation of `action(storage)`, after a good save of turn 1
    and a good copy of turn 2 left in .tmp's place by `action`'s set-up; reboot each time and
    check that the last good state (turn 1 or 2) loads and that saving then works."""
    cut = 0
    while True:
        st, d = _on(fat=fat)
        st.save("game", {"turn": 1})
        d.cut_after = cut
        try:
            action(st)
            finished = True
        except PowerCut:
            finished = False
        again = Storage(FakeDir(_DIR, fat=fat))
        obj, status = again.load("game")
        assert status == storage.OK and obj in ({"turn": 1}, {"turn": 2}), (fat, cut, obj, status)
        again.save("game", {"turn": 3})
        assert again.load("game") == ({"turn": 3}, storage.OK)
        if finished:
            return cut
        cut += 1


def test_a_power_cut_at_every_step_of_a_save_keeps_a_good_copy_on_fat_and_littlefs():
    for fat in (False, True):
        steps = _cut_everywhere(fat, lambda st: st.save("game", {"turn": 2}))
        assert steps >= 3                     # open, write, rename (and on FAT a remove)


def test_a_power_cut_at_every_step_of_a_recovery_keeps_the_good_copy():
    def recover(st):
        _damage(st.path("game"))
        with open(st.path("game") + ".tmp", "wb") as f:
            f.write(storage.encode({"turn": 2}))
        assert st.load("game") == ({"turn": 2}, storage.OK)

    for fat in (False, True):
        assert _cut_everywhere(fat, recover) >= 2


def test_a_full_flash_raises_oserror_keeps_the_old_save_and_leaves_no_tmp():
    for free in (0, 10, 200):
        st, d = _on()
        st.save("game", {"turn": 1})
        d.free = free
        try:
            st.save("game", {"turn": 2, "board": list(range(100))})
            raised = False
        except OSError:
            raised = True
        assert raised and d.fails == 1
        assert not exists(st.path("game") + ".tmp")
        assert st.load("game") == ({"turn": 1}, storage.OK)


def test_a_directory_in_the_way_raises_oserror_and_never_loses_the_good_copy():
    st = _fresh()
    st.save("game", {"turn": 1})
    os.mkdir(st.path("game") + ".tmp")
    try:
        st.save("game", {"turn": 2})
        raised = False
    except OSError:
        raised = True
    assert raised and st.load("game") == ({"turn": 1}, storage.OK)
    os.rmdir(st.path("game") + ".tmp")
    st.delete("game")
    os.mkdir(st.path("game"))                 # the save's own name is a directory
    try:
        st.save("game", {"turn": 2})
        raised = False
    except OSError:
        raised = True
    assert raised
    # the complete copy stays in .tmp, where load() finds it
    assert st.load("game") == ({"turn": 2}, storage.OK)
    os.rmdir(st.path("game"))


def test_an_oversized_file_is_corrupt_and_never_read():
    st = _fresh()
    with open(st.path("game"), "wb") as f:
        f.write(storage.encode({"stock": [1] * (storage.MAX_BYTES // 2)}))
    assert st.load("game") == (None, storage.CORRUPT)


def test_deeply_nested_json_is_corrupt_not_a_crash():
    st = _fresh()
    body = b"[" * 5000 + b"]" * 5000
    with open(st.path("game"), "wb") as f:
        f.write(b"TET1 %08x %d\n" % (crc32(body) & 0xFFFFFFFF, len(body)) + body)
    obj, status = st.load("game")
    # MicroPython parses it (no recursion); CPython's parser gives up: either way, no crash
    assert (status, obj is None) in ((storage.OK, False), (storage.CORRUPT, True))


def _ram_disk(kind, blocks):
    """Mount a RAM block device with MicroPython's real FAT or littlefs driver at /ram."""
    import vfs

    class Ram:
        def __init__(self, n):
            self.data = bytearray(n * 512)

        def readblocks(self, n, buf, off=0):
            start = n * 512 + off
            buf[:] = self.data[start:start + len(buf)]

        def writeblocks(self, n, buf, off=None):
            start = n * 512 + (off or 0)
            self.data[start:start + len(buf)] = buf

        def ioctl(self, op, arg):
            if op == 4:
                return len(self.data) // 512
            if op == 5:
                return 512
            if op == 6:
                return 0
            return None

    dev = Ram(blocks)
    fs = getattr(vfs, kind)
    fs.mkfs(dev)
    vfs.mount(fs(dev), "/ram")


def test_real_fat_and_littlefs_under_micropython():
    try:
        import vfs

        vfs.VfsFat, vfs.VfsLfs2  # noqa: B018
    except (ImportError, AttributeError):
        return  # CPython: the FakeDir tests above stand for the flash file systems
    for kind in ("VfsFat", "VfsLfs2"):
        _ram_disk(kind, 64)
        try:
            st = Storage("/ram/saves")
            st.save("game", {"turn": 1})
            st.save("game", {"turn": 2})
            assert st.load("game") == ({"turn": 2}, storage.OK), kind
            _damage(st.path("game"))
            with open(st.path("game") + ".tmp", "wb") as f:
                f.write(storage.encode({"turn": 3}))
            assert st.load("game") == ({"turn": 3}, storage.OK), kind
            assert Storage("/ram/saves").load("game") == ({"turn": 3}, storage.OK), kind
            full = 0
            for i in range(200):              # fill the disk: the save must fail cleanly
                try:
                    st.save("big%d" % i, {"x": "x" * 2000})
                except OSError:
                    full += 1
                    break
            assert full == 1, kind
            assert not exists(st.path("big%d" % i) + ".tmp"), kind
            assert st.load("game") == ({"turn": 3}, storage.OK), kind
        finally:
            vfs.umount("/ram")
