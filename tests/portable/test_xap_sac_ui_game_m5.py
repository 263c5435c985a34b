"""A whole Xấp Sắc game through the UI on the m5stickc_plus, OK only, under the 160K heap (one board per
module, so the micropython lane boots each game fresh; the game is test_xap_sac_ui_game's)."""

from test_xap_sac_ui_game import whole_game

HEAP = "160K"


def test_whole_game_on_the_m5stick_with_ok_only():
    presses, _peak = whole_game("m5stickc_plus")
    assert presses > 20
