// Makes the memory snapshot that later visits start from (see web/interpreter.mjs),
// in a worker so the page never stutters: a fresh Pyodide with the engine's
// pure-Python start-up modules imported, stored in the offline cache next to the
// files it was made from. boot.js starts it once the app is idle after a plain start.
//
// page -> worker  {cacheName, snapshotURL, indexURL, engineURL, buildHeader, digestHeader}
// worker -> page  {ok: true, bytes, makeMs, storeMs}  |  {ok: false, message}

// What main.py's start imports, minus ludoteca.ui.browser, which needs the page's
// `document` (a worker has none) and is cheap on its own. PyScript's package is
// written by PyScript at each start, so it cannot be in the snapshot either.
const IMPORTS = `
import asyncio, json, random, time, traceback
import ludoteca.ui.app, ludoteca.ui.i18n, ludoteca.ui.keyboard, ludoteca.ui.regions
import ludoteca.ui.screens, ludoteca.ui.storage
`;

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function makeSnapshot({ cacheName, snapshotURL, indexURL, engineURL, buildHeader, digestHeader }) {
  const started = performance.now();
  // The version may be replaced meanwhile: never bring its deleted cache back (open() would).
  const cacheGone = async () => !(await caches.has(cacheName));
  if (await cacheGone()) throw new Error(`the cache ${cacheName} is gone`);
  const cache = await caches.open(cacheName);
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const quiet = () => {};
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, stdout: quiet, stderr: quiet });
  // From the offline cache itself: no request at all, let alone a download.
  const engine = await cache.match(engineURL);
  if (!engine) throw new Error(`${engineURL} is not in the offline cache`);
  // Where PyScript's [files] "./*" unpacks it too, so module paths match after a restore.
  pyodide.unpackArchive(await engine.arrayBuffer(), "zip");
  pyodide.runPython(IMPORTS);
  const snapshot = pyodide.makeMemorySnapshot();
  const made = performance.now();
  const digest = await sha256Hex(snapshot);
  if (await cacheGone()) throw new Error(`the cache ${cacheName} is gone`);
  const headers = { "content-type": "application/octet-stream", [buildHeader]: cacheName, [digestHeader]: digest };
  await cache.put(snapshotURL, new Response(snapshot, { headers }));
  return { ok: true, bytes: snapshot.byteLength, makeMs: made - started, storeMs: performance.now() - made };
}

addEventListener("message", (event) => {
  makeSnapshot(event.data).then(postMessage, (error) => postMessage({ ok: false, message: String(error?.message || error) }));
}, { once: true });
