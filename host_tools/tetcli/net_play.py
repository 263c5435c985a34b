"""Shared games between simulated gadgets on one seeded channel (sim.air), as `tet net play`
and the tests run them.

Gadget 0 hosts; the others join by the table code. The first `humans` seats are people, each
at their own gadget: scripted players that look at what their gadget shows and send intents
over the radio after a moment's thought. The other seats are the host's computer players, and
the gadgets beyond the people watch. A run can reboot a guest or the host at a given time (the
host resumes from its save, written after every accepted intent as the app does), and ends
when every gadget shows the host's final state.

What differs per game is a *driver*, `Driver` in tetcli.<package>_net for a game of the
registry (tet.registry) that can be played together: it makes the host's game and adapter,
reads a public state as a gadget shows it, picks a person's or a computer's intent, replays the
host's log on one gadget and states the result. Its `OPTIONS` are the options `tet net play`
takes for that game: {name: (help, least, most, default)}, passed to its constructor.
"""

import binascii
import json

import sim

sim.install_fakes()     # MicroPython's wrapping tick functions in `time`, as the gadgets use

from sim.air import Air  # noqa: E402
from tet.core.rng import Rng  # noqa: E402
from tet.net.link import Link  # noqa: E402
from tet.net.guest import Guest  # noqa: E402
from tet.net.host import Host  # noqa: E402
from tet.net.table import COMPUTER, ME  # noqa: E402
from tet.registry import GAMES as REGISTRY, ID, PACKAGE  # noqa: E402
from tetcli.common import game_module  # noqa: E402

GAMES = tuple(entry[ID] for entry in REGISTRY)     # the ids `--game` takes, in menu order
STEP_MS = 10
THINK_MS = 120                  # a scripted person's pause before acting
WHIM = 4                        # a scripted person plays a random legal move one time in WHIM
MAX_MS = 60 * 60 * 1000         # a whole game of virtual time, at most


def address(i):
    """The simulated MAC address of gadget i."""
    return bytes((0x02, 0x54, 0x45, 0x54, 0x00, i + 1))


def digest(state):
    """A short fingerprint of a public state."""
    return "%08x" % (binascii.crc32(bytes(state)) & 0xFFFFFFFF)


def driver(game_id):
    """The driver class of registry game `game_id`, or None when the game has none (it cannot
    be played together yet)."""
    package = [entry[PACKAGE] for entry in REGISTRY if entry[ID] == game_id][0]
    module = game_module("tetcli.%s_net" % package)
    return module.Driver if module else None


class SharedRun:
    """One shared game of `game_id` between `gadgets` simulated gadgets (see the module doc)."""

    def __init__(self, gadgets, humans, seed, loss=0.0, dup=0.0, reorder=0.0, game_id="oaq",
                 record=False, **game_options):
        self.air = Air(seed, loss, dup, reorder, record)
        self.rng = Rng(seed)
        self.gadgets = gadgets
        self.humans = humans
        self.game_id = game_id
        self.driver = driver(game_id)(gadgets, self.rng, **game_options)
        self.code = 1000 + self.rng.below(9000)
        self.host = Host(self._link(0), self.code, game_id, self.driver.new_adapter(),
                         people=humans, log=True)
        self.guests = [None] + [Guest(self._link(i), self.code) for i in range(1, gadgets)]
        self.saved = self.earlier = self._save()
        # with `lagging_save`, a host that reboots reads the save before its last: the last
        # intent was sent to everyone, not yet saved, when it went down
        self.lagging_save = False
        self.rebooted_at = []   # how many intents the host had applied at each reboot
        self.now = 0
        self.acted = {}         # gadget -> (version acted on, ms when it may act)
        self.stats = [[0, 0] for _ in range(gadgets)]   # sent, resent of earlier boots

    def _host_view(self):
        """What the host's gadget shows (a driver with `truth` decides on the host's engine)."""
        adapter = self.host.adapter
        if hasattr(self.driver, "truth"):
            return self.driver.truth(adapter)
        mine = adapter.private(0) if hasattr(adapter, "private") else None
        return self.driver.look(adapter.options(), adapter.public(), mine, 0)

    def _look(self, guest):
        """What guest gadget `guest` shows: the public state and its own part."""
        return self.driver.look(guest.options, guest.state, guest.private, guest.seat)

    def _link(self, i):
        return Link(self.air.radio(address(i)), self.rng.next32())

    def _save(self):
        return json.dumps({"table": self.host.to_dict(),
                           "game": self.driver.save(self.host.adapter)})

    def _store(self):
        """The host saves after an applied intent, as the app does."""
        self.earlier, self.saved = self.saved, self._save()

    def _counts(self, i):
        link = self.host.link if i == 0 else self.guests[i].link
        return self.stats[i][0] + link.sent, self.stats[i][1] + link.resent

    def reboot(self, i):
        """Gadget i restarts: a guest rejoins with nothing but the table code; the host reads
        its last save back and carries on."""
        sent, resent = self._counts(i)
        self.stats[i] = [sent, resent]
        self.acted.pop(i, None)
        self.rebooted_at.append(len(self.host.log))
        if i:
            self.guests[i] = Guest(self._link(i), self.code)
            return
        # an intent the host had not saved is gone: whoever sent it sees their turn again
        self.acted.clear()
        saved = json.loads(self.earlier if self.lagging_save else self.saved)
        self.host = Host.from_dict(self._link(0), self.driver.restore(saved["game"]),
                                   saved["table"], self.now)

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

    def _host_turn(self):
        view = self._host_view()
        seat = self.driver.to_move(view)
        if seat is None:
            return
        who = self.host.seats[seat]
        if who != ME and who != COMPUTER:
            return
        if not self._ready(0, self.host.version):
            return
        self.host.play(seat, self.driver.intent(view, who == ME), self.now)
        self._store()

    def _guest_turn(self, i):
        guest = self.guests[i]
        if guest.seat is None or guest.state is None or guest.seat >= self.humans:
            return
        view = self._look(guest)
        if self.driver.to_move(view) != guest.seat or not self._ready(i, guest.version):
            return
        guest.intend(self.driver.intent(view, True), self.now)

    def settled(self):
        """True when the game is over and every gadget shows the host's final state."""
        if self.driver.to_move(self._host_view()) is not None:
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
            if self.host.version != version:     # a guest's intent: saved, as the app does
                self._store()
            for i in range(1, self.gadgets):
                self.guests[i].poll(self.now)
                self._guest_turn(i)
            self._host_turn()
            self.now += STEP_MS
        return self.report()

    def replay(self):
        """What a single gadget replaying the host's log ends with (see Driver.replay)."""
        return self.driver.replay(self.host.log)

    def report(self):
        """Per gadget: its seat, final state's digest, result and radio counts; `ok` when all
        show the state a single-device replay of the host's log ends in."""
        reference = self.replay()
        rows = []
        ok = self.settled() and reference is not None
        for i in range(self.gadgets):
            if i == 0:
                state, seat, view = self.host.adapter.public(), 0, self._host_view()
            else:
                guest = self.guests[i]
                state, seat = guest.state, guest.seat
                view = self._look(guest) if state else None
            sent, resent = self._counts(i)
            rows.append({"gadget": i, "seat": seat, "digest": digest(state or b""),
                         "result": self.driver.result(view) if view is not None else None,
                         "sent": sent, "retransmitted": resent,
                         "dropped": self.air.lost_to.get(address(i), 0)})
            ok = ok and state is not None and self.driver.position(state) == reference
        return {"game": self.game_id, "code": self.code, "moves": len(self.host.log),
                "ms": self.now, "frames": self.air.sent, "lost": self.air.lost,
                "duplicated": self.air.copies, "gadgets": rows, "ok": ok}
