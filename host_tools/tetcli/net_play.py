"""Shared games between simulated gadgets on one seeded channel (sim.air), as `tet net play`
and the tests run them.

Gadget 0 hosts; the others join by the table code. The first `humans` seats are people, each
at their own gadget: scripted players that look at what their gadget shows and send intents
over the radio after a moment's thought. The other seats are the host's computer players, and
the gadgets beyond the people watch. A run can reboot a guest or the host at a given time (the
host resumes from its save, written after every accepted intent as the app does), and ends
when every gadget shows the host's final state.

What differs per game is a *driver* (DRIVERS): it makes the host's game and adapter, reads a
public state as a gadget shows it, picks a person's or a computer's intent, replays the host's
log on one gadget and states the result.
"""

import binascii
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

import sim  # noqa: E402

sim.install_fakes()     # MicroPython's wrapping tick functions in `time`, as the gadgets use

from sim.air import Air  # noqa: E402
from tet.core.rng import Rng  # noqa: E402
from tet.games.o_an_quan import shared as oaq_shared  # noqa: E402
from tet.games.o_an_quan.ai import Searcher, greedy_move, level_nodes  # noqa: E402
from tet.games.o_an_quan.engine import Game  # noqa: E402
from tet.games.to_tom import engine as totom  # noqa: E402
from tet.games.to_tom import shared as totom_shared  # noqa: E402
from tet.games.to_tom import state as totom_state  # noqa: E402
from tet.games.to_tom import intents as totom_intents  # noqa: E402
from tet.games.to_tom.ai import Player as TotomPlayer  # noqa: E402
from tet.games.xam_huong import shared as xh_shared  # noqa: E402
from tet.games.xam_huong.engine import XamHuong  # noqa: E402
from tet.games.xap_sac import engine as xs_engine  # noqa: E402
from tet.games.xap_sac import load as xs_load  # noqa: E402
from tet.games.xap_sac import shared as xs_shared  # noqa: E402
from tet.games.xap_sac.ai import HeuristicPlayer  # noqa: E402
from tet.net.deal import Deal  # noqa: E402
from tet.net.link import Link  # noqa: E402
from tet.net.guest import Guest  # noqa: E402
from tet.net.host import Host  # noqa: E402
from tet.net.table import COMPUTER, ME  # noqa: E402

GAMES = ("oaq", "xh", "totom", "xs")
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


class OaqDriver:
    """Ô Ăn Quan: people play greedy moves (now and then any legal move), the computer Dễ."""

    fewest, most = 2, 4

    def __init__(self, players, rng):
        self.players = players
        self.rng = rng
        self.searcher = Searcher(players)
        self.nodes = level_nodes("de", players)
        self.scratch = bytearray(6 * players + 5 * players + 2)

    def new_adapter(self):
        """The host's game and its adapter."""
        return oaq_shared.Shared(Game(self.players))

    def restore(self, saved):
        """The adapter of a host restarting from `saved` (its "game" part)."""
        return oaq_shared.Shared(Game.from_dict(saved))

    def save(self, adapter):
        """What the host's save keeps of its game."""
        return adapter.game.to_dict()

    def look(self, options, public, private=None, seat=None):
        """What a gadget shows of a public state (and, in a game with hidden cards, its own
        part and seat): here the game."""
        return oaq_shared.view(options, public)

    def to_move(self, game):
        """The seat to act, or None once the game is over."""
        return None if game.over else game.turn

    def intent(self, game, person):
        """What the player to move does (a person, or the host's computer player)."""
        if person and self.rng.below(WHIM) == 0:
            return oaq_shared.intent(*self.rng.choice(game.legal_moves()))
        if person:
            return oaq_shared.intent(*greedy_move(game.state, game.players, game.quan_value,
                                                  game.quan_non, self.scratch))
        square, step, _value = self.searcher.search(game.state, self.nodes)
        return oaq_shared.intent(square, step)

    def position(self, public):
        """The part of a public state every gadget must agree on."""
        return oaq_shared.position(public)

    def replay(self, log):
        """The position the host's log gives on one gadget, or None if it does not play."""
        game = Game(self.players)
        for seat, intent in log:
            square, step = oaq_shared.move_of(intent)
            if game.turn != seat or not game.is_legal(square, step):
                return None
            game.play(square, step)
        return bytes(game.state)

    def result(self, game):
        """The final scores, or None before the end."""
        return game.scores() if game.over else None


class XhDriver:
    """Xăm Hường: everyone rolls on their turn (the host draws the dice from the generator of
    its committed secret, so the log replays on one gadget from that secret)."""

    fewest, most = 2, 12

    def __init__(self, players, rng):
        self.players = players
        self.secret = rng.next32().to_bytes(4, "little") * 4

    def new_adapter(self):
        names = ["Người %d" % (p + 1) for p in range(self.players)]
        return xh_shared.Shared(XamHuong(self.players), names, self.secret)

    def restore(self, saved):
        adapter = xh_shared.Shared(XamHuong.from_dict(saved["game"]), saved["names"],
                                   self.secret)
        adapter.rng.state = saved["dice_rng"]
        adapter.dice, adapter.pending, adapter.shown = saved["dice"], saved["pending"], \
            saved["shown"]
        return adapter

    def save(self, adapter):
        """What the host's save keeps of its game (its dice generator's state too)."""
        return {"game": adapter.game.to_dict(), "names": adapter.names, "dice": adapter.dice,
                "pending": adapter.pending, "shown": adapter.shown,
                "dice_rng": adapter.rng.state}

    def look(self, options, public, private=None, seat=None):
        """(game, names, dice, pending, shown, commit, secret) of a public state."""
        return xh_shared.view(public)

    def to_move(self, shown):
        game = shown[0]
        return None if game.over() else game.turn

    def intent(self, shown, person):
        """Roll, or take the roll on show (people and computers take what they roll)."""
        return xh_shared.ROLL if shown[3] is None else xh_shared.TAKE

    def position(self, public):
        return json.dumps(xh_shared.view(public)[0].to_dict(), sort_keys=True).encode()

    def replay(self, log):
        adapter = xh_shared.Shared(XamHuong(self.players), [], self.secret)
        for seat, intent in log:
            if not adapter.accepts(seat, intent):
                return None
            adapter.apply(seat, intent)
        return json.dumps(adapter.game.to_dict(), sort_keys=True).encode()

    def result(self, shown):
        """What each player won or lost, or None before the end."""
        game = shown[0]
        return game.nets() if game.over() else None


class TotomDriver:
    """Tổ Tôm: a hội of `target` points (4 players with 4 gadgets, else 5). Every seat decides
    with the computer player's judgement on what its own gadget shows (its hand and the table;
    now and then a person takes any legal action); the host's seats decide on its engine. Each
    game is dealt from the secret of its number, so the log replays on one gadget."""

    fewest, most = 2, 5

    def __init__(self, gadgets, rng, target=totom_state.HOI_TARGET):
        self.players = 4 if gadgets == 4 else 5
        self.rng = rng
        self.target = target
        self.dealer = rng.below(self.players)
        self.seed = rng.next32()
        self.player = TotomPlayer("bot", rng)

    def _secrets(self, hoi):
        # the secret of game number hoi.games, from the run's seed
        return lambda: (self.seed + 7919 * hoi.games).to_bytes(8, "little") * 2

    def new_adapter(self):
        hoi = totom.Hoi(self.players, self.dealer, self.target)
        return totom_shared.Shared(hoi, self._secrets(hoi))

    def restore(self, saved):
        hoi = totom.Hoi.from_dict(saved["hoi"])
        game = totom.ToTom.from_dict(saved["game"])
        game.log = []
        adapter = totom_shared.Shared(hoi, self._secrets(hoi), game=game,
                                      secret=binascii.unhexlify(saved["secret"]))
        adapter.event = saved["event"]
        return adapter

    def save(self, adapter):
        """What the host's save keeps: the hội, the game, the game's secret."""
        return {"hoi": adapter.hoi.to_dict(), "game": adapter.game.to_dict(),
                "secret": adapter.to_dict()["secret"], "event": adapter.event}

    def look(self, options, public, private=None, seat=None):
        """(game, hội) as a gadget shows them: its own hand only."""
        game, hoi, _public, _mine = totom_shared.view(public, private,
                                                      -1 if seat is None else seat)
        return game, hoi

    def truth(self, adapter):
        """The host's own view: its engine."""
        return adapter.game, adapter.hoi

    def to_move(self, shown):
        game, hoi = shown
        if game.phase == totom.P_OVER:
            return None if hoi.over() else 0
        return game.to_move()

    def intent(self, shown, person):
        game = shown[0]
        if game.phase == totom.P_OVER:
            return totom_intents.NEXT
        p = game.to_move()
        if person and self.rng.below(WHIM) == 0:
            return totom_intents.encode(self.rng.choice(game.legal(p)))
        return totom_intents.encode(self.player.choose(game, p))

    def position(self, public):
        return bytes(public)

    def replay(self, log):
        adapter = self.new_adapter()
        for seat, intent in log:
            if adapter.to_move() != seat or not adapter.accepts(seat, intent):
                return None
            adapter.apply(seat, intent)
        return adapter.public()

    def result(self, shown):
        """The hội's scores, or None before its end."""
        game, hoi = shown
        return list(hoi.scores) if game.phase == totom.P_OVER and hoi.over() else None


class XsDriver:
    """Xấp Sắc: the host deals from its committed secret; a person looks at their own gadget
    (their hand and the table) and plays what the easy computer would (now and then any legal
    play or a pass); the host's computer players play Vừa with the hand the host holds."""

    fewest, most = 2, 4
    deck = xs_engine.DECK_7X2

    def __init__(self, players, rng):
        self.players = players
        self.rng = rng
        self.secret = b"".join(rng.next32().to_bytes(4, "little") for _ in range(4))
        self.person = HeuristicPlayer(0)
        self.computer = HeuristicPlayer(1)
        self.adapter = None

    def _adapter(self, game):
        self.adapter = xs_shared.Shared(game, self.secret)
        return self.adapter

    def new_adapter(self):
        return self._adapter(xs_shared.new_game(self.players, self.deck, self.secret))

    def restore(self, saved):
        game = xs_load.from_dict(saved["game"])
        game.rng = Deal(self.secret, game.rng.state)
        adapter = self._adapter(game)
        adapter.action, adapter.marked = saved["action"], saved["marked"]
        return adapter

    def save(self, adapter):
        """What the host's save keeps: the game (its deal's state too), the last action."""
        return {"game": adapter.game.to_dict(), "action": adapter.action,
                "marked": adapter.marked}

    def look(self, options, public, private=None, seat=None):
        """The gadget's view (tet.games.xap_sac.shared.View) with its own hand, if given."""
        return xs_shared.View(public, private)

    def to_move(self, view):
        phase = view.game.phase
        if phase == xs_engine.GAME_OVER:
            return None
        return view.game.turn if phase == xs_engine.PLAYING else 0

    def intent(self, view, person):
        """Deal on between rounds, else a play (or a pass)."""
        game = view.game
        if game.phase == xs_engine.ROUND_OVER:
            return xs_shared.NEXT
        if not person:
            game = self.adapter.game       # the host's computer plays with the hand it holds
        plays = game.legal_plays(every_order=False)
        if person and self.rng.below(WHIM) == 0:
            choices = [xs_shared.play_intent(p) for p in plays]
            if game.may_pass() or not plays:
                choices.append(xs_shared.PASS)
            return self.rng.choice(choices)
        play = (self.person if person else self.computer).choose(game)
        return xs_shared.PASS if play is None else xs_shared.play_intent(play)

    def position(self, public):
        return bytes(public)

    def replay(self, log):
        adapter = xs_shared.Shared(xs_shared.new_game(self.players, self.deck, self.secret),
                                   self.secret)
        for seat, intent in log:
            if not adapter.accepts(seat, intent):
                return None
            adapter.apply(seat, intent)
        return adapter.public()

    def result(self, view):
        """The final scores, or None before the end."""
        game = view.game
        return list(game.scores) if game.phase == xs_engine.GAME_OVER else None


DRIVERS = {"oaq": OaqDriver, "xh": XhDriver, "totom": TotomDriver, "xs": XsDriver}


class SharedRun:
    """One shared game of `game_id` between `gadgets` simulated gadgets (see the module doc)."""

    def __init__(self, gadgets, humans, seed, loss=0.0, dup=0.0, reorder=0.0, game_id="oaq",
                 record=False, **game_options):
        self.air = Air(seed, loss, dup, reorder, record)
        self.rng = Rng(seed)
        self.gadgets = gadgets
        self.humans = humans
        self.game_id = game_id
        self.driver = DRIVERS[game_id](gadgets, self.rng, **game_options)
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
