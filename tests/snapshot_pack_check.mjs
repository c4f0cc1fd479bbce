// Run by tests/test_snapshot_pack.py: the kept snapshot's packed form, from
// web/worker/snapshot-pack.js as the site ships it, against snapshots made here.
// Prints one JSON line: what each check found.
import { bytesReader, opened, pack } from "../web/worker/snapshot-pack.js";

const PAGE = 65536;
let seed = 7;
const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };

/** A snapshot of `length` bytes: some pages zeros, some with a few bytes set (one at a page's very end). */
function snapshot(length) {
  const bytes = new Uint8Array(length);
  for (let start = 0; start < length; start += PAGE) {
    if (random() < 0.4) continue;
    const end = Math.min(start + PAGE, length);
    for (let k = 0; k < 5; k++) bytes[start + Math.floor(random() * (end - start))] = 1 + Math.floor(random() * 255);
    if (random() < 0.3) bytes[end - 1] = 9;
  }
  bytes[0] = 1; // a header's magic is never zero
  return bytes;
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const results = {};
for (const length of [1000, PAGE, 3 * PAGE, 5 * PAGE + 123, 9 * PAGE - 1]) {
  const bytes = snapshot(length);
  const kept = opened(pack(bytes));
  const from = Math.min(length, Math.floor(random() * 2 * PAGE)); // the heap's start: inside any page
  const heap = new Uint8Array(length - from + 100).fill(0xaa); // what the runtime held before
  kept.restore(heap, from);
  results[length] = {
    length: kept.length === length,
    head: same(kept.head(from + 17), bytes.subarray(0, Math.min(length, from + 17))),
    restored: same(heap.subarray(0, length - from), bytes.subarray(from)),
    beyond: heap.subarray(length - from).every((x) => x === 0xaa), // memory past the snapshot untouched
    smaller: pack(bytes).length <= bytes.length + 16 + Math.ceil(length / PAGE / 8) + 4,
  };
}
// Read through a reader, as a kept file is: the same bytes, each run of kept pages in one
// read (a page at a time would be hundreds of reads a start), and the reader closed with it.
{
  const bytes = snapshot(40 * PAGE + 5);
  const packed = pack(bytes);
  const reads = [];
  let closed = false;
  const file = bytesReader(packed);
  const reader = { size: file.size, read: (target, at) => { reads.push(target.length); file.read(target, at); }, close: () => { closed = true; } };
  const kept = opened(reader);
  const heap = new Uint8Array(bytes.length);
  const before = reads.length; // the form and the page map
  kept.restore(heap, 0);
  let runs = 0;
  for (let page = 0; page < 41; page++) {
    const empty = (p) => bytes.subarray(p * PAGE, (p + 1) * PAGE).every((x) => x === 0);
    if (!empty(page) && (page === 0 || empty(page - 1))) runs++;
  }
  kept.close();
  results.reader = {
    restored: same(heap, bytes),
    oneReadARun: reads.length - before === runs && runs < 41,
    closed,
  };
}
const packed = pack(snapshot(4 * PAGE));
const refused = (bytes) => { try { opened(bytes); return false; } catch { return true; } };
const longer = new Uint8Array(packed.length + 1);
longer.set(packed);
const renamed = packed.slice();
renamed[0] ^= 1;
results.damaged = {
  cut: refused(packed.subarray(0, packed.length - 1)),
  spare: refused(longer),
  form: refused(renamed),
  tooSmallHeap: (() => { try { opened(packed).restore(new Uint8Array(10), 0); return false; } catch { return true; } })(),
};
console.log(JSON.stringify(results));
