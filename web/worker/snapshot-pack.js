// The engine's memory snapshot, kept without its empty pages.
//
// About 40% of a snapshot of the interpreter's memory is 64 KiB pages of zeros
// (the heap's free space). Kept as they are, every warm start reads them back
// from Cache Storage; packed, the snapshot is read in little more than half the
// bytes and takes that much less of the origin's storage, which GitHub Pages
// shares between all of an owner's project pages.
//
// Packed form (little-endian):
//   "TPSNAPZ1"            8 bytes, the format
//   length                u32, the snapshot's length in bytes
//   pages                 u32, its number of 64 KiB pages (the last may be short)
//   map                   one bit a page (1: kept), padded to 4 bytes
//   the kept pages        in order, the last one as long as it is

const MAGIC = "TPSNAPZ1";
const PAGE = 65536;
const HEADER = MAGIC.length + 8;

const mapBytes = (pages) => Math.ceil(pages / 32) * 4;

/** How many bytes at its start say a packed snapshot's form. */
export const FORM_LENGTH = MAGIC.length;

/** How many bytes at its start looksPacked reads. */
export const HEADER_LENGTH = HEADER;

/** Whether ``bytes`` begin as a packed snapshot does (whole or not: see opened). */
export function looksPacked(bytes) {
  return bytes.length >= HEADER && String.fromCharCode(...bytes.subarray(0, MAGIC.length)) === MAGIC;
}

function isEmpty(words, start, end) {
  for (let i = start; i < end; i++) if (words[i] !== 0) return false;
  return true;
}

/** The snapshot's bytes packed: only the pages that hold something. */
export function pack(bytes) {
  if (bytes.byteOffset % 4) bytes = bytes.slice(); // its words read in place below
  const pages = Math.ceil(bytes.length / PAGE);
  const whole = Math.floor(bytes.length / 4); // the words wholly inside the snapshot
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, whole);
  const kept = [];
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE;
    const end = Math.min(start + PAGE, bytes.length);
    const empty = isEmpty(words, start / 4, Math.floor(end / 4))
      && bytes.subarray(Math.floor(end / 4) * 4, end).every((b) => b === 0);
    if (!empty) kept.push(page);
  }
  let size = HEADER + mapBytes(pages);
  for (const page of kept) size += Math.min(PAGE, bytes.length - page * PAGE);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, bytes.length, true);
  view.setUint32(12, pages, true);
  let at = HEADER + mapBytes(pages);
  for (const page of kept) {
    out[HEADER + (page >> 3)] |= 1 << (page & 7);
    const part = bytes.subarray(page * PAGE, Math.min((page + 1) * PAGE, bytes.length));
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Where a runtime just made (Pyodide's Emscripten module, before a snapshot is restored
 * into it) still holds the zeros its memory was made with: above its static data and
 * stack (below the heap's base) and above all it has allocated so far (the break);
 * WebAssembly makes and grows memory as zeros. The restore writes the snapshot's empty
 * pages only below it (in desktop Chromium the restore 20 -> 15 ms: pages never touched
 * are not faulted in). The memory's end (every empty page written) if the runtime does
 * not say. The Pyodide test stage checks it against the real runtime.
 */
export function untouchedFrom(runtime) {
  try {
    const brk = runtime.HEAPU32[runtime._emscripten_get_sbrk_ptr() >>> 2];
    const marks = [brk, runtime.___heap_base, runtime.___stack_high];
    if (marks.every((at) => Number.isInteger(at) && at > 0)) return Math.max(...marks);
  } catch { /* a runtime that does not say */ }
  return runtime.HEAP8.length;
}

/**
 * Packed bytes as a reader: ``read(target, at)`` fills ``target`` from byte ``at``.
 * A kept file is read through one of its own (snapshot-store.js), straight into place.
 */
export function bytesReader(packed) {
  return {
    size: packed.length,
    read(target, at) {
      if (at + target.length > packed.length) throw new Error("the kept snapshot is cut short");
      target.set(packed.subarray(at, at + target.length));
    },
    close() {},
  };
}

/**
 * The packed snapshot (its bytes, or a reader: bytesReader), checked whole (its form,
 * header and length) before the runtime starts, so that a damaged one fails here:
 * `length` its bytes unpacked, `head(n)` its first n bytes, `restore(heap, from, zeros)`
 * its bytes from `from` on written into the runtime's memory from address 0, empty pages
 * as zeros but from address `zeros` on, where the memory is known to hold zeros still
 * (default: nowhere), and `close()` once done. The snapshot is never unpacked whole: its
 * kept pages are read straight where they belong, each run of them in one read.
 */
export function opened(source) {
  const reader = source instanceof Uint8Array ? bytesReader(source) : source;
  const form = new Uint8Array(Math.min(HEADER, reader.size));
  reader.read(form, 0);
  if (!looksPacked(form)) throw new Error("the kept snapshot is not in a known form");
  const view = new DataView(form.buffer);
  const length = view.getUint32(8, true);
  const pages = view.getUint32(12, true);
  if (pages !== Math.ceil(length / PAGE)) throw new Error("the kept snapshot's header is damaged");
  const map = new Uint8Array(mapBytes(pages));
  if (HEADER + map.length > reader.size) throw new Error("the kept snapshot is cut short");
  reader.read(map, HEADER);
  const kept = (page) => (map[page >> 3] & (1 << (page & 7))) !== 0;
  const size = (page) => Math.min(PAGE, length - page * PAGE);
  let expected = HEADER + map.length;
  for (let page = 0; page < pages; page++) if (kept(page)) expected += size(page);
  if (reader.size < expected) throw new Error("the kept snapshot is cut short");
  if (reader.size > expected) throw new Error("the kept snapshot has bytes to spare");

  /**
   * Write the snapshot's bytes [from, to) into ``out`` (from its start): each run of
   * kept pages read in one piece, each run of empty ones filled with zeros up to
   * ``zeros`` (in ``out``), where ``out`` holds zeros already.
   */
  function copy(out, from, to, zeros = out.length) {
    let at = HEADER + map.length; // where the next kept page's bytes are
    // Consecutive pages of one kind: bytes [start, end) of the snapshot, from the page at
    // `first`, and (kept ones) `at` where that page's bytes are in the packed form.
    let run = null;
    const flush = () => {
      if (!run) return;
      const [start, end] = [run.start - from, run.end - from];
      if (run.kept) reader.read(out.subarray(start, end), run.at + (run.start - run.first));
      else if (start < zeros) out.subarray(start, Math.min(end, zeros)).fill(0);
      run = null;
    };
    for (let page = 0; page < pages && page * PAGE < to; page++) {
      const isKept = kept(page);
      const end = Math.min(page * PAGE + size(page), to);
      if (page * PAGE + size(page) > from) {
        const start = Math.max(page * PAGE, from);
        if (run && run.kept === isKept) run.end = end;
        else {
          flush();
          run = { kept: isKept, start, end, first: page * PAGE, at };
        }
      }
      if (isKept) at += size(page);
    }
    flush();
  }

  return {
    length,
    head(n) {
      const out = new Uint8Array(Math.min(n, length));
      copy(out, 0, out.length);
      return out;
    },
    restore(heap, from, zeros = heap.length) {
      if (length - from > heap.length) throw new Error("the kept snapshot does not fit the runtime's memory");
      copy(heap, from, length, zeros);
    },
    close: () => reader.close(),
  };
}
