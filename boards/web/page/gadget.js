// The page's half of the web board (boards/web/board.py): loads MicroPython's WebAssembly port
// and the firmware (firmware.json, built by `make web`), draws the panel on the canvas, turns
// keys and the on-screen buttons into the board's raw button bitmask, plays its tones, keeps its
// saves in localStorage and mirrors the panel's text into an aria-live element. The firmware's
// own app loop is stepped from the browser's event loop, so the tab never freezes between steps.
import { loadMicroPython } from "./micropython.mjs";

const BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK"];  // board.BUTTON_NAMES
const KEYS = {
  ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
  Enter: "OK", " ": "OK", Backspace: "BACK", Escape: "BACK",
};
const LOOKS = { ttgo: [240, 135], oled: [128, 64] };  // board.LOOKS
const STEP_MS = 10;          // the firmware's FRAME_MS between passes of its loop
// a press shorter than the firmware's debounce (20 ms) and a pass would be lost: a key let go
// sooner is held this long, and through the next pass
const MIN_HOLD_MS = 40;
const SAVES = "/saves";
const STORE = "tet-save:";   // localStorage key of a save file: this + its path
const HEAP_BYTES = 2 * 1024 * 1024;
const SHAKE_MS = 300;
const SHAKE_G = 2.2;

const params = new URLSearchParams(location.search);
const look = LOOKS[params.get("look")] ? params.get("look")
  : (LOOKS[localStorage.getItem("tet-look")] ? localStorage.getItem("tet-look") : "ttgo");
const seed = (parseInt(params.get("seed") || "0", 10) >>> 0) || 0;
const canvas = document.getElementById("panel");
const context = canvas.getContext("2d");
const statusLine = document.getElementById("status");
const mirror = document.getElementById("panel-text");
const [width, height] = LOOKS[look];
const image = context.createImageData(width, height);
const pixels = new Uint32Array(image.data.buffer);
let palette = new Uint32Array(16);
let words = new Int32Array(0);
let memory = null;           // getValue of the port's memory, once loaded

// What tests and the benchmark read: load time, key-to-canvas times (ms), the panel's text.
// longestPassMs: the longest pass of the firmware's loop, the longest the tab stood still
const stats = { loadMs: null, keyToCanvas: [], longestPassMs: 0, text: "", error: null };
globalThis.tetStats = stats;

document.getElementById("gadget").className = "look-" + look;
document.getElementById("look").value = look;
canvas.width = width;
canvas.height = height;

function fitCanvas() {
  // each panel pixel a whole number of the screen's own pixels: crisp edges, no smoothing
  // (a phone's screen has 2-3 of them to a CSS pixel, so its panel can still fill the width)
  const ratio = globalThis.devicePixelRatio || 1;
  const room = Math.min(document.documentElement.clientWidth - 56, 960) * ratio;
  const scale = Math.max(1, Math.floor(room / width));
  canvas.style.width = width * scale / ratio + "px";
  canvas.style.height = height * scale / ratio + "px";
}
fitCanvas();
addEventListener("resize", fitCanvas);

// --- the panel --------------------------------------------------------------------------
function rgba(rgb) {
  // ImageData's bytes are R, G, B, A: as a little-endian Uint32 that is 0xAABBGGRR
  return (0xff000000 | (rgb & 0xff) << 16 | (rgb & 0xff00) | (rgb >> 16 & 0xff)) >>> 0;
}

function drawFrame(address, length) {
  const count = (length + 3) >> 2;
  if (words.length !== count) words = new Int32Array(count);
  for (let i = 0; i < count; i++) words[i] = memory(address + 4 * i, "i32");
  const bytes = new Uint8Array(words.buffer, 0, length);
  if (look === "oled") {
    // MONO_VLSB: a byte is 8 pixels down a column, its lowest bit on top
    for (let y = 0; y < height; y++) {
      const row = (y >> 3) * width, bit = y & 7;
      for (let x = 0; x < width; x++) pixels[y * width + x] = palette[(bytes[row + x] >> bit) & 1];
    }
  } else {
    // GS4_HMSB: two pixels a byte, the left one in the high nibble
    const stride = (width + 1) >> 1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const byte = bytes[y * stride + (x >> 1)];
        pixels[y * width + x] = palette[x & 1 ? byte & 15 : byte >> 4];
      }
    }
  }
  context.putImageData(image, 0, 0);
}

// --- sound ------------------------------------------------------------------------------
let audio = null, oscillator = null, loudness = null, volume = 0.5;

function wakeAudio() {
  // browsers start sound only after a key or a touch
  if (audio) { if (audio.state === "suspended") audio.resume(); return; }
  const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Context) return;
  audio = new Context();
  loudness = audio.createGain();
  loudness.gain.value = 0;
  loudness.connect(audio.destination);
  oscillator = audio.createOscillator();
  oscillator.type = "square";
  oscillator.connect(loudness);
  oscillator.start();
}

function tone(hz) {
  if (!audio) return;
  const now = audio.currentTime;
  if (hz > 0) oscillator.frequency.setValueAtTime(hz, now);
  // a square wave at full scale is harsh: 0.25 is the loudest setting
  loudness.gain.setValueAtTime(hz > 0 ? 0.25 * volume : 0, now);
}

// --- saves ------------------------------------------------------------------------------
let FS = null;

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

function fromBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function keepFile(path) {
  // a save renamed into place (complete) or removed: localStorage follows it
  try {
    if (FS.analyzePath(path).exists) localStorage.setItem(STORE + path, toBase64(FS.readFile(path)));
    else localStorage.removeItem(STORE + path);
  } catch (error) {
    console.warn("save not kept", path, error);
    statusLine.textContent = "Trình duyệt không cho lưu ván (bộ nhớ đầy hoặc bị chặn).";
  }
}

function restoreSaves() {
  FS.mkdirTree(SAVES);
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(STORE)) continue;
    const path = key.slice(STORE.length);
    if (!path.startsWith(SAVES + "/")) continue;
    try { FS.writeFile(path, fromBase64(localStorage.getItem(key))); } catch (error) {
      // damaged beyond base64: the firmware finds no save and starts afresh
      localStorage.removeItem(key);
    }
  }
}

// --- buttons and motion -----------------------------------------------------------------
let mask = 0, sentMask = -1;
const downAt = new Array(BUTTONS.length).fill(0);
let letGo = 0;               // buttons released by the player, held on for MIN_HOLD_MS
let keyAt = null;            // when the key being timed went down (its event's time)
let keyPassed = false;       // that key has reached the firmware
let shakeUntil = 0;
let hardware = null;

function press(name, at) {
  const i = BUTTONS.indexOf(name), bit = 1 << i;
  letGo &= ~bit;
  if (mask & bit) return;
  mask |= bit;
  downAt[i] = at;
  keyAt = at;
  keyPassed = false;
}

function release(name) {
  const bit = 1 << BUTTONS.indexOf(name);
  if (mask & bit) letGo |= bit;
}

function settle(now) {
  // after a pass (which saw every button held before it): let go of what the player let go,
  // once it has been held MIN_HOLD_MS
  for (let i = 0; i < BUTTONS.length; i++) {
    const bit = 1 << i;
    if (letGo & bit && now - downAt[i] >= MIN_HOLD_MS) {
      mask &= ~bit;
      letGo &= ~bit;
    }
  }
}

addEventListener("keydown", (event) => {
  const name = KEYS[event.key];
  if (!name || event.target.tagName === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  if (event.repeat) return;
  press(name, event.timeStamp);
  // after the key's frame: starting the sound takes tens of milliseconds the first time, and
  // a key makes the page's user activation last (desktop browsers allow sound from then on)
  setTimeout(wakeAudio, 50);
});
addEventListener("keyup", (event) => {
  const name = KEYS[event.key];
  if (name) { event.preventDefault(); release(name); }
});

for (const key of document.querySelectorAll(".key[data-key]")) {
  const name = key.dataset.key;
  key.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    key.setPointerCapture(event.pointerId);
    key.classList.add("held");
    press(name, event.timeStamp);
    wakeAudio();    // within the touch itself: iOS starts sound only there
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
    key.addEventListener(type, () => { key.classList.remove("held"); release(name); });
  }
  key.addEventListener("contextmenu", (event) => event.preventDefault());
}

// A phone's motion sensor, where the browser lets the page read it: shaking rolls the dice
// (?motion: the "Lắc" button on any device, for a tablet the guess misses, and for tests).
const hasMotion = params.has("motion") ||
  ("DeviceMotionEvent" in globalThis && matchMedia("(pointer: coarse)").matches);
let motionAsked = false;

function askMotion() {
  // iOS asks the player, and only from a tap
  if (motionAsked || typeof globalThis.DeviceMotionEvent?.requestPermission !== "function") return;
  motionAsked = true;
  DeviceMotionEvent.requestPermission().catch(() => {});
}

if (hasMotion) {
  const shake = document.getElementById("shake");
  shake.hidden = false;
  shake.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    askMotion();
    wakeAudio();
    shakeUntil = performance.now() + SHAKE_MS;
  });
  addEventListener("devicemotion", (event) => {
    const a = event.accelerationIncludingGravity;
    if (!hardware || !a || a.x === null || performance.now() < shakeUntil) return;
    hardware.accelerate(a.x / 9.81, a.y / 9.81, a.z / 9.81);
  });
  addEventListener("touchend", askMotion, { once: true });
}

// --- what the board asks of the page (board.py's js.tetPage) ------------------------------
globalThis.tetPage = {
  show(address, length, text) {
    drawFrame(address, length);
    if (text !== null && text !== undefined) {
      stats.text = text;
      mirror.textContent = text;
    }
    if (keyAt !== null && keyPassed) {
      stats.keyToCanvas.push(performance.now() - keyAt);
      keyAt = null;
    }
    if (stats.loadMs === null) {
      stats.loadMs = performance.now();
      statusLine.textContent = "";
    }
  },
  palette(colours) {
    palette = Uint32Array.from(colours.split(",").map((c) => rgba(parseInt(c, 10))));
  },
  brightness(percent) { canvas.style.filter = percent >= 100 ? "" : `brightness(${percent}%)`; },
  tone,
  volume(percent) { volume = percent / 100; },
  saved: keepFile,
  random32() { return crypto.getRandomValues(new Uint32Array(1))[0] >>> 1; },
};

function fail(error) {
  stats.error = String(error && error.message || error);
  console.error(error);
  statusLine.textContent = "Máy gặp lỗi và phải dừng: " + stats.error.split("\n").pop() +
    " Tải lại trang để chơi tiếp từ lần lưu gần nhất.";
}

// --- boot and the loop ------------------------------------------------------------------
async function boot() {
  const [mp, bundle] = await Promise.all([
    loadMicroPython({ heapsize: HEAP_BYTES, linebuffer: true,
      stdout: (line) => console.log(line), stderr: (line) => console.error(line) }),
    fetch("firmware.json").then((response) => {
      if (!response.ok) throw new Error("firmware.json: " + response.status);
      return response.json();
    }),
  ]);
  FS = mp.FS;
  memory = mp._module.getValue;
  for (const [path, data] of Object.entries(bundle.files)) {
    const full = "/gadget/" + path;
    FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    FS.writeFile(full, fromBase64(data));
  }
  restoreSaves();
  mp.globals.set("_page", JSON.stringify({ look, seed, motion: hasMotion, saves: SAVES }));
  mp.runPython(`import json, sys
sys.path[:0] = ["/gadget"]
import board
from tet.ui import boot
_page = json.loads(_page)
app = boot(board.create(_page["look"], _page["seed"], _page["motion"], _page["saves"]))`);
  const app = mp.globals.get("app");
  hardware = app.hw;
  const step = app.step;
  const pass = () => {
    const now = performance.now();
    if (mask !== sentMask) {
      hardware.press(mask);
      sentMask = mask;
      if (keyAt !== null) keyPassed = true;
    }
    if (now < shakeUntil) {
      const sign = Math.floor(now / 40) % 2 ? 1 : -1;   // as the simulator shakes
      hardware.accelerate(SHAKE_G * sign, -SHAKE_G / 2 * sign, 1);
    } else if (shakeUntil) {
      shakeUntil = 0;
      hardware.accelerate(0, 0, 1);
    }
    try {
      step();
    } catch (error) {
      fail(error);
      return false;
    }
    const done = performance.now();
    stats.longestPassMs = Math.max(stats.longestPassMs, done - now);
    settle(done);
    return true;
  };
  if (params.has("test")) {
    testMode(mp, pass);
    return;
  }
  const loop = () => {
    if (pass()) setTimeout(loop, STEP_MS);
  };
  loop();
}

// The page's test mode (?test): no loop of its own, the firmware's time moves only as a test
// says (as the simulator's headless clock), buttons are held and let go by the test, and a
// Python expression can be read as JSON: a test plays whole games in moments, the same each time.
function testMode(mp, pass) {
  let virtual = 1000;
  const bit = (name) => 1 << BUTTONS.indexOf(name);
  const run = (ms) => {
    for (let t = 0; t < ms && stats.error === null; t += STEP_MS) {
      virtual += STEP_MS;
      hardware.now = virtual & 0x3fffffff;
      pass();
    }
    return stats.text;
  };
  const press = (name, ms = 80) => {
    mask |= bit(name);
    run(ms);
    mask &= ~bit(name);
    return run(120);
  };
  globalThis.tetTest = {
    run,
    press,
    hold: (name, ms = 700) => press(name, ms),
    exec(code) { mp.runPython(code); },
    read(expression) {
      mp.runPython("_read = json.dumps(" + expression + ")");
      return JSON.parse(mp.globals.get("_read"));
    },
  };
  statusLine.textContent = "Chế độ kiểm thử";
}

document.getElementById("look").addEventListener("change", (event) => {
  localStorage.setItem("tet-look", event.target.value);
  params.set("look", event.target.value);
  location.search = params.toString();
});

boot().catch(fail);
