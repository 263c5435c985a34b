"""The web page in a real browser: how long it takes to load, a key to the canvas, and the
longest the tab stands still while the computer thinks.

The site `make web` builds is served from localhost (host_tools/web_page.py) and opened in
Debian's headless Chromium through Selenium. The page measures itself (gadget.js, tetStats):
`loadMs` from the navigation's start to the first frame on the canvas, `keyToCanvas` from a
key's event to the canvas drawn with its effect, `longestPassMs` the longest pass of the
firmware's loop (the tab answers nothing during one). Wall times on a shared machine: a laptop's
browser, not the ESP32; each figure is the median (and worst) of many.

    python host_tools/bench/hostbench_web.py [--loads 10] [--keys 40]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

import web_page

TITLE = "The web page in Chromium: load, key to canvas, the tab while the computer thinks"
LOAD_BUDGET_MS = 3000


def wait_for(driver, script, seconds=60):
    end = time.monotonic() + seconds
    while True:
        value = driver.execute_script(script)
        if value:
            return value
        if time.monotonic() > end:
            raise RuntimeError("timed out: " + script)
        time.sleep(0.02)


def load_times(driver, url, loads, cold):
    """loadMs of `loads` loads of the page, with the browser's cache off (a first visit) or on."""
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": cold})
    times = []
    for _ in range(loads):
        driver.get(url)
        times.append(wait_for(driver, "return globalThis.tetStats && tetStats.loadMs"))
    return times


def tap(driver, key, after=0.2):
    """Press and let go of `key` (selenium's Keys name) as a person would, then wait `after` s."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    key = getattr(Keys, key)
    ActionChains(driver).key_down(key).pause(0.05).key_up(key).perform()
    time.sleep(after)


def key_times(driver, keys, arrows):
    """keyToCanvas of `keys` arrow presses (each moves a cursor: an arrow acts on its press)."""
    driver.execute_script("tetStats.keyToCanvas.length = 0")
    for i in range(keys):
        tap(driver, arrows[i % len(arrows)], 0.12)
    return driver.execute_script("return tetStats.keyToCanvas.slice()")


def row(name, values, unit="ms", note=""):
    values = sorted(values)
    return "| %s | %d | %.0f %s | %.0f %s | %s |" % (
        name, len(values), statistics.median(values), unit, values[-1], unit, note)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("--loads", type=int, default=10)
    ap.add_argument("--keys", type=int, default=40)
    args = ap.parse_args(argv)
    missing = web_page.browser_missing()
    if missing:
        print("hostbench_web: " + missing, file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp, \
            web_page.served_site(os.path.join(tmp, "site")) as (site, files):
        size = sum(os.path.getsize(f) for f in files)
        url = site + "?look=ttgo"
        driver = web_page.chromium()
        try:
            version = driver.capabilities.get("browserVersion", "?")
            cold = load_times(driver, url, args.loads, True)
            warm = load_times(driver, url, args.loads, False)
            menu = key_times(driver, args.keys, ("ARROW_DOWN", "ARROW_UP"))
            # Ô Ăn Quan against Khó: the cursor on the board, then whole moves (ours, the
            # computer's search) while the page records its longest pass
            driver.get(url)
            wait_for(driver, "return tetStats.loadMs")
            tap(driver, "ENTER", 0.3)
            wait_for(driver, "return tetStats.text.startsWith('Ô Ăn Quan')")
            # down to "Máy chơi", Vừa -> Khó, back up to Bắt đầu
            for key in ("ARROW_DOWN", "ARROW_DOWN", "ARROW_DOWN", "ENTER", "ARROW_UP", "ARROW_UP",
                        "ARROW_UP"):
                tap(driver, key)
            shown = driver.execute_script("return tetStats.text").split("\n")
            assert shown[1:3] == ["▶", "Bắt đầu"] and "Máy chơi: Khó" in shown, shown
            tap(driver, "ENTER")
            wait_for(driver, "return tetStats.text.includes('OK: chọn ô')")
            board = key_times(driver, args.keys, ("ARROW_RIGHT", "ARROW_LEFT"))
            driver.execute_script("tetStats.longestPassMs = 0")
            moves = 0
            for _ in range(6):
                tap(driver, "ENTER")
                tap(driver, "ENTER", 1.2)
                wait_for(driver, "return tetStats.text.includes('OK: chọn ô') || "
                                 "tetStats.text.startsWith('Kết quả')", 120)
                moves += 1
                if driver.execute_script("return tetStats.text.startsWith('Kết quả')"):
                    break
            longest = driver.execute_script("return tetStats.longestPassMs")
        finally:
            driver.quit()
    verdict = "under %d ms: %s" % (LOAD_BUDGET_MS, "pass" if max(cold) < LOAD_BUDGET_MS else "FAIL")
    print("MD\tSite: %d KB in %d files (MicroPython's WebAssembly port and the firmware as "
          ".mpy bytecode, one file). Chromium %s, headless, served from localhost."
          % (size // 1024, len(files), version))
    print("MD\t")
    print("MD\t| figure | samples | median | worst | note |")
    print("MD\t|---|---:|---:|---:|---|")
    print("MD\t" + row("load to the first frame, first visit (cache off)", cold, note=verdict))
    print("MD\t" + row("load to the first frame, again (cache on)", warm))
    print("MD\t" + row("arrow key to the canvas, launcher menu", menu))
    print("MD\t" + row("arrow key to the canvas, Ô Ăn Quan board (Khó)", board))
    print("MD\t| longest pass of the loop over %d Ô Ăn Quan moves against Khó (the tab's "
          "longest stand-still, the computer's search included) | 1 | %.0f ms | %.0f ms | "
          "the search runs inside one pass |" % (moves, longest, longest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
