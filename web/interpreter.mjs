// PyScript's `interpreter`: Pyodide's loadPyodide, restoring Python from the
// memory snapshot boot.js found in the offline cache when there is one, and
// falling back to Pyodide's plain start when there is none or it fails.
// PyScript reads `version` from this module and calls loadPyodide({stdout, stderr, indexURL}).
import { loadPyodide as loadPlainPyodide, version } from "../pyodide/pyodide.mjs";

export { version };

// PyScript derives indexURL from this module's folder; Pyodide's files are elsewhere.
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

export async function loadPyodide(options = {}) {
  const boot = globalThis.ludotecaBoot;
  const config = { ...options, indexURL: INDEX_URL };
  const snapshot = boot ? await boot.snapshotBytes : null;
  if (snapshot) {
    try {
      const pyodide = await loadPlainPyodide({ ...config, _loadSnapshot: snapshot });
      boot.startedFrom("snapshot");
      return pyodide;
    } catch (error) {
      boot.snapshotFailed(`restore failed: ${error?.message || error}`);
    }
  }
  const pyodide = await loadPlainPyodide(config);
  boot?.startedFrom("plain");
  return pyodide;
}
