"""Power-loss-safe saves: JSON behind a checksummed header, written to a temporary file and renamed.

A save file is one header line `TET1 <crc32 hex> <byte length>` followed by the JSON body. A
missing, truncated or corrupt file is reported to the caller and never raises. A save is streamed
to the file as json writes it (the header, fixed width, is filled in last), so saving a big game
never needs its whole text in the heap.
"""

import io
import json
import os
from binascii import crc32

MAGIC = "TET1"
OK = "ok"
MISSING = "missing"
CORRUPT = "corrupt"


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _header(crc, size):
    return ("%s %08x %08d\n" % (MAGIC, crc & 0xFFFFFFFF, size)).encode()


def encode(obj):
    """Return the bytes of a save file holding `obj`."""
    body = json.dumps(obj).encode()
    return _header(crc32(body), len(body)) + body


class _Sink(io.IOBase):
    """Passes what json.dump writes on to a file, counting and checksumming it."""

    def __init__(self, f):
        self.f = f
        self.size = 0
        self.crc = 0

    def write(self, data):
        if isinstance(data, str):  # CPython's json writes text; MicroPython's writes bytes
            data = data.encode()
        self.f.write(data)
        self.size += len(data)
        self.crc = crc32(data, self.crc)
        return len(data)


def decode(data):
    """Return the object in save bytes `data`, or raise ValueError if they are damaged."""
    nl = data.find(b"\n")
    if nl < 0:
        raise ValueError("no header")
    parts = data[:nl].decode().split(" ")
    if len(parts) != 3 or parts[0] != MAGIC:
        raise ValueError("bad header")
    body = data[nl + 1:]
    if len(body) != int(parts[2]) or (crc32(body) & 0xFFFFFFFF) != int(parts[1], 16):
        raise ValueError("checksum mismatch")
    return json.loads(body)


class Storage:
    """Named saves in one directory (the board's storage directory)."""

    def __init__(self, root):
        self.root = root
        if not _exists(root):
            os.mkdir(root)

    def path(self, name):
        """Return the file path of save `name`."""
        return self.root + "/" + name + ".sav"

    def save(self, name, obj):
        """Write `obj` atomically: a crash leaves either the old save or the new one, never half."""
        final = self.path(name)
        tmp = final + ".tmp"
        with open(tmp, "wb") as f:
            f.write(_header(0, 0))
            sink = _Sink(f)
            json.dump(obj, sink)
            f.seek(0)
            f.write(_header(sink.crc, sink.size))
        try:
            os.rename(tmp, final)
        except OSError:
            # FAT will not rename over an existing file; the .tmp copy is recovered by load().
            _remove(final)
            os.rename(tmp, final)

    def load(self, name):
        """Return `(obj, status)`: status is OK, MISSING or CORRUPT (obj is None unless OK)."""
        final = self.path(name)
        status = MISSING
        for path in (final, final + ".tmp"):
            if not _exists(path):
                continue
            try:
                with open(path, "rb") as f:
                    obj = decode(f.read())
            except (ValueError, OSError):
                status = CORRUPT
                continue
            if path != final:
                os.rename(path, final)
            return obj, OK
        return None, status

    def delete(self, name):
        """Forget save `name` (a finished game)."""
        _remove(self.path(name))
        _remove(self.path(name) + ".tmp")
