"""Where the AI thinks: main-thread time slicing (as shipped) against a Web Worker.

    .venv/bin/python py/tools/bench_ai_host.py --dist dist [--runs 7] [--decisions 8]
    python3 build.py bench ai_host          (builds dist/ first, passes --dist dist)

Everything runs in one go in headless Debian Chromium against dist/ on
loopback, with the pages in tests/browser/pages/ served at /__pages__/;
nothing is fetched from elsewhere. Takes about 2-3 minutes at 7 runs. Prints:

1. Boot, warm: repeat visits answered by the app's own service worker (every
   shipped file precached; one unmeasured visit per variant first, so
   Chromium's compile caches are warm too). Medians of --runs, the variants
   interleaved run by run:
   - the app as shipped: navigation -> ludotecaBoot.readyAt;
   - the worker design: the same page plus a module Worker
     (tests/browser/pages/ai_worker.mjs: a second Pyodide from the same local
     files, which unpacks the engine zip and imports the Alphabeticell AI),
     started either at page start or once the page is interactive.
   For each: when the page is interactive, when the AI is ready, and when the
   first AI move is possible (the later of the two), as a ratio to the app.
2. Responsiveness while the AI thinks: the longest main-thread task (longtask
   observer: only tasks of 50 ms or more are reported, so "none" means none),
   the ticks per second of a 10 ms setInterval (100 at best), the longest gap
   between two ticks, and how long a click waits for the main thread:
   - the app as shipped, computer against computer at the hard level, turns
     back to back (fast pace, as in bench_ai_browser.py), over the time the
     status line says "thinking";
   - tests/browser/pages/ai_host.html, the same positions for both (a new
     two-player game after the deal), the hard search with its early stop off
     so it thinks for its whole 1 s cap: sliced on the main thread exactly as
     the app does, and in the worker, where the round trip (post -> answer)
     includes serializing the state to JSON and parsing the answer.
3. Tables, and a conclusion computed from the figures.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parents[1]
sys.path.insert(0, str(TOOLS))

from browser_harness import (  # noqa: E402
    FAST_PACE,
    StaticServer,
    chromium,
    install_longtask_observer,
    start_computer_game,
    wait_for_ai_decisions,
    wait_for_app_ready,
)

PAGES = ROOT / "tests" / "browser" / "pages"
PAGES_PREFIX = "/__pages__/"
HOST_PAGE = PAGES_PREFIX + "ai_host.html"
WORKER_SCRIPT = PAGES_PREFIX + "ai_worker.mjs"
TIMEOUT_MS = 60_000
GOAL_MS = 50  # the issue: no main-thread task over 50 ms while the AI thinks
TICK_MS = 10
FIRST_SEED = 2026
CLICK_AFTER_MS = 400  # into a decision, when the bench clicks to time input delay

# The worker design, added to the shipped page without changing it. "eager"
# starts the worker before the page's own scripts run, as early as any real
# boot.js could: the worker gets the longest head start but competes with the
# page's own boot for the CPU. "deferred" starts it once the page is
# interactive (data-ready set by ludotecaBoot.ready()): the page boots alone,
# the worker starts later.
WORKER_DESIGN = """
if (location.pathname === "/") {
  const record = (window.__aiWorker = {});
  const start = () => {
    record.createdAt = performance.now();
    const worker = new Worker("__SCRIPT__", { type: "module" });
    worker.onmessage = (event) => {
      if (event.data.type === "ready") {
        record.readyAt = event.data.at - performance.timeOrigin;  // the worker's clock, in page time
        record.seenAt = performance.now();  // when the page's main thread got the news
        record.bootMs = event.data.bootMs;  // from the worker's creation
      } else if (event.data.type === "error") record.error = event.data.message;
    };
    worker.onerror = (event) => { record.error = event.message || "the AI worker failed to load"; };
  };
  if ("__START__" === "eager") start();
  else {
    const waiting = new MutationObserver(() => {
      if (document.documentElement.dataset.ready === "1") { waiting.disconnect(); start(); }
    });
    // <html> may not exist yet when this runs: watch the whole document.
    waiting.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  }
}
"""
WORKER_STARTS = ("eager", "deferred")


def worker_design(start: str) -> str:
    """The init script of the worker design that starts its worker `start` ("eager" or "deferred")."""
    return WORKER_DESIGN.replace("__SCRIPT__", WORKER_SCRIPT).replace("__START__", start)

# In the app: 10 ms timer ticks, and the spans when the status line shows
# data-thinking (an AI turn runs). Renders set #app's markup, hence childList.
TICKS_AND_THINKING = """
(() => {
  const ticks = (window.__ticks = []);
  setInterval(() => ticks.push(performance.now()), %d);
  const spans = (window.__thinkingSpans = []);
  let since = null;
  new MutationObserver(() => {
    const thinking = !!document.querySelector('[data-testid="status"][data-thinking]');
    if (thinking && since === null) since = performance.now();
    else if (!thinking && since !== null) { spans.push([since, performance.now()]); since = null; }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-thinking"] });
  window.__closeThinking = () => { if (since !== null) { spans.push([since, performance.now()]); since = null; } };
})();
""" % TICK_MS

SPAN_FIGURES = """
() => {
  window.__closeThinking();
  const spans = window.__thinkingSpans, ticks = window.__ticks, tasks = window.__longTasks || [];
  let total = 0, count = 0, longestGap = 0, longestTask = 0;
  for (const [start, end] of spans) {
    const inside = ticks.filter((t) => t >= start && t <= end);
    const points = [start, ...inside, end];
    for (let i = 1; i < points.length; i++) longestGap = Math.max(longestGap, points[i] - points[i - 1]);
    total += end - start;
    count += inside.length;
    for (const task of tasks) {
      if (task.start >= start && task.start < end) longestTask = Math.max(longestTask, task.duration);
    }
  }
  return { thinkingMs: total, ticksPerS: count / (total / 1000), longestGapMs: longestGap, longestTaskMs: longestTask };
}
"""


def median(values: list[float]) -> float:
    return statistics.median(values)


# --------------------------------------------------------------------------- 1. boot


def worker_ready(page) -> dict:
    page.wait_for_function("() => window.__aiWorker && (window.__aiWorker.readyAt || window.__aiWorker.error)",
                           timeout=TIMEOUT_MS)
    record = page.evaluate("window.__aiWorker")
    if record.get("error"):
        raise RuntimeError(f"the AI worker failed: {record['error']}")
    return record


def visit(page, url: str, with_worker: bool) -> dict:
    """One warm visit: when the page was interactive and, with a worker, when the worker was ready."""
    page.goto(url)
    ready = wait_for_app_ready(page, TIMEOUT_MS)
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        raise RuntimeError("a measured visit was not served by the service worker: the runs would not be warm")
    figures = {"ready": ready, "first_ai": ready}
    if with_worker:
        record = worker_ready(page)
        figures.update(worker=record["readyAt"], worker_seen=record["seenAt"], worker_boot=record["bootMs"],
                       worker_created=record["createdAt"], first_ai=max(ready, record["readyAt"]))
    page.goto("about:blank")  # ends the page and its worker: nothing runs during the next measurement
    return figures


def measure_boot(browser, server: StaticServer, runs: int) -> tuple[dict[str, list[dict]], int]:
    """Warm visits of every variant, interleaved (order rotating run by run) in one context, so all
    use the same service worker cache. Also returns how many times the measured visits fetched
    pyodide.asm.wasm from the server (0: everything, the workers' files included, came from the cache)."""
    url = server.url + "/"
    context = browser.new_context()
    try:
        pages = {"app": context.new_page()}
        for start in WORKER_STARTS:  # a page of its own each: init scripts cannot be removed
            pages[start] = context.new_page()
            pages[start].add_init_script(worker_design(start))
        install = pages["app"]
        install.goto(url)
        wait_for_app_ready(install, TIMEOUT_MS)
        install.wait_for_function("!!navigator.serviceWorker.controller", timeout=TIMEOUT_MS)
        install.goto("about:blank")
        for name, page in pages.items():  # unmeasured: compile caches fill
            visit(page, url, name != "app")
        wasm_before = server.count("/pyodide/pyodide.asm.wasm")
        names = list(pages)
        results: dict[str, list[dict]] = {name: [] for name in names}
        for run in range(runs):
            for name in names[run % len(names):] + names[:run % len(names)]:
                results[name].append(visit(pages[name], url, name != "app"))
        return results, server.count("/pyodide/pyodide.asm.wasm") - wasm_before
    finally:
        context.close()


# --------------------------------------------------------------------------- 2. responsiveness


def app_while_thinking(browser, server: StaticServer, decisions: int) -> dict:
    """The shipped app, computer against computer at the hard level (like bench_ai_browser.level_figures)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(FAST_PACE)
    context.add_init_script(TICKS_AND_THINKING)
    install_longtask_observer(context)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        wait_for_app_ready(page, TIMEOUT_MS)
        start_computer_game(page, "hard", FIRST_SEED)
        moves = wait_for_ai_decisions(page, decisions, timeout_s=300)
        page.wait_for_timeout(300)  # long-task entries arrive after their task
        figures = page.evaluate(SPAN_FIGURES)
        figures["decisions"] = len(moves)
        figures["wall_ms"] = median([m["wall"] * 1000 for m in moves]) if moves else float("nan")
        return figures
    finally:
        context.close()


def host_decision(page, method: str, seed: int) -> dict:
    """One decision on the test page, with one click in the middle of it (input delay)."""
    page.evaluate(f"(seed) => {{ window.__decision = aiHost.{method}(seed); }}", seed)
    page.wait_for_timeout(CLICK_AFTER_MS)
    page.mouse.click(5, 5)
    result = page.evaluate("window.__decision")
    page.wait_for_timeout(300)  # long-task entries arrive after their task
    result.update(page.evaluate("([t0, t1]) => aiHost.figures(t0, t1)", [result["t0"], result["t1"]]))
    return result


def host_page_figures(browser, server: StaticServer, runs: int) -> dict[str, list[dict]]:
    """The same positions thought about on the main thread (sliced) and in the worker, interleaved."""
    context = browser.new_context(service_workers="block")
    install_longtask_observer(context)
    try:
        page = context.new_page()
        page.goto(server.url + HOST_PAGE)
        page.wait_for_function("() => window.aiHost || window.aiHostError", timeout=TIMEOUT_MS)
        error = page.evaluate("window.aiHostError")
        if error:
            raise RuntimeError(f"{HOST_PAGE} failed: {error}")
        methods = {"sliced": "sliced", "worker": "viaWorker"}
        for method in methods.values():  # unmeasured: the first calls warm both interpreters up
            page.evaluate(f"aiHost.{method}({FIRST_SEED - 1})")
        results: dict[str, list[dict]] = {name: [] for name in methods}
        for run in range(runs):
            order = list(methods) if run % 2 == 0 else list(reversed(methods))
            for name in order:
                results[name].append(host_decision(page, methods[name], FIRST_SEED + run))
        return results
    finally:
        context.close()


# --------------------------------------------------------------------------- report


def med(results: list[dict], key: str) -> float:
    return median([r[key] for r in results])


def worst(results: list[dict], key: str) -> float:
    return max(r[key] or 0.0 for r in results)


def task_text(ms: float) -> str:
    return f"{ms:.0f} ms" if ms else f"none >= {GOAL_MS} ms"


def over_goal(results: list[dict]) -> int:
    return sum(1 for r in results if r["longestTaskMs"] > 0)


def boot_lines(boot: dict[str, list[dict]]) -> list[str]:
    app_ready = med(boot["app"], "ready")
    labels = {"app": "app as shipped (main-thread slicing)",
              "eager": "worker design, worker started at page start",
              "deferred": "worker design, worker started once the page is interactive"}
    lines = ["| variant | page interactive | AI ready | first AI move possible | ratio to app |", "|---|---|---|---|---|"]
    for name, runs in boot.items():
        ai_ready = med(runs, "worker") if name != "app" else app_ready
        lines.append(f"| {labels[name]} | {med(runs, 'ready'):.0f} | {ai_ready:.0f} | {med(runs, 'first_ai'):.0f} "
                     f"| {med(runs, 'first_ai') / app_ready:.2f} |")
    lines.append("app: the AI runs in the page's own interpreter, so it is ready when the page is (in both designs "
                 "the rules and AI modules load with the first game)")
    for name in WORKER_STARTS:
        runs = boot[name]
        lines.append(f"{name} worker: created at {med(runs, 'worker_created'):.0f} ms, ready "
                     f"{med(runs, 'worker_boot'):.0f} ms later (its own Pyodide, engine zip, AI import); the page's "
                     f"main thread heard of it at {med(runs, 'worker_seen'):.0f} ms")
    return lines


def responsiveness_lines(app_cvc: dict, host: dict[str, list[dict]], runs: int) -> list[str]:
    sliced, worker = host["sliced"], host["worker"]
    return [
        "| where the AI thinks | longest main-thread task | longest tick gap | ticks/s | click delay | decision time |",
        "|---|---|---|---|---|---|",
        f"| app as shipped, hard vs hard back to back, {app_cvc['decisions']} decisions, "
        f"{app_cvc['thinkingMs'] / 1000:.1f} s thinking | {task_text(app_cvc['longestTaskMs'])} "
        f"| {app_cvc['longestGapMs']:.0f} ms | {app_cvc['ticksPerS']:.0f} | | median {app_cvc['wall_ms']:.0f} ms |",
        f"| test page, main thread, sliced like the app | {task_text(worst(sliced, 'longestTaskMs'))} "
        f"({over_goal(sliced)}/{runs} runs) | {worst(sliced, 'longestGapMs'):.0f} ms | {med(sliced, 'ticksPerS'):.0f} "
        f"| {worst(sliced, 'inputDelayMs'):.0f} ms | {med(sliced, 'wallMs'):.0f} ms for "
        f"{med(sliced, 'thinking') * 1000:.0f} ms thinking |",
        f"| test page, worker, round trip post -> answer | {task_text(worst(worker, 'longestTaskMs'))} "
        f"({over_goal(worker)}/{runs} runs) | {worst(worker, 'longestGapMs'):.0f} ms | {med(worker, 'ticksPerS'):.0f} "
        f"| {worst(worker, 'inputDelayMs'):.0f} ms | {med(worker, 'roundTripMs'):.0f} ms for "
        f"{med(worker, 'thinking') * 1000:.0f} ms thinking |",
        f"(test page: hard level with its early stop off, so each search thinks its whole 1 s cap, on a new 2-player "
        f"game after the deal, seeds {FIRST_SEED}..{FIRST_SEED + runs - 1}; longest task, tick gap and click delay "
        f"are the worst over all runs, (k/N runs) = runs with a task of {GOAL_MS} ms or more, the rest medians. "
        f"Worker request: {med(worker, 'requestBytes'):.0f} bytes of JSON, serialized in "
        f"{med(worker, 'encodeMs'):.1f} ms; search iterations per decision: sliced {med(sliced, 'iterations'):.0f}, "
        f"worker {med(worker, 'iterations'):.0f})",
    ]


def later(ms: float, base: float) -> str:
    return f"{abs(ms):.0f} ms ({ms / base:+.0%}) {'later' if ms >= 0 else 'earlier'}"


def conclusion(boot: dict[str, list[dict]], app_cvc: dict, host: dict[str, list[dict]]) -> str:
    app_ready = med(boot["app"], "ready")
    eager, deferred = boot["eager"], boot["deferred"]
    extra_eager = med(eager, "first_ai") - app_ready
    extra_deferred = med(deferred, "first_ai") - app_ready
    sliced, worker = host["sliced"], host["worker"]
    sliced_task = max(app_cvc["longestTaskMs"], worst(sliced, "longestTaskMs"))
    worker_task = worst(worker, "longestTaskMs")
    sliced_ticks, worker_ticks = med(sliced, "ticksPerS"), med(worker, "ticksPerS")
    overhead = med(worker, "roundTripMs") - med(worker, "thinking") * 1000
    stretch = med(sliced, "wallMs") - med(sliced, "thinking") * 1000
    timers = "Timers fare worse under slicing" if sliced_ticks < worker_ticks - 5 else "Timers run alike"
    text = (
        f"With the AI in a worker, the first AI move becomes possible {later(extra_eager, app_ready)} than in the "
        f"app as shipped ({app_ready:.0f} ms) when the worker starts with the page, whose own start then ends "
        f"{later(med(eager, 'ready') - app_ready, app_ready)}; or {later(extra_deferred, app_ready)} when the "
        f"worker starts once the page is interactive (page {med(deferred, 'ready') - app_ready:+.0f} ms). "
        f"While the AI thinks, slicing keeps the longest main-thread task at {task_text(sliced_task)} "
        f"(worker: {task_text(worker_task)}) and clicks waited at most {worst(sliced, 'inputDelayMs'):.0f} ms "
        f"(worker: {worst(worker, 'inputDelayMs'):.0f} ms). {timers}: {sliced_ticks:.0f} of {1000 // TICK_MS} "
        f"ticks/s during a 1 s decision (longest gap {worst(sliced, 'longestGapMs'):.0f} ms) and "
        f"{app_cvc['ticksPerS']:.0f} ticks/s with gaps up to {app_cvc['longestGapMs']:.0f} ms over "
        f"{app_cvc['thinkingMs'] / 1000:.1f} s of back-to-back computer turns in the app, against {worker_ticks:.0f} "
        f"ticks/s with the worker. Slicing stretches a 1 s search to {med(sliced, 'wallMs'):.0f} ms "
        f"({stretch:+.0f} ms); the worker's round trip costs {overhead:.0f} ms over its thinking. "
    )
    cheapest = min(extra_eager, extra_deferred)
    if sliced_task == 0 and cheapest > 0:
        text += (f"Slicing meets the {GOAL_MS} ms goal at no start-up cost, while the worker costs at least "
                 f"{cheapest:.0f} ms before the first AI move: these figures support keeping main-thread slicing.")
    elif sliced_task == 0:
        text += (f"Both meet the {GOAL_MS} ms goal and the worker cost no start-up time in this run: the choice "
                 "rests on simplicity (one interpreter, no message protocol) rather than on these figures.")
    elif worker_task == 0:
        text += (f"Slicing let {over_goal(sliced)} of {len(sliced)} test decisions (the app's game: "
                 f"{task_text(app_cvc['longestTaskMs'])}) reach a task of {GOAL_MS} ms or more while the worker "
                 f"kept the page clear: weigh that against the worker's {cheapest:.0f} ms of start-up "
                 "(on this shared 2-core machine a preempted slice can also cross the line).")
    else:
        text += (f"Both designs saw tasks of {GOAL_MS} ms or more on this shared machine (slicing "
                 f"{sliced_task:.0f} ms, worker {worker_task:.0f} ms), so those come from the machine rather "
                 f"than from where the AI thinks; the worker still costs {cheapest:.0f} ms of start-up.")
    return text


def report(boot: dict[str, list[dict]], wasm_fetches: int, app_cvc: dict, host: dict[str, list[dict]],
           runs: int) -> None:
    source = ("the service worker cache (0 requests reached the server)" if wasm_fetches == 0 else
              f"the network: {wasm_fetches} requests for pyodide.asm.wasm reached the server")
    lines = [
        f"runs: {runs} per variant (medians), headless Chromium, dist on loopback; boots warm from the app's "
        f"service worker (during the measured boots the Pyodide files came from {source})",
        "",
        "Boot (ms from navigation)",
        *boot_lines(boot),
        "",
        f"Responsiveness while the AI thinks (10 ms setInterval: {1000 // TICK_MS} ticks/s at best; "
        f"long tasks are only reported from {GOAL_MS} ms; click delay = pointerdown handler time - event time)",
        *responsiveness_lines(app_cvc, host, runs),
        "",
        conclusion(boot, app_cvc, host),
        "",
        "raw boot ms: " + json.dumps({
            **{f"{name}_page_ready": [round(r["ready"]) for r in results] for name, results in boot.items()},
            **{f"{name}_worker_ready": [round(r["worker"]) for r in boot[name]] for name in WORKER_STARTS},
        }),
    ]
    print("\n".join(lines), flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=7, help="runs per variant (median reported)")
    parser.add_argument("--decisions", type=int, default=8,
                        help="AI decisions (with a real choice) to watch in the app's computer-vs-computer game")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    print("== Where the AI thinks: main-thread slicing against a Web Worker ==", flush=True)
    started = time.time()
    with StaticServer(args.dist, mounts={PAGES_PREFIX: PAGES}) as server, chromium() as browser:
        print(f"boot: {args.runs} warm runs per variant...", flush=True)
        boot, wasm_fetches = measure_boot(browser, server, args.runs)
        print(f"app: computer vs computer at the hard level, {args.decisions} decisions...", flush=True)
        app_cvc = app_while_thinking(browser, server, args.decisions)
        print(f"test page: {args.runs} hard searches per variant on the same positions...", flush=True)
        host = host_page_figures(browser, server, args.runs)
    print(f"(measured in {time.time() - started:.0f} s)\n", flush=True)
    report(boot, wasm_fetches, app_cvc, host, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
