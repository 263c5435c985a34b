"""Tổ Tôm at a shared table, the host's gadget: the ordinary table (table.py), showing the
host's own hand only.

Every action, the host's own, a computer player's or one a guest sent, goes through the table
(tet.net.table.Host), which checks it with the engine and sends everyone the new public state
and each guest its own cards, sealed; the host saves the hội and the table after every action,
so a reboot resumes both. Each game's result stays on every gadget until the host closes its
own; the next game is dealt once every guest has the result (or after tet.net.table.LOST_MS,
so a gadget out of range does not hold the table). The guest's side is guest_table.py.
"""

from binascii import unhexlify

from tet.core.rng import Rng
from tet.games.to_tom import engine as T
from tet.games.to_tom import adapter as A
from tet.games.to_tom.intents import NEXT, encode, seat_names
from tet.games.to_tom.play import Table, event_text
from tet.net.deal import new_secret
from tet.net.table import COMPUTER, ME
from tet.ui.together import close_table, offer_absent, resume_table, table_moved
from tet.ui.widgets import Message

RESULT_WAIT = "Chờ mọi người xem kết quả…"


class HostTable(Table):
    """The host's table: `host` is the table of the protocol (its adapter holds the hội)."""

    room = 0

    def __init__(self, app, host, rng=None):
        self.host = host
        self.asked = -1     # the version at which an absent seat was last offered
        self.drawn = host.version   # the table's version on the panel (guests play unseen)
        adapter = host.adapter
        Table.__init__(self, app, adapter.hoi, adapter.game, rng or Rng(app.rng.next32()),
                       1 if adapter.thap_hong_or_more else 0)
        adapter.people = [s != COMPUTER for s in host.seats]
        self.names = seat_names(adapter.people, 0)
        adapter.on_play = self._shown
        app.serve(host.poll)

    def first_enter(self):
        """Saved as soon as the table starts; resumed between two games, the result again."""
        if self.game.phase == T.P_OVER:
            self._finish()
        else:
            self.save()

    def _computer_plays(self, p):
        return self.host.seats[p] in (ME, COMPUTER)

    def _bot_step(self):
        p = self.game.to_move()
        if p >= 0 and self._computer_plays(p):
            Table._bot_step(self)

    def _play(self, p, action):
        # our own or a computer player's action: through the table, which calls _shown
        self.host.play(p, encode(action), self.app.hw.clock())

    def _last_event(self):
        event = self.host.adapter.event       # what the others saw, never a declined offer
        return event_text(event, self.names) if event else ""

    def _shown(self, p, action):
        """After the adapter applied an action (None: the next game was dealt)."""
        self.game = self.host.adapter.game
        if action is None:
            self.event = ""
            self.save()
            self._refresh()
        else:
            self._played(action)

    def _finish(self):
        self.save()
        title, body = self.announce()
        if self.hoi.over():
            self.forget()
            self.app.push(Message(self.app, title, body,
                                  on_close=lambda: close_table(self.app, self)))
            return
        self.app.push(Message(self.app, title, body, on_close=self._next_game))

    def _next_game(self):
        if not self.host.play_when_delivered(0, NEXT, self.app.hw.clock()):
            self.event = RESULT_WAIT
            self._refresh()

    def tick(self, now):
        changed = table_moved(self)
        p = self.game.to_move()
        if p >= 0 and not self._computer_plays(p) and offer_absent(self, p, now,
                                                                    self._to_computer):
            return True
        return Table.tick(self, now) or changed

    def _to_computer(self, seat):
        """The person at `seat` is gone: the host's computer player takes their seat."""
        self.host.give_to_computer(seat)
        self.host.adapter.people[seat] = False
        self.names = seat_names(self.host.adapter.people, 0)
        self.save()


def resume_host(app, data, read_save):
    """The host's table of a saved shared hội: the table goes on where it stopped. `read_save`
    is tet.games.to_tom.saved's, which opens this table (so this module does not import it
    back); its module leaves sys.modules with the read."""
    hoi, game, rng, thap, _event = read_save(data, finished=True)
    read_save = None
    kept = data.get("shared")
    if type(kept) is not dict:
        raise ValueError("Tổ Tôm save: shared table")
    secret_hex = kept.get("secret")
    try:
        secret = unhexlify(secret_hex if type(secret_hex) is str else "")
    except ValueError:
        raise ValueError("Tổ Tôm save: shared table")
    people, event = kept.get("people"), kept.get("event")
    if len(secret) != 16 or type(people) is not list or len(people) != hoi.n or \
            not (event is None or type(event) is list and len(event) == 3):
        raise ValueError("Tổ Tôm save: shared table")
    adapter = A.Adapter(hoi, lambda: new_secret(app), bool(thap), game, secret)
    adapter.event = event
    return HostTable(app, resume_table(app, adapter, data), rng)
