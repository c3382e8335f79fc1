/**
 * Trains the learned matter judge (src/matter/learned.ts) on the change-of-matter development pairs
 * only, and writes src/matter/data/learned-model.json. Deterministic (a seeded shuffle), so a test
 * checks the committed model is what this produces. The two cuts (VETO on a rule's "new", the
 * model's own threshold) are chosen by leaving each author's set out in turn: the pair with the
 * highest pooled recall whose pooled precision stays at PRECISION_FLOOR, a point above the 0.95
 * goal. The held-out sets are never read. Run: `npm run train:matter` (`-- --leave-one-out` prints
 * each set's figures with the model trained on the others).
 */
import { writeFileSync } from "node:fs";
import { shuffledEpochs } from "./epochs.ts";
import { join } from "node:path";
import { classifyMatter, detectMatterChangeByRules, isVetoable } from "../src/matter/matter.ts";
import { matterFeatures, newMatterProbability, packMatterModel, type PackedMatterModel } from "../src/matter/learned.ts";
import { loadMatterSet, MATTER_SETS, type MatterPair } from "../test/helpers/matter-sets.ts";

export const DEVELOPMENT_SETS = MATTER_SETS.filter((name) => name.endsWith("-dev"));
const EPOCHS = 20;
const LEARNING_RATE = 0.1;
const L2 = 1e-2;
const PRECISION_FLOOR = 0.96;
const PRUNE_BELOW = 0.02;
const VETOES = [0.1, 0.2, 0.3, 0.4, 0.5];
const THRESHOLDS = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95];

interface Example {
  set: string;
  feats: string[];
  isNew: boolean;
  /** The rules' "new", and whether the model may veto it (isVetoable). */
  rulesSayNew: boolean;
  vetoable: boolean;
}

function example(set: string, p: MatterPair): Example {
  const feats = matterFeatures(p.question, p.follow_up, classifyMatter(p.question), classifyMatter(p.follow_up));
  const rules = detectMatterChangeByRules(p.question, p.follow_up);
  return { set, feats, isNew: p.label === "new", rulesSayNew: rules.changed, vetoable: isVetoable(rules) };
}

function train(examples: readonly Example[]): { weights: Map<string, number>; bias: number } {
  const model = { weights: new Map<string, number>(), bias: 0 };
  for (const index of shuffledEpochs(examples.length, EPOCHS, 7)) {
    const { feats, isNew } = examples[index]!;
    const gradient = newMatterProbability(model, feats) - (isNew ? 1 : 0);
    model.bias -= LEARNING_RATE * gradient;
    for (const f of feats) {
      const w = model.weights.get(f) ?? 0;
      model.weights.set(f, w - LEARNING_RATE * (gradient + L2 * w));
    }
  }
  return model;
}

export interface Figures {
  precision: number;
  recall: number;
}

function figures(rows: readonly { isNew: boolean; judgedNew: boolean }[]): Figures {
  const tp = rows.filter((r) => r.isNew && r.judgedNew).length;
  const judged = rows.filter((r) => r.judgedNew).length;
  const actual = rows.filter((r) => r.isNew).length;
  return { precision: tp / Math.max(1, judged), recall: tp / Math.max(1, actual) };
}

const judge = (e: Example, p: number, cut: { veto: number; threshold: number }) => (e.rulesSayNew && (!e.vetoable || p >= cut.veto)) || p >= cut.threshold;

/** Each example's probability from the model trained on every other author's set. */
function leftOutProbabilities(examples: readonly Example[]): number[] {
  const probability = new Array<number>(examples.length);
  for (const set of DEVELOPMENT_SETS) {
    const model = train(examples.filter((e) => e.set !== set));
    examples.forEach((e, i) => {
      if (e.set === set) probability[i] = newMatterProbability(model, e.feats);
    });
  }
  return probability;
}

function chooseCuts(examples: readonly Example[], probability: readonly number[]): { veto: number; threshold: number } {
  let best = { veto: 0.5, threshold: 0.95, recall: -1 };
  for (const veto of VETOES) {
    for (const threshold of THRESHOLDS) {
      const f = figures(examples.map((e, i) => ({ isNew: e.isNew, judgedNew: judge(e, probability[i]!, { veto, threshold }) })));
      if (f.precision >= PRECISION_FLOOR && f.recall > best.recall) best = { veto, threshold, recall: f.recall };
    }
  }
  return { veto: best.veto, threshold: best.threshold };
}

const developmentExamples = () => DEVELOPMENT_SETS.flatMap((name) => loadMatterSet(name).map((p) => example(name, p)));

export function trainMatterModel(): PackedMatterModel {
  const examples = developmentExamples();
  const cuts = chooseCuts(examples, leftOutProbabilities(examples));
  const trained = train(examples);
  return packMatterModel(trained.weights, trained.bias, cuts, PRUNE_BELOW, Object.fromEntries(DEVELOPMENT_SETS.map((name) => [name, loadMatterSet(name).length])));
}

/** Per development set, with the model trained on the others and the committed cuts: the rules alone, and rules with the model. */
export function leaveOneOut(cut: { veto: number; threshold: number }): { set: string; rules: Figures; withModel: Figures }[] {
  const examples = developmentExamples();
  const probability = leftOutProbabilities(examples);
  return DEVELOPMENT_SETS.map((set) => {
    const rows = examples.map((e, i) => ({ e, p: probability[i]! })).filter(({ e }) => e.set === set);
    return {
      set,
      rules: figures(rows.map(({ e }) => ({ isNew: e.isNew, judgedNew: e.rulesSayNew }))),
      withModel: figures(rows.map(({ e, p }) => ({ isNew: e.isNew, judgedNew: judge(e, p, cut) }))),
    };
  });
}

if (import.meta.main) {
  const model = trainMatterModel();
  if (process.argv.includes("--leave-one-out")) {
    const f = (x: Figures) => `${x.precision.toFixed(3)} / ${x.recall.toFixed(3)}`;
    for (const r of leaveOneOut(model)) console.log(`${r.set.padEnd(10)} rules ${f(r.rules)}   rules with the model ${f(r.withModel)}`);
  } else {
    const target = join(import.meta.dir, "..", "src", "matter", "data", "learned-model.json");
    writeFileSync(target, `${JSON.stringify(model)}\n`);
    console.log(`wrote ${model.features.split("\u0001").length} features, veto ${model.veto}, threshold ${model.threshold}, to ${target}`);
  }
}
