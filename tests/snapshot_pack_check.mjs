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
// Restored into memory known to hold zeros from some address on (untouchedFrom): the
// snapshot's empty pages written only below it, its kept pages everywhere.
{
  const bytes = snapshot(24 * PAGE + 77);
  const from = PAGE + 300; // the heap's start: inside a page
  const zeros = 9 * PAGE + 5000; // inside a page too
  const heap = new Uint8Array(bytes.length - from).fill(0xaa); // marks where nothing was written
  opened(pack(bytes)).restore(heap, from, zeros);
  const written = (at) => heap[at] !== 0xaa;
  let keptWritten = true;
  let emptyBelow = true;
  let emptyAbove = true;
  let emptyPagesAbove = 0;
  const isEmpty = Array.from({ length: Math.ceil(bytes.length / PAGE) },
    (_, page) => bytes.subarray(page * PAGE, (page + 1) * PAGE).every((x) => x === 0));
  for (let at = 0; at < heap.length; at++) {
    const empty = isEmpty[Math.floor((at + from) / PAGE)];
    if (!empty) keptWritten &&= heap[at] === bytes[at + from];
    else if (at < zeros) emptyBelow &&= heap[at] === 0;
    else {
      emptyAbove &&= !written(at);
      if ((at + from) % PAGE === 0) emptyPagesAbove++;
    }
  }
  results.zeros = { keptWritten, emptyBelow, emptyAbove: emptyAbove && emptyPagesAbove > 2 };
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
