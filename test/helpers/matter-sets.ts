/**
 * The labelled change-of-matter pairs (test/data/matter): a cast's question and a follow-up,
 * `same` or `new`, written by an author who never saw the classifier. The -dev sets may be read
 * while tuning; the -heldout ones are reported as figures only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface MatterPair {
  id: string;
  lang: "zh-Hans" | "zh-Hant" | "en" | "mixed";
  question: string;
  follow_up: string;
  label: "same" | "new";
  reason: string;
  group: string | null;
}

export const MATTER_SETS = ["set-a-dev", "set-a-heldout", "set-b-dev", "set-c-heldout", "set-d-dev", "set-e-dev", "set-f-dev", "set-g-dev", "set-h-dev", "set-i-dev", "set-j-dev", "set-k-validation", "set-l-heldout", "set-m-validation", "set-n-heldout", "set-o-dev", "set-p-dev", "set-q-heldout", "set-r-heldout", "set-s-validation", "set-t-validation", "set-u-validation", "set-v-validation", "set-w-validation"] as const;
export type MatterSetName = (typeof MATTER_SETS)[number];

export function loadMatterSet(name: MatterSetName): MatterPair[] {
  return readFileSync(join(import.meta.dir, "..", "data", "matter", `${name}.jsonl`), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as MatterPair);
}

export interface MatterFigures {
  precision: number;
  recall: number;
  tp: number;
  fp: number;
  fn: number;
  /** Correct answers per label and reason ("new:whose" …). */
  byReason: Record<string, { hit: number; of: number }>;
}

/** Precision and recall of "new" over a set, given what the judge said for each pair. */
export function matterFigures(pairs: readonly MatterPair[], judgedNew: (p: MatterPair) => boolean): MatterFigures {
  const f: MatterFigures = { precision: 0, recall: 0, tp: 0, fp: 0, fn: 0, byReason: {} };
  for (const p of pairs) {
    const got = judgedNew(p);
    const want = p.label === "new";
    if (got && want) f.tp++;
    else if (got) f.fp++;
    else if (want) f.fn++;
    const entry = (f.byReason[`${p.label}:${p.reason}`] ??= { hit: 0, of: 0 });
    entry.of++;
    if (got === want) entry.hit++;
  }
  f.precision = f.tp / Math.max(1, f.tp + f.fp);
  f.recall = f.tp / Math.max(1, f.tp + f.fn);
  return f;
}

export const formatMatterFigures = (label: string, f: MatterFigures) =>
  `${label}: precision ${f.precision.toFixed(3)} (${f.tp}/${f.tp + f.fp}), recall ${f.recall.toFixed(3)} (${f.tp}/${f.tp + f.fn}); correct by reason: ${Object.entries(f.byReason).map(([k, v]) => `${k} ${v.hit}/${v.of}`).join(", ")}`;
