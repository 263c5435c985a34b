"""Power-loss-safe saves: JSON behind a checksummed header, written to a temporary file and renamed.

A save file is one header line `TET1 <crc32 hex> <byte length>` followed by the JSON body, at
most MAX_BYTES in all. A missing, truncated, oversized or corrupt file is reported to the caller
and never raises (a good save the heap cannot hold just now raises MemoryError: it is kept); a save that cannot be written (full flash, a directory in the way) raises
OSError after removing its half-written `.tmp`, and the previous save stays readable.

The directory is a path, or an object with `path` and the os-style `open`, `rename`, `remove`,
`stat`, `mkdir` (tests emulate FAT and a full flash with one). FAT will not rename onto an
existing file, so both the save and the `.tmp` recovery remove the old file first: a power cut
between the two leaves the complete `.tmp`, which load() finds.

A save is streamed to the file as json writes it (the header, fixed width, is filled in last),
and read back the same way (checked in small pieces, then parsed from the file), so neither
saving nor loading a big game ever needs its whole text in the heap.
"""

import io
import json
import os
from binascii import crc32

try:
    from micropython import const
except ImportError:     # CPython (host tools): a constant is its value
    const = int

MAGIC = "TET1"
OK = "ok"
MISSING = "missing"
CORRUPT = "corrupt"
MAX_BYTES = 8192  # about 3x the largest save (a Tổ Tôm hội); a bigger file is refused unread
_IS_DIR = const(0x4000)  # S_IFDIR in stat()'s mode (const: inlined, no global on the heap)
CHUNK = 128  # bytes of a save's body read at a time to check it
_ENOSPC = const(28)
_EFBIG = const(27)


def _header(crc, size):
    return ("%s %08x %08d\n" % (MAGIC, crc & 0xFFFFFFFF, size)).encode()


def encode(obj):
    """Return the bytes of a save file holding `obj`."""
    body = json.dumps(obj).encode()
    return _header(crc32(body), len(body)) + body


class _Sink(io.IOBase):
    """Passes what json.dump writes on to a file, counting and checksumming it; a short write
    (the flash is full) or a body over MAX_BYTES raises OSError."""

    def __init__(self, f):
        self.f = f
        self.size = 0
        self.crc = 0

    def write(self, data):
        if isinstance(data, str):  # CPython's json writes text; MicroPython's writes bytes
            data = data.encode()
        self.size += len(data)
        if self.size > MAX_BYTES:
            raise OSError(_EFBIG)
        if self.f.write(data) != len(data):
            raise OSError(_ENOSPC)
        self.crc = crc32(data, self.crc)
        return len(data)


def _header_fields(line):
    """(crc32, body length) of a header line (bytes, without its newline); ValueError if it is
    not one."""
    parts = line.decode().split(" ")
    if len(parts) != 3 or parts[0] != MAGIC:
        raise ValueError("bad header")
    return int(parts[1], 16), int(parts[2])


def checked(f):
    """Check the save file open as `f` (at its start) against its header, reading the body in
    CHUNK-byte pieces; return where the body starts. ValueError if it is damaged."""
    head = f.readline()
    crc, size = _header_fields(head.rstrip(b"\n"))
    chunk = bytearray(CHUNK)
    got = total = 0
    n = f.readinto(chunk)
    while n:
        total += n
        got = crc32(memoryview(chunk)[:n], got)
        n = f.readinto(chunk)
    if total != size or (got & 0xFFFFFFFF) != crc:
        raise ValueError("checksum mismatch")
    return len(head)


def parse(f):
    """The object of a checked save's body, read from the file `f` where it starts: json takes
    it from the file itself, so a save is never held whole as text (a heap a game has cut up
    may have no block that long)."""
    return json.load(f)


class Storage:
    """Named saves in one directory (the board's storage directory)."""

    def __init__(self, root):
        if isinstance(root, str):
            self.fs, self._open, self.root = os, open, root
        else:
            self.fs, self._open, self.root = root, root.open, root.path
        if not self._exists(self.root):
            self.fs.mkdir(self.root)

    def _exists(self, path):
        try:
            self.fs.stat(path)
            return True
        except OSError:
            return False

    def _remove(self, path):
        try:
            self.fs.remove(path)
        except OSError:
            pass

    def path(self, name):
        """Return the file path of save `name`."""
        return self.root + "/" + name + ".sav"

    def save(self, name, obj):
        """Write `obj` atomically: a crash leaves either the old save or the new one, never half.

        Raises OSError when the save cannot be written; the old save is then still the one loaded.
        """
        final = self.path(name)
        tmp = final + ".tmp"
        try:
            with self._open(tmp, "wb") as f:
                head = _header(0, 0)
                if f.write(head) != len(head):  # a short write: the flash is full
                    raise OSError(_ENOSPC)
                sink = _Sink(f)
                json.dump(obj, sink)
                f.seek(0)
                f.write(_header(sink.crc, sink.size))
        except OSError:
            self._remove(tmp)
            raise
        try:
            self.fs.rename(tmp, final)
        except OSError:
            # FAT will not rename onto an existing file. If the second rename fails too, the
            # complete .tmp stays: it is the newest good copy and load() recovers it.
            self._remove(final)
            self.fs.rename(tmp, final)

    def _read(self, path):
        """Return `(obj, status)` of one file; a damaged, oversized or unreadable file is CORRUPT,
        a directory in its place is no save (MISSING)."""
        try:
            info = self.fs.stat(path)
        except OSError:
            return None, MISSING
        if info[0] & _IS_DIR:
            return None, MISSING
        if info[6] > MAX_BYTES:
            return None, CORRUPT
        try:
            with self._open(path, "rb") as f:
                f.seek(checked(f))
                # A MemoryError from here on is a save of ours (its checksum holds) that the heap
                # has no room to read just now: it is kept, and the error goes on up (App.step
                # closes the game, the save is there next time). Only a file that is not a good
                # save is damaged.
                return parse(f), OK
        except (ValueError, OSError, RuntimeError):
            # RuntimeError: CPython's parser gives up on deep nesting
            return None, CORRUPT

    def load(self, name):
        """Return `(obj, status)`: status is OK, MISSING or CORRUPT (obj is None unless OK).

        A good `.tmp` beside a missing or damaged save (a power cut mid-save) is loaded and moved
        into the save's place.
        """
        final = self.path(name)
        obj, status = self._read(final)
        if status != OK:
            obj, tmp_status = self._read(final + ".tmp")
            if tmp_status == OK:
                self._remove(final)  # FAT: rename will not replace it; .tmp stays good meanwhile
                try:
                    self.fs.rename(final + ".tmp", final)
                except OSError:
                    pass  # (a directory in the way) the .tmp stays the copy loaded
                return obj, OK
            if tmp_status == CORRUPT:
                status = CORRUPT
        return obj, status

    def delete(self, name):
        """Forget save `name` (a finished game)."""
        self._remove(self.path(name))
        self._remove(self.path(name) + ".tmp")
