"""Tổ Tôm's takes with laid phu that live (to-tom-v2 §2), from the seed's own examples: eating
onto a laid entry (326), the kèm eat (302), ăn phu dậy khàn (322), a phỗng with a laid copy
(304-305), treo tranh (286) and năm binh (306-313). Each position is dealt, player 1's earlier
take laid as it would have been (test_to_tom_game._lay), and the dealer's first discard brings
the card to player 1's door; the take itself is played through legal() and apply(). Runs under
pytest and real MicroPython."""

from test_to_tom_game import K, _lay, kinds, table

from tet.games.to_tom import engine as T
from tet.games.to_tom.play import action_label
from tet.games.to_tom.state import take_parts

def ks(codes):
    return tuple(sorted(kinds(codes)))


def at_door(hand, card, laid=(), keep="", lent=()):
    """A game where player 1 holds `hand` (codes), has laid `laid` (codes of each entry, from
    the hand), and the dealer (player 0) has just discarded `card` to player 1's door; the
    kinds of `keep` and the card's are dealt to nobody else (the other cards fill the hands);
    `lent`: the indices of player 1's fixed entries that lent a card before."""
    spec = {0: card, 1: hand + " " + " ".join(laid)}
    g = table(spec, dealer=0, keep=card + " " + keep)
    for entry in laid:
        for k in kinds(entry):
            if k in g.khan[1]:          # three dealt copies: a khàn, unless laid
                g.khan[1].remove(k)
                g.hands[1][k] += 3
        _lay(g, 1, entry)
    g.lent[1].extend(lent)
    g.apply(0, ("discard", K[card]))
    return g


def offered(g, p):
    """game.legal(p)'s takes: eats as (phu, onto, shared, also, khan_up), phỗng as ('phong',
    source)."""
    out = []
    for name, arg in g.legal(p):
        if name == "eat":
            out.append(take_parts(arg))
        elif name == "phong":
            out.append(("phong", arg))
    return out


def test_eating_onto_a_laid_run_326():
    # "Nếu vòng sau đó lại đến cây bài lần trước mình đã ăn thì có thể ăn tiếp": 3V 4V 5V laid,
    # 6V at the door extends it (E2, the same entry, the card on top)
    g = at_door("1N 2N", "6V", laid=("3V 4V 5V",), keep="2V 7V")
    assert g.to_move() == 1 and g.phase == T.P_EAT
    take = (ks("3V 4V 5V 6V"), 0, -1, (), 0)
    assert take in offered(g, 1), offered(g, 1)
    assert action_label(g, ("eat", take)) == "Ăn vào 3V 4V 5V"
    g.apply(1, ("eat", take))
    assert g.laid[1] == [ks("3V 4V 5V 6V")]
    assert g.take_phu == ks("3V 4V 5V 6V")      # the take's cards: the whole run (§5)
    assert g.log[-1][4][0] == 0                 # logged laid_onto 0


def test_a_kem_eat_onto_a_phong_302():
    # "2 bát văn, 1 nhị vạn, 1 nhị sách. có thể phỗng được bát văn, khi nhị ... đến cửa thì ăn
    # tiếp": the phỗng 8N 8N 8N lends an 8N to the 2V at the door with the concealed 2S (E3)
    g = at_door("2S 5S", "2V", laid=("8N 8N 8N",), keep="8N 2N 2S")
    take = (ks("2V 2S"), -1, 0, (), 0)
    assert take in offered(g, 1), offered(g, 1)
    assert action_label(g, ("eat", take)) == "Ăn [2V 2S] kèm 8N"
    g.apply(1, ("eat", take))
    assert g.laid[1] == [ks("8N 8N 8N"), ks("2V 2S")] and g.lent[1] == [0]
    assert sorted(g.take_phu) == sorted(kinds("2V 2S 8N"))     # the shared card is the take's


def test_a_fixed_entry_lends_once():
    # after the kèm eat above the phỗng has lent its 8N: a second 2V is no kèm eat
    g = at_door("2S 2S 5S", "2V", laid=("8N 8N 8N",), keep="8N 2N 2S", lent=(0,))
    assert all(take[2] < 0 for take in offered(g, 1) if take[0] != "phong"), offered(g, 1)


def test_an_phu_day_khan_322():
    # "3 cây tam văn đang úp khàn, trên tay lại có tứ văn, ngũ văn, lục văn ... ăn cây tam văn
    # vào phu dọc và phải ngửa khàn": the khàn's fourth at its holder's door: dậy khàn, or eat
    # it into the run and turn the khàn up (E4)
    g = at_door("3N 3N 3N 4N 5N 6N", "3N", keep="2N 7N")
    assert g.khan[1] == [K["3N"]] and g.to_move() == 1 and g.phase == T.P_KHAN
    legal = g.legal(1)
    assert ("khan", None) in legal
    takes = offered(g, 1)
    assert (ks("3N 4N 5N"), -1, -1, (), 1) in takes and (ks("3N 4N 5N 6N"), -1, -1, (), 1) in takes
    assert all(t[4] == 1 for t in takes)        # only so: the khàn is turned up
    take = (ks("3N 4N 5N 6N"), -1, -1, (), 1)
    assert action_label(g, ("eat", take)) == "Ăn [3N 4N 5N 6N] dậy khàn"
    g.apply(1, ("eat", take))
    assert g.khan[1] == [] and g.laid[1] == [ks("3N 4N 5N 6N"), ks("3N 3N 3N")]


def test_a_phong_with_a_laid_copy_304():
    # "1 con tam vạn và 2 thất văn, tam sách đến ... ăn bí sườn (tôm), giữ con thất văn trên
    # tay. Nếu làng đánh thất văn thì vẫn phỗng được ... chuyển con thất văn đã ăn trước vào
    # phỗng": the Tôm 7N 3V 3S laid, one 7N in hand, 7N at the door
    g = at_door("7N 5S", "7N", laid=("7N 3V 3S",), keep="3V 3S")
    assert ("phong", 0) in offered(g, 1), offered(g, 1)
    assert action_label(g, ("phong", 0)) == "Phỗng với 7N đã hạ"
    g.apply(1, ("phong", 0))
    assert g.laid[1] == [ks("3V 3S"), ks("7N 7N 7N")]
    assert g.lent[1] == [1]     # what is left is no phu: the triple lends to it (E3 not again)
    assert g.log[-1][4][4] == 0                 # logged laid_from 0


def test_a_phong_with_a_laid_copy_of_a_bi_of_four_305():
    # the bí 4V 4V 4N 4S laid and a 4S in hand: a 4S at the door is phỗng with the laid 4S
    # ... rather, with a laid 4V: the bí keeps 4V 4N 4S, a phu on its own, so nothing lends
    g = at_door("4V 5S", "4V", laid=("4V 4V 4N 4S",), keep="4N 4S")
    assert ("phong", 0) in offered(g, 1), offered(g, 1)
    g.apply(1, ("phong", 0))
    assert g.laid[1] == [ks("4V 4N 4S"), ks("4V 4V 4V")] and g.lent[1] == []


def test_treo_tranh_lays_every_concealed_copy_286():
    # "bài đang có Tam, Tứ, Ngũ, Lục, Thất Văn rồi, ăn thêm Ngũ Văn thì sẽ phải hạ Ngũ Văn ở
    # trên tay xuống": the concealed 5N goes down too, in an extra phu; a take that leaves it
    # in hand is not offered
    g = at_door("3N 4N 5N 6N 7N 1S", "5N", keep="2N 8N")
    takes = offered(g, 1)
    assert (ks("3N 4N 5N"), -1, -1, (ks("5N 6N 7N"),), 0) in takes, takes
    assert (ks("5N 6N 7N"), -1, -1, (ks("3N 4N 5N"),), 0) in takes, takes
    for phu, _onto, _shared, also, _up in [t for t in takes if t[0] != "phong"]:
        laid = list(phu) + [k for extra in also for k in extra]
        assert laid.count(K["5N"]) == 2, (phu, also)
    take = (ks("3N 4N 5N"), -1, -1, (ks("5N 6N 7N"),), 0)
    assert action_label(g, ("eat", take)) == "Ăn [3N 4N 5N] [5N 6N 7N]"
    g.apply(1, ("eat", take))
    assert g.laid[1] == [ks("3N 4N 5N"), ks("5N 6N 7N")] and g.hands[1][K["5N"]] == 0


def test_nam_binh_306():
    # "bài đang có trên tay tam tứ ngũ vạn và bí tam thì ta có 2 tam vạn. Khi làng đánh tam
    # vạn ... nên ăn năm binh": the bí takes both concealed 3V: 3V 3V 3V 3N 3S
    g = at_door("3V 4V 5V 3V 3N 3S 1S", "3V", keep="3N 3S")
    takes = offered(g, 1)
    five = (ks("3V 3V 3V 3N 3S"), -1, -1, (), 0)
    assert five in takes, takes
    assert (ks("3V 3V 3N 3S"), -1, -1, (), 0) not in takes    # a 3V left in hand: no
    assert ("phong", None) in takes                           # the phỗng stays offered
    g.apply(1, ("eat", five[0]))        # an ordinary eat's argument is its phu alone
    assert g.laid[1] == [ks("3V 3V 3V 3N 3S")]
    assert g.hands[1][K["4V"]] == 1 and g.hands[1][K["3V"]] == 0


def test_a_save_keeps_what_lent_and_a_version_3_save_still_loads():
    import json

    from tet.games.to_tom.state import SAVE_VERSION

    g = at_door("2S 5S", "2V", laid=("8N 8N 8N",), keep="8N 2N 2S")
    take = (ks("2V 2S"), -1, 0, (), 0)
    g.apply(1, ("eat", take))
    d = json.loads(json.dumps(g.to_dict()))
    assert d["v"] == SAVE_VERSION == 4 and d["lent"][1] == [0] and d["tk"] is False
    back = T.ToTom.from_dict(d)
    assert back.lent == g.lent and back.laid == g.laid and back.take_phu == g.take_phu
    assert back.discards(1) == g.discards(1)
    # version 3 (before entries grew and lent): no `lent`, no `tk`; it reads as nothing lent
    # and the take before the discard a dậy khàn only when it laid four identical cards
    del d["lent"], d["tk"]
    d["v"] = 3
    old = T.ToTom.from_dict(d)
    assert old.lent == [[] for _ in range(old.n)] and old.take_khan is False
    assert old.discards(1) == g.discards(1)


def test_every_take_travels_to_a_guest_and_back():
    # a shared table's intents (intents.py): the host sends each choice as text, the guest sends
    # the pick back; every form of §2 makes the round trip
    from tet.games.to_tom.intents import choice_text, decode, encode
    from tet.games.to_tom.seen import _choices

    for action in (("eat", ks("3V 4V 5V")),
                   ("eat", (ks("3V 4V 5V 6V"), 0, -1, (), 0)),
                   ("eat", (ks("2V 2S"), -1, 3, (), 0)),
                   ("eat", (ks("3N 4N 5N"), -1, -1, (ks("5N 6N 7N"), ks("5V 5N 5S")), 0)),
                   ("eat", (ks("3N 4N 5N 6N"), -1, -1, (), 1)),
                   ("phong", None), ("phong", 2)):
        assert decode(encode(action)) == action, action
        assert _choices([choice_text(action)], 5) == [action], action     # as a guest reads it
    for bad in (b"E\x01\x00\x00", b"E\x01\x00\x02\x03\x02\x03", b"E\x00\x00\x00\x02\x1f\x02"):
        try:
            decode(bad)
        except ValueError:
            continue
        raise AssertionError("decoded %r" % bad)
