// The AI in a Web Worker: a second Pyodide that only answers AI requests.
// Served at /__pages__/ beside dist/ for bench_ai_host.py, which compares this
// design with the app's main-thread time slicing. It loads the same Pyodide
// files and engine zip the app ships (unpacked into the working directory, as
// PyScript's [files] "./*" does) and imports the Alphabeticell AI before it
// says it is ready.
//
// Protocol (all payloads are JSON strings, so only text crosses threads):
//   worker -> page  {type: "ready", at: epoch ms, bootMs}  |  {type: "error", message}
//   page -> worker  {type: "decide", id, payload: {state, player, level, seed, full_budget}}
//   worker -> page  {type: "answer", id, payload: {move, iterations, thinking}, workerMs}

const indexURL = new URL("../pyodide/", import.meta.url).href;

const DECIDE = `
import json
from ludoteca.games.alphabeticell import AI_LEVELS, GAME

def decide(payload):
    request = json.loads(payload)
    state = GAME.state_from_json(request["state"])
    bot = AI_LEVELS[request["level"]](request["seed"])
    if request.get("full_budget"):
        bot.min_samples = 1 << 30  # never stop early: think for the level's whole time cap
    search = bot.start(state, request["player"])
    move = search.run()  # no slicing needed: this thread has no page to keep alive
    return json.dumps({"move": move.text, "iterations": search.iterations, "thinking": search.elapsed})
decide
`;

const ready = (async () => {
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL });
  const engine = await (await fetch(new URL("../py/ludoteca.zip", import.meta.url))).arrayBuffer();
  pyodide.unpackArchive(engine, "zip");
  return pyodide.runPython(DECIDE); // imports the rules and the AI now, not on the first request
})();

ready.then(
  () => postMessage({ type: "ready", at: performance.timeOrigin + performance.now(), bootMs: performance.now() }),
  (error) => postMessage({ type: "error", message: String((error && error.stack) || error) }),
);

// Registered at once, so requests sent before the interpreter is up wait for it.
self.onmessage = async (event) => {
  const { type, id, payload } = event.data;
  if (type !== "decide") return;
  try {
    const decide = await ready;
    const started = performance.now();
    const answer = decide(payload);
    postMessage({ type: "answer", id, payload: answer, workerMs: performance.now() - started });
  } catch (error) {
    postMessage({ type: "error", id, message: String((error && error.stack) || error) });
  }
};
