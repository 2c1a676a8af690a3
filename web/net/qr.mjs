// QR codes for pairing devices (issue 31): draw one as SVG markup, read one
// from the camera. The maker is qrcode-generator (MIT), the reader jsQR
// (Apache-2.0), both vendored from npm by build.py (VENDORED_NPM_FILES).
// When the camera is refused or missing, scanning says so and the paste
// path takes over. The reader (257 KB) is loaded only when a code is read (a
// scan starts): showing an invitation draws codes and needs none of it. Like
// every shipped file it is in the service worker's precache, so it loads
// offline too.
import qrcode from "../vendor/qrcode-generator/qrcode.mjs";

let reader = null; // the promise of jsQR, once a code is to be read

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const SCAN_INTERVAL_MS = 120;
const SCAN_TIMEOUT_MS = 60000;
const MAX_SCAN_WIDTH = 800; // larger frames are scaled down: jsQR's time grows with pixels

/** The modules of `text`'s QR code (UTF-8, byte mode, the smallest version that fits). */
export function qrMatrix(text, { level = "L" } = {}) {
  const code = qrcode(0, level);
  // qrcode-generator keeps the low byte of each character: give it UTF-8 bytes as characters.
  code.addData(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(""), "Byte");
  code.make();
  const size = code.getModuleCount();
  const rows = Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => code.isDark(row, col)));
  return { version: (size - 17) / 4, size, rows };
}

function escapeText(text) {
  return String(text).replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** SVG markup of `text`'s QR code: dark on light with a quiet zone, one path, no inline style. */
export function qrSvg(text, { level = "L", margin = 4, label = "QR code" } = {}) {
  const { size, rows } = qrMatrix(text, { level });
  const path = [];
  rows.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) path.push(`M${x + margin} ${y + margin}h1v1h-1z`);
  }));
  const side = size + 2 * margin;
  return `<svg xmlns="${SVG_NAMESPACE}" class="qr-code" viewBox="0 0 ${side} ${side}" role="img" `
    + `aria-label="${escapeText(label)}" shape-rendering="crispEdges">`
    + `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path.join("")}"/></svg>`;
}

function cameraFailure(error) {
  switch (error?.name) {
    case "NotAllowedError":
    case "SecurityError":
      return "camera.denied";
    case "NotFoundError":
    case "OverconstrainedError":
      return "camera.none";
    default:
      return "camera.unavailable"; // NotReadableError: another app holds it, and the like
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** jsQR, loaded on first use (a UMD bundle: as a module it sets globalThis.jsQR). */
export function loadReader() {
  reader ??= import("../vendor/jsqr/jsQR.js").then(() => globalThis.jsQR, (error) => {
    reader = null; // another scan tries again
    throw error;
  });
  return reader;
}

function decode(jsQR, image) {
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
  return found ? new TextDecoder().decode(Uint8Array.from(found.binaryData)) : null;
}

/** The text of the first QR code found in an ImageData, or null. */
export async function readQr(image) {
  return decode(await loadReader(), image);
}

/**
 * Read a QR code from the camera. Resolves to {ok: true, text} or {ok: false, reason}, reason one of
 * "camera.denied", "camera.none", "camera.unavailable", "camera.unsupported", "camera.timeout",
 * "camera.cancelled": on any of them the player pastes the text instead.
 * `video`: an element to show the camera in (optional); `signal`: an AbortSignal to stop.
 */
export async function scanQr({ video = null, signal = null, timeoutMs = SCAN_TIMEOUT_MS } = {}) {
  if (!globalThis.navigator?.mediaDevices?.getUserMedia) return { ok: false, reason: "camera.unsupported" };
  const loading = loadReader(); // while the camera starts
  let stream, jsQR;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch (error) {
    loading.catch(() => {}); // the camera's failure is the one to say
    return { ok: false, reason: cameraFailure(error) };
  }
  try {
    jsQR = await loading;
  } catch {
    for (const track of stream.getTracks()) track.stop();
    return { ok: false, reason: "camera.unavailable" };
  }
  const player = video || document.createElement("video");
  try {
    player.muted = true;
    player.playsInline = true;
    player.srcObject = stream;
    await player.play();
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (signal?.aborted) return { ok: false, reason: "camera.cancelled" };
      if (player.videoWidth > 0) {
        const scale = Math.min(1, MAX_SCAN_WIDTH / player.videoWidth);
        canvas.width = Math.round(player.videoWidth * scale);
        canvas.height = Math.round(player.videoHeight * scale);
        context.drawImage(player, 0, 0, canvas.width, canvas.height);
        const text = decode(jsQR, context.getImageData(0, 0, canvas.width, canvas.height));
        if (text !== null) return { ok: true, text };
      }
      await sleep(SCAN_INTERVAL_MS);
    }
    return { ok: false, reason: "camera.timeout" };
  } catch (error) {
    return { ok: false, reason: cameraFailure(error) };
  } finally {
    for (const track of stream.getTracks()) track.stop();
    player.srcObject = null;
  }
}
