"""Build the gadget's web page (`make web`) and serve it (`make web-serve`).

    python host_tools/web_page.py build [--out build/web]
        build/web/: the page (boards/web/page/), MicroPython's WebAssembly port (from the npm
        package pinned in package.json) and firmware.json, the firmware and the web board
        compiled to bytecode .mpy files (mpy-cross, no native code) with the fonts, base64 in one
        file the page loads at once. A static site: any file server serves it, nothing is
        fetched from elsewhere.
    python host_tools/web_page.py serve [--dir build/web] [--port 8000] [--host 127.0.0.1]
        serves it on http://localhost:PORT/ until interrupted (--host 0.0.0.0: to the network).
    python host_tools/web_page.py shot [--look ttgo] --out docs/img/web_ttgo.png
        the README's picture of the page (headless Chromium).
"""

import argparse
import base64
import contextlib
import functools
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading
import time

from build import (BOARDS, MARKER, ROOT, BuildError, board_drivers, compile_mpy, fresh_output,
                   install_firmware)

PAGE = os.path.join(BOARDS, "web", "page")
PORT_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython",
                            "micropython-webassembly-pyscript")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
BUNDLE = "firmware.json"
DEFAULT_OUT = os.path.join(ROOT, "build", "web")


def bundle_files(work):
    """{path: bytes} of what the page writes into the port's filesystem: the firmware's modules
    and fonts as a stock board holds them (bytecode), the web board as board.mpy and its
    drivers."""
    install_firmware(work, arch=None)
    for rel in board_drivers("web"):
        compile_mpy(BOARDS, rel, work, arch=None)
    compile_mpy(os.path.join(BOARDS, "web"), "board.py", work, arch=None)
    files = {}
    for dirpath, dirs, names in os.walk(work):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, work).replace(os.sep, "/")] = f.read()
    return files


def build(out_dir=DEFAULT_OUT):
    """Write the site into `out_dir` (replacing an earlier build); return its files."""
    for name in PORT_FILES:
        if not os.path.isfile(os.path.join(PORT_PACKAGE, name)):
            raise BuildError("the WebAssembly MicroPython is not installed (run make setup)")
    out_dir = fresh_output(out_dir)
    written = []
    for src_dir, names in ((PAGE, sorted(os.listdir(PAGE))), (PORT_PACKAGE, PORT_FILES)):
        for name in names:
            shutil.copyfile(os.path.join(src_dir, name), os.path.join(out_dir, name))
            written.append(os.path.join(out_dir, name))
    with tempfile.TemporaryDirectory() as work:
        files = bundle_files(work)
    bundle = {"files": {path: base64.b64encode(data).decode() for path, data in files.items()}}
    path = os.path.join(out_dir, BUNDLE)
    with open(path, "w") as f:
        json.dump(bundle, f, separators=(",", ":"), sort_keys=True)
    written.append(path)
    with open(os.path.join(out_dir, MARKER), "w") as f:
        f.write("web\n")
    return written


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site; .mjs and .wasm with the types browsers insist on."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".json": "application/json"})

    def log_message(self, format, *args):
        pass


def server(directory, port=0, host="127.0.0.1"):
    """An HTTP server (not yet serving) for the site in `directory`; port 0 picks a free one."""
    handler = functools.partial(_QuietHandler, directory=directory)
    return http.server.ThreadingHTTPServer((host, port), handler)


@contextlib.contextmanager
def served_site(directory):
    """Build the site into `directory` and serve it on a free localhost port while the block
    runs; yields (its address, the files built)."""
    files = build(directory)
    httpd = server(directory)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield "http://127.0.0.1:%d/" % httpd.server_address[1], files
    finally:
        httpd.shutdown()
        httpd.server_close()


CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# headless, and quiet: this machine's closed network refuses Chromium's own connections
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-dev-shm-usage", "--window-size=800,900",
                  "--autoplay-policy=no-user-gesture-required")


def browser_missing():
    """None when a headless browser can be driven here, else why not (one line)."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.path.exists(path):
            return "no %s (Debian's %s: make setup installs it as root)" % (path, package)
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "no selenium (make setup installs it)"
    return None


def chromium():
    """A headless Chromium driven by Selenium (Debian's browser and driver: nothing is
    downloaded); quit() it when done."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))


# The README's picture: Ô Ăn Quan against the computer, a move each (the page's test mode, so
# the same picture every time)
SHOT_KEYS = ("OK", "OK", "OK", "OK", 9000, "RIGHT")


def screenshot(out_png, look="ttgo"):
    """Save a picture of the page (phone-sized, the panel in a game) as `out_png`."""
    with tempfile.TemporaryDirectory() as tmp, served_site(os.path.join(tmp, "site")) as (url, _):
        driver = chromium()
        try:
            driver.set_window_size(540, 900)
            driver.get(url + "?look=%s&seed=1&test" % look)
            for _ in range(200):
                if driver.execute_script("return !!globalThis.tetTest"):
                    break
                time.sleep(0.05)
            driver.execute_script("tetTest.run(300)")
            for key in SHOT_KEYS:
                if isinstance(key, int):
                    driver.execute_script("tetTest.run(arguments[0])", key)
                else:
                    driver.execute_script("tetTest.press(arguments[0])", key)
            # the test mode's note is for tests, not for the picture
            driver.execute_script("document.getElementById('status').textContent = ''")
            driver.find_element("tag name", "main").screenshot(out_png)
        finally:
            driver.quit()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the site")
    b.add_argument("--out", default=DEFAULT_OUT)
    s = sub.add_parser("serve", help="serve the built site on localhost")
    s.add_argument("--dir", default=DEFAULT_OUT)
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1",
                   help="0.0.0.0 lets a phone on the same network open it")
    t = sub.add_parser("shot", help="a picture of the page")
    t.add_argument("--look", choices=("ttgo", "oled"), default="ttgo")
    t.add_argument("--out", required=True)
    args = p.parse_args(argv)
    if args.command == "shot":
        missing = browser_missing()
        if missing:
            print("web: %s" % missing, file=sys.stderr)
            return 1
        screenshot(args.out, args.look)
        print("web: wrote %s" % args.out)
        return 0
    if args.command == "build":
        try:
            files = build(args.out)
        except BuildError as e:
            print("web: %s" % e, file=sys.stderr)
            return 1
        size = sum(os.path.getsize(f) for f in files)
        print("web: %s: %d files, %d bytes (serve it: make web-serve)"
              % (os.path.relpath(args.out), len(files), size))
        return 0
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        print("web: no site in %s (build it: make web)" % args.dir, file=sys.stderr)
        return 1
    httpd = server(args.dir, args.port, args.host)
    print("web: serving %s on http://%s:%d/ (Ctrl-C stops)"
          % (args.dir, "localhost" if args.host == "127.0.0.1" else args.host, args.port))
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
