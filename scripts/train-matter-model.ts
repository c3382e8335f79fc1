/**
 * Trains the learned matter judge (src/matter/learned.ts) on the change-of-matter development pairs
 * only, and writes src/matter/data/learned-model.json. Deterministic (a seeded shuffle), so a test
 * checks the committed model is what this produces. The three cuts (a frame rule's veto, a domain
 * switch's veto, the model's own threshold) are chosen by leaving each author's set out in turn: the
 * highest recall on the sets the rules were never tuned on, with precision at PRECISION_FLOOR (a
 * point above the 0.95 goal) both on those and pooled over every set but the two teaching sets
 * (TEACHING_SETS). The held-out sets are never read. Run: `npm run train:matter` (`-- --leave-one-out`
 * prints each set's figures with the model trained on the others).
 */
import { writeFileSync } from "node:fs";
import { shuffledEpochs } from "./epochs.ts";
import { join } from "node:path";
import { detectMatterChangeByRules, mayJudgeNew, vetoCut, type MatterChange } from "../src/matter/matter.ts";
import { matterFeatures, newMatterProbability, packMatterModel, type MatterCuts, type PackedMatterModel } from "../src/matter/learned.ts";
import { loadMatterSet, MATTER_SETS, type MatterPair } from "../test/helpers/matter-sets.ts";
import TEAM_PAIRS from "../test/unit/matter/matter-pairs.json";

/**
 * The independent authors' development sets, and the team's own pairs (test/unit/matter): written
 * beside the rules, so they prove nothing about the rules, but they are what the independent authors
 * seldom wrote, bare switches of domain ("Will my son's surgery go well?" → "Can I win the custody
 * battle?"), and without them the model learned to veto those.
 */
export const DEVELOPMENT_SETS = [...MATTER_SETS.filter((name) => name.endsWith("-dev")), "team-pairs"] as const;
/** The sets whose authors the rules were not tuned on: where a rule's mistakes (what a veto is for) show. */
const RULES_NOT_TUNED_ON = new Set(["set-h-dev", "set-i-dev", "set-j-dev"]);
/**
 * Sets written to teach two distinctions (a decision's object; a person of the matter against another's
 * own), half traps by design: trained on, but not a sample of traffic, so the cuts are not chosen on them.
 */
const TEACHING_SETS = new Set(["set-o-dev", "set-p-dev"]);

function loadDevelopmentSet(name: (typeof DEVELOPMENT_SETS)[number]): MatterPair[] {
  if (name !== "team-pairs") return loadMatterSet(name);
  type Row = [question: string, followUp: string, changed: boolean];
  return [...(TEAM_PAIRS.tune as Row[]), ...(TEAM_PAIRS.heldout as Row[])].map(([question, follow_up, changed], i) => ({ id: `team-${i}`, lang: "en", question, follow_up, label: changed ? "new" : "same", reason: "", group: null }));
}
const EPOCHS = 20;
const LEARNING_RATE = 0.1;
const L2 = 1e-2;
const PRECISION_FLOOR = 0.96;
const PRUNE_BELOW = 0.02;
const VETOES = [0.1, 0.2, 0.3, 0.4, 0.5];
const SWITCH_VETOES = [0, 0.01, 0.02, 0.05, 0.1];
const THRESHOLDS = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95];

interface Example {
  set: string;
  feats: string[];
  isNew: boolean;
  /** The rules' judgment (its reason says how easily the model may veto a "new": vetoCut). */
  rules: MatterChange;
  /** Whether the model may add a "new" where the rules did not (mayJudgeNew). */
  mayJudgeNew: boolean;
}

function example(set: string, p: MatterPair): Example {
  const rules = detectMatterChangeByRules(p.question, p.follow_up);
  return { set, feats: matterFeatures(p.question, p.follow_up, rules.from, rules.to), isNew: p.label === "new", rules, mayJudgeNew: mayJudgeNew(rules, p.question, p.follow_up) };
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
  /** Pairs judged "new", and of them the ones labelled "new" (to pool several sets). */
  judged: number;
  tp: number;
}

function figures(rows: readonly { isNew: boolean; judgedNew: boolean }[]): Figures {
  const tp = rows.filter((r) => r.isNew && r.judgedNew).length;
  const judged = rows.filter((r) => r.judgedNew).length;
  const actual = rows.filter((r) => r.isNew).length;
  return { precision: tp / Math.max(1, judged), recall: tp / Math.max(1, actual), judged, tp };
}

const judge = (e: Example, p: number, cut: MatterCuts) => (e.rules.changed ? p >= vetoCut(e.rules, cut) : e.mayJudgeNew && p >= cut.threshold);

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

function chooseCuts(examples: readonly Example[], probability: readonly number[]): MatterCuts {
  let best = { veto: 0.5, switchVeto: 0, threshold: 0.95, recall: -1 };
  for (const veto of VETOES) {
    for (const switchVeto of SWITCH_VETOES) {
      for (const threshold of THRESHOLDS) {
        const rows = examples.map((e, i) => ({ set: e.set, isNew: e.isNew, judgedNew: judge(e, probability[i]!, { veto, switchVeto, threshold }) })).filter((r) => !TEACHING_SETS.has(r.set));
        const all = figures(rows);
        const untuned = figures(rows.filter((r) => RULES_NOT_TUNED_ON.has(r.set)));
        if (all.precision >= PRECISION_FLOOR && untuned.precision >= PRECISION_FLOOR && untuned.recall > best.recall) best = { veto, switchVeto, threshold, recall: untuned.recall };
      }
    }
  }
  return { veto: best.veto, switchVeto: best.switchVeto, threshold: best.threshold };
}

const developmentExamples = () => DEVELOPMENT_SETS.flatMap((name) => loadDevelopmentSet(name).map((p) => example(name, p)));

export function trainMatterModel(): PackedMatterModel {
  const examples = developmentExamples();
  const cuts = chooseCuts(examples, leftOutProbabilities(examples));
  const trained = train(examples);
  return packMatterModel(trained.weights, trained.bias, cuts, PRUNE_BELOW, Object.fromEntries(DEVELOPMENT_SETS.map((name) => [name, loadDevelopmentSet(name).length])));
}

/** Per development set, with the model trained on the others and the committed cuts: the rules alone, and rules with the model. */
export function leaveOneOut(cut: MatterCuts): { set: string; rules: Figures; withModel: Figures }[] {
  const examples = developmentExamples();
  const probability = leftOutProbabilities(examples);
  return DEVELOPMENT_SETS.map((set) => {
    const rows = examples.map((e, i) => ({ e, p: probability[i]! })).filter(({ e }) => e.set === set);
    return {
      set,
      rules: figures(rows.map(({ e }) => ({ isNew: e.isNew, judgedNew: e.rules.changed }))),
      withModel: figures(rows.map(({ e, p }) => ({ isNew: e.isNew, judgedNew: judge(e, p, cut) }))),
    };
  });
}

if (import.meta.main) {
  const model = trainMatterModel();
  if (process.argv.includes("--leave-one-out")) {
    const f = (x: Pick<Figures, "precision" | "recall">) => `${x.precision.toFixed(3)} / ${x.recall.toFixed(3)}`;
    const rows = leaveOneOut(model);
    for (const r of rows) console.log(`${r.set.padEnd(10)} rules ${f(r.rules)}   rules with the model ${f(r.withModel)}`);
    const mean = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0) / rows.length;
    console.log(`mean       rules ${f({ precision: mean((r) => r.rules.precision), recall: mean((r) => r.rules.recall) })}   rules with the model ${f({ precision: mean((r) => r.withModel.precision), recall: mean((r) => r.withModel.recall) })}   (cuts: veto ${model.veto}, switch veto ${model.switchVeto}, threshold ${model.threshold})`);
  } else {
    const target = join(import.meta.dir, "..", "src", "matter", "data", "learned-model.json");
    writeFileSync(target, `${JSON.stringify(model)}\n`);
    console.log(`wrote ${model.features.split("\u0001").length} features, veto ${model.veto}, switch veto ${model.switchVeto}, threshold ${model.threshold}, to ${target}`);
  }
}
