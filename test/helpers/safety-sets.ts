/**
 * The labelled safety sets (test/data/safety): messages written by authors who
 * never saw the detector, each with its level, categories and topics. Set A is
 * split into a development half (tuned on) and a held-out half (reported as
 * figures only); set B, by a second author, is held out whole.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type SafetyLevel = "crisis" | "concern" | "none";

export interface LabelledMessage {
  id: string;
  text: string;
  lang: "zh-Hans" | "zh-Hant" | "en" | "mixed";
  level: SafetyLevel;
  categories: string[];
  topics: string[];
  embedded_in_question: boolean;
  /** Set B marks practice-session comments (the checkout) apart from Response inputs. */
  context?: "response" | "checkout";
}

const DIR = join(import.meta.dir, "..", "data", "safety");

/** The files, by name: the -dev sets may be read while tuning; the -heldout ones are reported as figures only. */
export const SAFETY_SETS = ["set-a-dev", "set-a-heldout", "set-b-heldout", "set-c-dev", "set-d-dev", "set-e-dev", "set-f-dev", "set-g-dev", "set-i-dev", "set-j-dev", "set-k-dev", "set-l-heldout", "set-m-dev", "set-n-dev", "set-o-dev", "set-p-dev", "set-q-dev", "set-r-dev", "set-s-heldout", "set-t-dev", "set-v-dev", "set-w-dev"] as const;
export type SafetySetName = (typeof SAFETY_SETS)[number];
export type HeldOutSetName = Extract<SafetySetName, `${string}-heldout`>;

export function loadSafetySet(name: SafetySetName): LabelledMessage[] {
  return readFileSync(join(DIR, `${name}.jsonl`), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as LabelledMessage);
}

export interface Judgement {
  level: SafetyLevel;
  categories: readonly string[];
  /** Sensitive topics found (only where the answer reports them: a Response, not a checkout). */
  topics?: readonly string[];
}

export interface Figures {
  /** Crisis messages judged crisis. */
  crisisRecall: { hit: number; of: number };
  /** Messages without any signal judged crisis (the false alarms that replace a reading). */
  falseAlarms: { hit: number; of: number };
  /** Concern messages judged crisis (over-escalation) and judged at least concern. */
  concernAsCrisis: { hit: number; of: number };
  concernNoticed: { hit: number; of: number };
  /** Crisis recall per labelled category and per language. */
  byCategory: Record<string, { hit: number; of: number }>;
  byLanguage: Record<string, { hit: number; of: number }>;
  /** False alarms per language. */
  falseAlarmsByLanguage: Record<string, { hit: number; of: number }>;
  /** Per sensitive topic, over messages whose judgement reports topics: labelled ones found (recall) and reported ones labelled (precision). */
  topicRecall: Record<string, { hit: number; of: number }>;
  topicPrecision: Record<string, { hit: number; of: number }>;
}

const bump = (table: Record<string, { hit: number; of: number }>, key: string, hit: boolean) => {
  const entry = (table[key] ??= { hit: 0, of: 0 });
  entry.of += 1;
  if (hit) entry.hit += 1;
};

/** Figures of a judge over a set. */
export function measure(messages: readonly LabelledMessage[], judge: (m: LabelledMessage) => Judgement): Figures {
  const f: Figures = {
    crisisRecall: { hit: 0, of: 0 }, falseAlarms: { hit: 0, of: 0 }, concernAsCrisis: { hit: 0, of: 0 }, concernNoticed: { hit: 0, of: 0 },
    byCategory: {}, byLanguage: {}, falseAlarmsByLanguage: {}, topicRecall: {}, topicPrecision: {},
  };
  for (const m of messages) {
    const j = judge(m);
    if (j.topics) {
      for (const t of m.topics) bump(f.topicRecall, t, j.topics.includes(t));
      for (const t of j.topics) bump(f.topicPrecision, t, m.topics.includes(t));
    }
    const crisis = j.level === "crisis";
    if (m.level === "crisis") {
      f.crisisRecall.of += 1;
      if (crisis) f.crisisRecall.hit += 1;
      for (const c of m.categories) bump(f.byCategory, c, crisis);
      bump(f.byLanguage, m.lang, crisis);
    } else if (m.level === "concern") {
      f.concernAsCrisis.of += 1;
      f.concernNoticed.of += 1;
      if (crisis) f.concernAsCrisis.hit += 1;
      if (j.level !== "none") f.concernNoticed.hit += 1;
    } else {
      f.falseAlarms.of += 1;
      if (crisis) f.falseAlarms.hit += 1;
      bump(f.falseAlarmsByLanguage, m.lang, crisis);
    }
  }
  return f;
}

export const rate = ({ hit, of }: { hit: number; of: number }) => (of === 0 ? 1 : hit / of);
const cell = (x: { hit: number; of: number }) => `${x.hit}/${x.of} = ${rate(x).toFixed(2)}`;

/** A short report of figures (no message text). */
export function formatFigures(label: string, f: Figures): string {
  const rows = [
    `${label}: crisis recall ${cell(f.crisisRecall)}; false alarms ${cell(f.falseAlarms)}; concern escalated ${cell(f.concernAsCrisis)}, noticed ${cell(f.concernNoticed)}`,
    `  by category: ${Object.entries(f.byCategory).sort().map(([k, v]) => `${k} ${cell(v)}`).join("; ")}`,
    `  recall by language: ${Object.entries(f.byLanguage).sort().map(([k, v]) => `${k} ${cell(v)}`).join("; ")}`,
    `  false alarms by language: ${Object.entries(f.falseAlarmsByLanguage).sort().map(([k, v]) => `${k} ${cell(v)}`).join("; ")}`,
  ];
  // Only sets whose author labelled topics have topic figures.
  if (Object.keys(f.topicRecall).length > 0) {
    const list = (table: Record<string, { hit: number; of: number }>) => Object.entries(table).sort().map(([k, v]) => `${k} ${cell(v)}`).join("; ");
    rows.push(`  sensitive topics, recall: ${list(f.topicRecall)}; precision: ${list(f.topicPrecision)}`);
  }
  return rows.join("\n");
}
