/**
 * Trains the learned safety screen (src/safety/learned.ts) on the development
 * sets only, and writes src/safety/data/learned-model.json. Deterministic (a
 * seeded shuffle), so a test can check the committed model is what this
 * produces. The threshold is chosen by 5-fold cross-validation on the same
 * development sets: the lowest at which the whole screen's false alarms on
 * messages labelled `none` — the rules' plus the folds' model alarms, since the
 * model is asked only where the rules found nothing — stay within
 * FALSE_ALARM_BUDGET, a point under the 5 % goal. The held-out sets are never read.
 * Run: `npm run train:safety`.
 *
 * `npm run train:safety -- --leave-one-out` instead trains once per development set on all the
 * others and prints how the model alone does on the set left out (crisis recall where its false
 * alarms reach MODEL_ONLY_BUDGET): how it carries to an author it has not seen, the figure
 * L2 was chosen by.
 */
import { writeFileSync } from "node:fs";
import { shuffledEpochs } from "./epochs.ts";
import { join } from "node:path";
import { CLASSES, features, pack, probabilities, type PackedModel } from "../src/safety/learned.ts";
import { firingRules, scan } from "../src/safety/rule-table.ts";
import { views } from "../src/safety/views.ts";
import { loadMatterSet } from "../test/helpers/matter-sets.ts";
import { loadSafetySet, type LabelledMessage } from "../test/helpers/safety-sets.ts";

export const DEVELOPMENT_SETS = ["set-a-dev", "set-c-dev", "set-d-dev", "set-e-dev", "set-f-dev", "set-g-dev", "set-i-dev", "set-j-dev", "set-k-dev", "set-m-dev", "set-n-dev", "set-o-dev", "set-p-dev", "set-q-dev", "set-r-dev", "set-t-dev", "set-v-dev", "set-w-dev"] as const;
const EPOCHS = 15;
const LEARNING_RATE = 0.2;
const L2 = 1e-2;
const FOLDS = 5;
/** Of the whole screen (rules and model) on `none` messages; the goal allows 5 %. */
const FALSE_ALARM_BUDGET = 0.04;
/** The leave-one-out figure keeps the model-only budget it was first reported with. */
const MODEL_ONLY_BUDGET = 0.03;
/** Weights smaller than this in every class are dropped: they change no decision and bloat the file. */
const PRUNE_BELOW = 0.05;

const LABEL_CLASS: Record<string, string> = { suicide_active: "suicide", suicide_passive: "suicide", suicide_plan: "suicide", harm_to_others: "harm_others" };

function classOf(m: LabelledMessage): number {
  if (m.level !== "crisis") return 0;
  const first = m.categories[0]!;
  return CLASSES.indexOf((LABEL_CLASS[first] ?? first) as (typeof CLASSES)[number]);
}

interface Example {
  feats: string[];
  label: number;
}

function train(examples: readonly Example[], seed: number): { weights: Map<string, number[]>; bias: number[] } {
  const weights = new Map<string, number[]>();
  const bias = CLASSES.map(() => 0);
  for (const index of shuffledEpochs(examples.length, EPOCHS, seed)) {
    const { feats, label } = examples[index]!;
    const p = probabilities({ weights, bias }, feats);
    for (let c = 0; c < CLASSES.length; c++) {
      const gradient = p[c]! - (c === label ? 1 : 0);
      bias[c]! -= LEARNING_RATE * gradient;
      for (const f of feats) {
        let w = weights.get(f);
        if (!w) weights.set(f, (w = CLASSES.map(() => 0)));
        w[c]! -= LEARNING_RATE * (gradient + L2 * w[c]!);
      }
    }
  }
  return { weights, bias };
}

/** The lowest threshold at which the cross-validated screen (rules, then the model) keeps its false alarms within the budget. */
function chooseThreshold(examples: readonly Example[], none: readonly boolean[], rulesEscalate: readonly boolean[]): number {
  const crisisScore = new Array<number>(examples.length);
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = train(examples.filter((_, i) => i % FOLDS !== fold), 1000 + fold);
    examples.forEach((e, i) => {
      if (i % FOLDS === fold) crisisScore[i] = 1 - probabilities(model, e.feats)[0]!;
    });
  }
  const noneCount = none.filter(Boolean).length;
  for (let t = 0.05; t < 0.99; t += 0.005) {
    const alarms = examples.filter((_, i) => none[i] && (rulesEscalate[i] || crisisScore[i]! >= t)).length;
    if (alarms / noneCount <= FALSE_ALARM_BUDGET) return Math.round(t * 1000) / 1000;
  }
  return 0.99;
}

/**
 * Ordinary questions and follow-ups from the change-of-matter development pairs (their author wrote
 * plain divination traffic, no crisis): trained on as "none", because the safety sets' negatives are
 * mostly hard ones and the model had learned to flag "And the bathroom I want to redo next year?".
 * They do not count towards the false-alarm budget, which stays on the safety sets' own negatives.
 */
export function ordinaryMessages(): LabelledMessage[] {
  const texts = new Set(loadMatterSet("set-a-dev").flatMap((p) => [p.question, p.follow_up]));
  return [...texts].map((text, i) => ({ id: `ordinary-${i}`, text, lang: "mixed", level: "none", categories: [], topics: [], embedded_in_question: true }));
}

export function trainModel(): PackedModel {
  const safety = DEVELOPMENT_SETS.flatMap((name) => loadSafetySet(name));
  const ordinary = ordinaryMessages();
  const messages = [...safety, ...ordinary];
  const examples = messages.map((m) => ({ feats: features(views(m.text)), label: classOf(m) }));
  const rulesEscalate = messages.map((m) => firingRules(scan(m.text)).some((rule) => rule.tier === "crisis"));
  // The budget is on the negatives of the sets that mix crises with hard look-alikes. Sets written
  // only of ordinary or sensitive-topic questions (N, V, W) are trained on, but their easy negatives
  // would dilute the budget and lower the threshold (each one added lowered it by ~0.02).
  const sets = DEVELOPMENT_SETS.map((name) => loadSafetySet(name));
  const mixed = sets.map((set) => set.some((m) => m.level === "crisis"));
  const budgeted = [...sets.flatMap((set, k) => set.map((m) => m.level === "none" && mixed[k]!)), ...ordinary.map(() => false)];
  const threshold = chooseThreshold(examples, budgeted, rulesEscalate);
  const trainedOn = { ...Object.fromEntries(DEVELOPMENT_SETS.map((name) => [name, loadSafetySet(name).length])), "matter/set-a-dev (ordinary texts)": ordinary.length };
  return pack(train(examples, 42), threshold, PRUNE_BELOW, trainedOn);
}

/** Per development set: the model trained on the others, its crisis recall on this one at the budget's false alarms. */
export function leaveOneOut(): { set: string; recall: number }[] {
  const sets = DEVELOPMENT_SETS.map((name) => ({ name, messages: loadSafetySet(name).map((m) => ({ m, feats: features(views(m.text)), label: classOf(m) })) }));
  // A set without crises (N: topics only) has no recall to measure.
  return sets.filter(({ messages }) => messages.some((e) => e.m.level === "crisis")).map(({ name, messages }) => {
    const model = train(sets.filter((other) => other.name !== name).flatMap((other) => other.messages), 42);
    const score = (e: Example) => 1 - probabilities(model, e.feats)[0]!;
    const noneScores = messages.filter((e) => e.m.level === "none").map(score).sort((a, b) => b - a);
    const threshold = noneScores[Math.floor(noneScores.length * MODEL_ONLY_BUDGET)] ?? 1;
    const crises = messages.filter((e) => e.m.level === "crisis");
    return { set: name, recall: crises.filter((e) => score(e) > threshold).length / crises.length };
  });
}

if (import.meta.main && process.argv.includes("--leave-one-out")) {
  const results = leaveOneOut();
  for (const { set, recall } of results) console.log(`${set.padEnd(10)} recall ${recall.toFixed(3)} at ${MODEL_ONLY_BUDGET} false alarms`);
  console.log(`mean       recall ${(results.reduce((a, r) => a + r.recall, 0) / results.length).toFixed(3)}`);
} else if (import.meta.main) {
  const model = trainModel();
  const target = join(import.meta.dir, "..", "src", "safety", "data", "learned-model.json");
  writeFileSync(target, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${model.features.split("\u0001").length} features, threshold ${model.threshold}, to ${target}`);
}
