"""Saves written before the games' files took one name per role (issue 36) still resume, and
the player sees exactly what the firmware of then showed: a game of each kind in progress,
saved by the firmware at ec61fd5 on a TTGO (tests/data/saves_ec61fd5/made_by.py, run in that
checkout, wrote them and the record in shown.json: the resume offer's text, then the play
screen's class, text and a CRC of its frame)."""

import binascii
import json
import os
import shutil

import pytest
from fake_hw import new_app, open_game, press, run, storage_path

HERE = os.path.dirname(os.path.abspath(__file__))
SAVES = os.path.join(HERE, "data", "saves_ec61fd5")
with open(os.path.join(SAVES, "shown.json"), encoding="utf-8") as f:
    SHOWN = json.load(f)


@pytest.mark.parametrize("game_id", sorted(SHOWN))
def test_an_old_save_resumes_to_the_same_screen(game_id):
    then = SHOWN[game_id]
    store = storage_path(new_app("ttgo_tdisplay", restarts=False).hw)
    for name in then["saves"]:
        shutil.copyfile(os.path.join(SAVES, game_id, name), os.path.join(store, name))
    app = new_app("ttgo_tdisplay", keep_storage=True, restarts=False)
    open_game(app, game_id)
    run(app, 300)
    assert app.hw.display.shown_text() == then["offered"]
    press(app, "B")             # Tiếp tục ván trước
    run(app, 300)
    assert type(app.screen).__name__ == then["screen"]
    assert app.hw.display.shown_text() == then["shown"]
    assert binascii.crc32(bytes(app.hw.display.buf)) == then["frame"]
