// The 32-bit MicroPython lane: runs one script in the WebAssembly port under Node (see mp32.py).
// Usage: node host_tools/mp32_run.mjs HEAP_BYTES ROOT SCRIPT [ARGS...]
// ROOT's firmware/, boards/, tests/portable/ and host_tools/bench/ are copied into the port's
// in-memory filesystem under /root and put first on sys.path, as mp_prelude.py does for the
// unix binary. Exit status: the script's SystemExit code, 1 on an uncaught exception.
import fs from "fs";
import path from "path";
import { createRequire } from "module";

const require = createRequire(import.meta.url);
const [heapArg, root, script, ...args] = process.argv.slice(2);
const pkg = require.resolve("@micropython/micropython-webassembly-pyscript/micropython.mjs",
  { paths: [root] });
const { loadMicroPython } = await import(pkg);
const TREES = ["firmware", "boards", "tests/portable", "host_tools/bench"];
// host_tools/sim/ is copied too, as /root/sim, for `sim.air` (plain Python): importable as a
// package from /root

const mp = await loadMicroPython({
  heapsize: parseInt(heapArg, 10),
  stdout: (data) => process.stdout.write(data),
  stderr: (data) => process.stderr.write(data),
  linebuffer: false,
});

function copyTree(hostDir, vfsDir) {
  mp.FS.mkdirTree(vfsDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const host = path.join(hostDir, entry.name);
    const vfs = vfsDir + "/" + entry.name;
    if (entry.isDirectory() && entry.name !== "__pycache__") {
      copyTree(host, vfs);
    } else if (entry.isFile() && (entry.name.endsWith(".py") || entry.name.endsWith(".bin"))) {
      // .py modules and .bin resources (the fonts, read from files as on the device)
      mp.FS.writeFile(vfs, fs.readFileSync(host));
    }
  }
}

for (const tree of TREES) {
  if (fs.existsSync(path.join(root, tree))) copyTree(path.join(root, tree), "/root/" + tree);
}
copyTree(path.join(root, "host_tools", "sim"), "/root/sim");
mp.FS.writeFile("/root/__main__.py", fs.readFileSync(script));
mp.globals.set("_mp32_argv", JSON.stringify([script, ...args]));
mp.globals.set("_mp32_path", JSON.stringify(TREES.map((t) => "/root/" + t).concat(["/root"])));
let status = 0;
try {
  mp.runPython(`
import json, sys
sys.argv[:] = json.loads(_mp32_argv)
sys.path[:0] = json.loads(_mp32_path)
try:
    import cryptolib
except ImportError:
    # this port is built without it (the ESP32's has it): the simulator's AES, last on the path
    sys.path.append("/root/sim/fakes")
_mp32_status = 0
try:
    with open("/root/__main__.py") as _f:
        _src = _f.read()
    exec(compile(_src, sys.argv[0], "exec"), {"__name__": "__main__"})
except SystemExit as _e:
    _code = _e.args[0] if _e.args else 0
    _mp32_status = _code if isinstance(_code, int) else 1
    if not isinstance(_code, int):
        print(_code, file=sys.stderr)
except BaseException as _e:
    sys.print_exception(_e, sys.stderr)
    _mp32_status = 1
`);
  status = mp.globals.get("_mp32_status");
} catch (e) {
  process.stderr.write(String(e) + "\n");
  status = 1;
}
process.exitCode = status;
