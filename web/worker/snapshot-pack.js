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

/** The snapshot's own bytes from its packed form; throws if they are not whole. */
export function unpack(packed) {
  const text = String.fromCharCode(...packed.subarray(0, MAGIC.length));
  if (packed.length < HEADER || text !== MAGIC) throw new Error("the kept snapshot is not in a known form");
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(8, true);
  const pages = view.getUint32(12, true);
  if (pages !== Math.ceil(length / PAGE)) throw new Error("the kept snapshot's header is damaged");
  const bytes = new Uint8Array(length); // zeros: the pages not kept
  let at = HEADER + mapBytes(pages);
  for (let page = 0; page < pages; page++) {
    if (!(packed[HEADER + (page >> 3)] & (1 << (page & 7)))) continue;
    const size = Math.min(PAGE, length - page * PAGE);
    if (at + size > packed.length) throw new Error("the kept snapshot is cut short");
    bytes.set(packed.subarray(at, at + size), page * PAGE);
    at += size;
  }
  if (at !== packed.length) throw new Error("the kept snapshot has bytes to spare");
  return bytes;
}
