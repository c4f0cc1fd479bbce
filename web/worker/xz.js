// xz (LZMA2) decoding as the bytes stream in, for a first visit's runtime download
// (runtime-download.js): no browser's DecompressionStream knows xz, and the runtime's
// .xz copies are a fifth smaller than its gzip ones (0.8 MB less over the line).
//
// The decoder is xz-embedded compiled to WebAssembly (xz-decoder.wasm, from the npm
// package build.py names; xz-decoder.txt holds its notice). Its exports: memory,
// create_context(), destroy_context(ctx), supply_input(ctx, length) and
// get_next_output(ctx) -> 0 (more to come) | 1 (the stream's end) | an error. A
// context starts with six u32: the size of its two buffers, the input buffer's
// address, how much of the input it has used, how much it was given, the output
// buffer's address and how much output is in it.

const OK = 0;
const END = 1;
const [SIZE, INPUT, USED, GIVEN, OUTPUT, MADE] = [0, 1, 2, 3, 4, 5];

let compiled = null;

/** The decoder compiled, once (a rejected promise if it cannot be). */
function decoder() {
  compiled ??= WebAssembly.compileStreaming(fetch(new URL("xz-decoder.wasm", import.meta.url)));
  return compiled;
}

/**
 * A TransformStream from an .xz file's bytes to the file's own. Each stream has a
 * decoder instance (and memory) of its own, so that several decode at once; it
 * errors if the bytes are not whole xz (its content is checked further by the caller).
 */
export async function xzDecoding() {
  const instance = await WebAssembly.instantiate(await decoder(), {});
  const { memory, create_context: create, destroy_context: destroy, supply_input: supply,
    get_next_output: next } = instance.exports;
  const context = create();
  const words = () => new Uint32Array(memory.buffer, context, 6); // anew: memory may grow
  const size = words()[SIZE];
  let ended = false;
  const drain = (controller) => {
    for (;;) {
      const result = next(context);
      if (result !== OK && result !== END) throw new Error(`the xz stream is damaged (${result})`);
      const state = words();
      const made = state[MADE];
      if (made) controller.enqueue(new Uint8Array(memory.buffer, state[OUTPUT], made).slice());
      state[MADE] = 0;
      if (result === END) { ended = true; return; }
      if (made < size && state[USED] === state[GIVEN]) return; // it wants more input
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      for (let at = 0; at < chunk.length; at += size) {
        if (ended) throw new Error("bytes after the xz stream's end");
        const part = chunk.subarray(at, at + size);
        new Uint8Array(memory.buffer, words()[INPUT], size).set(part);
        supply(context, part.length);
        drain(controller);
      }
    },
    flush(controller) {
      try {
        if (!ended) { // the end is found by one more call, with no input
          supply(context, 0);
          drain(controller);
        }
        if (!ended) throw new Error("the xz stream is cut short");
      } finally {
        destroy(context);
      }
    },
  });
}
