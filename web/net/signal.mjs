// Pairing through a PeerJS signaling server, only when the players set one
// (issue 31): with it a guest joins by a short room code instead of trading
// offer and answer. The client is peerjs (MIT), vendored by build.py; the
// server is the stock `peer` from npm. Nothing leaves the origin unless
// `settings` names a server, and PeerJS's own default servers (its cloud
// broker, Google's STUN, its TURN) are never used: every option is ours.
// The channel is link.mjs's Channel, so the rest of the app cannot tell.
import "../vendor/peerjs/peerjs.min.js"; // sets globalThis.Peer
import { Channel, LinkError } from "./link.mjs";

const ROOM_PREFIX = "ludoteca-";
// No 0/o, 1/l/i: a code read aloud or typed from a screen.
const CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const ROOM_CODE = /^[23456789abcdefghjkmnpqrstuvwxyz]{6}$/;
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const ICE_URL = /^(stun|stuns|turn|turns):[^\s]+$/;
const OPEN_TIMEOUT_MS = 20000;

function randomCode(length) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
}

export function newRoomCode() {
  return randomCode(6);
}

/**
 * Checked signaling settings, or a LinkError("signal.bad_settings"): {host, port, secure, path, key,
 * iceServers}. `iceServers`: STUN/TURN servers as RTCPeerConnection takes them (none by default).
 */
export function signalingSettings({ host, port, secure = true, path = "/", key = "peerjs", iceServers = [] } = {}) {
  const bad = (what) => new LinkError("signal.bad_settings", `bad signaling setting: ${what}`);
  if (typeof host !== "string" || !HOST_NAME.test(host)) throw bad("host");
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad("port");
  if (typeof secure !== "boolean") throw bad("secure");
  if (typeof path !== "string" || !/^\/[A-Za-z0-9._~\/-]*$/.test(path)) throw bad("path");
  if (typeof key !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(key)) throw bad("key");
  if (!Array.isArray(iceServers) || iceServers.length > 8) throw bad("iceServers");
  const servers = iceServers.map((server) => {
    const urls = [server?.urls].flat();
    if (urls.length === 0 || !urls.every((url) => typeof url === "string" && ICE_URL.test(url))) throw bad("iceServers");
    const checked = { urls };
    for (const name of ["username", "credential"]) {
      if (server[name] !== undefined) {
        if (typeof server[name] !== "string") throw bad("iceServers");
        checked[name] = server[name];
      }
    }
    return checked;
  });
  return { host, port, secure, path, key, iceServers: servers };
}

/** The origins the page's connect-src must allow for these settings (and no others). */
export function signalingOrigins(settings) {
  const { host, port, secure } = signalingSettings(settings);
  return [`${secure ? "https" : "http"}://${host}:${port}`, `${secure ? "wss" : "ws"}://${host}:${port}`];
}

function openPeer(settings, id, timeoutMs) {
  const { host, port, secure, path, key, iceServers } = signalingSettings(settings);
  const peer = new globalThis.Peer(id, { host, port, secure, path, key, debug: 0, config: { iceServers } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail({ type: "network" }), timeoutMs);
    function fail(error) {
      clearTimeout(timer);
      peer.destroy();
      reject(error.type === "unavailable-id"
        ? new LinkError("signal.room_taken", "that room code is in use")
        : new LinkError("signal.unreachable", `the signaling server did not answer (${error.type})`));
    }
    peer.once("open", () => {
      clearTimeout(timer);
      peer.off("error", fail);
      resolve(peer);
    });
    peer.once("error", fail);
  });
}

/**
 * A PeerJS connection's texts, kept from the moment it exists: `take()` makes its Channel (once it
 * is open) with every text that came before. The host's side of a room is the answerer: its data
 * channel is open when announced and PeerJS says "open" only on the "open" event after it, while
 * the guest says hello as soon as its own side is open: that hello came before the Channel.
 */
function keptConnection(connection) {
  const early = [];
  const keep = (data) => {
    if (typeof data === "string") early.push(data);
  };
  connection.on("data", keep);
  return {
    take() {
      connection.off("data", keep);
      return new Channel(connection.peerConnection, connection.dataChannel, early);
    },
  };
}

/**
 * Host a room: {code, nextGuest() → Promise<Channel>, close()}. Each guest that joins with the code
 * comes out of nextGuest() once its channel is open.
 */
export async function hostRoom(settings, { code = newRoomCode(), openTimeoutMs = OPEN_TIMEOUT_MS } = {}) {
  if (!ROOM_CODE.test(code)) throw new LinkError("signal.bad_code", "not a room code");
  const peer = await openPeer(settings, ROOM_PREFIX + code, openTimeoutMs);
  const arrived = [];
  const waiting = [];
  peer.on("connection", (connection) => {
    const kept = keptConnection(connection);
    connection.once("open", () => {
      const channel = kept.take();
      if (waiting.length) waiting.shift()(channel);
      else arrived.push(channel);
    });
  });
  return {
    code,
    nextGuest: () => (arrived.length ? Promise.resolve(arrived.shift()) : new Promise((resolve) => waiting.push(resolve))),
    close: () => peer.destroy(),
  };
}

/** Join the room `code`: Promise<Channel>, or a LinkError ("signal.no_room", "signal.unreachable"...). */
export async function joinRoom(settings, code, { openTimeoutMs = OPEN_TIMEOUT_MS } = {}) {
  const room = String(code).trim().toLowerCase();
  if (!ROOM_CODE.test(room)) throw new LinkError("signal.bad_code", "not a room code");
  const peer = await openPeer(settings, `${ROOM_PREFIX}${room}-${randomCode(10)}`, openTimeoutMs);
  return new Promise((resolve, reject) => {
    const connection = peer.connect(ROOM_PREFIX + room, { serialization: "raw", reliable: true });
    const kept = keptConnection(connection);
    const timer = setTimeout(() => fail(new LinkError("link.timeout", "the host did not connect")), openTimeoutMs);
    function fail(error) {
      clearTimeout(timer);
      peer.destroy();
      reject(error);
    }
    peer.once("error", (error) => fail(error.type === "peer-unavailable"
      ? new LinkError("signal.no_room", "no table has that room code")
      : new LinkError("signal.unreachable", `signaling failed (${error.type})`)));
    connection.once("open", () => {
      clearTimeout(timer);
      const channel = kept.take();
      channel.addEventListener("close", () => peer.destroy());
      resolve(channel);
    });
  });
}
