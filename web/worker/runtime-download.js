// The runtime's large files and the game's wheel on a page no service worker controls
// yet (a first visit): downloaded here, the large ones as their xz copies (xz.js; the
// gzip ones where that cannot start), from the first moment, instead of after the
// service worker's install has downloaded the whole site. Each is decoded as it arrives
// (the wasm compiles while it streams in), checked against its revision (build.py),
// handed to the loader, and kept in this build's cache, where the service worker's
// install finds it and downloads it no more (service-worker.js, precache). A file kept
// already (a reload that bypassed the service worker) is not downloaded again. A file
// whose copy is missing, cannot be decoded or does not match its revision is left to
// the loader, which fetches the file itself, as it would without this.

import { xzDecoding } from "./xz.js";

const networkFetch = self.fetch.bind(self);

/** The absolute URL a fetch() call asks for (a Request, a URL or a string). */
export const requestURL = (input) => new URL(input instanceof Request ? input.url : input, self.location.href).href;
const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];

export class RuntimeDownload {
  /**
   * files: {path: {revision, size, type, gz?, gzSize?, xz?, xzSize?}} (build-info.js
   * RUNTIME), paths (and gz, xz: those of its copies) relative to ``base``;
   * ``tell({received, total})``: bytes downloaded so far, as they come (about every
   * 50 ms, and once at the end).
   */
  constructor(files, base, cacheName, tell) {
    this.base = base;
    this.tell = tell;
    this.received = 0;
    this.total = 0;
    this.told = 0;
    this.cache = "caches" in self ? caches.open(cacheName).catch(() => null) : Promise.resolve(null);
    // URL -> {url, entry, kept, blob: Promise<Blob|null>, stream: Promise<ReadableStream|null>}
    this.files = new Map();
    // Every file looked up in the cache first, so the total to download is known before a byte counts.
    const lookups = Object.entries(files).map(([path, entry]) => this.lookUp(new URL(path, base).href, entry));
    const all = Promise.all(lookups).then((found) => Promise.all(found.map((file) => this.start(file))));
    // All in (or left to the loader): said whole, if the count has not said it (nothing
    // was downloaded, or a file failed half way).
    all.then(() => this.received < this.total || !this.total ? this.tell({ received: this.total, total: this.total }) : null);
    this.downloaded = all.then(() => {});
    this.kept = all.then((files) => Promise.all(files.map((file) => file.keeping)));
    this.fetch = this.fetch.bind(this);
  }

  /** A file's record, with the copy kept already if there is one (counted as nothing to download). */
  async lookUp(url, entry) {
    const file = { url, entry };
    file.blob = new Promise((r) => { file.resolve = r; });
    file.stream = new Promise((r) => { file.streaming = r; });
    this.files.set(url, file);
    const cache = await this.cache;
    file.kept = cache && await cache.match(url).catch(() => null);
    if (!file.kept) this.total += entry.xz ? entry.xzSize : entry.gz ? entry.gzSize : entry.size;
    return file;
  }

  /** The file from its kept copy, or downloaded; resolves once its bytes are in (or left
   * to the loader), with {keeping}: the promise of its copy in the cache. */
  async start(file) {
    const { url, entry, resolve, streaming } = file;
    if (file.kept) {
      streaming(null);
      resolve(await file.kept.blob());
      return { keeping: null };
    }
    const cache = await this.cache;
    const decoded = await this.copy(url, entry).catch(() => null);
    let rest = decoded;
    if (decoded && entry.type === "application/wasm") {
      const [stream, other] = decoded.tee();
      streaming(stream);
      rest = other;
    } else streaming(null);
    const blob = rest && await this.checked(rest, entry).catch(() => null);
    resolve(blob);
    return { keeping: blob && cache ? cache.put(url, this.response(blob, entry)).catch(() => {}) : null };
  }

  /** The file's bytes as they come: its xz copy decoded, or its gzip one if that cannot
   * start (the decoder cannot be had: the count is told so), or the file itself. */
  async copy(url, entry) {
    if (entry.xz) {
      try {
        return await this.decoded(new URL(entry.xz, this.base));
      } catch {
        this.total += (entry.gz ? entry.gzSize : entry.size) - entry.xzSize;
      }
    }
    return this.decoded(entry.gz ? new URL(entry.gz, this.base) : url);
  }

  /** The bytes downloaded from ``url`` (a gzip or xz copy decoded) as they come, counted
   * on the way in. A host that sends a gzip copy with Content-Encoding has had the browser
   * decode it already: bytes that begin as neither gzip nor xz do are taken as they are
   * (and checked all the same), as is a file with no copy. */
  async decoded(url) {
    const response = await networkFetch(url);
    if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const first = await reader.read();
    const starts = (magic) => !first.done && magic.every((byte, i) => first.value[i] === byte);
    const xz = starts(XZ_MAGIC) ? await xzDecoding().catch((error) => { reader.cancel(); throw error; }) : null;
    const count = (chunk) => { this.count(chunk.byteLength); return chunk; };
    const body = new ReadableStream({
      start(controller) { if (!first.done) controller.enqueue(count(first.value)); },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(count(value));
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    if (xz) return body.pipeThrough(xz);
    return starts([0x1f, 0x8b]) ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  }

  /** The whole file as a Blob, if its bytes are this build's; otherwise null. */
  async checked(stream, entry) {
    const blob = await new Response(stream).blob();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await blob.arrayBuffer()));
    const revision = [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return revision === entry.revision ? blob : null;
  }

  count(bytes) {
    this.received += bytes;
    const now = Date.now();
    if (now - this.told >= 50 || this.received >= this.total) {
      this.told = now;
      this.tell({ received: Math.min(this.received, this.total), total: this.total });
    }
  }

  response(blob, entry) {
    return new Response(blob, {
      status: 200,
      headers: { "Content-Type": entry.type, "Content-Length": String(blob.size) },
    });
  }

  /** The wasm's decoded bytes as they arrive, for a streaming compile (once), or null. */
  async streamed(url) {
    const file = this.files.get(url);
    const stream = file && await file.stream;
    if (!stream) return null;
    file.stream = Promise.resolve(null);
    return new Response(stream, { headers: { "Content-Type": file.entry.type } });
  }

  /** The file's bytes once all in and checked; null when it is not this build's. */
  body(url) {
    const file = this.files.get(url);
    return file ? file.blob : Promise.resolve(null);
  }

  /** fetch() for the loader: the files downloaded here from their bytes, the rest from the network. */
  async fetch(input, init) {
    const url = requestURL(input);
    const file = this.files.get(url);
    const blob = file && await file.blob;
    return blob ? this.response(blob, file.entry) : networkFetch(input, init);
  }
}
