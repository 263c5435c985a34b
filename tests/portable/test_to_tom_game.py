"""Tổ Tôm game flow: the deal, hand-made positions for every forbidden move (the discard rules
over the game and bỏ ù of to-tom-v2 §5 and §8 from the seed's examples), ù đè, the draw at five
cards, thiên ù with Thông, the hội and saves. Runs under pytest and real MicroPython."""

import json

from tet.core.rng import Rng
from tet.games.to_tom import engine as T
from tet.games.to_tom import takes as TK
from tet.games.to_tom.cards import CODES, NKINDS
from tet.games.to_tom.state import HAND_SIZE, pack_counted, take_parts

K = {}
for _i in range(NKINDS):
    K[CODES[_i]] = _i


def kinds(text):
    return [K[c] for c in text.split()]


# A 20-card hand worked by hand: [7N 3V 3S] Tôm, [1N 2N 3N], [4S 5S 6S], [7S 8S 9S], [2V 2N 2S],
# the lone yêu CC TT OC, and 4V 6V waiting for 5V (xuyên).
HAND_A = "7N 3V 3S 1N 2N 3N 4S 5S 6S 7S 8S 9S 2V 2N 2S CC TT OC 4V 6V"
# Another: [9N 1V 1S] lưng, [4N 5N 6N], [7V 8V 9V], [1S 2S 3S], [8N 8V 8S], CC TT OC, and the
# pair 5V 5V waiting for a third 5V (phỗng).
HAND_B = "9N 1V 1S 4N 5N 6N 7V 8V 9V 1S 2S 3S 8N 8V 8S CC TT OC 5V 5V"


def table(spec, top=(), dealer=0, players=5, short_stock=None, keep="", choose=False):
    """A dealt game: spec {player: codes}; the other cards fill the hands in turn, the kinds of
    `top` and `keep` kept out of the fillers; `top` are the stock's first cards (top first).
    The deal's choices (to-tom-v2 §3) take their defaults, unless `choose`."""
    size = HAND_SIZE[players]
    left = [4] * NKINDS
    reserved = bytearray(NKINDS)
    hands = []
    for p in range(players):
        hand = kinds(spec.get(p, ""))
        hands.append(hand)
        for k in hand:
            left[k] -= 1
    for k in kinds(keep):
        reserved[k] = 1
    top_kinds = kinds(" ".join(top))
    for k in top_kinds:
        left[k] -= 1
        reserved[k] = 1
    fillers = []
    spare = []
    for copy in range(4):
        for k in range(NKINDS):
            if left[k] > copy:
                (spare if reserved[k] else fillers).append(k)
    Rng(5).shuffle(fillers)
    for p in range(players):
        want = size + (1 if p == dealer else 0)
        while len(hands[p]) < want:
            hands[p].insert(0, fillers.pop())
    stock = spare + fillers
    if short_stock is not None:
        stock = stock[:short_stock]
    for k in reversed(top_kinds):
        stock.append(k)
    g = T.ToTom(players, dealer)
    g.deal_cards(hands, stock)
    return g if choose else by_default(g)


def by_default(g):
    """`g` after every choice of the deal (to-tom-v2 §3) took its default: khàn, thiên khai."""
    while g.phase == T.P_DEAL:
        g.apply(g.actor, g.legal(g.actor)[0])
    return g


def count_cards(g):
    """Copies of each kind found in hands, khàn, laid phu, stock, pile and at the door."""
    seen = [0] * NKINDS
    for p in range(g.n):
        for k in range(NKINDS):
            seen[k] += g.hands[p][k]
        for k in g.khan[p]:
            seen[k] += 3
        for phu in g.laid[p]:
            for k in phu:
                seen[k] += 1
    for i in range(g.left):
        seen[g.stock[i]] += 1
    for k in g.pile:
        seen[k] += 1
    if g.card >= 0:
        seen[g.card] += 1
    return seen


def total_cards(g, p):
    """Cards player p owns: concealed, khàn and laid."""
    return sum(g.hands[p]) + 3 * len(g.khan[p]) + sum(len(phu) for phu in g.laid[p])


def names(legal):
    return [a[0] for a in legal]


def test_deal_five_players():
    for seed in range(20):
        g = T.ToTom(5, seed % 5)
        g.deal(Rng(seed))
        threes = [p for p in range(5) if max(g.hands[p]) >= 3]
        assert (g.phase == T.P_DEAL) == bool(threes)
        if threes:
            # the first to choose: the first from the dealer on with a three or a four
            assert g.actor == min(threes, key=lambda p: (p - seed % 5) % 5)
        by_default(g)
        for p in range(5):
            assert total_cards(g, p) == (21 if p == seed % 5 else 20)
        assert g.left == 19
        assert count_cards(g) == [4] * NKINDS
        assert g.to_move() == seed % 5 and g.phase == T.P_DISCARD


def test_deal_four_players():
    g = T.ToTom(4, 2)
    g.deal(Rng(9))
    assert [total_cards(g, p) for p in range(4)] == [24, 24, 25, 24]
    assert g.left == 23


def test_thien_khai_laid_and_khan_set_aside_at_the_deal():
    g = table({0: "3V 3V 3V 3V", 2: "5S 5S 5S"})
    assert g.laid[0] == [(K["3V"],) * 4]
    assert g.khan[2] == [K["5S"]]
    assert g.hands[0][K["3V"]] == 0 and g.hands[2][K["5S"]] == 0
    assert ("thien_khai", K["3V"]) in [(e[1], e[2]) for e in g.log]


def test_phu_completed_lists_runs_bi_and_lung():
    hand = bytearray(NKINDS)
    for k in kinds("3V 4V 6V 7V"):
        hand[k] += 1
    runs = TK.phu_completed(hand, K["5V"])
    assert sorted(runs) == sorted([tuple(range(a, b + 1)) for a, b in
                                   ((2, 4), (2, 5), (2, 6), (3, 5), (3, 6), (4, 6))])
    hand = bytearray(NKINDS)
    for k in kinds("3V 3V 3S 4N"):
        hand[k] += 1
    got = TK.phu_completed(hand, K["3N"])
    assert tuple(sorted(kinds("3N 3V 3S"))) in got
    assert tuple(sorted(kinds("3N 3V 3V 3S"))) in got
    got = TK.phu_completed(hand, K["7N"])
    assert got == [tuple(sorted(kinds("7N 3V 3S"))), tuple(sorted(kinds("7N 3V 3V 3S")))]
    assert TK.phu_completed(hand, K["OC"]) == [(K["OC"],)]
    assert TK.phu_completed(hand, K["9S"]) == []


def test_no_yeu_is_ever_discarded():
    g = table({0: "1V 1N CC OC 5V 7S"})
    out = g.discards(0)
    for k in kinds("1V 1N CC OC"):
        assert k not in out
    assert K["5V"] in out and K["7S"] in out


def test_an_mot_danh_hai_after_eating_into_a_bi():
    g = table({0: "3N", 1: "3V 3V 3S 4N 5N 8V"}, dealer=0, keep="3N 3V 3S 4N 5N")
    g.apply(0, ("discard", K["3N"]))
    assert g.to_move() == 1
    bi = tuple(sorted(kinds("3N 3V 3S")))
    assert ("eat", bi) in g.legal(1)
    g.apply(1, ("eat", bi))
    out = g.discards(1)
    assert K["3V"] not in out          # another copy of a card of the phu just laid
    assert K["4N"] not in out and K["5N"] not in out    # would have made a run with 3N
    assert K["8V"] in out
    assert K["3S"] not in out          # laid: no longer in hand


def test_phong_mot_danh_hai():
    g = table({0: "7N", 3: "7N 7N 5N 6N 8S"}, dealer=0, keep="7N 5N 6N")
    g.apply(0, ("discard", K["7N"]))
    assert g.phase == T.P_PHONG and g.to_move() == 3
    assert names(g.legal(3)) == ["phong", "pass"]
    g.apply(3, ("phong", None))
    out = g.discards(3)
    assert K["5N"] not in out and K["6N"] not in out
    assert K["8S"] in out
    at = len(g.log)
    g.apply(3, ("discard", K["8S"]))
    # play goes on from the door after the player who phỗng
    nxt = [e for e in g.log[at + 1:] if e[1] in ("draw", "eat")]
    assert (nxt[0][0] if nxt else g.door) == 4


def _decline_until(g, done):
    """Let every card go (xin, pass) until done(g)."""
    while not done(g):
        p = g.to_move()
        legal = g.legal(p)
        choice = legal[0]
        for a in legal:
            if a[0] in ("pass", "draw"):
                choice = a
        g.apply(p, choice)


def _phong_offered_to(p):
    return lambda g: g.phase == T.P_PHONG and g.to_move() == p


def eat_then_phong_later(g, card, phu, thrown):
    """The dealer (0) discards `card`; player 1 eats it into `phu` (codes) and discards
    `thrown`; the doors xin until player 1 may phỗng the stock's top 5S, and does. Returns
    player 1's discards right after the eat."""
    g.apply(0, ("discard", K[card]))
    g.apply(1, ("eat", tuple(sorted(kinds(phu)))))
    first = g.discards(1)
    g.apply(1, ("discard", K[thrown]))
    _decline_until(g, _phong_offered_to(1))
    g.apply(1, ("phong", None))
    return first


def two_discards_then_phong(g):
    """The dealer (0) discards 4V, phỗngs the stock's 5S, discards 5V and phỗngs its 6S; returns
    the dealer's discards after the first phỗng."""
    g.apply(0, ("discard", K["4V"]))
    _decline_until(g, _phong_offered_to(0))
    g.apply(0, ("phong", None))
    first = g.discards(0)
    g.apply(0, ("discard", K["5V"]))
    _decline_until(g, _phong_offered_to(0))
    g.apply(0, ("phong", None))
    return first


TOM_DEAL = ({0: "7N", 1: "3V 3S 3N 5S 5S 8V 9S"}, ("5S",), "7N 3N")
LEO_DEAL = ({0: "8S", 1: "9V CC 9N 9S 5S 5S 4N"}, ("5S",), "8S 9N 9S 7S")
RUN_DEAL = ({0: "4V 5V 3V 6V 5S 5S 6S 6S"}, ("5S", "6S"), "4V 5V 5N 6N")


def test_tham_the_cards_of_a_take_stay_forbidden_for_the_whole_game():
    # seed 356: "Ăn Thất Văn (hạ Tam Sách, Tam Vạn) rồi đánh Tam Văn" is tham; v1 only forbade
    # the take's own kinds, and only for the discard right after it
    spec, top, keep = TOM_DEAL
    g = table(spec, top=top, keep=keep)
    first = eat_then_phong_later(g, "7N", "7N 3V 3S", "8V")
    assert K["3N"] not in first                 # 3N 3V 3S would be a bí
    assert K["8V"] in first and K["9S"] in first
    out = g.discards(1)
    assert K["3N"] not in out and K["9S"] in out


def test_tham_leo_a_take_and_a_later_discard():
    # seed 354: eat Bát Sách into Lèo, discard Cửu Văn: then Cửu Sách (9V 9N 9S, a bí) is tham
    spec, top, keep = LEO_DEAL
    g = table(spec, top=top, keep=keep)
    first = eat_then_phong_later(g, "8S", "9V CC 8S", "9N")
    assert K["9S"] in first and K["9N"] in first   # right after the take both are allowed
    out = g.discards(1)
    assert K["9S"] not in out and K["4N"] in out


def test_two_discards_forbid_the_card_that_makes_a_phu_with_them():
    # seed 358-359: never throw away the three cards of a phu; 4V, then 5V: no 3V or 6V after
    spec, top, keep = RUN_DEAL
    g = table(spec, top=top, keep=keep)
    first = two_discards_then_phong(g)
    assert K["5V"] in first and K["3V"] in first
    out = g.discards(0)
    assert K["3V"] not in out and K["6V"] not in out and out
    assert g.forbid[0][K["5N"]]                 # 5S of the first phỗng, 5V since: a bí


def test_bo_u_a_declined_u_is_not_offered_again():
    # seed 396: whoever lets an ù go may not ù later in the game
    g = table({0: "5V", 2: HAND_A}, top=("5V",), dealer=0, keep="5V")
    g.apply(0, ("discard", K["5V"]))
    assert g.to_move() == 2 and g.phase == T.P_U
    g.apply(2, ("pass", None))
    assert g.bo_u[2] == 1
    _decline_until(g, lambda g: (0, "draw", K["5V"], None) in g.log[-3:] or
                   (1, "draw", K["5V"], None) in g.log[-3:])
    # the second 5V is turned up: nobody is asked for an ù on it, p2 least of all
    assert g.phase != T.P_U and ("u", None) not in g.legal(g.to_move())
    assert g.can_u_with(2, K["5V"])             # the hand could, the rule says no


CHI_CHI_WAIT = "1V 1V 1N 1N 1S 1S TT TT OC OC 9N 9N 9V 8S 2V 3V 4V 5N 6N 7N"   # waits on CC only


def _chi_chi_drawn(dealer):
    """Player 2 waits on CC alone; the dealer discards, the doors xin until the stock's top CC
    is turned up: the points of player 2's ù on it."""
    g = table({dealer: "5S", 2: CHI_CHI_WAIT}, top=("CC",), dealer=dealer, keep="5S")
    assert g.waits(2) == (K["CC"],)
    g.apply(dealer, ("discard", K["5S"]))
    _decline_until(g, lambda g: g.phase == T.P_U and g.card == K["CC"])
    assert g.to_move() == 2 and g.src == T.SRC_DRAW
    g.apply(2, ("u", None))
    return g.door, g.score


def test_chi_chi_nay_only_when_turned_up_at_another_players_door():
    # to-tom-v2 §8 (seed 431): "không được tự bốc nọc"; drawn at one's own door it is a Lèo
    door, score = _chi_chi_drawn(dealer=0)      # player 1 asks for a card: CC at 1's door
    assert door == 1 and score["chuc_sac"] == ["chi_chi_nay"] and score["points"] == 24
    door, score = _chi_chi_drawn(dealer=1)      # player 2 asks: CC at the winner's own door
    assert door == 2 and score["chuc_sac"] == ["leo"] and score["points"] == 8


def test_a_version_2_save_reads_with_no_discard_rule_over_the_game_yet():
    g = table({0: "7N", 1: "3V 3S 3N"}, dealer=0, keep="7N 3V 3S 3N")
    g.apply(0, ("discard", K["7N"]))
    g.apply(1, ("eat", tuple(sorted(kinds("7N 3V 3S")))))
    d = json.loads(json.dumps(g.to_dict()))
    back = T.ToTom.from_dict(d)
    assert back.forbid == g.forbid and back.took == g.took and back.bo_u == g.bo_u
    assert back.discards(1) == g.discards(1) and K["3N"] not in back.discards(1)
    for key in ("fb", "took", "thrown", "bu"):
        del d[key]
    d["v"] = 2
    old = T.ToTom.from_dict(d)
    assert old.forbid == [bytearray(NKINDS)] * 5
    # the take just made still forbids its own kinds and their partners in the discard after it
    assert K["3N"] not in old.discards(1)


def test_a_skipped_card_cannot_be_eaten_later():
    g = table({0: "5V", 1: "4V 6V"}, top=("5V",), dealer=0, keep="5V 4V 6V")
    g.apply(0, ("discard", K["5V"]))
    assert g.to_move() == 1 and "eat" in names(g.legal(1))
    g.apply(1, ("draw", None))
    # the stock turned up another 5V at the same door: eating it is now forbidden, so it passes
    assert g.log[-2] == (1, "draw", K["5V"], None)
    assert g.log[-1] == (1, "pass", K["5V"], None)
    assert g.door == 2


def test_a_declined_phong_cannot_be_taken_later():
    g = table({0: "9S", 3: "9S 9S"}, top=("9S",), dealer=0, keep="9S")
    g.apply(0, ("discard", K["9S"]))
    assert g.to_move() == 3 and g.phase == T.P_PHONG
    g.apply(3, ("pass", None))
    assert g.banned[3][K["9S"]] == 1
    assert not g.phong_options(3, K["9S"])


def test_yeu_at_own_door_must_be_eaten():
    g = table({0: "5V", 1: "2V 7S"}, top=("OC",), dealer=0, keep="5V OC")
    g.apply(0, ("discard", K["5V"]))
    while g.card != K["OC"]:
        p = g.to_move()
        legal = g.legal(p)
        g.apply(p, legal[-1] if legal[-1][0] in ("draw", "pass") else legal[0])
    assert g.door == g.to_move()
    legal = g.legal(g.to_move())
    assert legal and all(a[0] in ("eat", "phong") for a in legal)
    assert ("eat", (K["OC"],)) in legal


def test_yeu_can_be_phong_by_another_before_the_door_eats():
    g = table({0: "5V", 3: "OC OC"}, top=("OC",), dealer=0, keep="5V OC")
    g.apply(0, ("discard", K["5V"]))
    if g.to_move() == 1:
        g.apply(1, ("draw", None))
    assert g.card == K["OC"] and g.door == 1
    assert g.to_move() == 3 and g.phase == T.P_PHONG
    g.apply(3, ("pass", None))
    assert g.to_move() == 1 and "pass" not in names(g.legal(1))


def test_khan_must_be_taken():
    g = table({0: "5S", 2: "5S 5S 5S"}, dealer=0, keep="5S")
    assert g.khan[2] == [K["5S"]]
    g.apply(0, ("discard", K["5S"]))
    assert g.to_move() == 2 and g.legal(2) == [("khan", None)]
    g.apply(2, ("khan", None))
    assert (K["5S"],) * 4 in g.laid[2] and g.khan[2] == []
    assert g.phase == T.P_DISCARD and g.to_move() == 2


def test_u_de_in_play_nearest_counter_clockwise_first():
    g = table({0: "5V", 2: HAND_A, 3: HAND_B}, dealer=0, keep="5V")
    g.apply(0, ("discard", K["5V"]))
    assert g.u_queue == [2, 3]
    assert g.to_move() == 2 and g.legal(2) == [("u", None), ("pass", None)]
    g.apply(2, ("pass", None))
    assert g.to_move() == 3
    g.apply(3, ("u", None))
    assert g.winner == 3 and g.phase == T.P_OVER and g.next_dealer == 3
    assert "Tôm" not in g.score["xuong"]


def test_u_de_the_door_player_first():
    g = table({0: "5V", 1: HAND_B, 3: HAND_A}, dealer=0, keep="5V")
    g.apply(0, ("discard", K["5V"]))
    assert g.u_queue == [1, 3]
    g.apply(1, ("u", None))
    assert g.winner == 1


def test_u_with_xuyen_scores_tom_and_xuyen():
    g = table({0: "5V", 2: HAND_A}, dealer=0, keep="5V")
    g.apply(0, ("discard", K["5V"]))
    g.apply(2, ("u", None))
    # Tôm (6) + xuyên (+2): 4 + (6 - 4) + 2
    assert g.score["points"] == 8


def test_thien_u_and_thong():
    hand = HAND_A + " 5V"
    g = table({1: hand}, dealer=1)
    assert g.legal(1)[0] == ("u", None)
    plain = T.ToTom(5, 1)
    plain.deal_cards([[], kinds(hand), [], [], []], [])
    by_default(plain)
    plain.apply(1, ("u", None))
    g.streak_player, g.streak = 1, 1
    g.apply(1, ("u", None))
    assert g.score["points"] == plain.score["points"] + 2
    assert g.score["xuong"].startswith("Thông")


def test_four_players_need_two_lung():
    # [7N 3V 3S] is the only lưng of this 21-card winning hand
    base = "7N 3V 3S 4N 5N 6N 4S 5S 6S 7S 8S 9S 2V 2N 2S CC 1V OC 4V 5V 6V"
    one = base + " 5N 6N 7N 8N"
    two = base + " 9N 1V 1S 1N"
    g = table({0: one}, dealer=0, players=4)
    assert "u" not in names(g.legal(0))
    g = table({0: two}, dealer=0, players=4)
    assert g.legal(0)[0] == ("u", None)


def test_draw_at_five_cards_left():
    g = table({0: "5V"}, dealer=0, short_stock=7, keep="5V")
    assert g.left == 7
    g.apply(0, ("discard", K["5V"]))
    _decline_until(g, lambda g: g.phase == T.P_OVER)
    assert g.winner == -1 and g.left == 5
    draws = [e for e in g.log if e[1] == "draw"]
    assert len(draws) == 2
    last = g.log[-1]
    assert last[1] == "draw_game" and g.next_dealer == last[0]
    assert g.pile_door[-1] == last[0]       # the last card lay at the kê's door


# to-tom-v2 §7 (401), the end game. Both hands eat 6V with 7V 8V into a run (kept out of the
# other hands and off the stock's top), beside 15 cards in phu: Tôm 7N 3V 3S, 4S 5S 6S, 7S 8S
# 9S, the yêu CC TT OC, the bí 2V 2N 2S.
END_BASE = "6V 7N 3V 3S 4S 5S 6S 7S 8S 9S CC TT OC 2V 2N 2S 7V 8V"
# + 3S 2V 8N: throwing 8N leaves the bí 2V 2V 2N 2S and the run 3S 4S 5S 6S; throwing 2N leaves
# the lưng group 8N 2V 2V 2S; any other discard leaves a card out of every phu
END_THANH = "3S 2V 8N"
# + 4N 5N 9S: no discard leaves thành; throwing 9S leaves 4N 5N waiting for 3N or 6N
END_CHO = "4N 5N 9S"


def end_game(others, left):
    """Player 0 (dealer) discards 6V with `left` cards in the stock; player 1 holds END_BASE
    without its 6V, and `others`."""
    g = table({0: "6V", 1: END_BASE[3:] + " " + others}, dealer=0, short_stock=left,
              keep="6V 7V 8V")
    assert g.left == left
    g.apply(0, ("discard", K["6V"]))
    return g


RUN_6V = (K["6V"], K["7V"], K["8V"])


def test_end_game_with_six_cards_left_a_take_must_leave_the_hand_thanh():
    g = end_game(END_THANH, 6)
    assert g.to_move() == 1 and ("eat", RUN_6V) in g.legal(1)
    g.apply(1, ("eat", RUN_6V))
    assert g.discards(1) == kinds("2N 8N")
    assert g.end_refuses(1, K["3S"]) and not g.end_refuses(1, K["6V"])
    # the hand that could only wait is not offered the take: the 6V is let go (xin)
    g = end_game(END_CHO, 6)
    assert g.pile[0] == K["6V"] and [e for e in g.log if e[1] == "eat"] == []


def test_end_game_with_seven_cards_left_a_take_must_leave_the_hand_cho():
    g = end_game(END_CHO, 7)
    assert g.to_move() == 1 and ("eat", RUN_6V) in g.legal(1)
    g.apply(1, ("eat", RUN_6V))
    out = g.discards(1)
    assert K["9S"] in out                               # 4N 5N wait for 3N or 6N
    for bad in kinds("2V 4N 2N 7S"):                    # each leaves two cards out of phu
        assert bad not in out and g.end_refuses(1, bad)
    # with eight left the end game asks nothing: 2V is a fine discard again
    g = end_game(END_CHO, 8)
    g.apply(1, ("eat", RUN_6V))
    assert K["2V"] in g.discards(1) and not g.end_refuses(1, K["2V"])


def test_end_game_leaves_day_khan_free_and_lets_a_yeu_pass():
    g = table({0: "5S", 2: "5S 5S 5S"}, dealer=0, short_stock=6, keep="5S")
    g.apply(0, ("discard", K["5S"]))
    assert g.legal(2) == [("khan", None)]
    g.apply(2, ("khan", None))
    assert g.discards(2)                # not limited: any discard the other rules allow
    # a yêu turned up (6 cards left) at a door where eating it would not leave the hand thành
    # passes on, door after door
    g = table({0: "5V", 1: "2V 7S"}, top=("OC",), dealer=0, short_stock=6, keep="5V OC")
    g.apply(0, ("discard", K["5V"]))
    _decline_until(g, lambda g: g.phase == T.P_OVER)
    drawn = g.log.index((1, "draw", K["OC"], None))
    assert g.log[drawn + 1] == (1, "pass", K["OC"], None)
    assert not any(e[1] == "eat" and e[2] == K["OC"] for e in g.log)


# to-tom-v2 §6 (seed 364-373): player 1 lets the dealer's 2V go with 3V 4V in hand (the eat of
# 2V 3V 4V was on offer), then the stock turns up 3N at their door.
DECLINE_DEAL = ({0: "2V", 1: "3V 4V 3S 9S 9S"}, ("3N",), "2V 3N")


def declined_then_bi():
    """Player 1 declines 2V (xin) and eats the 3N turned up into the bí 3V 3N 3S."""
    spec, top, keep = DECLINE_DEAL
    g = table(spec, top=top, dealer=0, keep=keep)
    g.apply(0, ("discard", K["2V"]))
    assert g.to_move() == 1 and ("eat", tuple(kinds("2V 3V 4V"))) in g.legal(1)
    g.apply(1, ("draw", None))
    assert (K["3V"], K["4V"]) in [tuple(g.pairs[1][i:i + 2]) for i in range(0, len(g.pairs[1]), 2)]
    assert g.card == K["3N"] and g.to_move() == 1
    bi = tuple(kinds("3V 3N 3S"))
    assert ("eat", bi) in g.legal(1)
    g.apply(1, ("eat", bi))
    return g


def test_declined_pair_one_laid_without_the_other_may_not_be_discarded():
    # rules c-e (369-371): the bí lays the 3V of the declined pair 3V 4V, not the 4V
    g = declined_then_bi()
    out = g.discards(1)
    assert K["4V"] not in out and K["9S"] in out
    assert g.forbid[1][K["4V"]] == 1
    # the same game from a save made before the declined pairs were kept ("dp") plays on without
    # them: 4V may be discarded again
    d = json.loads(json.dumps(g.to_dict()))
    del d["dp"]
    d["fb"] = [pack_counted(bytearray(NKINDS)) for _ in range(g.n)]
    old = T.ToTom.from_dict(d)
    assert K["4V"] in old.discards(1)


def test_the_two_cards_of_a_declined_take_are_never_both_discarded():
    # rule f (372): after letting 2V go with 3V 4V, player 1 phỗngs the 9S turned up and throws
    # 3V: from then on 4V may not follow it
    g = table({0: "2V", 1: "3V 4V 9S 9S"}, top=("9S",), dealer=0, keep="2V 9S")
    g.apply(0, ("discard", K["2V"]))
    g.apply(1, ("draw", None))
    assert g.card == K["9S"] and ("phong", None) in g.legal(1)
    g.apply(1, ("phong", None))
    assert K["3V"] in g.discards(1) and K["4V"] in g.discards(1)
    g.apply(1, ("discard", K["3V"]))
    assert g.forbid[1][K["4V"]] == 1 and g.forbid[1][K["3V"]] == 0


def test_the_other_card_completing_a_declined_pair_is_not_eaten_with_it():
    # rule a (364-366): "không được bỏ nhị ăn ngũ": player 1 lets 2V go with 3V 4V, then the
    # stock turns up 5V at their door: no eat holding 3V 4V, the others as before
    g = table({0: "2V", 1: "3V 4V 6V 7V 9S"}, top=("5V",), dealer=0, keep="2V 5V")
    g.apply(0, ("discard", K["2V"]))
    assert ("eat", tuple(kinds("2V 3V 4V"))) in g.legal(1)
    g.apply(1, ("draw", None))
    assert g.card == K["5V"] and g.to_move() == 1
    eats = [take_parts(arg)[0] for name, arg in g.legal(1) if name == "eat"]
    assert tuple(kinds("5V 6V 7V")) in eats and tuple(kinds("4V 5V 6V")) in eats
    assert tuple(kinds("3V 4V 5V")) not in eats and tuple(kinds("3V 4V 5V 6V 7V")) not in eats
    # the same cards without the decline: 5V is first seen at the door and eaten with 3V 4V
    g = table({0: "5V", 1: "3V 4V 6V 7V 9S"}, dealer=0, keep="5V")
    g.apply(0, ("discard", K["5V"]))
    assert ("eat", tuple(kinds("3V 4V 5V"))) in g.legal(1)


# waits only on Chi Chi (the Lèo 9V 8S), the rest in phu without a lưng
LEO_PAIR_WAIT = "9V 9V 8S 2V 3V 4V 5V 6V 2N 3N 4N 5N 6N 7N 2S 3S 4S 1S 1N OC"


def test_a_pair_of_the_leo_is_phong_not_kept_for_chi_chi_nay_432():
    # "Nếu trên tay có đôi Cửu Vạn ... phải Phỗng rồi đánh Thành, không được bỏ Phỗng để chờ Chi
    # Chi nảy": at the player's own door only the phỗng is offered (no eat, no xin) ...
    g = table({0: "9V", 1: LEO_PAIR_WAIT}, dealer=0, keep="9V")
    assert g.waits(1) == (K["CC"],)
    g.apply(0, ("discard", K["9V"]))
    assert g.to_move() == 1 and g.legal(1) == [("phong", None)]
    g.apply(1, ("phong", None))
    g.apply(1, ("discard", K["8S"]))
    assert T.evaluation.thanh(g.hands[1])       # the phỗng then the discard: thành
    # ... and at another player's door the phỗng offered first may not be passed
    g = table({0: "9V", 2: LEO_PAIR_WAIT}, dealer=0, keep="9V")
    g.apply(0, ("discard", K["9V"]))
    assert g.to_move() == 2 and g.legal(2) == [("phong", None)]
    # a pair of another kind is passed as before
    g = table({0: "2N", 2: LEO_PAIR_WAIT.replace("3N", "2N")}, dealer=0, keep="2N")
    g.apply(0, ("discard", K["2N"]))
    assert g.to_move() == 2 and ("pass", None) in g.legal(2)


# ù vọng (to-tom-v2 §3, 406-407): player 2 is dealt the four 5V (a thiên khai), player 1 waits
# on 5V alone (4V 6V), not thành; the dealer's first discard is 9N
VONG_HAND = "4V 6V 7N 3V 3S 2N 3N 4N 4S 5S 6S 7S 8S 9S CC TT OC 1V 1N 1S"


def vong_table(hand=VONG_HAND):
    g = table({0: "9N", 1: hand, 2: "5V 5V 5V 5V"}, dealer=0, keep="9N 5V")
    g.log = []
    g.apply(0, ("discard", K["9N"]))
    return g


def test_u_vong_on_a_thien_khai_right_after_the_dealers_first_discard():
    g = vong_table()
    assert g.laid[2] == [(K["5V"],) * 4]
    # before the 9N is offered, player 1 may ù on the thiên khai's kind
    assert g.to_move() == 1 and g.legal(1) == [("u", None), ("pass", None)]
    assert g.u_card() == K["5V"] and g.card == K["9N"]
    again = T.ToTom.from_dict(json.loads(json.dumps(g.to_dict())))   # a save in between
    g.apply(1, ("u", None))
    assert g.phase == T.P_OVER and g.winner == 1
    assert g.log[-1][:3] == (1, "u", K["5V"]) and g.log[-1][4] == 2     # vong_from: player 2
    assert [K["4V"], K["5V"], K["6V"]] in [sorted(phu) for phu in g.score["partition"]]
    # declined, it is a bỏ ù, and the dealer's 9N is offered as any discard
    assert again.to_move() == 1 and again.u_card() == K["5V"]
    again.apply(1, ("pass", None))
    assert again.bo_u[1] == 1 and not again.vong and again.u_card() == K["9N"]
    assert again.card == K["9N"] and again.phase != T.P_U
    assert count_cards(again) == [4] * NKINDS


def test_no_u_vong_for_a_hand_that_is_thanh_nor_after_a_later_discard():
    # a thành hand that would ù on 5V too (onto its 2V 3V 4V) is asked no ù vọng
    thanh = "2V 3V 4V 7N 3V 3S 2N 3N 4N 4S 5S 6S 7S 8S 9S CC TT OC 1V 1N"
    g = table({1: thanh}, dealer=0)
    assert K["5V"] in g.waits(1) and T.evaluation.thanh(g.hands[1])
    g = vong_table(thanh)
    assert not g.vong and not any(entry[2] == K["5V"] for entry in g.log), g.log
    # the ù vọng is asked after the dealer's first discard only
    g = vong_table()
    g.apply(1, ("pass", None))
    assert all(not (name == "u" and g.u_card() == K["5V"])
               for name, _arg in g.legal(g.to_move()))


def test_conservation_and_legality_random_play():
    for seed in range(6):
        rng = Rng(seed)
        g = T.ToTom(5 if seed % 2 else 4, seed % 4)
        g.deal(rng)
        while g.phase != T.P_OVER:
            p = g.to_move()
            legal = g.legal(p)
            assert legal
            g.apply(p, rng.choice(legal))
            assert count_cards(g) == [4] * NKINDS


def test_illegal_action_is_refused():
    g = table({0: "1V 5V"}, dealer=0)
    for bad in (("discard", K["1V"]), ("eat", (K["5V"],)), ("draw", None)):
        try:
            g.apply(0, bad)
            raise AssertionError("accepted %r" % (bad,))
        except ValueError:
            pass
    try:
        g.apply(1, ("discard", K["5V"]))
        raise AssertionError("accepted a move out of turn")
    except ValueError:
        pass


def test_save_and_restore_mid_game():
    rng = Rng(77)
    g = T.ToTom(5, 2)
    g.deal(rng)
    for _ in range(9):
        p = g.to_move()
        g.apply(p, g.legal(p)[-1])
    copy = T.ToTom.from_dict(json.loads(json.dumps(g.to_dict())))
    while g.phase != T.P_OVER:
        p = g.to_move()
        assert copy.to_move() == p and copy.legal(p) == g.legal(p)
        a = g.legal(p)[0]
        g.apply(p, a)
        copy.apply(p, a)
    assert copy.winner == g.winner and copy.next_dealer == g.next_dealer


class _Done:
    def __init__(self, winner, points, next_dealer):
        self.winner = winner
        self.score = {"points": points}
        self.next_dealer = next_dealer


def test_hoi_scores_to_fifty_with_streaks():
    h = T.Hoi(5, dealer=0)
    h.record(_Done(2, 8, 2))
    assert h.scores[2] == 8 and h.dealer == 2 and h.streak == 1
    h.record(_Done(2, 10, 2))
    assert h.streak == 2
    g = h.new_game(Rng(1))
    assert g.streak_player == 2 and g.streak == 2 and g.dealer == 2
    h.record(_Done(-1, 0, 4))
    assert h.streak == 0 and h.dealer == 4
    h.record(_Done(1, 40, 1))
    assert not h.over()
    h.record(_Done(1, 12, 1))
    assert h.over() and h.leader() == 1 and h.scores == [0, 52, 18, 0, 0]
    again = T.Hoi.from_dict(json.loads(json.dumps(h.to_dict())))
    assert again.scores == h.scores and again.streak == h.streak and again.games == 5


def test_is_phu3_agrees_with_the_hand_classifier_on_every_three_kinds():
    from tet.games.to_tom.hand import classify

    found = 0
    for a in range(NKINDS):
        for b in range(a, NKINDS):
            for c in range(b, NKINDS):
                phu = classify([a, b, c]) is not None
                for x, y, z in ((a, b, c), (c, a, b), (b, c, a), (c, b, a)):
                    assert T.is_phu3(x, y, z) == phu, (x, y, z)
                found += phu
    # runs (7 per suit), bí (9), lưng groups (6) and three of a kind (30)
    assert found == 21 + 9 + 6 + 30


def test_each_kinds_pairs_are_the_classifiers_three_card_phu_with_it():
    # the table behind the discard rules and the wait scans' pre-filter (engine._fits)
    from tet.games.to_tom.hand import classify

    for c in range(NKINDS):
        listed = T.PAIRS[T.PAIRS_AT[c]:T.PAIRS_AT[c + 1]]
        pairs = sorted((listed[i], listed[i + 1]) for i in range(0, len(listed), 2))
        want = [(a, b) for a in range(NKINDS) for b in range(a + 1, NKINDS)
                if c not in (a, b) and classify([a, b, c]) is not None]
        assert pairs == want, c


def test_a_guest_sees_its_own_forbidden_discards_and_no_other_seats():
    # at a shared table the forbidden discards travel in the seat's sealed part only
    from tet.games.to_tom import adapter as A
    from tet.net.table import read_json

    spec, top, keep = RUN_DEAL
    g = table(spec, top=top, keep=keep)
    two_discards_then_phong(g)
    assert g.forbid[0][K["3V"]] and g.phase == T.P_DISCARD and g.actor == 0
    adapter = A.Adapter(T.Hoi(5), lambda: bytes(16), game=g, secret=bytes(16))
    public = adapter.public()
    assert not any(key in read_json(public) for key in ("fb", "took", "thrown", "bu"))
    mine = A.view(public, adapter.private(0), 0)[0]
    assert mine.forbid[0] == g.forbid[0] and mine.discards(0) == g.discards(0)
    other = A.view(public, adapter.private(1), 1)[0]
    assert other.forbid[0] == bytearray(NKINDS) and other.forbid[1] == g.forbid[1]


def _lay(g, p, codes):
    """Move the cards `codes` of player p's hand to a laid entry (as a take laid them)."""
    phu = tuple(kinds(codes))
    for k in phu:
        g.hands[p][k] -= 1
    g.laid[p].append(phu)
    g._waits[p] = None


def test_a_laid_run_lives_at_the_u():
    # seed 404 (to-tom-v2 §1): "3-4-5 Vạn down, the rest thành": 6V makes the ù, the laid run
    # taking it (v1, its laid phu frozen, said no: the concealed cards alone are not thành)
    rest = "1N 2N 3N 9N 1V 1S 2S 3S 4S 5S 7S 8S 9S 4N 5N 6N CC"
    g = table({0: "6V", 2: rest + " 3V 4V 5V"}, dealer=0, keep="6V")
    _lay(g, 2, "3V 4V 5V")
    assert K["6V"] in g.waits(2) and K["2V"] in g.waits(2)
    g.apply(0, ("discard", K["6V"]))
    assert g.phase == T.P_U and g.to_move() == 2
    g.apply(2, ("u", None))
    assert g.winner == 2
    parts = [sorted(part) for part in g.score["partition"]]
    assert sorted(kinds("3V 4V 5V 6V")) in parts or sorted(kinds("4V 5V 6V")) in parts, parts


def test_a_phong_lends_a_card_at_the_u():
    # seed 522-523 (to-tom-v2 §1, kèm): a phỗng 7N 7N 7N beside a concealed 3V 3S lends them a
    # 7N: the Tôm is whole, and the ù on 6V has it (three dealt 7N would be a khàn, which lends
    # nothing: the deal gives two and a 9V that stands for the third here)
    rest = "1N 2N 3N 4S 5S 6S 7S 8S 9S 2V 2N 2S 4V 5V 3V 3S TT"
    g = table({0: "6V", 2: rest + " 7N 7N 9V"}, dealer=0, keep="6V 7N")
    g.hands[2][K["9V"]] -= 1
    g.hands[2][K["7N"]] += 1
    _lay(g, 2, "7N 7N 7N")
    assert K["6V"] in g.waits(2)
    g.apply(0, ("discard", K["6V"]))
    assert g.phase == T.P_U and g.to_move() == 2
    g.apply(2, ("u", None))
    assert g.winner == 2 and g.score["kem"], g.score
    parts = [sorted(part) for part in g.score["partition"]]
    assert sorted(kinds("7N 7N 7N")) in parts and sorted(kinds("3V 3S")) in parts, parts
    # the result screen shows the lent card with the group it made whole
    from tet.games.to_tom.cards import partition_text
    assert "[7N 7N 7N]" in partition_text(g.score)
    assert "[3V 3S kèm 7N]" in partition_text(g.score) or \
        "[3S 3V kèm 7N]" in partition_text(g.score), partition_text(g.score)


def test_a_save_with_an_empty_laid_entry_is_refused():
    # a take lays three cards or more, and a laid copy lent to a phỗng leaves two: a save
    # holding an empty entry was changed by hand, and reads as no game
    rng = Rng(77)
    g = T.ToTom(5, 2)
    g.deal(rng)
    while not any(g.laid):
        p = g.to_move()
        legal = g.legal(p)
        takes = [a for a in legal if a[0] in ("eat", "phong")]
        g.apply(p, takes[0] if takes else legal[0])
    d = json.loads(json.dumps(g.to_dict()))
    T.ToTom.from_dict(json.loads(json.dumps(d)))        # as saved: reads
    p = [q for q in range(g.n) if g.laid[q]][0]
    # the entry's cards go back to the hand, so that all 120 are still accounted for
    hand = bytearray(g.hands[p])
    for k in g.laid[p][0]:
        hand[k] += 1
    g.hands[p] = hand
    g.laid[p][0] = ()
    d = json.loads(json.dumps(g.to_dict()))
    try:
        T.ToTom.from_dict(d)
        raise AssertionError("an empty laid entry was read")
    except ValueError:
        pass


# ---- the deal's choices and bất thực in play (to-tom-v2 §3-§4) ----

def deal_with(g, picks):
    """Play the deal's choices of `g`: picks {(player, code): action name, or ("trinh_phu",
    run codes)}, every other choice its default."""
    while g.phase == T.P_DEAL:
        p = g.actor
        legal = g.legal(p)
        want = picks.get((p, CODES[legal[0][1]]))
        if want is None:
            g.apply(p, legal[0])
        elif type(want) is tuple:
            run = tuple(kinds(want[1]))
            g.apply(p, ("trinh_phu", (legal[0][1], run)))
        else:
            g.apply(p, (want, legal[0][1]))
    return g


# 1V three (a black yêu), 3N three with 2N 4N (a run), 6S and 7S three each (each other's only
# mates: trùng trục), CC three (a red yêu)
BAT_THUC_DEAL = "1V 1V 1V 3N 3N 3N 2N 4N 6S 6S 6S 7S 7S 7S 8S CC CC CC 9N TT"


def test_the_deal_offers_bat_thuc_only_as_the_seed_allows_197_206():
    g = table({0: BAT_THUC_DEAL}, dealer=4, choose=True)
    while g.actor != 0:
        g.apply(g.actor, g.legal(g.actor)[0])
    offered = {}
    while g.phase == T.P_DEAL:
        legal = g.legal(0)
        k = legal[0][1]
        assert legal[0] == ("khan_down", k)
        offered[CODES[k]] = ("bat_thuc", k) in legal
        g.apply(0, legal[0])
    # yêu hoàn: a black yêu needs no phu; 3N has 2N 4N; 6S and 7S each lean only on the other,
    # dealt three times too (trùng trục); never a red yêu
    assert offered == {"1V": True, "3N": True, "6S": False, "7S": False, "CC": False}
    assert sorted(g.khan[0]) == sorted(kinds("1V 3N 6S 7S CC"))
    assert g.phase == T.P_DISCARD and g.to_move() == 4 and g.first_move


def test_bat_thuc_keeps_the_cards_and_is_logged_with_its_thien_khai_flag():
    g = deal_with(table({0: BAT_THUC_DEAL.replace("9N", "3N")}, dealer=4, choose=True),
                  {(0, "3N"): "bat_thuc"})
    assert g.hands[0][K["3N"]] == 4 and g.bat_thuc(0) == (K["3N"],)
    assert K["3N"] not in g.khan[0] and not g.laid[0]
    assert (0, "bat_thuc", K["3N"], None, True) in g.log
    again = T.ToTom.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.bat == g.bat and again.bat_thuc(0) == (K["3N"],)


def test_khan_trinh_phu_lays_the_fourth_in_a_run_169_171():
    g = table({0: "4V 4V 4V 4V 5V 6V 7V 9S"}, dealer=4, keep="3V 8V", choose=True)
    while g.actor != 0:
        g.apply(g.actor, g.legal(g.actor)[0])
    runs = [a[1][1] for a in g.legal(0) if a[0] == "trinh_phu"]
    assert sorted(runs) == [tuple(kinds("4V 5V 6V")), tuple(kinds("4V 5V 6V 7V"))]
    assert g.legal(0)[:2] == [("thien_khai", K["4V"]), ("bat_thuc", K["4V"])]
    g.apply(0, ("trinh_phu", (K["4V"], tuple(kinds("4V 5V 6V")))))
    assert g.khan[0] == [K["4V"]] and g.laid[0] == [tuple(kinds("4V 5V 6V"))]
    assert g.hands[0][K["4V"]] == 0 and g.hands[0][K["5V"]] == 0
    assert (0, "trinh_phu", K["4V"], tuple(kinds("4V 5V 6V"))) in g.log
    by_default(g)
    # no ù vọng on a trình phu: it is no thiên khai
    g.apply(4, g.legal(4)[0])
    assert not g.vong
    assert count_cards(g) == [4] * NKINDS


# 5N three with 6N 7N: bất thực; its free copy must sit in a run at the ù (treo khàn, 506)
BAT_THUC_WAIT = "5N 5N 5N 6N 7N 1N 2N 3N 4S 5S 6S 7S 8S 9S 2V 3V 4V CC TT OC"


def test_an_unsettled_bat_thuc_needs_a_copy_in_a_run_to_u_415_422_506():
    g = deal_with(table({0: "5N", 1: BAT_THUC_WAIT}, dealer=0, keep="5N 8N", choose=True),
                  {(1, "5N"): "bat_thuc"})
    # 8N would end it only with 5N 5N 5N as a triple beside 6N 7N 8N: treo khàn, no ù
    assert g.waits(1) == (K["5N"],)
    khan = table({1: BAT_THUC_WAIT}, dealer=0)
    assert K["8N"] in khan.waits(1)
    g.apply(0, ("discard", K["5N"]))
    # the fourth card of a bất thực is never compulsory: no dậy khàn, the ù is a choice
    assert g.to_move() == 1 and g.legal(1) == [("u", None), ("pass", None)]
    g.apply(1, ("u", None))
    assert g.score["xuong"].startswith("Bất thực Ngũ Văn ăn cả. "), g.score["xuong"]
    assert sorted(kinds("5N 6N 7N")) in [sorted(phu) for phu in g.score["partition"]]


def test_tai_kien_phongs_two_and_lays_the_third_in_a_run_178_192():
    g = deal_with(table({4: "5N", 0: "5N 5N 5N 4N 6N 9S"}, dealer=4, keep="3N 4N 5N 6N 7N",
                        choose=True),
                  {(0, "5N"): "bat_thuc"})
    g.apply(4, ("discard", K["5N"]))
    run = tuple(kinds("4N 5N 6N"))
    phongs = [a for a in g.legal(0) if a[0] == "phong"]
    # with three copies concealed only the tái kiến is a phỗng: the third needs its run
    assert phongs == [("phong", (run,))]
    g.apply(0, ("phong", (run,)))
    assert g.laid[0][-2:] == [(K["5N"],) * 3, run] and g.hands[0][K["5N"]] == 0
    assert g.bat_thuc(0) == () and g.bat[2] & T.BT_SETTLED     # the take settles it
    assert g.log[-1][4][2] == (run,)                            # logged as its `also`
    assert count_cards(g) == [4] * NKINDS


def test_danh_xen_needs_two_runs_through_the_kind_and_a_spare_376_379():
    # 3V bất thực with 2V 4V 4V 5V: runs 2V 3V 4V and 3V 4V 5V, the third 3V spare
    hand = "3V 3V 3V 2V 4V 4V 5V 7V 8V 9V 1N 2N 3N 4N 5N 6N 7S 8S 9S CC TT"
    g = deal_with(table({0: hand}, dealer=0, choose=True), {(0, "3V"): "bat_thuc"})
    assert K["3V"] in g.discards(0)
    g.apply(0, ("discard", K["3V"]))
    assert g.bat[2] & T.BT_XEN and g.bat_thuc(0) == (K["3V"],)
    # đánh xén once only: even with a spare copy again, no second 3V
    again = bytearray(g.hands[0])
    again[K["3V"]] += 1
    assert K["3V"] not in g.allowed_discards(0, again, -1, ())
    # one run only through 3V (no 1V, one 4V, no 5V): no đánh xén
    hand = "3V 3V 3V 2V 4V 7V 8V 9V 1N 2N 3N 4N 5N 6N 7S 8S 9S CC TT OC 9N"
    g = deal_with(table({0: hand}, dealer=0, choose=True), {(0, "3V"): "bat_thuc"})
    assert K["3V"] not in g.discards(0) and K["2V"] in g.discards(0)


def test_a_save_in_the_middle_of_the_deal_reads_back_and_plays_on():
    g = table({0: BAT_THUC_DEAL}, dealer=4, choose=True)
    while g.actor != 0:
        g.apply(g.actor, g.legal(g.actor)[0])
    g.apply(0, ("bat_thuc", K["1V"]))
    again = T.ToTom.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.phase == T.P_DEAL and again.actor == 0
    assert again.legal(0) == g.legal(0) == [("khan_down", K["3N"]), ("bat_thuc", K["3N"])]
    for game in (g, again):
        game.apply(0, ("bat_thuc", K["3N"]))
        by_default(game)
    assert again.to_dict() == g.to_dict() and again.bat_thuc(0) == (K["1V"], K["3N"])
    # a bất thực of a red yêu, or the same kind twice, is no save
    for bad in ("0R0", "000000"):
        d = g.to_dict()
        d["bt"] = bad
        try:
            T.ToTom.from_dict(d)
            raise AssertionError("accepted bt %r" % bad)
        except ValueError:
            pass


def test_the_logs_words_are_read_from_one_text():
    from tet.games.to_tom.state import action_name

    words = {"deal": "cầm cái", "thien_khai": "dậy thiên khai",
             "bat_thuc": "xin làng một cái bất thực", "trinh_phu": "trình phu",
             "discard": "đánh", "draw": "xin, nọc lật", "eat": "ăn", "phong": "phỗng",
             "khan": "dậy khàn", "u": "ù", "pass": "bỏ qua", "draw_game": "hoà, được kê"}
    for action, text in words.items():
        assert action_name(action) == text, action
    try:
        action_name("xin")
        raise AssertionError("a word for no action")
    except KeyError:
        pass
