// Reads a QR code from camera frames off the page's main thread (net.js sends
// each frame's pixels), for browsers without BarcodeDetector: the pinned
// jsQR (npm jsqr), loaded only when the camera is first used.
importScripts("./vendor/jsQR.js");
onmessage = (e) => {
  const { data, width, height } = e.data;
  let found = null;
  try { found = self.jsQR(data, width, height, { inversionAttempts: "dontInvert" }); } catch (err) { found = null; }
  postMessage(found ? found.data : null);
};
