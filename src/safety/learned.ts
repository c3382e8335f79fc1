/**
 * A learned second screen beside the rules: a linear model (multinomial
 * logistic regression) over the text's character 1–3-grams (Chinese view) and
 * words and word pairs (English view), trained by scripts/train-safety-model.ts
 * on the development sets only (test/data/safety/*-dev.jsonl). The rules are
 * precise on what they know but miss phrasings their authors never saw; the
 * model generalises from ~12,100 labelled messages by seventeen authors. It is
 * asked only when the rules found no crisis, and escalates when its probability
 * of a crisis reaches the threshold chosen by cross-validation on the
 * development sets (never on the held-out ones).
 */
import type { Views } from "./views.ts";
import { CRISIS_CATEGORIES, type CrisisCategory } from "./rules.ts";
import MODEL from "./data/learned-model.json" with { type: "json" };
import { FeatureIndex, keyOfFeature } from "./feature-index.ts";

/** Class 0 is "no crisis"; the others are the crisis categories in CRISIS_CATEGORIES order. */
export const CLASSES = ["none", ...CRISIS_CATEGORIES] as const;

export interface LearnedModel {
  /** Per feature, one weight per class. */
  weights: ReadonlyMap<string, ArrayLike<number>>;
  /** The same weights by numeric feature key (feature-index.ts): scoring builds no strings. */
  index: FeatureIndex;
  bias: readonly number[];
  /** Escalate when 1 − P(none) reaches this. */
  threshold: number;
}

/**
 * Every digit reads as 0: a number's presence carries signal (an age, a count of pills), its
 * value overfits (trained with them, "第01轮：面试的结果会怎样？" scored as a crisis).
 */
const DIGITS = /[1-9]/g;
const LATIN = /[a-z]+/;

/**
 * The features of a text: Chinese character 1–3-grams (not across a Latin word: trained across
 * them, "累死了 but calmer" read "了b", "but…" as signals), English words and word pairs (digits as 0).
 */
export function features(v: Views): string[] {
  const out = new Set<string>();
  // Chinese n-grams within runs of Han characters and digits: Latin letters are the English view's.
  for (const run of v.zh.replace(DIGITS, "0").split(LATIN)) {
    for (let n = 1; n <= 3; n++) for (let i = 0; i + n <= run.length; i++) out.add(`z${run.slice(i, i + n)}`);
  }
  const words = v.en.replace(DIGITS, "0").trim().split(" ").filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    out.add(`w${words[i]}`);
    if (i + 1 < words.length) out.add(`b${words[i]}_${words[i + 1]}`);
  }
  return [...out];
}

/** Class probabilities (softmax over the linear scores). */
export function probabilities(model: Pick<LearnedModel, "weights" | "bias">, feats: readonly string[]): number[] {
  const z = [...model.bias];
  for (const f of feats) {
    const w = model.weights.get(f);
    if (w) for (let c = 0; c < z.length; c++) z[c]! += w[c]!;
  }
  return softmax(z);
}

/**
 * The committed model's file: feature names joined by U+0001, their weights as
 * signed bytes (one per class, scaled by `scale`) in base64, so ~40,000
 * features take about 0.6 MB instead of 3 MB of JSON numbers.
 */
export interface PackedModel {
  features: string;
  weights: string;
  scale: number;
  bias: number[];
  threshold: number;
  trainedOn: Record<string, number>;
}

export function unpack(packed: PackedModel): LearnedModel {
  const names = packed.features === "" ? [] : packed.features.split("\u0001");
  const raw = Buffer.from(packed.weights, "base64");
  const bytes = new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  // One array for every weight; each feature gets a view of its slice.
  const all = new Float64Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) all[i] = bytes[i]! * packed.scale;
  const k = CLASSES.length;
  const weights = new Map<string, Float64Array>();
  for (let i = 0; i < names.length; i++) weights.set(names[i]!, all.subarray(i * k, i * k + k));
  return { weights, index: new FeatureIndex(names.map(keyOfFeature), all, k), bias: packed.bias, threshold: packed.threshold };
}

/**
 * The class scores of a text straight from its views, as probabilities(model, features(v))
 * computes them (a test holds the two equal), reading code units into numeric keys
 * (feature-index.ts) instead of building feature strings.
 */
const scores = (model: LearnedModel, v: Views): number[] => model.index.score(v.zh, v.en, model.bias);

const softmax = (z: readonly number[]) => {
  const max = Math.max(...z);
  const e = z.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
};

/** Class probabilities of a text, the fast way (see scores). */
export const textProbabilities = (v: Views, model: LearnedModel = committedModel()): number[] => softmax(scores(model, v));

/** Packs trained weights, dropping features below `pruneBelow` in every class. */
export function pack(model: { weights: Map<string, number[]>; bias: number[] }, threshold: number, pruneBelow: number, trainedOn: Record<string, number>): PackedModel {
  const kept = [...model.weights].filter(([, w]) => w.some((x) => Math.abs(x) >= pruneBelow)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const largest = Math.max(...kept.flatMap(([, w]) => w.map(Math.abs)), 1e-9);
  const scale = largest / 127;
  const bytes = new Int8Array(kept.length * CLASSES.length);
  kept.forEach(([, w], i) => w.forEach((x, c) => (bytes[i * CLASSES.length + c] = Math.round(x / scale))));
  return {
    features: kept.map(([name]) => name).join("\u0001"),
    weights: Buffer.from(bytes.buffer).toString("base64"),
    scale,
    bias: model.bias.map((x) => Math.round(x * 1e4) / 1e4),
    threshold,
    trainedOn,
  };
}

let committed: LearnedModel | null = null;
/** The committed model, unpacked on first use (~50 ms): see prepareSafety. */
export const committedModel = (): LearnedModel => (committed ??= unpack(MODEL as PackedModel));

/** The model's crisis categories for a text: the most likely one when it escalates, else none. */
export function learnedCrisis(v: Views, model: LearnedModel = committedModel()): CrisisCategory[] {
  const p = textProbabilities(v, model);
  if (1 - p[0]! < model.threshold) return [];
  let best = 1;
  for (let c = 2; c < p.length; c++) if (p[c]! > p[best]!) best = c;
  return [CLASSES[best] as CrisisCategory];
}
