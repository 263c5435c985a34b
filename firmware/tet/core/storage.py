"""Power-loss-safe saves: JSON behind a checksummed header, written to a temporary file and renamed.

A save file is one header line `TET1 <crc32 hex> <byte length>` followed by the JSON body. A
missing, truncated or corrupt file is reported to the caller and never raises.
"""

import json
import os
from binascii import crc32

MAGIC = "TET1"
OK = "ok"
MISSING = "missing"
CORRUPT = "corrupt"


def encode(obj):
    """Return the bytes of a save file holding `obj`."""
    body = json.dumps(obj).encode()
    head = "%s %08x %d\n" % (MAGIC, crc32(body) & 0xFFFFFFFF, len(body))
    return head.encode() + body


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
        """Write `obj` atomically: a crash leaves either the old save or the new one, never half."""
        final = self.path(name)
        tmp = final + ".tmp"
        with self._open(tmp, "wb") as f:
            f.write(encode(obj))
        try:
            self.fs.rename(tmp, final)
        except OSError:
            # FAT will not rename over an existing file; the .tmp copy is recovered by load().
            self._remove(final)
            self.fs.rename(tmp, final)

    def load(self, name):
        """Return `(obj, status)`: status is OK, MISSING or CORRUPT (obj is None unless OK)."""
        final = self.path(name)
        status = MISSING
        for path in (final, final + ".tmp"):
            if not self._exists(path):
                continue
            try:
                with self._open(path, "rb") as f:
                    obj = decode(f.read())
            except (ValueError, OSError):
                status = CORRUPT
                continue
            if path != final:
                self.fs.rename(path, final)
            return obj, OK
        return None, status

    def delete(self, name):
        """Forget save `name` (a finished game)."""
        self._remove(self.path(name))
        self._remove(self.path(name) + ".tmp")
