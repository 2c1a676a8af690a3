// Test page module for web/net/: the test serves net.html (with the app's own
// CSP) around it, one page per browser context, each context one device.
import * as link from "../web/net/link.mjs";
import * as qr from "../web/net/qr.mjs";

window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});

function watch(channel) {
  window.channel = channel;
  window.received = [];
  window.channelClosed = false;
  channel.addEventListener("message", (event) => {
    if (event.data.startsWith("echo:")) channel.send("re:" + event.data.slice(5));
    else if (!event.data.startsWith("re:")) window.received.push(event.data);
  });
  channel.addEventListener("close", () => { window.channelClosed = true; });
}

function since(started) {
  return performance.now() - started;
}

window.netTest = {
  link,
  qr,
  // The text of a QR code drawn from its own modules into an image, read back by the reader.
  readDrawnQr(text, scale = 4) {
    const { size, rows } = qr.qrMatrix(text);
    const side = (size + 8) * scale;
    const image = new ImageData(side, side);
    image.data.fill(255);
    rows.forEach((row, y) => row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const at = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          image.data.fill(0, at, at + 3);
        }
      }
    }));
    return qr.readQr(image);
  },
  // Pairing through a PeerJS server (signal.mjs, loaded only here).
  async hostRoom(settings) {
    const signal = await import("../web/net/signal.mjs");
    window.room = await signal.hostRoom(settings);
    window.room.nextGuest().then(watch);
    return window.room.code;
  },
  async joinRoom(settings, code, openTimeoutMs = 10000) {
    const signal = await import("../web/net/signal.mjs");
    const started = performance.now();
    try {
      watch(await signal.joinRoom(settings, code, { openTimeoutMs }));
    } catch (error) {
      return error.code || String(error);
    }
    window.joinRoomMs = since(started);
    return "joined";
  },
  // Python code run in the shipped Pyodide with the shipped engine zip.
  async runInPyodide(code) {
    const base = new URL("../", location.href);
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
    pyodide.unpackArchive(await (await fetch(new URL("py/ludoteca.zip", base))).arrayBuffer(), "zip");
    return pyodide.runPython(code);
  },
  // The text of the QR code in a PNG (base64), as a camera would see a screen.
  async readPng(base64) {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d");
    context.drawImage(bitmap, 0, 0);
    return qr.readQr(context.getImageData(0, 0, bitmap.width, bitmap.height));
  },
  async scan(timeoutMs = 20000) {
    const started = performance.now();
    const result = await qr.scanQr({ timeoutMs });
    window.scanMs = since(started);
    return result;
  },
  async host(options = {}) {
    const started = performance.now();
    window.host = await link.hostLink(options);
    window.offerMs = since(started);
    return window.host.offer;
  },
  async join(offer, options = {}) {
    const started = performance.now();
    window.join = await link.joinLink(offer, options);
    window.answerMs = since(started);
    window.join.channel.then((channel) => {
      window.guestOpenMs = since(started);
      watch(channel);
    }, (error) => { window.joinError = error.code; });
    return window.join.answer;
  },
  async accept(answer) {
    const started = performance.now();
    watch(await window.host.accept(answer));
    window.acceptMs = since(started);
  },
  // Round trips of small messages, one after another: milliseconds each.
  async roundTrips(count) {
    const times = [];
    for (let index = 0; index < count; index += 1) {
      const started = performance.now();
      await new Promise((resolve) => {
        const reply = (event) => {
          if (event.data !== `re:${index}`) return;
          window.channel.removeEventListener("message", reply);
          resolve();
        };
        window.channel.addEventListener("message", reply);
        window.channel.send(`echo:${index}`);
      });
      times.push(since(started));
    }
    return times;
  },
};
window.netReady = true;
