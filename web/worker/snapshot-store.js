// Where the engine's memory snapshot is kept on this device (engine-worker.js makes
// it on a build's first boot and restores it on every later one).
//
// In the origin private file system, a file for each build of each copy of the app
// (copies at other paths share the origin on GitHub Pages), opened with a synchronous
// access handle: its pages are read straight into the runtime's memory as the snapshot
// is restored (snapshot-pack.js), outside Cache Storage, which is reading the runtime's
// own files for the same start, and with no 20 MB copy of it made on the way. Where a
// worker has no such handle or the file system refuses, the build's cache keeps it, as
// it keeps the site's files. Why a build's snapshot failed to boot is kept in the
// build's cache, so that the build makes no more.
//
//   tripeaks-engine/<the build's cache name, encoded>.snapshot
//
// The service worker deletes an older build's file with its cache (service-worker.js).

import { FORM_LENGTH, HEADER_LENGTH, bytesReader, looksPacked } from "./snapshot-pack.js";

const DIRECTORY = "tripeaks-engine";

/** The file that keeps the snapshot of the build whose cache is ``cacheName``. */
const snapshotFileName = (cacheName) => `${encodeURIComponent(cacheName)}.snapshot`;

export class SnapshotStore {
  /** ``cacheName``: the build's cache; ``urls``: {snapshot, failed}, its keys there. */
  constructor(cacheName, urls) {
    this.cacheName = cacheName;
    this.urls = urls;
    this.name = snapshotFileName(cacheName);
  }

  /**
   * What this device keeps for the build: {failed} (a snapshot of it failed to boot)
   * or {source} (a promise of the packed snapshot: a reader of its file, open until
   * the snapshot is restored, for opened() in snapshot-pack.js, or its bytes), or null.
   * The file is opened while the cache is asked whether the build failed.
   */
  async find() {
    const file = this.#openFile().catch(() => null);
    let cache;
    let failed;
    try {
      cache = await caches.open(this.cacheName);
      failed = await cache.match(this.urls.failed);
    } catch (error) {
      (await file)?.close(); // not held open by a start that will not read it
      throw error;
    }
    if (failed) {
      (await file)?.close();
      return { failed: true };
    }
    const reader = await file;
    if (reader) return { source: Promise.resolve(reader) };
    const hit = await cache.match(this.urls.snapshot);
    return hit ? { source: hit.arrayBuffer().then((buffer) => new Uint8Array(buffer)) } : null;
  }

  /** Keep the packed snapshot: in the file, or in the build's cache if the file cannot be written. */
  async keep(packed) {
    try {
      await this.#writeFile(packed);
      return;
    } catch (error) {
      await this.#removeFile();
      console.warn("engine snapshot not kept in the private file system:", error && error.message);
    }
    const cache = await caches.open(this.cacheName);
    await cache.put(this.urls.snapshot, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
  }

  /** Drop the snapshot, wherever it is; with ``why``, keep why it failed, so that no more are made. */
  async forget(why = null) {
    await this.#removeFile();
    try {
      const cache = await caches.open(this.cacheName);
      await cache.delete(this.urls.snapshot);
      if (why) await cache.put(this.urls.failed, new Response(why));
    } catch { /* nothing kept, nothing to forget */ }
  }

  async #directory(create = false) {
    const root = await navigator.storage.getDirectory();
    return root.getDirectoryHandle(DIRECTORY, { create });
  }

  /** A reader of the file ({size, read(target, at), close()}), or null: no file, or one a
   * crash cut before its first bytes were written (they are written last). */
  async #openFile() {
    const handle = await (await this.#directory()).getFileHandle(this.name);
    let reader = null;
    try {
      // Shared with another tab that reads it at the same moment ("read-only"; a
      // browser that knows no modes locks it, and the file is read as a File then).
      const access = await handle.createSyncAccessHandle({ mode: "read-only" });
      let size;
      try {
        size = access.getSize();
      } catch (error) {
        access.close();
        throw error;
      }
      reader = {
        size,
        read(target, at) {
          if (access.read(target, { at }) !== target.length) throw new Error("the kept snapshot could not be read");
        },
        close: () => access.close(),
      };
    } catch {
      reader = bytesReader(new Uint8Array(await (await handle.getFile()).arrayBuffer()));
    }
    const form = new Uint8Array(Math.min(HEADER_LENGTH, reader.size));
    try {
      reader.read(form, 0);
    } catch (error) {
      reader.close();
      throw error;
    }
    if (looksPacked(form)) return reader;
    reader.close();
    return null;
  }

  async #writeFile(packed) {
    const handle = await (await this.#directory(true)).getFileHandle(this.name, { create: true });
    if (typeof handle.createWritable === "function") {
      // Written aside and put in place whole when closed, by the browser: the engine's
      // thread is not held while the player's first moves come in.
      const writable = await handle.createWritable();
      try {
        await writable.write(packed);
        await writable.close();
      } catch (error) {
        await writable.abort().catch(() => {});
        throw error;
      }
      return;
    }
    const access = await handle.createSyncAccessHandle();
    try {
      access.truncate(0);
      // Its form's mark last: a file a crash cuts short is no snapshot, not a damaged one.
      const head = FORM_LENGTH;
      if (access.write(packed.subarray(head), { at: head }) !== packed.length - head) throw new Error("written short");
      access.flush();
      if (access.write(packed.subarray(0, head), { at: 0 }) !== head) throw new Error("written short");
      access.flush();
    } finally {
      access.close();
    }
  }

  async #removeFile() {
    try {
      await (await this.#directory()).removeEntry(this.name);
    } catch { /* no file, or no file system */ }
  }
}
