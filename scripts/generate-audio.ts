/**
 * Deterministic synthesis of the embedded healing track
 * `assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3`.
 *
 * Run: `node_modules/.bin/bun scripts/generate-audio.ts`
 *
 * The track is a 10-minute (600 s) instrumental breathing guide: 60 breath
 * cycles of 4 s in / 6 s out. Layers:
 *   - a quiet open-fifth drone on D (D2 + A2);
 *   - a soft pad (detuned sine pairs plus a faint octave partial) playing a
 *     slow I–IV–vi–IV progression in D (Dadd9, Gadd9/D, Bm7, Gadd9/D), one
 *     chord per 4 breaths, changing during an exhale; the pad swells on each
 *     in-breath and falls on each out-breath;
 *   - a gentle "breath voice" that glides up a fourth (A3 → D4) while
 *     breathing in and back down while breathing out;
 *   - a soft singing-bowl-like cue at the start of every in-breath.
 * Global fade-in/out at the ends. Every envelope is a raised cosine or a
 * polynomial that starts and ends at zero slope, so there are no clicks.
 *
 * Determinism: no randomness, no libm. Sines come from a table built with a
 * polynomial using only IEEE-754 +, *, / (exactly rounded, identical on every
 * platform); oscillators keep their phase in turns and wrap with Math.floor.
 * The MP3 encoder (@breezystack/lamejs, CBR, no ID3 tag, no Xing/VBR tag) is
 * pure JS and deterministic for a given runtime, so running this script twice
 * produces byte-identical output.
 */
import { Mp3Encoder } from "@breezystack/lamejs";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const SAMPLE_RATE = 22050;
export const BITRATE_KBPS = 48;
export const DURATION_SECONDS = 600;
export const INHALE_SECONDS = 4;
export const EXHALE_SECONDS = 6;
export const CYCLE_SECONDS = INHALE_SECONDS + EXHALE_SECONDS;
/** Target sample peak before encoding (-3 dBFS) so the decoded peak stays below -1 dBFS. */
export const TARGET_PEAK = 0.7079457843841379;
export const OUTPUT_RELATIVE_PATH = "assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3";

/* ---------------------------------------------------------------- sine -- */

const TABLE_BITS = 13;
const TABLE_SIZE = 1 << TABLE_BITS; // 8192 entries: linear-interp error < 1e-7
const TWO_PI = 6.283185307179586;

/** sin(2πx) for x in [-0.25, 0.25] turns: odd Taylor polynomial to y^15 (error < 1e-12). */
function sinQuarter(x: number): number {
  const y = x * TWO_PI;
  const y2 = y * y;
  // Horner form of y - y^3/3! + y^5/5! - ... - y^15/15!
  let p = -1 / 1307674368000;
  p = p * y2 + 1 / 6227020800;
  p = p * y2 - 1 / 39916800;
  p = p * y2 + 1 / 362880;
  p = p * y2 - 1 / 5040;
  p = p * y2 + 1 / 120;
  p = p * y2 - 1 / 6;
  p = p * y2 + 1;
  return p * y;
}

/** sin(2πx) for x in [0, 1) turns, by symmetry reduction to [-0.25, 0.25]. */
function exactSinTurns(x: number): number {
  if (x < 0.25) return sinQuarter(x);
  if (x < 0.75) return sinQuarter(0.5 - x);
  return sinQuarter(x - 1);
}

const SINE = new Float64Array(TABLE_SIZE + 1);
for (let i = 0; i <= TABLE_SIZE; i++) SINE[i] = exactSinTurns((i % TABLE_SIZE) / TABLE_SIZE);

/** sin(2π·phase) for phase in [0, 1) turns (table lookup with linear interpolation). */
function sinT(phase: number): number {
  const pos = phase * TABLE_SIZE;
  const i = pos | 0;
  const frac = pos - i;
  const a = SINE[i];
  return a + (SINE[i + 1] - a) * frac;
}

/** Any real number of turns → sin(2π·x). */
function sinAny(x: number): number {
  return sinT(x - Math.floor(x));
}

/** cos(2π·x). */
function cosAny(x: number): number {
  return sinAny(x + 0.25);
}

/** Raised-cosine ramp 0→1 over u in [0,1] (zero slope at both ends). */
function ramp(u: number): number {
  if (u <= 0) return 0;
  if (u >= 1) return 1;
  return 0.5 - 0.5 * cosAny(u * 0.5);
}

/* --------------------------------------------------------------- score -- */

// Equal-tempered pitches (A4 = 440 Hz).
const D2 = 73.41619197935188;
const A2 = 110;
const B2 = 123.47082531403103;
const D3 = 146.8323839587038;
const Fs3 = 184.9972113558172;
const G3 = 195.99771799087463;
const A3 = 220;
const D4 = 293.6647679174076;
const E4 = 329.6275569128699;
const Fs4 = 369.99442271163446;
const A4 = 440;
const B4 = 493.8833012561241;
const D5 = 587.3295358348151;

/** Pad chords, each an open four-note voicing: [frequency, gain]. */
const CHORDS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  // I   Dadd9
  [[D3, 1.0], [A3, 0.85], [E4, 0.6], [Fs4, 0.55]],
  // IV  Gadd9/D
  [[G3, 0.95], [D4, 0.75], [A4, 0.55], [B4, 0.45]],
  // vi  Bm7
  [[B2, 1.0], [Fs3, 0.85], [A3, 0.7], [D4, 0.6]],
];
/** Progression (indices into CHORDS), one chord per CHORD_SECONDS. */
const PROGRESSION = [0, 1, 2, 1];
const BREATHS_PER_CHORD = 4;
const CHORD_SECONDS = BREATHS_PER_CHORD * CYCLE_SECONDS;

/** Detune factors (±2.5 cents) for the chorused sine pair of each pad note. */
const DETUNE_UP = 1.0014450997779;
const DETUNE_DOWN = 0.99855698549;

const LEVEL_DRONE = 0.16;
const LEVEL_PAD = 0.11;
const LEVEL_VOICE = 0.16;
const LEVEL_BELL = 0.07;

/** Bell partials: frequency ratio, gain, decay length in seconds (polynomial decay to 0). */
const BELL_PARTIALS: ReadonlyArray<readonly [number, number, number]> = [
  [1, 1.0, 8.0],
  [2.0, 0.22, 4.5],
  [2.76, 0.12, 2.5],
];
const BELL_ATTACK = 0.02;

/**
 * Breath shape b(t) in [0, 1]: 0 → 1 over the inhale, 1 → 0 over the exhale,
 * both raised-cosine so b is continuous with zero slope at the turning points.
 */
export function breathShape(t: number): number {
  const c = t - Math.floor(t / CYCLE_SECONDS) * CYCLE_SECONDS;
  if (c < INHALE_SECONDS) return ramp(c / INHALE_SECONDS);
  return 1 - ramp((c - INHALE_SECONDS) / EXHALE_SECONDS);
}

/** Weight of each chord in CHORDS at time t (crossfade over the last exhale of a chord). */
function chordWeights(t: number, out: Float64Array): void {
  out.fill(0);
  const seg = Math.floor(t / CHORD_SECONDS);
  const q = t - seg * CHORD_SECONDS;
  const cur = PROGRESSION[seg % PROGRESSION.length];
  const next = PROGRESSION[(seg + 1) % PROGRESSION.length];
  const fadeStart = CHORD_SECONDS - EXHALE_SECONDS;
  const x = q <= fadeStart ? 0 : ramp((q - fadeStart) / EXHALE_SECONDS);
  out[cur] += 1 - x;
  out[next] += x;
}

export interface RenderOptions {
  /** Length in seconds (default 600). */
  durationSeconds?: number;
  /** Sample rate in Hz (default 22050). */
  sampleRate?: number;
}

/** Renders the track as mono 16-bit PCM, peak-normalised to -3 dBFS. */
export function renderBreathTrack(options: RenderOptions = {}): Int16Array {
  const duration = options.durationSeconds ?? DURATION_SECONDS;
  const sr = options.sampleRate ?? SAMPLE_RATE;
  const n = Math.round(duration * sr);
  const mix = new Float32Array(n);
  const invSr = 1 / sr;

  // Oscillator phases (turns).
  const droneFreqs = [D2, D2 * DETUNE_UP, A2, A2 * DETUNE_DOWN];
  const droneGains = [0.6, 0.4, 0.3, 0.2];
  const dronePh = new Float64Array(droneFreqs.length);
  const padPh = CHORDS.map((chord) => new Float64Array(chord.length * 3));
  const weights = new Float64Array(CHORDS.length);
  let voicePh = 0;
  const bellPh = new Float64Array(BELL_PARTIALS.length);

  const cycleSamples = Math.round(CYCLE_SECONDS * sr);
  const fadeIn = Math.min(8, duration / 4);
  const fadeOut = Math.min(12, duration / 4);

  for (let i = 0; i < n; i++) {
    const t = i * invSr;
    const b = breathShape(t);
    let s = 0;

    // Drone: steady open fifth with a very slow swell (period 40 s).
    let drone = 0;
    for (let k = 0; k < droneFreqs.length; k++) {
      drone += droneGains[k] * sinT(dronePh[k]);
      const p = dronePh[k] + droneFreqs[k] * invSr;
      dronePh[k] = p - Math.floor(p);
    }
    s += LEVEL_DRONE * (0.85 + 0.15 * sinAny(t / 40)) * drone;

    // Pad: swells with the in-breath; each note gently shimmers at its own slow rate.
    chordWeights(t, weights);
    const padEnv = 0.3 + 0.7 * b;
    for (let c = 0; c < CHORDS.length; c++) {
      const chord = CHORDS[c];
      const ph = padPh[c];
      const w = weights[c];
      for (let k = 0; k < chord.length; k++) {
        const [f, g] = chord[k];
        if (w > 0) {
          const shimmer = 0.85 + 0.15 * sinAny(t * (0.031 + 0.013 * k) + 0.17 * k);
          const v = sinT(ph[3 * k]) + sinT(ph[3 * k + 1]) + 0.12 * sinT(ph[3 * k + 2]);
          s += LEVEL_PAD * padEnv * w * g * shimmer * v;
        }
        let p = ph[3 * k] + f * DETUNE_UP * invSr;
        ph[3 * k] = p - Math.floor(p);
        p = ph[3 * k + 1] + f * DETUNE_DOWN * invSr;
        ph[3 * k + 1] = p - Math.floor(p);
        p = ph[3 * k + 2] + 2 * f * invSr;
        ph[3 * k + 2] = p - Math.floor(p);
      }
    }

    // Breath voice: glides A3 → D4 on the in-breath and back on the out-breath.
    const vf = A3 + (D4 - A3) * b;
    const vEnv = 0.35 + 0.65 * b;
    s +=
      LEVEL_VOICE *
      vEnv *
      (sinT(voicePh) + 0.18 * sinAny(2 * voicePh) + 0.05 * sinAny(3 * voicePh));
    {
      const p = voicePh + vf * invSr;
      voicePh = p - Math.floor(p);
    }

    // Bell cue at the start of each in-breath (phase restarts while silent).
    const cycleIndex = i % cycleSamples;
    if (cycleIndex === 0) bellPh.fill(0);
    const c = cycleIndex * invSr;
    for (let k = 0; k < BELL_PARTIALS.length; k++) {
      const [ratio, g, len] = BELL_PARTIALS[k];
      if (c < len) {
        const u = 1 - c / len;
        const decay = u * u * u * u;
        s += LEVEL_BELL * g * ramp(c / BELL_ATTACK) * decay * sinT(bellPh[k]);
      }
      const p = bellPh[k] + D5 * ratio * invSr;
      bellPh[k] = p - Math.floor(p);
    }

    // Global fades.
    const fade = ramp(t / fadeIn) * ramp((duration - t) / fadeOut);
    mix[i] = s * fade;
  }

  let peak = 0;
  for (let i = 0; i < n; i++) {
    const a = Math.abs(mix[i]);
    if (a > peak) peak = a;
  }
  const gain = peak > 0 ? (TARGET_PEAK * 32767) / peak : 0;
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) pcm[i] = Math.round(mix[i] * gain);
  return pcm;
}

/** Encodes mono PCM to CBR MP3 (no ID3 / no VBR tag), feeding the encoder 1152-sample frames. */
export function encodeMp3(pcm: Int16Array, sampleRate = SAMPLE_RATE, kbps = BITRATE_KBPS): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const chunks: Uint8Array[] = [];
  const push = (out: ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number; byteLength: number }) => {
    if (out.byteLength > 0) chunks.push(new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice());
  };
  const FRAME = 1152;
  for (let i = 0; i < pcm.length; i += FRAME) push(encoder.encodeBuffer(pcm.subarray(i, i + FRAME)));
  push(encoder.flush());
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

/** Renders and encodes the track; `durationSeconds` defaults to the full 600 s. */
export function generateHealingAudio(durationSeconds = DURATION_SECONDS): Uint8Array {
  return encodeMp3(renderBreathTrack({ durationSeconds }), SAMPLE_RATE, BITRATE_KBPS);
}

if (import.meta.main) {
  const started = performance.now();
  const mp3 = generateHealingAudio();
  const outPath = join(import.meta.dir, "..", OUTPUT_RELATIVE_PATH);
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, mp3);
  const digest = new Bun.CryptoHasher("sha256").update(mp3).digest("hex");
  console.log(
    `wrote ${OUTPUT_RELATIVE_PATH}: ${mp3.length} bytes, ${DURATION_SECONDS} s, ` +
      `${SAMPLE_RATE} Hz mono, ${BITRATE_KBPS} kbps CBR, sha256 ${digest} ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
