"""What the tests of games played between simulated gadgets share: the lossy channel they use,
the `tet` command run as a user runs it, and the search of the air for secrets in the clear."""

import os
import subprocess
import sys

BAD = {"loss": 0.2, "dup": 0.05, "reorder": 0.1}    # a fifth lost, some repeated and reordered
HOST_TOOLS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "host_tools")


def tet(*args):
    """`tet ARGS...` in a process of its own: (returncode, stdout, stderr)."""
    return subprocess.run([sys.executable, "-m", "tetcli.main"] + list(args),
                          capture_output=True, text=True, cwd=HOST_TOOLS)


def pieces(secrets, window):
    """Every `window`-byte piece of each of `secrets` (bytes)."""
    return {s[i:i + window] for s in secrets for i in range(len(s) - window + 1)}


def in_the_clear(frames, hidden, window):
    """The pieces of `hidden` (see pieces) that stand in some frame: a sealed part is spread
    over frames, so each is looked for at every offset of every frame."""
    found = set()
    for frame in frames:
        for i in range(len(frame) - window + 1):
            if frame[i:i + window] in hidden:
                found.add(frame[i:i + window])
    return found
