"""Shared games between simulated gadgets on one seeded channel (sim.air), as `tet net play`
and the tests run them.

Gadget 0 hosts; the others join by the table code. The first `humans` seats are people, each
at their own gadget: scripted players that look at what their gadget shows and send intents
over the radio after a moment's thought (a greedy move, or now and then any legal move, drawn
from the run's seed). The other seats are the host's computer players (Dễ), and the gadgets
beyond the people watch. A
run can reboot a guest or the host at a given time (the host resumes from its save, written
after every move as the app does), and ends when every gadget shows the host's final state.
"""

import binascii
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from sim.air import Air  # noqa: E402
from tet.core.rng import Rng  # noqa: E402
from tet.games.o_an_quan import shared as oaq_shared  # noqa: E402
from tet.games.o_an_quan.ai import Searcher, greedy_move, level_nodes  # noqa: E402
from tet.games.o_an_quan.engine import Game  # noqa: E402
from tet.net.link import Link  # noqa: E402
from tet.net.table import COMPUTER, ME, Guest, Host  # noqa: E402

GAMES = ("oaq", "xh", "totom", "xs")
PLAYED = {"oaq": (2, 4)}        # games played over the radio so far: (fewest, most) gadgets
STEP_MS = 10
THINK_MS = 120                  # a scripted person's pause before acting
WHIM = 4                        # a scripted person plays a random legal move one time in WHIM
MAX_MS = 30 * 60 * 1000         # a whole game of virtual time, at most


def address(i):
    """The simulated MAC address of gadget i."""
    return bytes((0x02, 0x54, 0x45, 0x54, 0x00, i + 1))


def digest(state):
    """A short fingerprint of a public state."""
    return "%08x" % (binascii.crc32(bytes(state)) & 0xFFFFFFFF)


class SharedRun:
    """One shared Ô Ăn Quan game between `gadgets` simulated gadgets (see the module doc)."""

    def __init__(self, gadgets, humans, seed, loss=0.0, dup=0.0, reorder=0.0):
        self.air = Air(seed, loss, dup, reorder)
        self.rng = Rng(seed)
        self.gadgets = gadgets
        self.humans = humans
        self.code = 1000 + self.rng.below(9000)
        self.game = Game(gadgets)
        self.host = Host(self._link(0), self.code, "oaq", oaq_shared.Shared(self.game),
                         people=humans, log=True)
        self.guests = [None] + [Guest(self._link(i), self.code) for i in range(1, gadgets)]
        self.searcher = Searcher(gadgets)
        self.nodes = level_nodes("de", gadgets)
        self.scratch = bytearray(len(self.game.state))
        self.saved = self._save()
        self.now = 0
        self.acted = {}         # gadget -> (version acted on, ms when it may act)
        self.stats = [[0, 0] for _ in range(gadgets)]   # sent, resent of earlier boots

    def _link(self, i):
        return Link(self.air.radio(address(i)), self.rng.next32())

    def _save(self):
        return json.dumps({"table": self.host.to_dict(), "game": self.game.to_dict()})

    def _counts(self, i):
        link = self.host.link if i == 0 else self.guests[i].link
        return self.stats[i][0] + link.sent, self.stats[i][1] + link.resent

    def reboot(self, i):
        """Gadget i restarts: a guest rejoins with nothing but the table code; the host reads
        its last save back and carries on."""
        sent, resent = self._counts(i)
        self.stats[i] = [sent, resent]
        self.acted.pop(i, None)
        if i:
            self.guests[i] = Guest(self._link(i), self.code)
            return
        # a move the host had not saved is gone: whoever made it sees their turn again
        self.acted.clear()
        saved = json.loads(self.saved)
        self.game = Game.from_dict(saved["game"])
        self.host = Host.from_dict(self._link(0), oaq_shared.Shared(self.game), saved["table"],
                                   self.now)

    def _choose(self, game, person):
        if person and self.rng.below(WHIM) == 0:
            return self.rng.choice(game.legal_moves())
        if person:
            return greedy_move(game.state, game.players, game.quan_value, game.quan_non,
                               self.scratch)
        square, step, _value = self.searcher.search(game.state, self.nodes)
        return square, step

    def _host_turn(self):
        seat = self.game.turn
        who = self.host.seats[seat]
        if who != ME and who != COMPUTER:
            return
        if not self._ready(0, self.host.version):
            return
        square, step = self._choose(self.game, who == ME)
        self.host.play(seat, oaq_shared.intent(square, step), self.now)
        self.saved = self._save()

    def _ready(self, i, version):
        """A person (or the computer, for pacing) acts once per state, after THINK_MS."""
        seen = self.acted.get(i)
        if seen is None or seen[0] != version:
            self.acted[i] = (version, self.now + THINK_MS)
            return False
        if seen[1] is None or self.now < seen[1]:
            return False
        self.acted[i] = (version, None)
        return True

    def _guest_turn(self, i):
        guest = self.guests[i]
        if guest.seat is None or guest.state is None or guest.seat >= self.humans:
            return
        view = oaq_shared.view(guest.options, guest.state)
        if view.over or view.turn != guest.seat or not self._ready(i, guest.version):
            return
        square, step = self._choose(view, True)
        guest.intend(oaq_shared.intent(square, step), self.now)

    def settled(self):
        """True when the game is over and every gadget shows the host's final state."""
        if not self.game.over:
            return False
        final = self.host.adapter.public()
        return all(g.state == final and g.version == self.host.version
                   for g in self.guests[1:])

    def run(self, reboots=()):
        """Play to the end; `reboots` are (ms, gadget) pairs. Return the report (see report)."""
        todo = sorted(reboots)
        while self.now < MAX_MS and not self.settled():
            while todo and todo[0][0] <= self.now:
                self.reboot(todo.pop(0)[1])
            self.air.tick(self.now)
            version = self.host.version
            self.host.poll(self.now)
            if self.host.version != version:     # a guest's move: saved, as the app does
                self.saved = self._save()
            for i in range(1, self.gadgets):
                self.guests[i].poll(self.now)
                self._guest_turn(i)
            if not self.game.over:
                self._host_turn()
            self.now += STEP_MS
        return self.report()

    def replay(self):
        """The host's log played on one gadget: the public state a single device ends with."""
        game = Game(self.gadgets)
        for seat, intent in self.host.log:
            square, step = oaq_shared.move_of(intent)
            if game.turn != seat or not game.is_legal(square, step):
                return None
            game.play(square, step)
        return bytes(game.state)

    def report(self):
        """Per gadget: its seat, final state's digest, result and radio counts; `ok` when all
        show the state a single-device replay of the host's log ends in."""
        reference = self.replay()
        rows = []
        ok = self.settled() and reference is not None
        for i in range(self.gadgets):
            if i == 0:
                state, seat = self.host.adapter.public(), 0
            else:
                state, seat = self.guests[i].state, self.guests[i].seat
            view = oaq_shared.view(self.host.adapter.options(), state) if state else None
            sent, resent = self._counts(i)
            rows.append({"gadget": i, "seat": seat, "digest": digest(state or b""),
                         "result": view.scores() if view is not None and view.over else None,
                         "sent": sent, "retransmitted": resent,
                         "dropped": self.air.lost_to.get(address(i), 0)})
            ok = ok and state is not None and oaq_shared.position(state) == reference
        return {"game": "oaq", "code": self.code, "moves": len(self.host.log),
                "ms": self.now, "frames": self.air.sent, "lost": self.air.lost,
                "duplicated": self.air.copies, "gadgets": rows, "ok": ok}
