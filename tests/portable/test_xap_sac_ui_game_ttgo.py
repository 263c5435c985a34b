"""A whole Xấp Sắc game through the UI on the ttgo_tdisplay, OK only, under the 160K heap (one board per
module, so the micropython lane boots each game fresh; the game is test_xap_sac_ui_game's)."""

from test_xap_sac_ui_game import whole_game

HEAP = "160K"


def test_whole_game_on_the_ttgo_with_ok_only():
    presses, _peak = whole_game("ttgo_tdisplay")
    assert presses > 20
