/**
 * The learned matter judge: the committed model is exactly what scripts/train-matter-model.ts trains
 * from the development pairs (deterministic; rerun `npm run train:matter` after changing them), it
 * never reads a held-out set, it carries to an author it was not trained on, and detectMatterChange
 * combines it with the rules as documented (a frame's "new" vetoed below `veto`, a domain switch only
 * below the lower `switchVeto`, an explicit new question never).
 */
import { describe, expect, test } from "bun:test";
import { DEVELOPMENT_SETS, leaveOneOut, trainMatterModel } from "../../../scripts/train-matter-model.ts";
import { committedMatterModel, matterFeatures, newMatterProbability, packMatterModel, restatesQuestion, unpackMatterModel, type MatterModel } from "../../../src/matter/learned.ts";
import { detectMatterChange, detectMatterChangeByRules } from "../../../src/matter/matter.ts";
import committed from "../../../src/matter/data/learned-model.json";

/** A model that says `p` for every pair, with the given cuts. */
const constant = (p: number, cut: { veto: number; threshold: number; switchVeto?: number }): MatterModel => ({ weights: new Map(), bias: Math.log(p / (1 - p)), switchVeto: 0, ...cut });

describe("the learned matter model", () => {
  test("is trained on the development sets only (the independent authors' and the team's own pairs)", () => {
    expect(DEVELOPMENT_SETS.every((name) => name.endsWith("-dev") || name === "team-pairs")).toBe(true);
    expect(Object.keys(committed.trainedOn).sort()).toEqual([...DEVELOPMENT_SETS].sort());
  });

  test("the committed model is the one the training script produces", () => {
    expect(trainMatterModel()).toEqual(committed);
  }, 60_000);

  // Left out, H 0.976 / 0.721, I 0.943 / 0.755 and J 0.961 / 0.905 (I was 0.961 before the teaching
  // sets O and P; D rose from 0.904 to 0.991): the goal's 0.95 holds on the three pooled, as the cuts
  // require, and no one of them falls more than a point under it.
  test("carries to sets it was not trained on: on H, I and J (whose authors the rules never saw) it adds recall to each and keeps precision ≥ 0.95 over the three", () => {
    const left = leaveOneOut(committedMatterModel()).filter((r) => ["set-h-dev", "set-i-dev", "set-j-dev"].includes(r.set));
    expect(left).toHaveLength(3);
    let judged = 0;
    let right = 0;
    for (const { set, rules, withModel } of left) {
      console.log(`matter/learned left-out ${set}: rules ${rules.precision.toFixed(3)} / ${rules.recall.toFixed(3)}, with the model ${withModel.precision.toFixed(3)} / ${withModel.recall.toFixed(3)}`);
      expect(withModel.recall).toBeGreaterThan(rules.recall + 0.1);
      expect(withModel.precision).toBeGreaterThanOrEqual(0.94);
      right += withModel.tp;
      judged += withModel.judged;
    }
    expect(right / judged).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  test("packing keeps the weights to within one quantisation step and the cuts as they were", () => {
    const weights = new Map([["u:也", 1.7], ["w:too", -0.4], ["b:升职", 0.01]]);
    const restored = unpackMatterModel(packMatterModel(weights, -1.25, { veto: 0.3, switchVeto: 0.05, threshold: 0.9 }, 0.02, {}));
    expect(restored.weights.has("b:升职")).toBe(false);
    for (const name of ["u:也", "w:too"]) expect(Math.abs(restored.weights.get(name)! - weights.get(name)!)).toBeLessThanOrEqual(1.7 / 127);
    expect(restored).toMatchObject({ bias: -1.25, veto: 0.3, switchVeto: 0.05, threshold: 0.9 });
  });

  test("features: the follow-up's words, what the cast already says, the people and matters each names", () => {
    const feats = matterFeatures("我今年考研能上岸吗", "我男朋友也考了 他能上吗", ["study"], []);
    expect(feats).toEqual(expect.arrayContaining(["u:也", "b:男朋", "newtie:husband", "fdom_none", "asks=true"]));
    expect(matterFeatures("Will I get the job?", "and the salary?", ["career"], ["career"])).toEqual(expect.arrayContaining(["w:salary", "ww:the_salary", "w0:and", "fdom:career"]));
    expect(newMatterProbability({ weights: new Map([["u:也", 2]]), bias: -2 }, ["u:也"])).toBe(0.5);
  });
});

describe("detectMatterChange with the model", () => {
  const frameNew = ["我明年能升职吗？", "那我老婆明年能升职吗？"] as const;
  const domainSwitch = ["Will I get promoted?", "Is my marriage going to last?"] as const;
  const same = ["Will I get the job?", "What should I wear to the interview?"] as const;

  test("the rules decide these as the test says", () => {
    expect(detectMatterChangeByRules(...frameNew)).toMatchObject({ changed: true, reason: "whose" });
    expect(detectMatterChangeByRules(...domainSwitch)).toMatchObject({ changed: true, reason: "different_matter" });
    expect(detectMatterChangeByRules(...same).changed).toBe(false);
  });
  test("a frame's 'new' stands when the model agrees at least as much as the veto, and is overruled below it", () => {
    expect(detectMatterChange(...frameNew, constant(0.5, { veto: 0.3, threshold: 0.9 }))).toMatchObject({ changed: true, reason: "whose" });
    expect(detectMatterChange(...frameNew, constant(0.1, { veto: 0.3, threshold: 0.9 }))).toMatchObject({ changed: false, reason: "learned_same" });
  });
  test("a plain switch of domain is vetoed only below the switch veto; an explicit new question never", () => {
    expect(detectMatterChange(...domainSwitch, constant(0.2, { veto: 0.3, switchVeto: 0.1, threshold: 0.9 }))).toMatchObject({ changed: true, reason: "different_matter" });
    expect(detectMatterChange(...domainSwitch, constant(0.05, { veto: 0.3, switchVeto: 0.1, threshold: 0.9 }))).toMatchObject({ changed: false, reason: "learned_same" });
    expect(detectMatterChange(...domainSwitch, constant(0.01, { veto: 0.3, switchVeto: 0, threshold: 0.9 }))).toMatchObject({ changed: true, reason: "different_matter" });
    const explicit = ["今年能升职吗？", "换个问题，我的婚姻能长久吗？"] as const;
    expect(detectMatterChangeByRules(...explicit)).toMatchObject({ changed: true, reason: "explicit_new_question" });
    expect(detectMatterChange(...explicit, constant(0.001, { veto: 0.3, switchVeto: 0.1, threshold: 0.9 }))).toMatchObject({ changed: true, reason: "explicit_new_question" });
  });
  test("the model's own 'new' needs its threshold", () => {
    expect(detectMatterChange(...same, constant(0.95, { veto: 0.3, threshold: 0.9 }))).toMatchObject({ changed: true, reason: "learned_new" });
    expect(detectMatterChange(...same, constant(0.85, { veto: 0.3, threshold: 0.9 })).changed).toBe(false);
  });
  test("the cast's question asked again (a first Response that repeats it) is never new, whatever the model says", () => {
    const questions = ["Will my job interview next week go well?", "这次换工作顺利吗？", "Will the house sale close this month?", "我下个月的考试能过吗", "這次面試能通過嗎？"];
    for (const q of questions) {
      expect(restatesQuestion(q, q)).toBe(true);
      expect(detectMatterChange(q, q, constant(0.99, { veto: 0.3, threshold: 0.9 })).changed).toBe(false);
      expect(detectMatterChange(q, q).changed).toBe(false);
    }
    expect(restatesQuestion("Will my job interview next week go well?", "What should I focus on in that job interview?")).toBe(false);
    expect(restatesQuestion("我明年能升职吗？", "那我老婆明年能升职吗？")).toBe(false);
  });
  test("with the committed model: a question about the cast's own matter stays, another person's own exam is new", () => {
    expect(detectMatterChange(...same).changed).toBe(false);
    expect(detectMatterChange(...frameNew).changed).toBe(true);
  });
});
