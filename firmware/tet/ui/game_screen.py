"""The base of every game's play screen: one save key, one way to leave, one computer pacing.

A game's play screen subclasses GameScreen, sets `save_key` (its save's name) and implements
`save_data()`; BACK calls `ask_leave()`. Computer turns wait `bot_ms` (so a person can follow
them) unless a key hurries them: `computer_due(now)` says when to move; `think_stop()` is what a
computer player's search polls while it thinks, and `think()` runs it.
"""

import gc
import time

from tet.core.app import Screen, collect_every
from tet.ui.widgets import Choice

LEAVE_TITLE = "Thoát ván?"
LEAVE_CHOICES = ["Chơi tiếp", "Lưu và thoát"]


def think(work, *args, **kwargs):
    """`work(*args, **kwargs)`, a long computation (a computer player's search, the hand
    checker's), run without the app's early collections (tet.core.app's _COLLECT_EVERY), which
    would make it several times slower; what it leaves is collected before anything else lives
    beside it. Returns what `work` returns."""
    before = collect_every(-1)
    try:
        return work(*args, **kwargs)
    finally:
        gc.collect()
        collect_every(before)


class GameScreen(Screen):
    """A game in progress (subclass it; see the module docstring)."""

    save_key = ""
    save_version = 1    # the format of save_data(), for app.load_game's checks and migrations
    bot_ms = 600
    think_ms = 1000     # a computer move's time limit on the clock (the node budget rules first)
    # extra choices of the exit question (e.g. Xăm Hường's "Hột văng"); see exit_choice()
    exit_extras = ()

    def __init__(self, app):
        Screen.__init__(self, app)
        self.due = None
        self.hurry = False

    def save_data(self):
        """The data to save now (a dict), or None when there is nothing to keep."""
        return None

    def save(self):
        """Save the game after a completed action, so a reboot resumes it there."""
        data = self.save_data()
        if data is not None:
            # a save builds a few KB of short-lived text: start it on a collected heap
            gc.collect()
            self.app.save_game(self.save_key, data, self.save_version)

    def forget(self):
        """The game is over: remove its save."""
        self.app.forget_game(self.save_key)

    def ask_leave(self):
        """Ask "Thoát ván?": keep playing, or save and go back to the launcher (which frees the
        game), or one of `exit_extras`."""

        def picked(index):
            if index == 1:
                self.save()
                self.app.home()
            elif index > 1:
                self.exit_choice(index - 2)

        self.app.push(Choice(self.app, LEAVE_TITLE, LEAVE_CHOICES + list(self.exit_extras), picked))

    def exit_choice(self, index):
        """The player picked `exit_extras[index]` in the exit question."""

    def computer_due(self, now):
        """True when a computer player should move now: `bot_ms` after its turn began, or at
        once after a key hurried it."""
        if self.due is None:
            self.due = time.ticks_add(now, self.bot_ms)
        if not self.hurry and time.ticks_diff(now, self.due) < 0:
            return False
        self.due = None
        self.hurry = False
        return True

    def think_stop(self):
        """A should_stop for a computer player's search: True when BACK waits (App.pump, which
        also keeps the screen moving) or once `think_ms` of the clock have passed since now, so
        a chip slower than measured still answers in time with the best move found so far."""
        app = self.app
        start = app.hw.clock()
        limit = self.think_ms

        def should_stop():
            return app.pump() or time.ticks_diff(app.hw.clock(), start) >= limit

        return should_stop
