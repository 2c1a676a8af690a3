// Compiles Python sources to bytecode with the Pyodide we ship, under Node.
//
//   node compile_pyc.mjs <pyodide dir> <source dir> <runtime dir>
//
// Every .py under <source dir> gets a checked-hash .pyc in its __pycache__,
// made by the browser's own CPython build, so the magic number and cache tag
// always match. Checked-hash pycs are used only while the source's hash
// matches, so a stale one is recompiled, never run. <runtime dir> is where
// the files live in the browser (it names them in tracebacks).
// Prints the cache tag and how many files were compiled, as JSON.

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sourceDir, runtimeDir] = process.argv.slice(2);
if (!runtimeDir) {
  console.error("usage: node compile_pyc.mjs <pyodide dir> <source dir> <runtime dir>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.mkdirTree("/sources");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(sourceDir) }, "/sources");
pyodide.globals.set("runtime_dir", runtimeDir);
const report = pyodide.runPython(`
import compileall, json, pathlib, py_compile, sys
sources = sorted(pathlib.Path("/sources").rglob("*.py"))
ok = compileall.compile_dir(
    "/sources", quiet=1, workers=1, stripdir="/sources", prependdir=runtime_dir,
    invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
)
json.dumps({"ok": bool(ok), "cache_tag": sys.implementation.cache_tag, "compiled": len(sources)})
`);
console.log(report);
process.exit(JSON.parse(report).ok ? 0 : 1);
