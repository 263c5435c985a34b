"""Whole Xấp Sắc games through the UI on the two colour boards, OK only (CPython: under the
micropython lane's 160K heap these boards' frame buffers leave too little for a whole game yet,
see docs/xap-sac.md; the 128x64 game runs there in tests/portable/test_xap_sac_ui_game.py)."""

from test_xap_sac_ui_game import whole_game


def test_whole_game_on_the_ttgo_with_ok_only():
    presses, _peak = whole_game("ttgo_tdisplay")
    assert presses > 20


def test_whole_game_on_the_m5stick_with_ok_only():
    presses, _peak = whole_game("m5stickc_plus")
    assert presses > 20
