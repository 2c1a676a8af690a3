// Ludoteca boot: loading screen with real download and start-up progress, an
// error screen with Retry, the offline service worker with its update toast,
// and finally PyScript.
//
// Contract with Python (py/main.py):
//   window.ludotecaBoot.progress(label, fraction)  fraction of Python's own start-up, 0..1
//   window.ludotecaBoot.ready()                    the app is on screen
//   window.ludotecaBoot.fail(message)              show the error screen (also after ready())
//
// Which way Python started: window.ludotecaBoot.path, and <html data-boot-path>:
//   "snapshot": restored from a memory snapshot a previous visit made (web/interpreter.mjs);
//   "plain":    Pyodide's own start (first visit, no or a bad snapshot, snapshots off).
// ludotecaBoot.snapshot says why, and what happened to the snapshot since.
//
// How bytes are counted (so nothing is downloaded twice):
//   "install": first visit. The service worker precaches every shipped file and
//              posts byte progress; PyScript starts once the worker controls the
//              page, so every request is then answered from the cache.
//   "cache":   a worker already controls the page: no download phase at all.
//   "network": no service worker (unsupported, blocked, or its install failed).
//              fetch() responses are counted as they stream, through a clone,
//              and module imports when they complete.
const APP_BASE = new URL("../", import.meta.url);
// Python loads the links to other devices only when a player uses them (ui/browser.py),
// and its region patcher once it runs.
const NET_MODULES = new Set(["web/net/link.mjs", "web/net/qr.mjs", "web/net/signal.mjs", "web/morph.mjs"]);
globalThis.ludotecaImport = (path) => NET_MODULES.has(path)
  ? import(new URL(path, APP_BASE).href) : Promise.reject(new Error(`not a module Python may load: ${path}`));
// Tests shorten the stall watchdog: window.ludotecaBootOptions = { stallTimeoutMs }.
const options = globalThis.ludotecaBootOptions || {};
const STALL_TIMEOUT_MS = options.stallTimeoutMs ?? 60_000;
const CLAIM_TIMEOUT_MS = 3_000;
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const DOWNLOAD_SHARE = 0.5; // of the bar, when there is something to download
const PYTHON_START = 0.85; // start-up share reached when main.py starts running
// PyScript's py:progress events, mapped to the share of start-up done when each
// fires. Pyodide's own start (about 2 s, one long main-thread task) happens
// between "Loading interpreter" and "Loaded interpreter": there the bar glides
// towards (never past) the next milestone on a CSS transition, which the
// compositor keeps running while the main thread is frozen.
const PYODIDE_START_GLIDE = { to: 0.68, ms: 2_500 };

// Every text start-up shows, in each language the app speaks (py/ludoteca/ui/i18n.py).
const BOOT_TEXTS = {
  en: {
    loading: "Loading…",
    progressLabel: "Loading Ludoteca",
    downloading: "Downloading Ludoteca…",
    downloaded: "{loaded} of {total} MB",
    startingPyScript: "Starting PyScript…",
    startingPython: "Starting Python…",
    loadingGames: "Loading the games…",
    startingGames: "Starting the games…",
    ready: "Ready",
    couldNotStart: "Ludoteca could not start",
    hint: "Check your connection, then try again. Once Ludoteca has started completely, it also works offline.",
    retry: "Retry",
    unknownError: "Unknown error",
    stalled: "Start-up stalled: nothing happened for {seconds} s (last step: {step})",
    downloadFailed: "Could not download {path}: {reason}",
    downloadStatus: "Could not download {path} (HTTP {status})",
    pyscriptFailed: "Could not load PyScript: {reason}",
    newVersion: "A new version is available",
    reload: "Reload",
    dismiss: "Dismiss",
  },
  it: {
    loading: "Caricamento…",
    progressLabel: "Caricamento di Ludoteca",
    downloading: "Scaricamento di Ludoteca…",
    downloaded: "{loaded} di {total} MB",
    startingPyScript: "Avvio di PyScript…",
    startingPython: "Avvio di Python…",
    loadingGames: "Caricamento dei giochi…",
    startingGames: "Avvio dei giochi…",
    ready: "Pronto",
    couldNotStart: "Ludoteca non è riuscita ad avviarsi",
    hint: "Controlla la connessione, poi riprova. Dopo un primo avvio completo, Ludoteca funziona anche offline.",
    retry: "Riprova",
    unknownError: "Errore sconosciuto",
    stalled: "Avvio bloccato: nulla è successo per {seconds} s (ultimo passo: {step})",
    downloadFailed: "Impossibile scaricare {path}: {reason}",
    downloadStatus: "Impossibile scaricare {path} (HTTP {status})",
    pyscriptFailed: "Impossibile caricare PyScript: {reason}",
    newVersion: "È disponibile una nuova versione",
    reload: "Ricarica",
    dismiss: "Chiudi",
  },
};
const SETTINGS_KEY = "ludoteca:v1:settings"; // the app's settings entry (ui/storage.py)

/** The app's language, by the static home screen's rule (index.html): the one chosen in
 *  Settings if we speak it, else the browser's first one we speak, else English. */
function bootLanguage() {
  const known = (code) => typeof code === "string" && Object.hasOwn(BOOT_TEXTS, code);
  try {
    const chosen = (JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}).language;
    if (known(chosen)) return chosen;
  } catch {
    // storage blocked or unreadable: the browser's languages decide
  }
  const spoken = (navigator.languages || [navigator.language || ""]).map((tag) => String(tag).split("-")[0].toLowerCase());
  return spoken.find(known) || "en";
}

const language = bootLanguage();

/** The text `key` in the boot language, with {name} placeholders filled from `values`. */
function say(key, values = {}) {
  return BOOT_TEXTS[language][key].replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

const MILESTONES = {
  "Loading Pyodide": [0.08, say("startingPython")],
  "Loading interpreter": [0.12, say("startingPython"), PYODIDE_START_GLIDE],
  "Loaded interpreter": [0.72, say("loadingGames")],
  "Loading files": [0.74, say("loadingGames")],
  "Loaded files": [0.8, say("loadingGames")],
  "Loaded Pyodide": [0.82, say("loadingGames")],
};

const html = document.documentElement;
const appRoot = document.getElementById("app");
const bootScreen = document.getElementById("boot");
const errorScreen = document.getElementById("boot-error");
const bar = bootScreen.querySelector(".boot-bar");
const barFill = bootScreen.querySelector(".boot-bar-fill");
const labelText = bootScreen.querySelector(".boot-label");
const detailText = bootScreen.querySelector(".boot-detail");
const bootFiles = JSON.parse(document.getElementById("boot-files")?.textContent || "{}");
const nativeFetch = globalThis.fetch;

/** The loading and error screens (index.html's English markup) in the boot language. */
function translateStaticMarkup() {
  for (const screen of [bootScreen, errorScreen]) screen.lang = language;
  bar.setAttribute("aria-label", say("progressLabel"));
  labelText.textContent = say("loading");
  errorScreen.querySelector(".boot-title").textContent = say("couldNotStart");
  errorScreen.querySelector(".boot-hint").textContent = say("hint");
  errorScreen.querySelector("button").textContent = say("retry");
}
translateStaticMarkup();

const boot = {
  mode: "starting",
  download: 0,
  downloadNeeded: true,
  startup: 0,
  percent: 0,
  label: say("loading"),
  /** The language of start-up's texts (main.py's progress texts follow it). */
  language,
  bytes: "", // "3.1 of 13.6 MB" while downloading
  error: null,
  readyAt: null,
  firstPythonCallAt: null,
  /** Whether a service worker controlled the page as it loaded (false after a hard reload). */
  loadedControlled: Boolean(navigator.serviceWorker?.controller),
  /** Every progress step: {t, percent, label} (tests and diagnostics read it). */
  history: [],
  progress: pythonProgress,
  ready,
  fail,
  /** "snapshot" or "plain" once Python has started; null before. */
  path: null,
  /** {enabled, state, reason, bytes, makeMs, storeMs}; state: off | checking | unavailable | none |
   *  found | restored | dropped | making | saved | failed. */
  snapshot: null,
  /** Resolves to the snapshot's bytes, or null: the interpreter wrapper waits for it. */
  snapshotBytes: Promise.resolve(null),
  /** After ready(): "make" (a snapshot will be made after this start) or "skip"; null before. */
  snapshotDecision: null,
  startedFrom,
  snapshotFailed,
  /** When the static home screen was put on the page (ms since navigation), or null. */
  homeShownAt: null,
};
globalThis.ludotecaBoot = boot;

// What the Content-Security-Policy blocked (tests read it; nothing should ever be).
boot.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const violation = { directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile };
  boot.cspViolations.push(violation);
  console.warn("Ludoteca: the Content-Security-Policy blocked", violation);
});

let lastProgressAt = performance.now();
let renderQueued = false;
const booting = () => boot.readyAt === null && boot.error === null;

// ---------------------------------------------------------------- progress

const megabyteFormat = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function megabytes(bytes) {
  return megabyteFormat.format(bytes / 1e6);
}

function overall() {
  const startup = boot.startup;
  return boot.downloadNeeded ? DOWNLOAD_SHARE * boot.download + (1 - DOWNLOAD_SHARE) * startup : startup;
}

function update(changes) {
  if (!booting()) return;
  Object.assign(boot, changes);
  const percent = Math.max(boot.percent, Math.round(overall() * 1000) / 10);
  if (percent !== boot.percent || changes.label) {
    lastProgressAt = performance.now();
    boot.history.push({ t: Math.round(lastProgressAt), percent, label: boot.label });
  }
  boot.percent = percent;
  if (!renderQueued) {
    renderQueued = true;
    requestAnimationFrame(render);
  }
}

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
let pendingGlide = null; // {to, ms}, set by the step that starts a glide
let glideTarget = 0; // percent the bar is gliding towards; 0 when not gliding

function render() {
  renderQueued = false;
  if (boot.percent >= glideTarget) {
    glideTarget = 0;
    barFill.style.transition = "";
    barFill.style.transform = `scaleX(${boot.percent / 100})`;
  }
  if (pendingGlide) {
    const { to, ms } = pendingGlide;
    pendingGlide = null;
    const target = 100 * (boot.downloadNeeded ? DOWNLOAD_SHARE + (1 - DOWNLOAD_SHARE) * to : to);
    if (target > boot.percent && !reducedMotion.matches) {
      glideTarget = target;
      // Let this frame commit the real value, then start the long transition.
      requestAnimationFrame(() => {
        if (glideTarget !== target) return;
        barFill.style.transition = `transform ${ms}ms cubic-bezier(0.25, 0.6, 0.35, 1)`;
        barFill.style.transform = `scaleX(${target / 100})`;
      });
    }
  }
  bar.setAttribute("aria-valuenow", String(Math.round(boot.percent)));
  labelText.textContent = boot.label;
  detailText.textContent = boot.downloadNeeded && boot.download < 1 ? boot.bytes : "";
}

function setDownload(loaded, total) {
  const changes = {
    download: total > 0 ? Math.min(1, loaded / total) : 1,
    bytes: say("downloaded", { loaded: megabytes(loaded), total: megabytes(total) }),
  };
  // Without a service worker, downloads overlap start-up: keep start-up's label.
  if (boot.startup === 0) changes.label = say("downloading");
  update(changes);
}

function setStartup(fraction, label, glide = null) {
  if (glide) pendingGlide = glide;
  update({ startup: Math.max(boot.startup, fraction), label });
}

function pythonProgress(label, fraction) {
  boot.firstPythonCallAt ??= performance.now(); // benchmarks split PyScript's setup from main.py with it
  const clamped = Math.min(1, Math.max(0, Number(fraction) || 0));
  setStartup(PYTHON_START + (1 - PYTHON_START) * clamped, String(label));
}

function ready() {
  if (!booting()) return;
  update({ download: 1, startup: 1, label: say("ready") });
  render();
  boot.readyAt = performance.now();
  html.dataset.ready = "1";
  bootScreen.hidden = true;
  appRoot.inert = false; // the static home screen, now Python's
  delete html.dataset.home;
  stopWatching();
  checkForUpdatesLater();
  makeSnapshotLater();
}

// ---------------------------------------------------------------- failure

function fail(message) {
  if (boot.error !== null) return; // the first error is the one to show
  if (boot.path === "snapshot" && boot.readyAt === null) {
    // Maybe the snapshot's fault: the player never sees this error; start again without it.
    boot.error = String(message || say("unknownError"));
    console.warn("Ludoteca: start-up failed after a snapshot restore; starting again without it:", boot.error);
    dropSnapshot(`start-up failed after the restore: ${boot.error}`).finally(() => location.reload());
    return;
  }
  boot.error = String(message || say("unknownError"));
  console.error("Ludoteca could not start:", boot.error);
  html.dataset.bootError = "1";
  stopWatching();
  errorScreen.querySelector(".boot-error-message").textContent = boot.error;
  bootScreen.hidden = true;
  errorScreen.hidden = false;
  errorScreen.querySelector("button").focus();
}

errorScreen.querySelector("button").addEventListener("click", () => location.reload());

// Anything that goes wrong before ready() is fatal to the start-up.
const onError = (event) => fail(event.message || String(event.error));
const onRejection = (event) => fail(event.reason?.message || String(event.reason));
addEventListener("error", onError);
addEventListener("unhandledrejection", onRejection);
// PyScript reports Python errors (and failed fetches) as .py-error banners in <body>.
const bannerWatch = new MutationObserver(() => {
  const banner = document.querySelector("body > .py-error");
  if (banner) fail(banner.textContent.trim());
});
bannerWatch.observe(document.body, { childList: true });
const stallWatch = setInterval(() => {
  if (performance.now() - lastProgressAt > STALL_TIMEOUT_MS) {
    fail(say("stalled", { seconds: Math.round(STALL_TIMEOUT_MS / 1000), step: boot.label }));
  }
}, 1_000);

/** Start-up is over: leave the page to the app. */
function stopWatching() {
  removeEventListener("error", onError);
  removeEventListener("unhandledrejection", onRejection);
  bannerWatch.disconnect();
  clearInterval(stallWatch);
  resourceWatch.disconnect();
  globalThis.fetch = nativeFetch;
}

// ---------------------------------------------------------------- network mode byte counting

/** Path of a URL relative to the app, or null when it is not one of ours. */
function appPath(url) {
  const parsed = new URL(url, location.href);
  if (parsed.origin !== APP_BASE.origin || !parsed.pathname.startsWith(APP_BASE.pathname)) return null;
  return decodeURIComponent(parsed.pathname.slice(APP_BASE.pathname.length)) || "index.html";
}

const receivedBytes = new Map();
const bootTotal = Object.values(bootFiles).reduce((sum, size) => sum + size, 0);

function received(path, bytes) {
  if (!(path in bootFiles) || boot.mode !== "network") return;
  receivedBytes.set(path, Math.min(bootFiles[path], Math.max(bytes, receivedBytes.get(path) || 0)));
  let loaded = 0;
  for (const value of receivedBytes.values()) loaded += value;
  setDownload(loaded, bootTotal);
}

async function countStream(path, response) {
  const reader = response.body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      received(path, bytes);
    }
  } catch {
    // The real consumer sees the same failure and reports it.
  }
}

// Module imports (pyodide.mjs, pyodide.asm.mjs) do not go through fetch().
const resourceWatch = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const path = appPath(entry.name);
    if (path !== null && entry.responseEnd > 0) received(path, bootFiles[path] || 0);
  }
});
resourceWatch.observe({ type: "resource", buffered: true });

// Fails fast on a missing file instead of letting PyScript hang, and counts bytes.
globalThis.fetch = async function ludotecaBootFetch(resource, init) {
  if (!booting()) return nativeFetch(resource, init);
  const path = appPath(resource instanceof Request ? resource.url : String(resource));
  let response;
  try {
    response = await nativeFetch(resource, init);
  } catch (error) {
    if (path !== null) fail(say("downloadFailed", { path, reason: error.message }));
    throw error;
  }
  if (path !== null && !response.ok) {
    fail(say("downloadStatus", { path, status: response.status }));
  } else if (path !== null && path in bootFiles && boot.mode === "network" && response.body) {
    countStream(path, response.clone());
  }
  return response;
};

// ---------------------------------------------------------------- service worker

let updateAccepted = false;
let precacheError = null;

function useCache(downloaded) {
  boot.mode = html.dataset.bootMode = "cache";
  update(downloaded ? { download: 1 } : { download: 1, downloadNeeded: false });
}

function useNetwork(reason) {
  console.info(`Ludoteca: loading without the offline cache (${reason}).`);
  boot.mode = html.dataset.bootMode = "network";
  setDownload(0, bootTotal);
}

function onWorkerMessage(event) {
  const message = event.data || {};
  if (boot.mode !== "install") return; // an update installing in the background
  if (message.type === "precache-progress") setDownload(message.loaded, message.total);
  else if (message.type === "precache-error") precacheError = message.message;
}

function whenControlled(timeoutMs) {
  return new Promise((resolve) => {
    const container = navigator.serviceWorker;
    if (container.controller) return resolve(true);
    container.addEventListener("controllerchange", () => resolve(true), { once: true });
    if (timeoutMs) setTimeout(() => resolve(Boolean(container.controller)), timeoutMs);
  });
}

async function register() {
  try {
    // Resolves to undefined when the browser is told to block workers (tests do).
    return await navigator.serviceWorker.register(new URL("sw.js", APP_BASE), { scope: APP_BASE.pathname });
  } catch (error) {
    console.warn("Ludoteca: service worker registration failed:", error);
    return undefined;
  }
}

/** Resolves when PyScript may start: files will come from the cache or, failing that, the network. */
async function prepareFiles() {
  const container = navigator.serviceWorker;
  if (!container || !isSecureContext) return useNetwork("this browser has no service workers here");
  container.addEventListener("message", onWorkerMessage);
  container.startMessages();
  container.addEventListener("controllerchange", () => {
    if (updateAccepted) location.reload();
  });

  if (container.controller) {
    // A previous visit installed everything: start at once, check for updates alongside.
    useCache(false);
    register().then((registration) => registration && watchForUpdates(registration));
    return;
  }
  const registration = await register();
  if (!registration) return useNetwork("service worker unavailable");
  watchForUpdates(registration);
  if (registration.active) {
    // Installed, but this page loaded without it (a hard reload): ask to be controlled.
    registration.active.postMessage({ type: "claim" });
    if (await whenControlled(CLAIM_TIMEOUT_MS)) return useCache(false);
    return useNetwork("the service worker did not take control");
  }
  const worker = registration.installing || registration.waiting;
  boot.mode = html.dataset.bootMode = "install";
  update({ label: say("downloading") });
  const installed = await new Promise((resolve) => {
    whenControlled().then(() => resolve(true));
    worker.addEventListener("statechange", () => worker.state === "redundant" && resolve(false));
  });
  if (installed) return useCache(true);
  useNetwork(`saving for offline use failed: ${precacheError || "unknown reason"}`);
}

function watchForUpdates(registration) {
  const offer = (worker) => {
    if (worker && navigator.serviceWorker.controller) showUpdateToast(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
  });
  boot.registration = registration;
}

function checkForUpdatesLater() {
  const check = () => boot.registration?.update().catch(() => {}); // offline: try next time
  setTimeout(check, 5_000);
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
}

function showUpdateToast(worker) {
  if (document.querySelector('[data-testid="update-toast"]')) return;
  const toast = document.createElement("div");
  toast.className = "update-toast";
  toast.dataset.testid = "update-toast";
  toast.setAttribute("role", "status");
  toast.lang = language;
  const text = document.createElement("span");
  text.textContent = say("newVersion");
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "update-toast-reload";
  reload.textContent = say("reload");
  reload.addEventListener("click", () => {
    reload.disabled = true;
    updateAccepted = true;
    if (worker.state === "activated") location.reload();
    else worker.postMessage({ type: "skip-waiting" }); // then controllerchange reloads
  });
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "update-toast-dismiss";
  dismiss.setAttribute("aria-label", say("dismiss"));
  dismiss.textContent = "×";
  dismiss.addEventListener("click", () => toast.remove());
  toast.append(text, reload, dismiss);
  document.body.append(toast);
}

// ---------------------------------------------------------------- memory snapshot
// After a plain start, a worker makes a snapshot of a fresh interpreter with the
// engine imported (web/snapshot-worker.mjs) and keeps it in the offline cache of
// the files it was made from, so a new version never restores an old one and an
// update deletes it with the old files. Later visits restore it (web/interpreter.mjs).
// Only with the offline cache: making one without it would download Pyodide again.
const SNAPSHOT_PATH = "snapshot/interpreter.bin"; // a cache key only: never requested from the server
const SNAPSHOT_BUILD_HEADER = "x-ludoteca-snapshot-build";
const SNAPSHOT_DIGEST_HEADER = "x-ludoteca-snapshot-sha256";
const SNAPSHOT_SETTING = "ludoteca:snapshot"; // localStorage: "off" turns snapshots off; so does ?snapshot=off
const SNAPSHOT_DELAY_MS = options.snapshotDelayMs ?? 3_000; // after ready(), then when idle
const CACHE_NAME_TIMEOUT_MS = 2_000;
const snapshotURL = new URL(SNAPSHOT_PATH, APP_BASE).href;
let cacheNameAsked = null;

function snapshotsEnabled() {
  if (options.snapshots === false) return false; // tests that do not test snapshots spare the second Pyodide
  const flag = new URLSearchParams(location.search).get("snapshot");
  if (flag !== null) return flag !== "off";
  try {
    return localStorage.getItem(SNAPSHOT_SETTING) !== "off";
  } catch {
    return true;
  }
}

function setSnapshot(changes) {
  Object.assign(boot.snapshot, changes);
  html.dataset.snapshot = boot.snapshot.state;
}

/** The name of the cache the controlling service worker serves this page from, or null. */
function servingCacheName() {
  cacheNameAsked ??= new Promise((resolve) => {
    const worker = navigator.serviceWorker?.controller;
    if (!worker) return resolve(null);
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), CACHE_NAME_TIMEOUT_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data?.cacheName || null);
    };
    worker.postMessage({ type: "cache-name" }, [channel.port2]);
  });
  return cacheNameAsked;
}

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The stored snapshot's bytes if it is this build's and intact; otherwise null (a bad one is dropped). */
async function readSnapshot() {
  if (!boot.snapshot.enabled) return null;
  const cacheName = boot.mode === "cache" && globalThis.caches ? await servingCacheName() : null;
  if (!cacheName || !(await caches.has(cacheName))) {
    setSnapshot({ state: "unavailable", reason: "no offline cache" });
    return null;
  }
  const response = await (await caches.open(cacheName)).match(snapshotURL);
  if (!response) {
    setSnapshot({ state: "none", reason: "no snapshot yet" });
    return null;
  }
  const build = response.headers.get(SNAPSHOT_BUILD_HEADER);
  if (build !== cacheName) return dropSnapshot(`made by another build (${build})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256Hex(bytes)) !== response.headers.get(SNAPSHOT_DIGEST_HEADER)) {
    return dropSnapshot("corrupt (checksum mismatch)");
  }
  setSnapshot({ state: "found", reason: "", bytes: bytes.byteLength });
  return bytes;
}

/** Deletes the stored snapshot (a new one is made after this start); resolves to null. */
async function dropSnapshot(reason) {
  console.info(`Ludoteca: dropping the memory snapshot: ${reason}`);
  setSnapshot({ state: "dropped", reason });
  try {
    const cacheName = await servingCacheName();
    if (cacheName && (await caches.has(cacheName))) await (await caches.open(cacheName)).delete(snapshotURL);
  } catch (error) {
    console.warn("Ludoteca: could not delete the memory snapshot:", error);
  }
  return null;
}

function startedFrom(path) {
  boot.path = html.dataset.bootPath = path;
  if (path === "snapshot") setSnapshot({ state: "restored" });
}

function snapshotFailed(reason) {
  dropSnapshot(reason);
}

function makeSnapshotLater() {
  boot.snapshotDecision = "skip";
  if (boot.path !== "plain" || !boot.snapshot.enabled || boot.mode !== "cache" || !globalThis.Worker) return;
  if (!["none", "dropped"].includes(boot.snapshot.state)) return;
  boot.snapshotDecision = "make";
  const whenIdle = globalThis.requestIdleCallback || ((callback) => setTimeout(callback, 0));
  setTimeout(() => whenIdle(makeSnapshot, { timeout: 10_000 }), SNAPSHOT_DELAY_MS);
}

async function makeSnapshot() {
  const cacheName = await servingCacheName();
  if (!cacheName) return;
  setSnapshot({ state: "making" });
  const worker = new Worker(new URL("web/snapshot-worker.mjs", APP_BASE), { type: "module", name: "ludoteca-snapshot" });
  const result = await new Promise((resolve) => {
    worker.addEventListener("message", (event) => resolve(event.data));
    worker.addEventListener("error", (event) => resolve({ ok: false, message: event.message || "worker error" }));
    worker.postMessage({
      cacheName,
      snapshotURL,
      indexURL: new URL("pyodide/", APP_BASE).href,
      engineURL: new URL("py/ludoteca.zip", APP_BASE).href,
      buildHeader: SNAPSHOT_BUILD_HEADER,
      digestHeader: SNAPSHOT_DIGEST_HEADER,
    });
  });
  worker.terminate(); // frees its interpreter at once
  if (result.ok) {
    setSnapshot({ state: "saved", reason: "", bytes: result.bytes, makeMs: result.makeMs, storeMs: result.storeMs });
  } else {
    console.info("Ludoteca: no memory snapshot this time:", result.message);
    setSnapshot({ state: "failed", reason: result.message });
  }
}

// ---------------------------------------------------------------- PyScript

function onPyScriptProgress(event) {
  const milestone = MILESTONES[event.detail];
  if (milestone) setStartup(...milestone);
}

async function startPyScript() {
  setStartup(0.02, say("startingPyScript"));
  addEventListener("py:progress", onPyScriptProgress);
  document.addEventListener("py:ready", () => setStartup(PYTHON_START, say("startingGames")));
  const stylesheet = Object.assign(document.createElement("link"), {
    rel: "stylesheet",
    href: new URL("pyscript/core.css", APP_BASE).href,
  });
  document.head.append(stylesheet);
  try {
    await import(new URL("pyscript/core.js", APP_BASE).href);
  } catch (error) {
    fail(say("pyscriptFailed", { reason: error.message }));
  }
}

update({ label: say("loading") });
boot.snapshot = snapshotsEnabled()
  ? { enabled: true, state: "checking", reason: "", bytes: 0, makeMs: null, storeMs: null }
  : { enabled: false, state: "off", reason: "turned off", bytes: 0, makeMs: null, storeMs: null };
html.dataset.snapshot = boot.snapshot.state;
boot.homeShownAt = performance.getEntriesByName("ludoteca:static-home")[0]?.startTime ?? null; // index.html's inline script
prepareFiles()
  .catch((error) => useNetwork(`offline cache error: ${error.message}`))
  .then(() => {
    if (!booting()) return;
    // Read while PyScript loads; the interpreter wrapper waits for it.
    boot.snapshotBytes = readSnapshot().catch((error) => dropSnapshot(`unreadable: ${error.message}`));
    startPyScript();
  });
