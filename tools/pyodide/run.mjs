// Run a Python script under Pyodide in Node, offline, with packages from build/pyodide/.
//
//   node tools/pyodide/run.mjs [--packages a,b,c] SCRIPT.py [ARGS...]
//
// The repository is mounted read-only-in-spirit at /repo (NODEFS); the working folder is a
// fresh in-memory /home/pyodide. Packages come only from build/pyodide/pyodide-lock.json
// (tools/pyodide/build_dist.py): advsearch is the wheel built there, never /repo/advsearch.
// Any fetch of a URL outside this machine's files fails the run. The script's SystemExit
// code is this process's exit code.
import { loadPyodide } from "pyodide";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
const dist = process.env.ADVSEARCH_PYODIDE_DIST || path.join(repo, "build", "pyodide");

const argv = process.argv.slice(2);
let packages = ["advsearch"];
if (argv[0] === "--packages") {
  packages = argv[1].split(",").filter(Boolean);
  argv.splice(0, 2);
}
if (argv.length === 0) {
  console.error("usage: node tools/pyodide/run.mjs [--packages a,b] SCRIPT.py [ARGS...]");
  process.exit(2);
}

const refused = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (resource, options) => {
  const url = String(resource?.url ?? resource);
  if (/^(https?|wss?):/i.test(url)) {
    refused.push(url);
    return Promise.reject(new Error(`network access refused in the offline Pyodide run: ${url}`));
  }
  return realFetch(resource, options);
};

const started = performance.now();
const pyodide = await loadPyodide({
  indexURL: dist + path.sep,
  lockFileURL: path.join(dist, "pyodide-lock.json"),
  packageCacheDir: dist + path.sep,
});
// Raw writes, so that what Python prints without a newline (pytest's dots) shows as it comes.
pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
await pyodide.loadPackage(packages, { messageCallback: () => {} });
const loaded = ((performance.now() - started) / 1000).toFixed(1);

pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
const script = path.resolve(argv[0]);
const inRepo = "/repo/" + path.relative(repo, script).split(path.sep).join("/");
pyodide.globals.set("_run_argv", pyodide.toPy([inRepo, ...argv.slice(1)]));
pyodide.globals.set("_run_loaded", loaded);

let code = 0;
try {
  code = await pyodide.runPythonAsync(`
import os, sys, runpy
sys.argv = list(_run_argv)
os.environ["ADVSEARCH_PYODIDE_LOADED"] = _run_loaded
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    code = 0
except SystemExit as stop:
    code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    if not isinstance(stop.code, (int, type(None))):
        print(stop.code, file=sys.stderr)
code
`);
} catch (error) {
  console.error(String(error));
  code = 1;
}
if (refused.length) {
  console.error(`refused ${refused.length} network request(s): ${refused.join(", ")}`);
  code = code || 1;
}
process.exit(code);
