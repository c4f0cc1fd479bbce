// Sounds of the table, synthesised with the Web Audio API (no files): a card
// played, a draw, a streak that grows (higher with each card), a peak cleared,
// a win, a loss and a card that cannot be played. Browsers let a page make
// sound only after the player's first gesture, so the audio context starts
// then; the page is silent while hidden, and whenever the player turned sound
// off (the table's button or Options, the "sound" option). What a move earned
// comes from the engine's view (board.last_action), never from a rule here.
// Each sound started leaves a performance mark "tripeaks:sound:<name>" (for
// the tests and the curious).

const NOTE = (semitones) => 523.25 * 2 ** (semitones / 12); // from C5
const REST_AFTER_MS = 4000; // longer than the longest sound (the win's, 2.1 s)

/** The sounds a move's result calls for, from the engine's board. */
export function soundsFor(board) {
  const last = board && board.last_action;
  if (!last || last.kind === "undo") return [];
  const names = [last.kind === "draw" ? "draw" : "play"];
  if (last.streak_grew && board.streak >= 2) names.push("streak");
  if (last.peak_cleared !== null && last.peak_cleared !== undefined) names.push("peak");
  if (board.won) names.push("win");
  else if (board.stuck) names.push("loss");
  return names;
}

export class Sound {
  /** ``enabled()`` says whether the player wants sound (the saved option). */
  constructor({ doc = document, enabled = () => true } = {}) {
    this.doc = doc;
    this.enabled = enabled;
    this.ctx = null;
    this.unlocked = false;
    // Which event grants the right to play differs (a touch's pointerdown does
    // not, its touchend does): try on each until the context runs.
    const unlock = () => this.unlock();
    for (const type of ["pointerdown", "pointerup", "touchend", "click", "keydown"]) {
      doc.addEventListener(type, unlock, { capture: true, passive: true });
    }
    doc.addEventListener("visibilitychange", () => this.followVisibility());
  }

  /** The first gesture: from now on the page may make sound. */
  unlock() {
    this.unlocked = true;
    if (this.enabled() && (!this.ctx || this.ctx.state === "suspended")) this.context();
  }

  context() {
    if (!this.ctx) {
      const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
      if (!AC) return null;
      try { this.ctx = new AC(); } catch { return null; }
    }
    if (this.ctx.state === "suspended" && !this.doc.hidden) this.ctx.resume().catch(() => {});
    this.restSoon();
    return this.ctx;
  }

  /** A running context renders silence for ever (an audio thread awake, a phone's battery
   * spent): it rests once the last sound has ended, and the next gesture or sound wakes it. */
  restSoon() {
    clearTimeout(this.resting);
    this.resting = setTimeout(() => {
      if (this.ctx && this.ctx.state === "running") this.ctx.suspend().catch(() => {});
    }, REST_AFTER_MS);
  }

  followVisibility() {
    if (!this.ctx) return;
    if (this.doc.hidden) this.ctx.suspend().catch(() => {});
    else if (this.enabled()) this.context();
  }

  /** Whether a sound would be heard now. */
  audible() {
    return this.unlocked && this.enabled() && !this.doc.hidden;
  }

  /** The button on the table shows the option's state. */
  show(button = this.doc.querySelector("[data-testid=sound]")) {
    if (!button) return;
    const on = this.enabled();
    button.setAttribute("aria-pressed", String(!on));
    button.dataset.sound = on ? "on" : "off";
  }

  /** The sounds of a move just shown (a play, a draw, an AI's move). */
  moved(board) {
    for (const name of soundsFor(board)) this.play(name, board);
  }

  play(name, board = null) {
    if (!this.audible()) return;
    const ctx = this.context();
    if (!ctx || !SOUNDS[name]) return;
    performance.mark(`tripeaks:sound:${name}`);
    const out = ctx.createGain();
    out.gain.value = 0.5;
    out.connect(ctx.destination);
    SOUNDS[name](ctx, out, ctx.currentTime + 0.005, board);
  }
}

/** One tone: a shape, a pitch (Hz, or [from, to]), when, how long, how loud. */
function tone(ctx, out, { type = "sine", freq, at, length, gain = 0.3, attack = 0.005 }) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  const [from, to] = Array.isArray(freq) ? freq : [freq, freq];
  osc.frequency.setValueAtTime(from, at);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + attack);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A breath of filtered noise: the card sliding off the stock. */
const noises = new WeakMap(); // one fading noise per context, made once

function swish(ctx, out, at, length, gain) {
  if (!noises.has(ctx)) {
    const frames = Math.ceil(ctx.sampleRate * 0.15);
    const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
    noises.set(ctx, buffer);
  }
  const noise = ctx.createBufferSource();
  noise.buffer = noises.get(ctx);
  noise.playbackRate.value = 0.15 / length; // the same fade, as long as asked
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = 1.2;
  filter.frequency.setValueAtTime(900, at);
  filter.frequency.exponentialRampToValueAtTime(3200, at + length);
  const amp = ctx.createGain();
  amp.gain.value = gain;
  noise.connect(filter).connect(amp).connect(out);
  noise.start(at);
}

const SOUNDS = {
  play: (ctx, out, at) => {
    tone(ctx, out, { type: "triangle", freq: [900, 420], at, length: 0.07, gain: 0.35 });
    swish(ctx, out, at, 0.04, 0.25);
  },
  draw: (ctx, out, at) => swish(ctx, out, at, 0.14, 0.5),
  streak: (ctx, out, at, board) => {
    const step = Math.min(Math.max((board && board.streak) || 2, 2), 14) - 2;
    const scale = [0, 2, 4, 5, 7, 9, 11, 12, 14, 16, 17, 19, 21];
    tone(ctx, out, { freq: NOTE(scale[Math.min(step, scale.length - 1)]), at: at + 0.03, length: 0.16, gain: 0.18 });
  },
  peak: (ctx, out, at) => {
    [0, 4, 7, 12].forEach((n, i) => tone(ctx, out, { type: "triangle", freq: NOTE(n), at: at + 0.06 + i * 0.07, length: 0.22, gain: 0.2 }));
  },
  win: (ctx, out, at) => {
    [0, 4, 7, 12, 7, 12, 16].forEach((n, i) => tone(ctx, out, { type: "triangle", freq: NOTE(n), at: at + 0.15 + i * 0.11, length: 0.3, gain: 0.2 }));
    [0, 4, 7].forEach((n) => tone(ctx, out, { freq: NOTE(n), at: at + 0.95, length: 0.9, gain: 0.12, attack: 0.02 }));
  },
  loss: (ctx, out, at) => {
    tone(ctx, out, { type: "triangle", freq: NOTE(-5), at: at + 0.1, length: 0.3, gain: 0.2 });
    tone(ctx, out, { type: "triangle", freq: [NOTE(-9), NOTE(-10)], at: at + 0.4, length: 0.55, gain: 0.2 });
  },
  illegal: (ctx, out, at) => tone(ctx, out, { type: "square", freq: [170, 120], at, length: 0.11, gain: 0.08 }),
};
