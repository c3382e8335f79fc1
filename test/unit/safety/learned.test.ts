/**
 * The learned screen: the committed model is exactly what scripts/train-safety-model.ts
 * trains from the development sets (deterministic; rerun `npm run train:safety` after changing
 * them), it never reads a held-out set, and packing keeps its decisions.
 */
import { describe, expect, test } from "bun:test";
import { DEVELOPMENT_SETS, trainModel } from "../../../scripts/train-safety-model.ts";
import { CLASSES, features, learnedCrisis, pack, probabilities, textProbabilities, unpack } from "../../../src/safety/learned.ts";
import { loadSafetySet } from "../../helpers/safety-sets.ts";
import { views } from "../../../src/safety/views.ts";
import committed from "../../../src/safety/data/learned-model.json";

describe("the learned safety screen", () => {
  test("is trained on the development sets only (and the matter pairs' development half as ordinary traffic)", () => {
    expect(DEVELOPMENT_SETS.every((name) => name.endsWith("-dev"))).toBe(true);
    expect(Object.keys(committed.trainedOn).sort()).toEqual([...DEVELOPMENT_SETS, "matter/set-a-dev (ordinary texts)"].sort());
  });

  test("the committed model is the one the training script produces", () => {
    expect(trainModel()).toEqual(committed);
  }, 60_000);

  test("packing keeps the weights to within one quantisation step", () => {
    const weights = new Map([["wpills", [0.1, 2.5, -0.3, 0, 0, 0, 0]], ["zdie", [-1, 0.04, 0, 0, 0, 0.7, 0]]]);
    const restored = unpack(pack({ weights, bias: [1, 0, 0, 0, 0, 0, 0] }, 0.5, 0.05, {}));
    for (const [name, w] of weights) w.forEach((x, c) => expect(Math.abs(restored.weights.get(name)![c]! - x)).toBeLessThanOrEqual(2.5 / 127));
    expect(restored.threshold).toBe(0.5);
  });

  test("probabilities sum to one; a crisis names the most likely category", () => {
    const p = probabilities(unpack(committed), features(views("I have the pills and tonight is the night")));
    expect(p).toHaveLength(CLASSES.length);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(learnedCrisis(views("What does the moving line in the fifth place mean for my career?"))).toEqual([]);
  });

  test("scoring straight from the views (numeric feature keys) gives the probabilities the feature strings give", () => {
    const model = unpack(committed);
    const texts = [
      ...loadSafetySet("set-a-dev").map((m) => m.text),
      ...loadSafetySet("set-g-dev").map((m) => m.text),
      "",
      "死死死死死死",
      "I want to die die die want to die",
      "第01轮 2024年 I'm 15 and 3 pills 💊💊",
      "想死".repeat(300) + " end it ".repeat(50),
    ];
    for (const text of texts) {
      const v = views(text);
      const fast = textProbabilities(v, model);
      probabilities(model, features(v)).forEach((p, c) => expect(fast[c]!).toBeCloseTo(p, 12));
    }
  });

  test("ordinary questions, numbers included, do not escalate", () => {
    const ordinary = [
      "第01轮：面试的结果会怎样？", "Turn 02: what does this mean for the interview?", "我的事业怎么样？", "What about money?", "结果如何？",
      "那什么时候有消息？", "1990年5月17日8点出生，今年运势如何？", "Is 2025 a good year for me to start a business?", "第三爻是什么意思？",
      "How long should I do the box breathing each morning?", "我今年35岁，想换工作，合适吗？", "I'm 42 and thinking about moving to Sydney, good timing?",
    ];
    expect(ordinary.filter((t) => learnedCrisis(views(t)).length > 0)).toEqual([]);
  });
});
