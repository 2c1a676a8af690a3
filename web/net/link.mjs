// A WebRTC data channel between two devices, paired with no server: the host
// makes an offer string, the guest answers it with an answer string, and the
// strings travel by QR code, link or paste (issue 31). Only text is carried;
// the messages themselves are py/ludoteca/net/wire.py's business.
//
// Offers and answers are made compact, whichever is shorter of:
// - "C": only what a data channel needs (ICE ufrag and pwd, the DTLS
//   fingerprint, the setup role, the UDP candidates), the SDP rebuilt on the
//   other side;
// - "Z": the whole SDP through deflate-raw, in base64url.
// Both use only characters that are safe in a URL fragment: a join link is
// `<app URL>#/join/<offer>`, and a fragment never reaches any server.

const GATHER_TIMEOUT_MS = 5000;
const OPEN_TIMEOUT_MS = 20000;
const CHANNEL_LABEL = "ludoteca";
const JOIN_PREFIX = "#/join/";
const SETUP_CODES = { actpass: "a", active: "c", passive: "p" };
const CANDIDATE_TYPES = { host: "h", srflx: "s", prflx: "p", relay: "r" };
// RFC 8445's recommended type preferences, for rebuilt candidates' priorities.
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const MDNS_NAME = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

export class LinkError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "LinkError";
    this.code = code; // "link.bad_offer", "link.timeout", "link.failed", "link.closed"
  }
}

// --- base64url --------------------------------------------------------------
function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError("link.bad_offer", "not base64url");
  let binary;
  try {
    binary = atob(text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4));
  } catch {
    throw new LinkError("link.bad_offer", "not base64url"); // a length no bytes can have
  }
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function hexToBytes(hex) {
  return Uint8Array.from(hex.match(/[0-9a-f]{2}/gi) || [], (pair) => parseInt(pair, 16));
}

function bytesToHex(bytes, separator = "") {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join(separator);
}

// --- "C": the fields a data channel needs -----------------------------------
function sdpValue(sdp, name) {
  const line = sdp.split(/\r?\n/).find((each) => each.startsWith(`a=${name}:`));
  return line ? line.slice(name.length + 3).trim() : null;
}

function compactAddress(address) {
  const mdns = MDNS_NAME.exec(address);
  if (mdns) return "m" + toBase64Url(hexToBytes(mdns.slice(1).join("")));
  if (/^[0-9a-f.:]+$/i.test(address)) return address; // IPv4 or IPv6 literal
  return null;
}

function expandAddress(text) {
  if (text.startsWith("m")) {
    const hex = bytesToHex(fromBase64Url(text.slice(1)));
    if (hex.length !== 32) throw new LinkError("link.bad_offer", "bad mDNS name");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  }
  if (!/^[0-9a-f.:]+$/i.test(text)) throw new LinkError("link.bad_offer", "bad address");
  return text;
}

// Returns null when the SDP has something this form cannot carry.
export function compactForm(sdp) {
  const ufrag = sdpValue(sdp, "ice-ufrag");
  const pwd = sdpValue(sdp, "ice-pwd");
  const fingerprint = sdpValue(sdp, "fingerprint");
  const setup = SETUP_CODES[sdpValue(sdp, "setup")];
  const iceChars = /^[A-Za-z0-9+/]+$/;
  if (!ufrag || !pwd || !iceChars.test(ufrag) || !iceChars.test(pwd) || !setup) return null;
  if (!fingerprint || !/^sha-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}$/i.test(fingerprint)) return null;
  const candidates = new Set();
  for (const line of sdp.split(/\r?\n/)) {
    if (!line.startsWith("a=candidate:")) continue;
    const parts = line.slice(12).split(" ");
    // foundation component transport priority address port "typ" type [raddr a rport p]...
    if (parts[1] !== "1" || parts[2].toLowerCase() !== "udp") continue;
    const type = CANDIDATE_TYPES[parts[7]];
    const address = compactAddress(parts[4]);
    if (!type || address === null || !/^\d+$/.test(parts[5])) continue;
    candidates.add(`${type}${address},${parts[5]}`);
  }
  if (candidates.size === 0) return null;
  const fingerprintBytes = hexToBytes(fingerprint.slice(8).replaceAll(":", ""));
  return ["C" + setup, ufrag, pwd, toBase64Url(fingerprintBytes), ...candidates].join("~");
}

function sdpFromCompact(text) {
  const [head, ufrag, pwd, fingerprint, ...candidates] = text.split("~");
  const setup = Object.keys(SETUP_CODES).find((name) => SETUP_CODES[name] === head.slice(1));
  const iceChars = /^[A-Za-z0-9+/]{4,256}$/;
  if (!setup || !iceChars.test(ufrag || "") || !iceChars.test(pwd || "") || candidates.length === 0) {
    throw new LinkError("link.bad_offer", "damaged connection text");
  }
  const fingerprintBytes = fromBase64Url(fingerprint || "");
  if (fingerprintBytes.length !== 32) throw new LinkError("link.bad_offer", "bad fingerprint");
  const types = Object.fromEntries(Object.entries(CANDIDATE_TYPES).map(([name, code]) => [code, name]));
  const candidateLines = candidates.map((candidate, index) => {
    const [address, port] = candidate.slice(1).split(",");
    const type = types[candidate[0]];
    if (!type || !/^\d{1,5}$/.test(port || "")) throw new LinkError("link.bad_offer", "bad candidate");
    const priority = TYPE_PREFERENCE[type] * 2 ** 24 + (65535 - index) * 2 ** 8 + 255;
    const related = type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    return `a=candidate:${index + 1} 1 udp ${priority} ${expandAddress(address)} ${port} typ ${type}${related}`;
  });
  return [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidateLines,
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${bytesToHex(fingerprintBytes, ":").toUpperCase()}`,
    `a=setup:${setup}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
}

// --- "Z": the whole SDP, deflated -------------------------------------------
async function streamThrough(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function deflatedForm(sdp) {
  const bytes = await streamThrough(new TextEncoder().encode(sdp), new CompressionStream("deflate-raw"));
  return "Z" + toBase64Url(bytes);
}

async function sdpFromDeflated(text) {
  try {
    const bytes = await streamThrough(fromBase64Url(text.slice(1)), new DecompressionStream("deflate-raw"));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    throw error instanceof LinkError ? error : new LinkError("link.bad_offer", "damaged connection text");
  }
}

/** A session description as text: the shorter form, or the one `form` names ("compact", "deflated"). */
export async function encodeDescription(sdp, form = "shortest") {
  const compact = form === "deflated" ? null : compactForm(sdp);
  if (form === "compact" && compact !== null) return compact;
  const deflated = await deflatedForm(sdp);
  return compact !== null && compact.length <= deflated.length ? compact : deflated;
}

/** The SDP back from either form; a LinkError for anything else. */
export async function decodeDescription(text) {
  if (typeof text !== "string" || text.length > 8192) throw new LinkError("link.bad_offer", "not a connection text");
  const trimmed = text.trim();
  if (trimmed.startsWith("C")) return sdpFromCompact(trimmed);
  if (trimmed.startsWith("Z")) return sdpFromDeflated(trimmed);
  throw new LinkError("link.bad_offer", "not a connection text");
}

// --- join links ---------------------------------------------------------------
export function joinUrl(appUrl, offer) {
  const url = new URL(appUrl);
  url.hash = JOIN_PREFIX.slice(1) + offer;
  return url.href;
}

/** The offer in a join link (or its fragment), or null. */
export function offerFromUrl(url) {
  const text = String(url);
  const hash = text.includes("#") ? text.slice(text.indexOf("#")) : "";
  return hash.startsWith(JOIN_PREFIX) && hash.length > JOIN_PREFIX.length ? hash.slice(JOIN_PREFIX.length) : null;
}

// --- the channel ----------------------------------------------------------------
// Texts a data channel received before a Channel was made of it (keepEarlyTexts).
const EARLY_TEXTS = new WeakMap();

/**
 * Keeps every text `channel` receives from now on until a Channel is made of it. The other side
 * may speak as soon as its own side is open, which can be before this side's Channel exists: an
 * announced channel (the answerer's) is already open when the "datachannel" event hands it over,
 * and its "open" event comes after, so whatever waits for that event (PeerJS's "open") can miss
 * the first text. Called as soon as the channel object exists.
 */
export function keepEarlyTexts(channel) {
  if (EARLY_TEXTS.has(channel)) return;
  const texts = [];
  const done = new AbortController(); // removes the listener however it was wrapped
  channel.addEventListener("message", (event) => {
    if (typeof event.data === "string") texts.push(event.data);
  }, { signal: done.signal });
  EARLY_TEXTS.set(channel, () => {
    done.abort();
    return texts;
  });
}

/** An open data channel: send(text), and "message" (event.data), "close" and "error" events.
 * Texts that arrive before anything listens are kept for the first "message" listener: the other
 * side may speak as soon as the channel opens, and Python attaches its listener a task later.
 * `earlyTexts`: texts received before this Channel was made (keepEarlyTexts keeps them too). */
export class Channel extends EventTarget {

  constructor(connection, channel, earlyTexts = []) {
    super();
    this.connection = connection;
    this.channel = channel;
    this.closed = false;
    const kept = EARLY_TEXTS.get(channel);
    EARLY_TEXTS.delete(channel);
    // Texts that came before anyone listened (see the class comment), in order.
    this.unheard = [...earlyTexts, ...(kept ? kept() : [])];
    channel.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      if (this.unheard === null) this.dispatchEvent(new MessageEvent("message", { data: event.data }));
      else this.unheard.push(event.data);
    });
    channel.addEventListener("close", () => this.#finish());
    channel.addEventListener("error", (event) => this.#fail(event.error?.message || "data channel error"));
    connection.addEventListener("connectionstatechange", () => {
      if (connection.connectionState === "failed") this.#fail("connection failed");
      if (connection.connectionState === "closed") this.#finish();
    });
  }

  addEventListener(type, listener, options) {
    super.addEventListener(type, listener, options);
    if (type === "message" && this.unheard !== null) {
      const unheard = this.unheard;
      this.unheard = null; // from now on each text goes out as it comes, after these, in order
      for (const data of unheard) this.dispatchEvent(new MessageEvent("message", { data }));
    }
  }

  get open() {
    return !this.closed && this.channel.readyState === "open";
  }

  send(text) {
    if (!this.open) throw new LinkError("link.closed", "the link is closed");
    this.channel.send(String(text));
  }

  close() {
    this.channel.close();
    this.connection.close();
    this.#finish();
  }

  #fail(message) {
    if (this.closed) return;
    this.dispatchEvent(Object.assign(new Event("error"), { error: new LinkError("link.failed", message) }));
    this.close();
  }

  #finish() {
    if (this.closed) return;
    this.closed = true;
    this.dispatchEvent(new Event("close"));
  }
}

function gathered(connection, timeoutMs) {
  if (connection.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs); // use what has been gathered by then
    function done() {
      clearTimeout(timer);
      connection.removeEventListener("icegatheringstatechange", check);
      resolve();
    }
    function check() {
      if (connection.iceGatheringState === "complete") done();
    }
    connection.addEventListener("icegatheringstatechange", check);
  });
}

function opened(connection, channel, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new LinkError("link.timeout", "the other device did not connect")), timeoutMs);
    function fail(error) {
      clearTimeout(timer);
      connection.close();
      reject(error);
    }
    const ready = () => {
      clearTimeout(timer);
      resolve(new Channel(connection, channel));
    };
    if (channel.readyState === "open") ready();
    else channel.addEventListener("open", ready, { once: true });
    connection.addEventListener("connectionstatechange", () => {
      if (connection.connectionState === "failed") fail(new LinkError("link.failed", "connection failed"));
    });
  });
}

async function localDescription(connection, offering, { gatherTimeoutMs, form }) {
  const description = offering ? await connection.createOffer() : await connection.createAnswer();
  await connection.setLocalDescription(description);
  await gathered(connection, gatherTimeoutMs);
  return encodeDescription(connection.localDescription.sdp, form);
}

/**
 * The host's side: { offer, accept(answer) → Promise<Channel>, close() }.
 * `iceServers` (STUN/TURN) only when the players set them: none by default.
 * `form`: "shortest" (default), or "compact" / "deflated" to force one.
 */
export async function hostLink({ iceServers = [], gatherTimeoutMs = GATHER_TIMEOUT_MS,
  openTimeoutMs = OPEN_TIMEOUT_MS, form = "shortest" } = {}) {
  const connection = new RTCPeerConnection({ iceServers });
  const channel = connection.createDataChannel(CHANNEL_LABEL, { ordered: true });
  keepEarlyTexts(channel);
  const offer = await localDescription(connection, true, { gatherTimeoutMs, form });
  return {
    offer,
    sdp: connection.localDescription.sdp,
    async accept(answer) {
      const sdp = await decodeDescription(answer);
      await connection.setRemoteDescription({ type: "answer", sdp });
      return opened(connection, channel, openTimeoutMs);
    },
    close: () => connection.close(),
  };
}

/** The guest's side: { answer, channel: Promise<Channel>, close() } from the host's offer. */
export async function joinLink(offer, { iceServers = [], gatherTimeoutMs = GATHER_TIMEOUT_MS,
  openTimeoutMs = OPEN_TIMEOUT_MS, form = "shortest" } = {}) {
  const sdp = await decodeDescription(offer);
  const connection = new RTCPeerConnection({ iceServers });
  const channel = new Promise((resolve) => {
    connection.addEventListener("datachannel", (event) => {
      keepEarlyTexts(event.channel);
      resolve(event.channel);
    }, { once: true });
  });
  await connection.setRemoteDescription({ type: "offer", sdp });
  const answer = await localDescription(connection, false, { gatherTimeoutMs, form });
  const timeout = new Promise((_, reject) => setTimeout(
    () => reject(new LinkError("link.timeout", "the host did not connect")), openTimeoutMs));
  return {
    answer,
    sdp: connection.localDescription.sdp,
    channel: Promise.race([channel, timeout]).then((dataChannel) => opened(connection, dataChannel, openTimeoutMs)),
    close: () => connection.close(),
  };
}
