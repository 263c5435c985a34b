"""The gadget in a web browser (boards/web/): the site `make web` builds, served on localhost and
opened in Debian's headless Chromium through Selenium. What a person meets, read from the page's
aria-live mirror of the panel and from the canvas's pixels: the launcher on both looks, a Xăm
Hường roll named on screen (thrown by OK, and on a phone by the "Lắc" button, its tones through
WebAudio), an Ô Ăn Quan move answered by the computer, a reload that resumes the game; the
canvas is the simulator's frame after the same keys on the same seed; and every game plays
against the computer to its end on both looks (the page's test mode, whose clock moves only as
the test says, as the simulator's headless one)."""

import base64
import time

import pytest

import web_page

MISSING = web_page.browser_missing()
if MISSING:
    pytest.skip("browser tests skipped: " + MISSING, allow_module_level=True)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from sim.render import frame_image  # noqa: E402
from sim.runner import Session  # noqa: E402

GAMES = ("Ô Ăn Quan", "Xăm Hường", "Tổ Tôm", "Xấp Sắc")
LOOKS = {"ttgo": (240, 135), "oled": (128, 64)}
OLED_COLOURS = {(0, 0, 0), (0xE8, 0xF4, 0xFF)}
LOAD_S = 30             # a generous bound on a page's start on a loaded machine (not a benchmark)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with web_page.served_site(str(tmp_path_factory.mktemp("web") / "site")) as (url, _files):
        yield url


@pytest.fixture(scope="module")
def browser():
    driver = web_page.chromium()
    yield driver
    driver.quit()


def wait_until(predicate, seconds=LOAD_S, what="the page"):
    end = time.monotonic() + seconds
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < end, "timed out waiting for " + what
        time.sleep(0.05)


def stats(browser):
    return browser.execute_script("return globalThis.tetStats || null")


def open_page(browser, site, look="ttgo", seed=1, test=False, fresh=True, motion=False):
    """Open the page (with no saves left from an earlier test when `fresh`) and wait for its
    first frame; `motion`: as on a phone, with a motion sensor and the "Lắc" button."""
    if fresh:
        browser.get(site + "index.html?look=" + look)
        browser.execute_script("localStorage.clear()")
    query = "?look=%s&seed=%d" % (look, seed) + ("&test" if test else "") + \
        ("&motion" if motion else "")
    browser.get(site + query)
    if test:
        wait_until(lambda: browser.execute_script("return !!globalThis.tetTest"))
        browser.execute_script("tetTest.run(30)")
    found = wait_until(lambda: (stats(browser) or {}).get("loadMs") or
                       (stats(browser) or {}).get("error"))
    assert not stats(browser)["error"], stats(browser)["error"]
    return found


def mirrored(browser):
    """The panel's text as a screen reader gets it (the aria-live element)."""
    return browser.execute_script("return document.getElementById('panel-text').textContent")


def key(browser, name, hold_s=0.06):
    """A key pressed and let go as a person would."""
    ActionChains(browser).key_down(name).pause(hold_s).key_up(name).perform()
    time.sleep(0.15)


def scroll(browser):
    """Every line the panel showed while ArrowDown took a menu's cursor once round (a menu
    wraps from its last entry to its first)."""
    first = highlighted(mirrored(browser))
    seen = set(mirrored(browser).split("\n"))
    for _ in range(20):
        here = highlighted(mirrored(browser))
        key(browser, Keys.ARROW_DOWN)
        wait_until(lambda: highlighted(mirrored(browser)) != here, what="the cursor moving")
        seen.update(mirrored(browser).split("\n"))
        if highlighted(mirrored(browser)) == first:
            return seen
    raise AssertionError("the menu never came round")


def canvas(browser):
    """(width, height, RGB bytes) of the canvas."""
    data = browser.execute_script("""
        const c = document.getElementById('panel');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let s = '';
        for (let i = 0; i < d.length; i += 4) s += String.fromCharCode(d[i], d[i + 1], d[i + 2]);
        return [c.width, c.height, btoa(s)];""")
    return data[0], data[1], base64.b64decode(data[2])


def colours(rgb):
    return {tuple(rgb[i:i + 3]) for i in range(0, len(rgb), 3)}


def firmware_palette():
    from tet.core.gfx import PALETTE

    return {((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in PALETTE}


@pytest.mark.parametrize("look", sorted(LOOKS))
def test_the_launcher_lists_every_game_on_both_looks(browser, site, look):
    open_page(browser, site, look)
    text = mirrored(browser)
    assert text.startswith("Tết vui chơi\n▶\nÔ Ăn Quan")
    width, height, rgb = canvas(browser)
    assert (width, height) == LOOKS[look]
    seen = colours(rgb)
    if look == "oled":
        assert seen == OLED_COLOURS
    else:
        assert seen <= firmware_palette() and len(seen) >= 4
    # the menu moves with the arrow keys, once round (the OLED shows a few entries at a time)
    seen = scroll(browser)
    for title in GAMES + ("Cài đặt",):
        assert title in seen, seen
    # up to Cài đặt: it hides what a browser has not got (a battery), has a volume (WebAudio)
    key(browser, Keys.ARROW_UP)
    wait_until(lambda: highlighted(mirrored(browser)) == "Cài đặt", what="Cài đặt highlighted")
    key(browser, Keys.ENTER)
    wait_until(lambda: mirrored(browser).startswith("Cài đặt"), what="Cài đặt")
    rows = scroll(browser)
    assert "Âm thanh: bật" in rows and "Âm lượng: 75%" in rows and "Giới thiệu" in rows
    assert not [row for row in rows if "Tiết kiệm pin" in row]
    key(browser, Keys.ESCAPE)
    wait_until(lambda: mirrored(browser).startswith("Tết vui chơi"), what="the launcher")


def test_a_xam_huong_roll_is_named_on_screen(browser, site):
    open_page(browser, site, "ttgo", seed=7)
    key(browser, Keys.ARROW_DOWN)
    key(browser, Keys.ENTER)
    wait_until(lambda: mirrored(browser).startswith("Xăm Hường\n▶\nBắt đầu"), what="the menu")
    # no shared tables in a browser: the menu, walked once round, does not offer them
    entries = scroll(browser)
    assert "Tên người chơi" in entries and "Luật chơi" in entries, entries  # to the last one
    assert "Chơi chung" not in entries and "Vào bàn" not in entries, entries
    key(browser, Keys.ENTER)
    wait_until(lambda: "OK:gieo" in mirrored(browser), what="the bowl")
    key(browser, Keys.ENTER)                    # roll (no motion sensor: the button rolls)
    rolled = wait_until(lambda: "gieo lần 1:" in mirrored(browser) and mirrored(browser),
                        what="the roll")
    lines = rolled.split("\n")
    named = lines[lines.index([l for l in lines if "gieo lần 1:" in l][0]) + 1]
    from tet.games.xam_huong.rules import CATEGORY_NAMES

    # the roll's name is one of the game's categories (a Trạng with its age), or "Không được gì"
    assert [name for name in CATEGORY_NAMES if named.startswith(name)], rolled


def test_on_a_phone_a_shake_rolls_and_the_tones_reach_webaudio(browser, site):
    open_page(browser, site, "oled", seed=5, motion=True)
    shake = browser.find_element("id", "shake")
    assert shake.is_displayed()
    # every tone the firmware plays goes through the page's WebAudio player
    browser.execute_script("""
        globalThis.tones = [];
        const play = tetPage.tone;
        tetPage.tone = (hz) => { tones.push(hz); play(hz); };""")
    key(browser, Keys.ARROW_DOWN)
    key(browser, Keys.ENTER)
    wait_until(lambda: highlighted(mirrored(browser)) == "Bắt đầu", what="Xăm Hường's menu")
    key(browser, Keys.ENTER)
    bowl = wait_until(lambda: "Người 1" in mirrored(browser) and mirrored(browser), what="the bowl")
    assert "lắc" in bowl.lower(), bowl        # with a sensor the bowl asks for a shake
    ActionChains(browser).click_and_hold(shake).pause(0.1).release().perform()
    rolled = wait_until(lambda: "gieo lần 1:" in mirrored(browser) and mirrored(browser),
                        what="the roll the shake threw")
    assert "Người 1 gieo lần 1:" in rolled
    tones = browser.execute_script("return tones")
    assert [hz for hz in tones if hz > 0] and tones[-1] == 0, tones


def board_numbers(text):
    """The numbers the Ô Ăn Quan board shows (its squares), in reading order."""
    return [line for line in text.split("\n") if line.isdigit()]


def start_o_an_quan(browser):
    key(browser, Keys.ENTER)                   # Ô Ăn Quan is the launcher's first entry
    wait_until(lambda: mirrored(browser).startswith("Ô Ăn Quan\n▶\nBắt đầu"), what="its menu")
    assert "Chế độ: Người – Máy" in mirrored(browser)
    key(browser, Keys.ENTER)
    return wait_until(lambda: "OK: chọn ô" in mirrored(browser) and mirrored(browser),
                      what="the board")


def test_an_o_an_quan_move_is_answered_and_a_reload_resumes_the_game(browser, site):
    open_page(browser, site, "ttgo", seed=3)
    before = board_numbers(start_o_an_quan(browser))
    assert before == ["5"] * 5 + ["0", "0"] + ["5"] * 5
    key(browser, Keys.ENTER)                   # the square under the cursor
    key(browser, Keys.ENTER)                   # the direction offered first
    # the sowing, then the computer's answer, then our turn again
    after = wait_until(lambda: (board_numbers(mirrored(browser)) != before and
                                "Bạn: ◀▶: ô khác" in mirrored(browser) and
                                mirrored(browser)), seconds=60, what="the computer's answer")
    assert sum(int(n) for n in board_numbers(after)) <= 50
    game = browser.execute_script("return tetStats.text")
    # close the tab in the middle of the game (a reload), and come back to it
    browser.refresh()
    wait_until(lambda: (stats(browser) or {}).get("loadMs"), what="the reloaded page")
    assert mirrored(browser).startswith("Tết vui chơi")
    key(browser, Keys.ENTER)
    offered = wait_until(lambda: "Tiếp tục ván trước" in mirrored(browser) and mirrored(browser),
                         what="the offer to resume")
    assert "Ván mới" in offered
    key(browser, Keys.ENTER)
    resumed = wait_until(lambda: "OK: chọn ô" in mirrored(browser) and mirrored(browser),
                         what="the resumed board")
    assert board_numbers(resumed) == board_numbers(game)
    assert resumed.split("\n")[-2] == game.split("\n")[-2]       # the score line


def sim_frame(look, script, tmp_path):
    """The simulator's frame (RGB bytes) on the web board's `look` after `script`."""
    session = Session("web_" + look, headless=True, script_text=script, seed=1,
                      storage=str(tmp_path / "saves"), shot_dir=str(tmp_path))
    session.run()
    display = session.hw.display
    image = frame_image(display.shown, display.width, display.height, display.depth,
                        display.shown_palette)
    return image.tobytes(), session.hw.display.shown_text()


@pytest.mark.parametrize("look", sorted(LOOKS))
def test_the_canvas_is_the_simulators_frame_after_the_same_keys(browser, site, look, tmp_path):
    # Ô Ăn Quan against the computer on seed 1: a move, the computer's answer, and the next
    # square chosen (the same firmware must draw the same pixels)
    keys = ["OK", "OK", "OK", "OK", ("wait", 9000), "DOWN", "OK"]
    script = ["wait 300"]
    for k in keys:
        script.append("wait %d" % k[1] if isinstance(k, tuple) else "press " + k)
    script.append("wait 1500")
    expected, expected_text = sim_frame(look, "\n".join(script), tmp_path)
    open_page(browser, site, look, seed=1, test=True)
    browser.execute_script("tetTest.run(270)")
    for k in keys:
        if isinstance(k, tuple):
            browser.execute_script("tetTest.run(arguments[0])", k[1])
        else:
            browser.execute_script("tetTest.press(arguments[0])", k)
    browser.execute_script("tetTest.run(1500)")
    assert mirrored(browser) == expected_text
    squares = board_numbers(expected_text)     # both moves were played: the board moved
    assert len(squares) == 12 and squares != ["5"] * 5 + ["0", "0"] + ["5"] * 5
    width, height, rgb = canvas(browser)
    assert (width, height) == LOOKS[look]
    differ = sum(1 for i in range(0, len(rgb), 3) if rgb[i:i + 3] != expected[i:i + 3])
    assert differ == 0, "%d pixels differ" % differ


# --- every game to its end, in the page's test mode ---------------------------------------
# Tổ Tôm's player, run in the page: the key that plays on (never ù, so a computer ù or a draw
# ends the game), "WAIT" while the computers play, "END" once the table gives way to the result.
TO_TOM_PLAYER = """
def _to_tom_key(table):
    game = table.game
    if app.screen is not table:
        return "END"
    if game.to_move() != 0:
        return "WAIT"
    if table.discard_mode:
        if table.cursor >= len(table.hand) or table.hand[table.cursor] not in game.discards(0):
            return "DOWN"
    elif table.options[table.option][0] == "u":
        return "DOWN"
    return "OK"
"""


def play(browser, keys, stop, rounds):
    """Press `keys` (("wait", ms) lets time pass) over and over, up to `rounds` times, until the
    panel's text starts with `stop`; returns the rounds taken (-1: never)."""
    return browser.execute_script("""
        const [keys, stop, rounds] = arguments;
        for (let i = 0; i < rounds; i++) {
            for (const k of keys) {
                const text = Array.isArray(k) ? tetTest.run(k[1]) : tetTest.press(k);
                if (text.startsWith(stop) || tetStats.error) return i;
            }
        }
        return -1;""", keys, stop, rounds)


def open_game(browser, index):
    """From the launcher, up or down to game `index` as a player would, and OK."""
    for _ in range(2 * len(GAMES)):
        here = highlighted(mirrored(browser))
        if here == GAMES[index]:
            break
        step = "UP" if here in GAMES and GAMES.index(here) > index else "DOWN"
        browser.execute_script("tetTest.press(arguments[0])", step)
    assert highlighted(mirrored(browser)) == GAMES[index]
    browser.execute_script("tetTest.press('OK')")
    browser.execute_script("tetTest.run(300)")


@pytest.mark.parametrize("look", sorted(LOOKS))
def test_every_game_plays_against_the_computer_to_its_end(browser, site, look):
    open_page(browser, site, look, seed=11, test=True)
    read = lambda expression: browser.execute_script("return tetTest.read(arguments[0])",  # noqa
                                                     expression)
    # Ô Ăn Quan: Bắt đầu (against the computer); our first square each turn, to the score sheet
    open_game(browser, 0)
    browser.execute_script("tetTest.press('OK')")
    assert read("app.screen.game.players") == 2
    assert play(browser, ["OK", "OK", "DOWN", ["wait", 500]], "Kết quả", 400) >= 0
    assert read("app.stack[-2].game.over")
    home(browser)
    # Xăm Hường: roll and roll (each roll landing at once) to the settlement
    open_game(browser, 1)
    browser.execute_script("tetTest.press('OK')")
    assert play(browser, ["OK", "OK"], "Kết quả", 3000) >= 0
    assert "Thanh toán:" in read("[t for t, _c in app.screen.lines]")
    home(browser)
    # Tổ Tôm: a new hội, one game to a computer's ù or a draw
    open_game(browser, 2)
    browser.execute_script("tetTest.press('OK')")
    browser.execute_script("tetTest.exec(arguments[0] + '\\n_table = app.screen')", TO_TOM_PLAYER)
    decisions = 0
    for _ in range(3000):
        move = read("_to_tom_key(_table)")
        if move == "END":
            break
        decisions += move == "OK"
        script = "tetTest.run(700)" if move == "WAIT" else "tetTest.press(arguments[0])"
        browser.execute_script(script, move)
    assert move == "END" and decisions >= 3
    assert read("_table.game.to_move()") == -1
    assert mirrored(browser).split("\n")[0] in ("Ù!", "Hoà")
    browser.execute_script("tetTest.exec('del _table')")
    home(browser)
    open_game(browser, 3)
    browser.execute_script("tetTest.press('OK')")
    assert play(browser, ["OK"], "Kết quả", 4000) >= 0
    assert "thắng" in mirrored(browser)
    assert stats(browser)["error"] is None


def highlighted(text):
    """The menu entry under the cursor (the ▶ is drawn on its row, just before it)."""
    lines = text.split("\n")
    return lines[lines.index("▶") + 1] if "▶" in lines else None


def home(browser):
    """Back to the launcher as a player leaves a game: BACK, and "Lưu và thoát" where asked."""
    for _ in range(8):
        text = mirrored(browser)
        if text.startswith("Tết vui chơi"):
            return
        if "Lưu và thoát" in text:
            while highlighted(mirrored(browser)) != "Lưu và thoát":
                browser.execute_script("tetTest.press('DOWN')")
            browser.execute_script("tetTest.press('OK'); tetTest.run(300)")
        else:
            browser.execute_script("tetTest.press('BACK'); tetTest.run(300)")
    assert mirrored(browser).startswith("Tết vui chơi"), mirrored(browser)
