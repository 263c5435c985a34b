"""Xăm Hường engine: classify rolls through the generated table, pay sticks, track the Trạng, settle.

Rules: ../shared/spec/xam-huong.md (docs/xam-huong.md explains the project's readings). Pure logic:
no I/O, no drawing. The pool and the holdings are bytearrays of stick counts; a player's stick
count of kind k is held[player * 7 + k].
"""

from binascii import hexlify, unhexlify

from tet.games.xam_huong.rolls import BINOM, CATEGORY, RANK
from tet.games.xam_huong import rules as R

# Preallocated so that classifying never allocates (index 0 unused; faces are 1..6).
_COUNTS = bytearray(7)

# Bits of a history record's flags byte.
EVENT_ROB_TRANG = 1
EVENT_ROB_EM = 2
EVENT_RANK_UP = 4
EVENT_LUC_PHU = 8
EVENT_PENALTY = 16
EVENT_DECLINED = 32
EVENT_SPILL = 64
EVENT_DUEL_WON = 128
# History record: player, index high, index low, 7 stick counts taken, flags.
RECORD = 11
HISTORY_MAX = 48
SPILL_INDEX = 0xFFFF
NOBODY = 255


def counts_index(counts):
    """Table index (0..461) of face counts counts[1..6]: no sorting, no allocation."""
    b = BINOM
    s = counts[1]
    i = b[s]
    s += counts[2]
    i += b[s + 12]
    s += counts[3]
    i += b[s + 24]
    s += counts[4]
    i += b[s + 36]
    return i + b[s + counts[5] + 48]


def roll_index(dice):
    """Table index of six dice values (any sequence of 1..6), counted into a preallocated buffer."""
    c = _COUNTS
    c[1] = c[2] = c[3] = c[4] = c[5] = c[6] = 0
    # Unrolled: a loop costs more than the six increments on MicroPython.
    c[dice[0]] += 1
    c[dice[1]] += 1
    c[dice[2]] += 1
    c[dice[3]] += 1
    c[dice[4]] += 1
    c[dice[5]] += 1
    return counts_index(c)


def classify(dice):
    """Category index of six dice values (see xam_huong_rules.CATEGORY_IDS)."""
    return CATEGORY[roll_index(dice)]


def trang_rank(dice):
    """Trạng rank of six dice values (0 when the roll is not a Trạng)."""
    return RANK[roll_index(dice)]


def index_dice(index):
    """Sorted dice of a table index (the inverse of counts_index; for display and history)."""
    out = []
    rest = index
    # Walk the bars from the fifth down: position p_k is the largest p with C(p, k) <= rest.
    positions = [0, 0, 0, 0, 0, 0]
    top = 10
    for k in range(5, 0, -1):
        p = top
        while BINOM[(k - 1) * 11 + p] > rest:
            p -= 1
        positions[k] = p
        rest -= BINOM[(k - 1) * 11 + p]
        top = p - 1
    prev = 0
    for face in range(1, 6):
        prefix = positions[face] - face + 1
        out += [face] * (prefix - prev)
        prev = prefix
    out += [6] * (6 - prev)
    return out


def check_dice(dice):
    """Raise ValueError unless `dice` is six faces 1..6."""
    if len(dice) != 6:
        raise ValueError("a roll is six dice, got %d" % len(dice))
    for face in dice:
        if not isinstance(face, int) or face < 1 or face > 6:
            raise ValueError("dice faces are 1..6, got %r" % (face,))


class XamHuong:
    """One game: the pool, every player's sticks, the ledger of transfers, the Trạng and the pot."""

    def __init__(self, players, options=None):
        if not isinstance(players, int) or players < R.MIN_PLAYERS or players > R.MAX_PLAYERS:
            raise ValueError("players must be %d..%d" % (R.MIN_PLAYERS, R.MAX_PLAYERS))
        self.players = players
        self.options = R.check_options(options)
        self.pool = bytearray(R.STICK_COUNTS)
        if self.even_split_5():
            self.pool[R.TU_TAI] -= R.EVEN_SPLIT_5_REMOVED
        self.held = bytearray(players * R.STICK_KINDS)
        # Transfers between players (Lục Phú, penalties); they may go negative, hence a list.
        self.ledger = [0] * players
        self.pot = 0
        self.turn = 0
        self.rolls = 0
        self.trang_kind = R.KIND_NONE
        self.trang_rank = 0
        # Per Trạng em stick (Bảng Nhãn, Thám Hoa): tier and roll number when taken (cướp trạng em).
        self.em_tier = bytearray(2)
        self.em_when = [0, 0]
        self.history = bytearray()
        # Đấu thẻ rời (option): stakes in play, rolls left in the round, best hường count, leader.
        self.duel_pot = 0
        self.duel_left = 0
        self.duel_best = 0
        self.duel_leader = -1
        self.last_duel_stake = 0
        self.last_duel_won = 0
        # The last roll's effect, read by the UI and the CLI.
        self.last_player = 0
        self.last_index = 0
        self.last_category = R.NONE
        self.last_rank = 0
        self.last_flags = 0
        self.last_paid = 0
        self.took = bytearray(R.STICK_KINDS)
        self.took_from = bytearray(b"\xff" * R.STICK_KINDS)

    # ----- derived figures -----

    def even_split_5(self):
        """True when five players split evenly (two Tú Tài removed, quota 38)."""
        return self.players == 5 and not self.options["ban_trang"]

    def start_value(self):
        """Value of the sticks at the start (192, or 190 for five players splitting evenly)."""
        return R.FULL_VALUE - (R.EVEN_SPLIT_5_REMOVED if self.even_split_5() else 0)

    def holder(self, stick):
        """Player holding the single stick `stick` (Trạng sticks), or -1 while it is in the pool."""
        for p in range(self.players):
            if self.held[p * R.STICK_KINDS + stick]:
                return p
        return -1

    def held_value(self, player):
        """Value of the sticks `player` holds."""
        base = player * R.STICK_KINDS
        total = 0
        for k in range(R.STICK_KINDS):
            total += self.held[base + k] * R.STICK_VALUES[k]
        return total

    def pool_value(self):
        """Value of the sticks left in the pool."""
        total = 0
        for k in range(R.STICK_KINDS):
            total += self.pool[k] * R.STICK_VALUES[k]
        return total

    def total(self, player):
        """Sticks held + transfers, + the pot for the Trạng Nguyên holder."""
        value = self.held_value(player) + self.ledger[player]
        if self.holder(R.TRANG_NGUYEN) == player:
            value += self.pot
        return value

    def value_in_play(self):
        """Pool + holdings + transfers + pots: always start_value() (the conservation invariant)."""
        value = self.pool_value() + self.pot + self.duel_pot
        for p in range(self.players):
            value += self.held_value(p) + self.ledger[p]
        return value

    def over(self):
        """The game ends when the pool is empty."""
        for k in range(R.STICK_KINDS):
            if self.pool[k]:
                return False
        return True

    # ----- moving sticks -----

    def _give(self, player, stick, count, source):
        """Move `count` sticks to `player` from the pool (source -1) or from player `source`."""
        if source < 0:
            self.pool[stick] -= count
        else:
            self.held[source * R.STICK_KINDS + stick] -= count
            self.took_from[stick] = source
        self.held[player * R.STICK_KINDS + stick] += count
        self.took[stick] += count

    def _change(self, player, value, first):
        """Pay `value` from the pool in sticks from kind `first` down, largest first (exhaustion)."""
        for k in range(first, R.STICK_KINDS):
            stick_value = R.STICK_VALUES[k]
            count = min(self.pool[k], value // stick_value)
            if count:
                self._give(player, k, count, -1)
                value -= count * stick_value
                if k in (R.BANG_NHAN, R.THAM_HOA):
                    self._mark_em(k, R.EM_TIER_CHANGE)

    def _first_smaller(self, stick):
        value = R.STICK_VALUES[stick]
        k = stick
        while k < R.STICK_KINDS and R.STICK_VALUES[k] >= value:
            k += 1
        return k

    def _award_stick(self, player, stick):
        """One stick from the pool, or its value in smaller sticks when none is left."""
        if self.pool[stick]:
            self._give(player, stick, 1, -1)
        else:
            self._change(player, R.STICK_VALUES[stick], self._first_smaller(stick))

    def _mark_em(self, stick, tier):
        self.em_tier[stick - R.BANG_NHAN] = tier
        self.em_when[stick - R.BANG_NHAN] = self.rolls

    def _award_em(self, player, tier):
        """A Trạng em: Bảng Nhãn, then Thám Hoa, then (cướp trạng em) robbing, else 16 in change."""
        for stick in (R.BANG_NHAN, R.THAM_HOA):
            if self.pool[stick]:
                self._give(player, stick, 1, -1)
                self._mark_em(stick, tier)
                return
        if self.options["cuop_trang_em"] and self.players >= 8:
            victim = self._em_victim(player, tier)
            if victim >= 0:
                self._give(player, victim, 1, self.holder(victim))
                self._mark_em(victim, tier)
                self.last_flags |= EVENT_ROB_EM
                return
        self._change(player, 16, R.HOI_NGUYEN)

    def _em_victim(self, player, tier):
        """The Trạng em stick a roll of `tier` may rob: lower tier, taken earliest; -1 if none."""
        best = -1
        for stick in (R.BANG_NHAN, R.THAM_HOA):
            owner = self.holder(stick)
            i = stick - R.BANG_NHAN
            if owner < 0 or owner == player or self.em_tier[i] <= tier:
                continue
            if best < 0 or self.em_when[i] < self.em_when[best - R.BANG_NHAN]:
                best = stick
        return best

    def _award_trang(self, player, kind, rank):
        """Trạng Nguyên for a Trạng roll: take it, rob it, raise its rank, or take 32 in change."""
        owner = self.holder(R.TRANG_NGUYEN)
        higher = kind == self.trang_kind and rank > self.trang_rank
        if owner == player:
            if higher or kind == R.KIND_NGU_HUONG and self.trang_kind != kind:
                self.trang_kind, self.trang_rank = kind, rank
                self.last_flags |= EVENT_RANK_UP
            return
        if owner >= 0 and not higher and not (kind == R.KIND_NGU_HUONG
                                               and self.trang_kind != kind):
            self._change(player, 32, R.BANG_NHAN)
            return
        if owner >= 0:
            self.last_flags |= EVENT_ROB_TRANG
        self._give(player, R.TRANG_NGUYEN, 1, owner)
        self.trang_kind, self.trang_rank = kind, rank

    def _ngu_huong(self, player, rank):
        """Ngũ Hường đoạt tam khôi: both Trạng em whoever holds them, and the Trạng Nguyên."""
        for stick in (R.BANG_NHAN, R.THAM_HOA):
            owner = self.holder(stick)
            if owner != player:
                self._give(player, stick, 1, owner)
                self._mark_em(stick, R.EM_TIER_NGU_HUONG)
        self._award_trang(player, R.KIND_NGU_HUONG, rank)

    def _luc_phu(self, player, amount):
        for p in range(self.players):
            if p != player:
                self.ledger[p] -= amount
                self.ledger[player] += amount
                self.last_paid += amount
        self.last_flags |= EVENT_LUC_PHU

    def _pay_pot(self, player):
        self.ledger[player] -= 1
        self.pot += 1
        self.last_flags |= EVENT_PENALTY

    def _lone_trang(self):
        """True when Trạng Nguyên is the only stick left in the pool (hạ giá trạng)."""
        if not self.pool[R.TRANG_NGUYEN]:
            return False
        for k in range(1, R.STICK_KINDS):
            if self.pool[k]:
                return False
        return True

    def _begin(self, player):
        self.last_player = player
        self.last_flags = 0
        self.last_paid = 0
        self.last_duel_stake = 0
        self.last_duel_won = 0
        for k in range(R.STICK_KINDS):
            self.took[k] = 0
            self.took_from[k] = NOBODY
        stake = self.options["dau_the_roi"]
        if stake and not self.duel_left and self._lone_trang():
            # a new round of đấu thẻ rời: everyone stakes, each rolls once
            for p in range(self.players):
                self.ledger[p] -= stake
            self.duel_pot += stake * self.players
            self.duel_left = self.players
            self.duel_best = 0
            self.duel_leader = -1
            self.last_duel_stake = stake

    def _duel_step(self, player, huong):
        """Count this roll's hường in the round; the last roll of the round pays the winner
        (strictly most hường, the first to reach it; none with no hường: the stakes carry over)."""
        if huong > self.duel_best:
            self.duel_best = huong
            self.duel_leader = player
        self.duel_left -= 1
        if not self.duel_left and self.duel_leader >= 0:
            self.ledger[self.duel_leader] += self.duel_pot
            self.last_duel_won = self.duel_pot
            self.last_flags |= EVENT_DUEL_WON
            self.duel_pot = 0
        if self.over():
            # the Trạng left the pool mid-round: the stakes join the Trạng pot
            self.pot += self.duel_pot
            self.duel_pot = 0
            self.duel_left = 0

    def _finish(self, index, huong):
        if self.duel_left:
            self._duel_step(self.last_player, huong)
        record = bytearray(RECORD)
        record[0] = self.last_player
        record[1] = index >> 8
        record[2] = index & 0xFF
        record[3:10] = self.took
        record[10] = self.last_flags
        history = self.history
        if len(history) >= HISTORY_MAX * RECORD:
            # full: shift the records in place (a new, shorter copy each roll would scatter
            # holes through the heap that a save's hex text then cannot use)
            rolled = memoryview(history)
            rolled[:-RECORD] = rolled[RECORD:]
            rolled[-RECORD:] = record
        else:
            history.extend(record)
        self.rolls += 1
        self.turn = (self.turn + 1) % self.players

    # ----- turns -----

    def roll(self, dice, decline=False):
        """Play the current player's roll of six dice; return its category index.

        `decline` (allowed with the option khong_lay_the) passes on everything the roll earns.
        The effect is left in last_* fields, `took` (sticks gained, per kind) and `took_from`.
        """
        if self.over():
            raise ValueError("the game is over")
        check_dice(dice)
        if decline and not self.options["khong_lay_the"]:
            raise ValueError("declining a stick needs the option khong_lay_the")
        index = roll_index(dice)
        category = CATEGORY[index]
        rank = RANK[index]
        player = self.turn
        self._begin(player)
        self.last_index = index
        self.last_category = category
        self.last_rank = rank
        if (self.options["penalty_no_huong"] and _COUNTS[R.HUONG_FACE] == 0
                and self.holder(R.TRANG_NGUYEN) == player):
            self._pay_pot(player)
        if decline:
            self.last_flags |= EVENT_DECLINED
        else:
            self._apply(player, category, rank, _COUNTS[R.HUONG_FACE])
        self._finish(index, _COUNTS[R.HUONG_FACE])
        return category

    def _apply(self, player, category, rank, huong):
        if category == R.LUC_PHU_HUONG or category == R.LUC_PHU:
            factor = 2 if category == R.LUC_PHU_HUONG else 1
            self._luc_phu(player, factor * self.options["luc_phu_value"])
            return
        if category == R.NGU_HUONG:
            self._ngu_huong(player, rank)
            return
        kind = R.CATEGORY_KIND[category]
        if kind:
            self._award_trang(player, kind, rank)
            return
        level = R.HA_GIA_LEVEL[category]
        if level and level <= self.options["ha_gia_trang"] and self._lone_trang():
            self._give(player, R.TRANG_NGUYEN, 1, -1)
            self.trang_kind, self.trang_rank = R.KIND_HA_GIA, 0
            return
        for stick in R.AWARDS[category]:
            if stick == R.TRANG_EM:
                self._award_em(player, R.EM_TIER[category])
            else:
                self._award_stick(player, stick)
        if category == R.TU_TU and huong:
            self._award_stick(player, R.TU_TU_EXTRA[huong])

    def spill(self):
        """Hột văng: the current player's dice left the bowl; 1 into the Trạng pot, turn passes."""
        if self.over():
            raise ValueError("the game is over")
        player = self.turn
        self._begin(player)
        self.last_index = SPILL_INDEX
        self.last_category = R.NONE
        self.last_rank = 0
        self._pay_pot(player)
        self.last_flags |= EVENT_SPILL
        self._finish(SPILL_INDEX, 0)

    def history_records(self):
        """Past rolls, oldest first (at most HISTORY_MAX): (player, index or SPILL_INDEX, took, flags)."""
        out = []
        h = self.history
        for at in range(0, len(h), RECORD):
            out.append((h[at], (h[at + 1] << 8) | h[at + 2], bytes(h[at + 3:at + 10]), h[at + 10]))
        return out

    # ----- the end -----

    def nets(self):
        """Net result per player at the end (zero-sum): positive receives, negative pays."""
        if not self.over():
            raise ValueError("the game is not over")
        n = self.players
        totals = [self.total(p) for p in range(n)]
        if n in (2, 3, 4, 6) or self.even_split_5():
            quota = R.QUOTAS[n]
            return [t - quota for t in totals]
        quota = R.QUOTA_5_BAN_TRANG if n == 5 else R.QUOTAS[n]
        seller = self.holder(R.TRANG_NGUYEN)
        nets = [0] * n
        for p in range(n):
            if p == seller:
                continue
            full = quota
            if n >= 8 and (self.held[p * R.STICK_KINDS + R.BANG_NHAN]
                           or self.held[p * R.STICK_KINDS + R.THAM_HOA]):
                full = 16
            nets[p] = totals[p] - full
        nets[seller] = -sum(nets)
        return nets

    def settlement(self):
        """Who pays whom at the end: a list of (payer, payee, amount), debts matched in seat order."""
        nets = self.nets()
        owe = [(p, -v) for p, v in enumerate(nets) if v < 0]
        due = [[p, v] for p, v in enumerate(nets) if v > 0]
        out = []
        j = 0
        for payer, debt in owe:
            while debt:
                pay = min(debt, due[j][1])
                out.append((payer, due[j][0], pay))
                debt -= pay
                due[j][1] -= pay
                if not due[j][1]:
                    j += 1
        return out

    # ----- saving -----

    def to_dict(self):
        """JSON-serialisable state (the UI saves it after every roll); byte arrays as hex text."""
        return {
            "players": self.players, "options": self.options, "pool": _hex(self.pool),
            "held": _hex(self.held), "ledger": self.ledger, "pot": self.pot,
            "turn": self.turn, "rolls": self.rolls, "trang_kind": self.trang_kind,
            "trang_rank": self.trang_rank, "em_tier": _hex(self.em_tier),
            "em_when": self.em_when, "history": _hex(self.history),
            "duel": [self.duel_pot, self.duel_left, self.duel_best, self.duel_leader],
        }

    @classmethod
    def from_dict(cls, d):
        """Rebuild a game saved by to_dict(); raise ValueError unless every field is of the right
        type, size and range and the sticks and values add up (a save from another version or a
        damaged one must never reach the screens). A finished game loads (the `tet` command and
        tests keep them); the screens refuse one (Play.from_save)."""
        if not isinstance(d, dict):
            raise ValueError("not a Xăm Hường game")
        players = _int(d, "players", R.MIN_PLAYERS, R.MAX_PLAYERS)
        if not isinstance(d.get("options"), dict):
            raise ValueError("bad options")
        game = cls(players, d["options"])
        game.pool = _bytes(d, "pool", R.STICK_KINDS)
        game.held = _bytes(d, "held", players * R.STICK_KINDS)
        game.ledger = _ints(d, "ledger", players, -LIMIT, LIMIT)
        game.pot = _int(d, "pot", 0, LIMIT)
        game.turn = _int(d, "turn", 0, players - 1)
        game.rolls = _int(d, "rolls", 0, LIMIT)
        game.trang_kind = _int(d, "trang_kind", R.KIND_NONE, R.KIND_HA_GIA)
        game.trang_rank = _int(d, "trang_rank", 0, R.CAP_CHINH)
        game.em_tier = _bytes(d, "em_tier", 2)
        game.em_when = _ints(d, "em_when", 2, 0, LIMIT)
        history = d.get("history")
        game.history = _bytes(d, "history", len(history) // 2 if isinstance(history, str) else -1)
        duel = _ints(d, "duel", 4, -1, LIMIT)
        game.duel_pot, game.duel_left, game.duel_best, game.duel_leader = duel
        game._check()
        return game

    def _check(self):
        """The consistency a loaded game needs before any screen reads it."""
        n = self.players
        removed = R.EVEN_SPLIT_5_REMOVED if self.even_split_5() else 0
        for k in range(R.STICK_KINDS):
            count = self.pool[k]
            for p in range(n):
                count += self.held[p * R.STICK_KINDS + k]
            if count != R.STICK_COUNTS[k] - (removed if k == R.TU_TAI else 0):
                raise ValueError("sticks of kind %d do not add up" % k)
        if self.value_in_play() != self.start_value():
            raise ValueError("values do not add up")
        for tier in self.em_tier:
            if tier > R.EM_TIER_CHANGE:
                raise ValueError("bad em_tier")
        h = self.history
        if len(h) % RECORD or len(h) > HISTORY_MAX * RECORD or len(h) > self.rolls * RECORD:
            raise ValueError("bad history size")
        for at in range(0, len(h), RECORD):
            index = (h[at + 1] << 8) | h[at + 2]
            if h[at] >= n or (index >= len(CATEGORY) and index != SPILL_INDEX):
                raise ValueError("bad history record")
            for k in range(R.STICK_KINDS):
                if h[at + 3 + k] > R.STICK_COUNTS[k]:
                    raise ValueError("bad history record")
        if (self.duel_pot < 0 or not 0 <= self.duel_left <= n or self.duel_best > 6
                or self.duel_leader >= n):
            raise ValueError("bad duel")


# bound of the counters and transfers a save may hold (a real game stays far below)
LIMIT = 1000000


def _int(d, key, lo, hi):
    """d[key] if it is an int (not a bool) in lo..hi, else ValueError."""
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise ValueError("bad %s" % key)
    return v


def _ints(d, key, size, lo, hi):
    """d[key] as a list of `size` ints in lo..hi, else ValueError."""
    v = d.get(key)
    if not isinstance(v, list) or len(v) != size:
        raise ValueError("bad %s" % key)
    for x in v:
        if not isinstance(x, int) or isinstance(x, bool) or x < lo or x > hi:
            raise ValueError("bad %s" % key)
    return list(v)


def _bytes(d, key, size):
    """d[key], hex text of `size` bytes, as a bytearray, else ValueError."""
    v = d.get(key)
    if not isinstance(v, str) or len(v) != 2 * size:
        raise ValueError("bad %s" % key)
    try:
        return bytearray(unhexlify(v))
    except ValueError:
        raise ValueError("bad %s" % key)


def _hex(data):
    return hexlify(data).decode()
