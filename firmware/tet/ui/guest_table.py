"""What every game's guest table screen does alike (one gadget per player; the guest's end of
the protocol is tet.net.guest): follow the host's states, say when the table is lost, leave."""

# pyright: reportAttributeAccessIssue=false
# (a mixin: `app`, `guest`, `play_tick`, `show_lost` and `sync` are the screen's it is mixed into)

from tet.ui.together import ask_leave_table


class GuestScreen:
    """Mixed in before a game's own play screen (`class GuestBoard(GuestScreen, Board)`), with
    `guest` (a tet.net.guest.Guest) set before that screen's __init__ and `play_tick` the play
    screen's tick. Each pass: whether the table went silent or was heard again (show_lost),
    the host's newest state once the screen is not busy showing the last one (sync), then the
    play screen's own tick. The game's class gives `sync()` (and its own `show_lost` where a
    flag is not enough). The host keeps the game, so a guest saves and forgets nothing."""

    lost = False    # the table has gone silent (the play screen says so)

    def tick(self, now):
        guest = self.guest
        changed = self.show_lost(guest.lost(now))
        if guest.fresh and not self.busy():
            guest.fresh = False
            self.sync()
            return True
        return self.play_tick(now) or changed

    def show_lost(self, lost):
        """Note whether the table is lost (nothing heard from the host for a while); True when
        the screen changed. Here a flag the play screen draws; a screen that says it in a text
        line of its own overrides this."""
        changed = lost != self.lost
        self.lost = lost
        return changed

    def busy(self):
        """True while the screen is still showing a state (an animation): the next one waits."""
        return False

    def save_data(self):
        return None     # the host keeps the game; coming back to the table gets it again

    def forget(self):
        """Nothing to forget: this gadget's own save (of a game of its own) stays."""

    def ask_leave(self):
        """Leave the table, or stay."""
        ask_leave_table(self.app)
