// Per-device play's transport (issue 25), loaded only when a game is hosted
// for devices or joined (ui/devices/net.py imports it): WebRTC data channels
// between the devices at the table, paired by one code each way, a QR code to
// show it and the camera to read it.  No server, no STUN/TURN: `iceServers`
// is empty, so only the devices' own (host) addresses are tried, and the
// whole offer or answer, gathered before it is shown, travels in the code.
//
// A code is "ST1" + "O" (offer) or "A" (answer) + base64url of: the link's id
// (2 bytes), flags (1: setup passive), the ICE ufrag and pwd (a length byte
// each), the DTLS sha-256 fingerprint (32 bytes), and the host candidates
// (count, then each: 4 = IPv4 + 4 bytes, 6 = IPv6 + 16 bytes, M = an mDNS
// name <uuid>.local as 16 bytes, H = another name as a length byte and text;
// then the port, 2 bytes).  The SDP is written again on the other side.
//
// Python hears what happens through one callback, listen(fn): fn(id, what,
// data) with what = "open" | "message" (data: the text) | "away" (nothing
// heard for AWAY_MS) | "back" | "closed".  The heartbeat is this module's:
// BEAT every BEAT_MS on every open channel, never passed on to Python.
import { correction, generate } from "./vendor/lean-qr/index.mjs";
import { toSvgDataURL } from "./vendor/lean-qr/extras/svg.mjs";

export const BEAT = '{"v":1,"k":"beat"}';
export const BEAT_MS = 1000;
export const AWAY_MS = 5000;
const GATHER_MS = 5000; // ICE gathering of host candidates takes a few ms; never wait longer
const PREFIX = "ST1";
const links = new Map(); // id -> {pc, dc, heard, away, open}
let sink = () => {};

export function listen(fn) { sink = fn; }

function tell(id, what, data) {
  try { sink(id, what, data === undefined ? null : data); } catch (e) { console.error(e); }
}

// ------------------------------------------------------------------ codes
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function toB64(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j++) out += B64[(n >> (18 - 6 * j)) & 63];
  }
  return out;
}

function fromB64(text) {
  const out = [];
  let acc = 0, bits = 0;
  for (const ch of text) {
    const v = B64.indexOf(ch);
    if (v < 0) throw new Error("damaged");
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) { bits -= 8; out.push((acc >> bits) & 255); }
  }
  return out;
}

function field(sdp, name) {
  const m = sdp.match(new RegExp("^a=" + name + ":(.*)$", "m"));
  return m ? m[1].trim() : null;
}

function ipv6Bytes(text) {
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const part = (s) => (s ? s.split(":") : []);
  const h = part(head), t = part(tail);
  const groups = tail === null ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  if (groups.length !== 8) throw new Error("address");
  return groups.flatMap((g) => { const v = parseInt(g, 16); return [v >> 8, v & 255]; });
}

function candidateBytes(addr) {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(addr)) return [52, ...addr.split(".").map(Number)]; // "4"
  if (addr.includes(":")) return [54, ...ipv6Bytes(addr)]; // "6"
  const uuid = addr.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i);
  if (uuid) return [77, ...uuid.slice(1).join("").match(/../g).map((b) => parseInt(b, 16))]; // "M"
  const name = new TextEncoder().encode(addr);
  if (name.length > 255) throw new Error("address");
  return [72, name.length, ...name]; // "H"
}

/** The compact code of a local description (`kind` "O" or "A"). */
export function pack(kind, id, sdp) {
  const ufrag = field(sdp, "ice-ufrag"), pwd = field(sdp, "ice-pwd");
  const fp = field(sdp, "fingerprint"), setup = field(sdp, "setup");
  if (!ufrag || !pwd || !fp || !fp.toLowerCase().startsWith("sha-256 ")) throw new Error("sdp");
  const out = [id >> 8, id & 255, setup === "passive" ? 1 : 0];
  for (const text of [ufrag, pwd]) out.push(text.length, ...new TextEncoder().encode(text));
  out.push(...fp.slice(8).split(":").map((b) => parseInt(b, 16)));
  const cands = [];
  for (const line of sdp.split(/\r?\n/)) {
    const c = line.match(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/i);
    if (c && cands.length < 8) cands.push([...candidateBytes(c[1]), c[2] >> 8, c[2] & 255]);
  }
  out.push(cands.length, ...cands.flat());
  return PREFIX + kind + toB64(out);
}

function hex(bytes) { return bytes.map((b) => b.toString(16).padStart(2, "0")).join(""); }

/** What a code holds, or an Error("damaged" | "not_code"). */
export function unpack(code) {
  const text = String(code || "").replace(/\s+/g, "");
  if (!text.startsWith(PREFIX) || !"OA".includes(text[3] || "-")) throw new Error("not_code");
  const b = fromB64(text.slice(4));
  let at = 0;
  const take = (n) => {
    if (at + n > b.length) throw new Error("damaged");
    const part = b.slice(at, at + n);
    at += n;
    return part;
  };
  const [hi, lo, flags] = take(3);
  const read = () => new TextDecoder().decode(new Uint8Array(take(take(1)[0])));
  const ufrag = read(), pwd = read();
  const fingerprint = take(32).map((x) => x.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const candidates = [];
  for (let n = take(1)[0]; n > 0; n--) {
    const type = take(1)[0];
    let addr;
    if (type === 52) addr = take(4).join(".");
    else if (type === 54) addr = take(16).reduce((acc, x, i) => acc + (i % 2 ? x.toString(16).padStart(2, "0") : (i ? ":" : "") + x.toString(16)), "");
    else if (type === 77) { const h = hex(take(16)); addr = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`; }
    else if (type === 72) addr = new TextDecoder().decode(new Uint8Array(take(take(1)[0])));
    else throw new Error("damaged");
    const [p1, p2] = take(2);
    candidates.push({ addr, port: (p1 << 8) | p2 });
  }
  if (at !== b.length || !/^[A-Za-z0-9+/]{4,256}$/.test(ufrag) || !/^[A-Za-z0-9+/]{22,256}$/.test(pwd)) {
    throw new Error("damaged");
  }
  return { kind: text[3], id: (hi << 8) | lo, passive: (flags & 1) === 1, ufrag, pwd, fingerprint, candidates };
}

/** The SDP of a code, as the browser that made it would have written it. */
export function rebuild(c) {
  const lines = ["v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"];
  c.candidates.forEach((cand, i) => {
    lines.push(`a=candidate:${i + 1} 1 udp ${2113937151 - i} ${cand.addr} ${cand.port} typ host`);
  });
  lines.push("a=end-of-candidates", `a=ice-ufrag:${c.ufrag}`, `a=ice-pwd:${c.pwd}`,
    `a=fingerprint:sha-256 ${c.fingerprint}`,
    `a=setup:${c.kind === "O" ? "actpass" : c.passive ? "passive" : "active"}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144");
  return lines.join("\r\n") + "\r\n";
}

// ------------------------------------------------------------------ links
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
    });
  });
}

function newLink(id) {
  close(id);
  const pc = new RTCPeerConnection({ iceServers: [] });
  // negotiated: both sides open channel 0 themselves, nothing more to exchange
  const dc = pc.createDataChannel("table", { negotiated: true, id: 0, ordered: true });
  const link = { pc, dc, heard: 0, away: false, open: false };
  links.set(id, link);
  dc.onopen = () => {
    link.open = true;
    link.heard = Date.now();
    tell(id, "open");
  };
  dc.onmessage = (e) => {
    if (links.get(id) !== link) return;
    link.heard = Date.now();
    if (link.away) { link.away = false; tell(id, "back"); }
    if (e.data !== BEAT) tell(id, "message", String(e.data));
  };
  dc.onclose = () => { if (links.get(id) === link) { links.delete(id); tell(id, "closed"); } };
  return link;
}

function freshId() {
  let id;
  do { id = crypto.getRandomValues(new Uint16Array(1))[0]; } while (links.has(id));
  return id;
}

/** Host: a new link and its offer code. */
export async function offer() {
  const id = freshId();
  const { pc } = newLink(id);
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return { id, code: pack("O", id, pc.localDescription.sdp) };
}

/** Host: the answer code a guest showed; the id of the link it completes. */
export async function accept(code) {
  const c = unpack(code);
  if (c.kind !== "A") throw new Error("not_answer");
  const link = links.get(c.id);
  if (!link || link.pc.signalingState !== "have-local-offer") throw new Error("unknown_link");
  await link.pc.setRemoteDescription({ type: "answer", sdp: rebuild(c) });
  return c.id;
}

/** Guest: the host's offer code; the link and the answer code to show. */
export async function answer(code) {
  const c = unpack(code);
  if (c.kind !== "O") throw new Error("not_offer");
  const { pc } = newLink(c.id);
  await pc.setRemoteDescription({ type: "offer", sdp: rebuild(c) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return { id: c.id, code: pack("A", c.id, pc.localDescription.sdp) };
}

export function send(id, text) {
  const link = links.get(id);
  if (!link || link.dc.readyState !== "open") return false;
  link.dc.send(text);
  return true;
}

export function close(id) {
  const link = links.get(id);
  if (!link) return;
  links.delete(id);
  try { link.dc.close(); link.pc.close(); } catch (e) { /* gone already */ }
}

setInterval(() => {
  const now = Date.now();
  for (const [id, link] of links) {
    if (!link.open || link.dc.readyState !== "open") continue;
    try { link.dc.send(BEAT); } catch (e) { /* the next beat tries again */ }
    if (!link.away && now - link.heard > AWAY_MS) { link.away = true; tell(id, "away"); }
  }
}, BEAT_MS);

// --------------------------------------------------------------------- QR
/** A QR code of `text` as an SVG data URL (dark on white, a quiet zone of 4). */
export function qr(text) {
  return toSvgDataURL(generate(text, { minCorrectionLevel: correction.M }), { on: "black", off: "white", pad: 4 });
}

// ------------------------------------------------------------------- scan
let decoder = null;

async function makeDecoder() {
  if ("BarcodeDetector" in window) {
    try {
      if ((await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
        const detector = new BarcodeDetector({ formats: ["qr_code"] });
        return async (canvas) => ((await detector.detect(canvas))[0] || {}).rawValue || null;
      }
    } catch (e) { /* the fallback below */ }
  }
  const worker = new Worker(new URL("./scan-worker.js", import.meta.url));
  let waiting = null;
  worker.onmessage = (e) => { const w = waiting; waiting = null; if (w) w(e.data); };
  return (canvas) => new Promise((resolve) => {
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    waiting = resolve;
    worker.postMessage({ data: image.data, width: image.width, height: image.height }, [image.data.buffer]);
  });
}

/** Read a code with the camera, in an overlay of its own (the table below
 *  may be drawn anew meanwhile).  Resolves with the code's text, or null when
 *  the player cancels; rejects with an Error named after the reason: "insecure"
 *  (no camera on a plain-http page), "NotAllowedError" (refused),
 *  "NotFoundError" (no camera), ... .  words: {title, hint, cancel}. */
export async function scan(words) {
  if (!window.isSecureContext || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    throw new Error("insecure");
  }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch (e) {
    throw new Error(e.name || "camera");
  }
  decoder = decoder || (await makeDecoder());
  const box = document.createElement("div");
  box.id = "scanner";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", words.title);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.setAttribute("playsinline", "");
  const hint = document.createElement("p");
  hint.textContent = words.hint;
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.id = "scanner-cancel";
  cancel.textContent = words.cancel;
  box.append(video, hint, cancel);
  document.body.appendChild(box);
  cancel.focus();
  const canvas = document.createElement("canvas");
  let done = false;
  const stop = () => {
    done = true;
    stream.getTracks().forEach((t) => t.stop());
    box.remove();
  };
  return new Promise((resolve) => {
    cancel.onclick = () => { stop(); resolve(null); };
    box.addEventListener("keydown", (e) => { if (e.key === "Escape") { stop(); resolve(null); } });
    video.srcObject = stream;
    video.play().catch(() => {});
    const look = async () => {
      if (done) return;
      if (video.videoWidth) {
        const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        canvas.getContext("2d", { willReadFrequently: true }).drawImage(video, 0, 0, canvas.width, canvas.height);
        let text = null;
        try { text = await decoder(canvas); } catch (e) { text = null; }
        if (!done && text && text.replace(/\s+/g, "").startsWith(PREFIX)) {
          stop();
          return resolve(text);
        }
      }
      setTimeout(look, 120);
    };
    look();
  });
}
