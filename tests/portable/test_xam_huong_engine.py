"""Xăm Hường engine on hand-worked positions from the seed text and the spec."""

import json

from tet.games.xam_huong import rules as R
from tet.games.xam_huong.engine import XamHuong

ORDER = ("trang_nguyen", "bang_nhan", "tham_hoa", "hoi_nguyen", "tien_si", "cu_nhan", "tu_tai")
VALUE = {"trang_nguyen": 32, "bang_nhan": 16, "tham_hoa": 16, "hoi_nguyen": 8, "tien_si": 4,
         "cu_nhan": 2, "tu_tai": 1}


def play(game, player, dice, decline=False):
    """Let `player` roll `dice`; return the sticks taken as {id: count}."""
    game.turn = player
    game.roll(dice, decline)
    return took(game)


def took(game):
    return dict((ORDER[k], game.took[k]) for k in range(7) if game.took[k])


def sticks(game, player):
    return dict((ORDER[k], game.held[player * 7 + k]) for k in range(7) if game.held[player * 7 + k])


def move_pool_to(game, player, name, count):
    """Hand `count` sticks from the pool to `player` (setting up a position, value kept)."""
    k = ORDER.index(name)
    game.pool[k] -= count
    game.held[player * 7 + k] += count


def finish(game, holdings):
    """Empty the pool into the players' hands: holdings[p] = {id: count}."""
    for k in range(7):
        game.pool[k] = 0
    for p in range(game.players):
        for k in range(7):
            game.held[p * 7 + k] = holdings[p].get(ORDER[k], 0) if p < len(holdings) else 0
    assert game.over()


def value_of(hand):
    return sum(VALUE[name] * n for name, n in hand.items())


def check_conserved(game):
    assert game.value_in_play() == game.start_value()
    assert sum(game.ledger) + game.pot + game.duel_pot == 0


def test_small_awards_follow_the_seed():
    g = XamHuong(2)
    assert play(g, 0, [4, 1, 2, 3, 5, 5]) == {"tu_tai": 1}            # Nhất Hường
    assert play(g, 1, [4, 4, 1, 2, 3, 5]) == {"cu_nhan": 1}           # Nhị Hường
    assert play(g, 0, [4, 4, 4, 1, 2, 3]) == {"hoi_nguyen": 1}        # Tam Hường
    assert play(g, 1, [6, 6, 6, 6, 4, 1]) == {"tien_si": 1, "tu_tai": 1}   # Tứ Tự + 1 hường
    assert play(g, 0, [6, 6, 6, 6, 4, 4]) == {"tien_si": 1, "cu_nhan": 1}  # Tứ Tự + 2 hường
    assert play(g, 1, [6, 6, 6, 6, 1, 3]) == {"tien_si": 1}
    assert play(g, 0, [1, 2, 3, 5, 6, 6]) == {}
    # Phân Song Tam Hường: a Trạng em and a Hội Nguyên, 24 in all
    assert play(g, 1, [4, 4, 4, 2, 2, 2]) == {"bang_nhan": 1, "hoi_nguyen": 1}
    assert play(g, 0, [6, 5, 4, 3, 2, 1]) == {"tham_hoa": 1}          # Suốt: Thám Hoa next
    # no Trạng em left: 16 in smaller sticks, largest first (2 Hội Nguyên are left)
    assert play(g, 1, [1, 1, 2, 2, 3, 3]) == {"hoi_nguyen": 2}
    assert play(g, 0, [2, 2, 2, 5, 5, 5]) == {"tien_si": 4}           # then Tiến Sĩ
    check_conserved(g)
    assert g.turn == 1 and g.rolls == 11


def test_exhaustion_two_tu_tai_when_no_cu_nhan():
    g = XamHuong(3)
    move_pool_to(g, 2, "cu_nhan", 16)
    assert play(g, 0, [4, 4, 1, 2, 3, 5]) == {"tu_tai": 2}
    # the pool holds less than the value: the roller takes what there is
    move_pool_to(g, 2, "tu_tai", 29)
    move_pool_to(g, 2, "tien_si", 8)
    assert play(g, 1, [5, 5, 5, 5, 1, 2]) == {"tu_tai": 1}
    check_conserved(g)


def test_trang_do_taken_robbed_raised_and_refused():
    g = XamHuong(2)
    assert play(g, 0, [4, 4, 4, 4, 3, 5]) == {"trang_nguyen": 1}      # Trạng 8 tuổi
    assert (g.holder(0), g.trang_kind, g.trang_rank) == (0, R.KIND_DO, 8)
    assert play(g, 1, [4, 4, 4, 4, 3, 6]) == {"trang_nguyen": 1}      # 9 tuổi robs (cướp trạng)
    assert g.took_from[0] == 0 and g.holder(0) == 1 and g.trang_rank == 9
    # the same age does not rob: 32 in smaller sticks, both Trạng em first
    assert play(g, 0, [4, 4, 4, 4, 3, 6]) == {"bang_nhan": 1, "tham_hoa": 1}
    # Trạng đen cannot rob Trạng đỏ, whatever its age
    assert play(g, 0, [5, 5, 5, 5, 5, 4]) == {"hoi_nguyen": 4}
    # the holder's better roll only raises the age: cáp chính
    assert play(g, 1, [4, 2, 4, 2, 4, 4]) == {}
    assert (g.holder(0), g.trang_rank) == (1, R.CAP_CHINH)
    # cáp xiên is below cáp chính: no robbery
    assert play(g, 0, [4, 4, 4, 4, 1, 3]) == {"tien_si": 8}
    check_conserved(g)


def test_cap_xien_robs_any_age_and_dai_an_robs_ngu_tu():
    g = XamHuong(3)
    play(g, 0, [4, 4, 4, 4, 6, 6])                                    # 12 tuổi
    assert play(g, 1, [3, 4, 4, 1, 4, 4]) == {"trang_nguyen": 1}      # cáp xiên robs it
    h = XamHuong(3)
    play(h, 0, [2, 2, 2, 2, 2, 6])                                    # Ngũ Tử 6 tuổi
    assert h.trang_kind == R.KIND_DEN and h.trang_rank == 6
    assert play(h, 1, [6, 6, 6, 6, 6, 5]) == {"bang_nhan": 1, "tham_hoa": 1}   # 5 < 6
    assert play(h, 2, [3, 3, 3, 3, 3, 4]) == {"trang_nguyen": 1}      # đại ấn robs any age
    assert h.trang_rank == R.NGU_TU_DAI_AN and h.took_from[0] == 0


def test_ngu_huong_takes_all_three_trang():
    g = XamHuong(4)
    play(g, 0, [4, 4, 4, 2, 2, 2])                                    # Bảng Nhãn to 0
    play(g, 1, [4, 4, 4, 4, 5, 6])                                    # Trạng Nguyên to 1
    play(g, 3, [1, 2, 3, 4, 5, 6])                                    # Thám Hoa to 3
    got = play(g, 2, [4, 4, 4, 4, 4, 2])
    assert got == {"trang_nguyen": 1, "bang_nhan": 1, "tham_hoa": 1}
    assert (g.took_from[0], g.took_from[1], g.took_from[2]) == (1, 0, 3)
    assert sticks(g, 2) == {"trang_nguyen": 1, "bang_nhan": 1, "tham_hoa": 1}
    assert (g.trang_kind, g.trang_rank) == (R.KIND_NGU_HUONG, 2)
    # a Trạng đỏ cannot rob a Ngũ Hường
    assert "trang_nguyen" not in play(g, 1, [4, 4, 4, 4, 2, 2])
    # a higher Ngũ Hường robs it
    assert play(g, 3, [4, 4, 4, 4, 4, 5]) == {"trang_nguyen": 1, "bang_nhan": 1, "tham_hoa": 1}
    assert g.trang_rank == 5
    check_conserved(g)


def test_luc_phu_transfers_and_option_value():
    g = XamHuong(4)
    play(g, 2, [3, 3, 3, 3, 3, 3])
    assert g.ledger == [-32, -32, 96, -32] and g.last_paid == 96
    play(g, 0, [4, 4, 4, 4, 4, 4])                                    # Lục Phú Hường: twice
    assert g.ledger == [-32 + 192, -96, 96 - 64, -96]
    h = XamHuong(3, {"luc_phu_value": 10})
    play(h, 1, [6, 6, 6, 6, 6, 6])
    assert h.ledger == [-10, 20, -10]
    check_conserved(g)


def test_penalties_fill_the_trang_pot():
    g = XamHuong(3, {"penalty_no_huong": 1})
    g.spill()                                                         # hột văng: player 0 pays 1
    assert (g.ledger, g.pot, g.turn) == ([-1, 0, 0], 1, 1)
    play(g, 1, [1, 2, 3, 5, 6, 6])                                    # no Trạng holder yet
    assert g.pot == 1
    play(g, 1, [4, 4, 4, 4, 5, 6])                                    # 1 holds Trạng Nguyên
    play(g, 1, [1, 2, 3, 5, 6, 6])                                    # holder, no hường: 1 more
    play(g, 1, [1, 2, 3, 4, 6, 6])                                    # holder with hường: free
    play(g, 2, [1, 2, 3, 5, 6, 6])                                    # not the holder: free
    assert (g.ledger, g.pot) == ([-1, -1, 0], 2)
    assert g.total(1) == 32 + 1 - 1 + 2                               # the pot is the holder's
    check_conserved(g)
    assert XamHuong(3).to_dict()["options"]["penalty_no_huong"] == 0


def test_settlement_even_quota_four_players():
    g = XamHuong(4)
    finish(g, [{"trang_nguyen": 1, "bang_nhan": 1}, {"tham_hoa": 1, "hoi_nguyen": 4},
               {"tien_si": 8, "cu_nhan": 16}, {"tu_tai": 32}])
    assert [g.total(p) for p in range(4)] == [48, 48, 64, 32]
    assert g.nets() == [0, 0, 16, -16]
    assert g.settlement() == [(3, 2, 16)]


def test_settlement_seven_players_trang_holder_sells():
    g = XamHuong(7)
    hands = [{"trang_nguyen": 1, "hoi_nguyen": 1},
             {"bang_nhan": 1, "tham_hoa": 1, "hoi_nguyen": 3},
             {"tien_si": 8}, {"cu_nhan": 16}, {"tu_tai": 16}, {"tu_tai": 16}, {}]
    finish(g, hands)
    assert [value_of(h) for h in hands] == [40, 56, 32, 32, 16, 16, 0]
    # others against 32 each; the holder takes the opposite of their sum
    assert g.nets() == [40, 24, 0, 0, -16, -16, -32]
    assert g.settlement() == [(4, 0, 16), (5, 0, 16), (6, 0, 8), (6, 1, 24)]


def test_settlement_ten_players_ban_trang_hai_lan():
    g = XamHuong(10)
    hands = [{"trang_nguyen": 1}, {"bang_nhan": 1, "hoi_nguyen": 2}, {"tham_hoa": 1},
             {"hoi_nguyen": 2, "tien_si": 4}, {"tien_si": 4, "cu_nhan": 5}, {"cu_nhan": 11},
             {"tu_tai": 10}, {"tu_tai": 10}, {"tu_tai": 12}, {}]
    finish(g, hands)
    assert sum(value_of(h) for h in hands) == 192
    # Trạng em holders count as full at 16 and sell the rest; others owe up to 25;
    # the Trạng Nguyên holder takes the rest.
    others = [32 - 16, 16 - 16, 32 - 25, 26 - 25, 22 - 25, 10 - 25, 10 - 25, 12 - 25, 0 - 25]
    assert g.nets() == [-sum(others)] + others
    assert sum(g.nets()) == 0


def test_five_players_even_split_and_ban_trang():
    g = XamHuong(5)
    assert g.start_value() == 190 and g.pool[6] == 30
    finish(g, [{"trang_nguyen": 1, "tu_tai": 6}, {"bang_nhan": 1, "tham_hoa": 1, "tu_tai": 6},
               {"hoi_nguyen": 4, "tu_tai": 6}, {"tien_si": 8, "tu_tai": 6},
               {"cu_nhan": 16, "tu_tai": 6}])
    assert g.nets() == [0, 0, 0, 0, 0]
    h = XamHuong(5, {"ban_trang": 1})
    assert h.start_value() == 192 and h.pool[6] == 32
    finish(h, [{"hoi_nguyen": 4, "tu_tai": 32}, {"trang_nguyen": 1}, {"bang_nhan": 1, "tham_hoa": 1},
               {"tien_si": 8}, {"cu_nhan": 16}])
    assert h.nets() == [64 - 48, 32, 32 - 48, 32 - 48, 32 - 48]


def test_cuop_trang_em_in_tiers():
    g = XamHuong(8, {"cuop_trang_em": 1})
    play(g, 0, [1, 2, 3, 4, 5, 6])                                    # Suốt (tier III): BN
    play(g, 1, [1, 1, 2, 2, 3, 3])                                    # Thượng Mã (II): TH
    # Phân Song Tam Hường (I) robs the Trạng em taken first among lower tiers
    assert play(g, 2, [4, 4, 4, 5, 5, 5]) == {"bang_nhan": 1, "hoi_nguyen": 1}
    assert g.took_from[1] == 0
    assert play(g, 3, [6, 5, 4, 3, 2, 1]) == {"hoi_nguyen": 2}        # Suốt robs nobody
    assert play(g, 4, [4, 4, 5, 5, 6, 6]) == {"hoi_nguyen": 1, "tien_si": 2}  # same tier: no
    assert play(g, 5, [4, 4, 4, 6, 6, 6]) == {"tham_hoa": 1, "tien_si": 2}   # tier I robs TH
    check_conserved(g)
    h = XamHuong(7, {"cuop_trang_em": 1})                             # only with 8+ players
    play(h, 0, [1, 2, 3, 4, 5, 6])
    play(h, 1, [1, 2, 3, 4, 5, 6])
    assert play(h, 2, [4, 4, 4, 5, 5, 5]) == {"hoi_nguyen": 3}


def test_ha_gia_trang_and_declining():
    for level, dice, wins in ((1, [4, 4, 4, 1, 1, 1], True), (1, [2, 2, 2, 1, 1, 1], False),
                              (2, [2, 2, 2, 1, 1, 1], True), (2, [1, 2, 3, 4, 5, 6], False),
                              (0, [4, 4, 4, 1, 1, 1], False)):
        g = XamHuong(2, {"ha_gia_trang": level})
        for k in range(1, 7):
            move_pool_to(g, 1, ORDER[k], g.pool[k])
        assert ("trang_nguyen" in play(g, 0, dice)) == wins
        assert g.over() == wins
    d = XamHuong(2, {"khong_lay_the": 1})
    assert play(d, 0, [4, 4, 4, 4, 3, 5], True) == {} and d.turn == 1
    assert d.holder(0) == -1
    try:
        XamHuong(2).roll([4, 1, 1, 2, 3, 5], True)
    except ValueError:
        pass
    else:
        raise AssertionError("declining needs the option")


def test_bad_input_is_refused():
    for players in (1, 13, "4"):
        try:
            XamHuong(players)
        except ValueError:
            continue
        raise AssertionError("players %r accepted" % (players,))
    g = XamHuong(2)
    for dice in ([1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 7], [0, 1, 2, 3, 4, 5]):
        try:
            g.roll(dice)
        except ValueError:
            continue
        raise AssertionError("dice %r accepted" % (dice,))
    try:
        XamHuong(2, {"luc_phu": 3})
    except ValueError:
        pass
    else:
        raise AssertionError("unknown option accepted")
    finish(g, [{"trang_nguyen": 1}, {}])
    try:
        g.roll([1, 1, 2, 2, 3, 3])
    except ValueError:
        return
    raise AssertionError("roll after the end accepted")


def test_save_and_resume_gives_the_same_game():
    rolls = ([4, 1, 1, 2, 3, 5], [4, 4, 4, 4, 2, 6], [4, 4, 2, 3, 5, 6], [5, 5, 5, 5, 5, 5],
             [4, 4, 4, 3, 3, 3], [1, 1, 1, 1, 5, 6], [1, 2, 2, 3, 5, 6], [4, 4, 4, 4, 1, 3])
    straight = XamHuong(3, {"penalty_no_huong": 1})
    for dice in rolls:
        straight.roll(dice)
    resumed = XamHuong(3, {"penalty_no_huong": 1})
    for i, dice in enumerate(rolls):
        resumed = XamHuong.from_dict(json.loads(json.dumps(resumed.to_dict())))
        resumed.roll(dice)
        assert resumed.rolls == i + 1
    assert resumed.to_dict() == straight.to_dict()
    records = straight.history_records()
    assert len(records) == len(rolls)
    assert records[1][0] == 1 and records[1][2][0] == 1               # player 1 took the Trạng
    assert records[3][3] & 8                                          # Lục Phú flag


def test_dau_the_roi_rounds_for_the_loose_stakes():
    g = XamHuong(3, {"dau_the_roi": 2})
    for k in range(1, 7):
        move_pool_to(g, 0, ORDER[k], g.pool[k])
    # only Trạng Nguyên is left: a round starts, everyone stakes 2
    play(g, 0, [4, 4, 1, 2, 3, 5])                                    # two hường leads
    assert g.last_duel_stake == 2 and g.ledger == [-2, -2, -2] and g.duel_pot == 6
    play(g, 1, [4, 4, 2, 2, 3, 5])                                    # a tie does not overtake
    play(g, 2, [1, 1, 2, 3, 5, 6])
    assert g.ledger == [4, -2, -2] and g.duel_pot == 0 and g.last_duel_won == 6
    # a round where nobody shows a hường carries the stakes over
    for p in range(3):
        play(g, p, [1, 1, 2, 3, 5, 6])
    assert g.duel_pot == 6 and g.ledger == [2, -4, -4]
    play(g, 0, [1, 1, 2, 3, 5, 6])                                    # next round: 6 more
    assert g.duel_pot == 12
    # the Trạng leaves the pool mid-round: the stakes join the Trạng pot, its holder's at the end
    play(g, 1, [4, 4, 4, 4, 5, 6])
    assert g.over() and g.pot == 12 and g.duel_pot == 0
    assert g.total(1) == 32 + 12 - 6
    check_conserved(g)
    assert sum(g.nets()) == 0
