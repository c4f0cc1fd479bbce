// A backup as a short code the player can copy into the installed app (and back).

import { t } from "./i18n.js";

const toBase64Url = (bytes) => {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const fromBase64Url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function squeeze(bytes, Stream) {
  const stream = new Blob([bytes]).stream().pipeThrough(new Stream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A backup as a short code: "1" + deflated base64url JSON, or "0" + plain where the browser cannot deflate. */
export async function encodeBackup(data) {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  if (globalThis.CompressionStream) return "1" + toBase64Url(await squeeze(bytes, CompressionStream));
  return "0" + toBase64Url(bytes);
}

/** The backup's JSON text from a code, or from a link or text holding one; throws a plain message. */
export async function decodeBackup(text) {
  const match = /(?:backup=)?([01][A-Za-z0-9_-]{8,})\s*$/.exec((text || "").trim());
  if (!match) throw new Error(t("backup-code-not-code"));
  let bytes;
  let unpackable = false;
  try {
    bytes = fromBase64Url(match[1].slice(1));
    if (match[1][0] === "1") {
      unpackable = !globalThis.DecompressionStream;
      if (!unpackable) bytes = await squeeze(bytes, DecompressionStream);
    }
  } catch {
    throw new Error(t("backup-code-damaged"));
  }
  if (unpackable) throw new Error(t("backup-code-unpackable"));
  return new TextDecoder().decode(bytes);
}
