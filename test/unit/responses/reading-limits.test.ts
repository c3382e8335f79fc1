/**
 * What a reading says before it answers: for a sensitive question, that the reading cannot
 * decide it and who can; for a Healing follow-up naming a constraint (pregnancy, an injury,
 * dizziness, driving), that the Plan may not fit and a new one is needed first.
 */
import { describe, expect, test } from "bun:test";
import { mentionedConstraints, readingLimits, type PlanConstraint } from "../../../src/responses/reading-limits.ts";
import { SENSITIVE_TOPICS, type SensitiveTopic } from "../../../src/safety/index.ts";
import type { Script } from "../../../src/text/language.ts";

describe("mentionedConstraints", () => {
  test.each<[string, PlanConstraint[]]>([
    ["I'm pregnant, is this ok?", ["pregnancy"]],
    ["我怀孕了，可以练吗？", ["pregnancy"]],
    // Traditional input is folded to Simplified before matching.
    ["我懷孕了，可以練嗎？", ["pregnancy"]],
    ["In my second trimester.", ["pregnancy"]],
    ["孕妇可以做吗", ["pregnancy"]],
    ["準媽媽可以練嗎", ["pregnancy"]],
    ["我有咗bb，練唔練得", ["pregnancy"]],
    ["Is it safe for a mom-to-be?", ["pregnancy"]],
    // Every form of the word, not only the stem.
    ["I injured my knee.", ["injury"]],
    ["I have an injury.", ["injury"]],
    ["I sprained my ankle.", ["injury"]],
    ["My wrist is fractured.", ["injury"]],
    ["脚踝扭伤了", ["injury"]],
    ["I get dizzy easily.", ["dizziness"]],
    ["站起来会头晕", ["dizziness"]],
    ["Can I do it while driving?", ["driving"]],
    ["开车的时候能听吗？", ["driving"]],
    ["我有高血压，可以练吗？", ["heart"]],
    ["I have a heart condition.", ["heart"]],
    ["My blood pressure is high.", ["heart"]],
    ["我有哮喘", ["breathing"]],
    ["I have asthma.", ["breathing"]],
    ["我坐轮椅", ["mobility"]],
    ["I use crutches.", ["mobility"]],
    ["During my pregnancy?", ["pregnancy"]],
    ["heart problems", ["heart"]], ["a heart problem", ["heart"]],
    ["breathing problems", ["breathing"]], ["a breathing problem", ["breathing"]], ["breathing difficulties", ["breathing"]],
    ["mobility problems", ["mobility"]], ["a mobility problem", ["mobility"]], ["a mobility issue", ["mobility"]], ["mobility issues", ["mobility"]], ["a mobility limitation", ["mobility"]], ["mobility limitations", ["mobility"]],
    ["Is it calming?", []],
    ["Does it open the heart?", []],
    ["我今天很累", []],
  ])("%p → %p", (input, expected) => {
    expect(mentionedConstraints(input)).toEqual(expected);
  });

  test("several mentions come back in the fixed order pregnancy, injury, dizziness, heart, breathing, mobility, driving", () => {
    expect(mentionedConstraints("I feel dizzy while driving, and I'm pregnant with a sprained wrist"))
      .toEqual(["pregnancy", "injury", "dizziness", "driving"]);
    expect(mentionedConstraints("On crutches with asthma and high blood pressure, I'm driving")).toEqual(["heart", "breathing", "mobility", "driving"]);
  });
});

describe("readingLimits: sensitive topics", () => {
  // Each line says the reading cannot decide the matter and names who can, in the asker's script.
  const WHO: Record<SensitiveTopic, Record<Script, string[]>> = {
    medical_decision: { en: ["medical decision", "your doctor"], "zh-Hans": ["医疗决定", "医生"], "zh-Hant": ["醫療決定", "醫生"] },
    lifespan: { en: ["how long someone will live", "a doctor"], "zh-Hans": ["寿命", "医生"], "zh-Hant": ["壽命", "醫生"] },
    pregnancy_outcome: { en: ["how a pregnancy will go", "midwife"], "zh-Hans": ["胎儿的性别", "助产士"], "zh-Hant": ["胎兒的性別", "助產士"] },
    harm_attribution: { en: ["no one's chart can harm another person"], "zh-Hans": ["八字都不会伤害别人"], "zh-Hant": ["八字都不會傷害別人"] },
  };
  const cases = SENSITIVE_TOPICS.flatMap((topic) => (["en", "zh-Hans", "zh-Hant"] as const).map((script) => [topic, script] as const));

  test.each(cases)("%s in %s", (topic, script) => {
    const lines = readingLimits([topic], [], script);
    expect(lines).toHaveLength(1);
    for (const words of WHO[topic][script]) expect(lines[0]).toContain(words);
  });

  test("every topic line frames what follows as a cultural reflection only", () => {
    for (const topic of SENSITIVE_TOPICS) {
      expect(readingLimits([topic], [], "en")[0]).toMatch(/only what the charts? says? as a cultural reflection\.$/);
      expect(readingLimits([topic], [], "zh-Hans")[0]).toEndWith("下面只是从传统文化角度的参考。");
      expect(readingLimits([topic], [], "zh-Hant")[0]).toEndWith("下面只是從傳統文化角度的參考。");
    }
  });

  test("nothing to say first: no lines", () => {
    expect(readingLimits([], [], "en")).toEqual([]);
    expect(readingLimits([], [], "zh-Hans")).toEqual([]);
  });
});

describe("readingLimits: a constraint the Plan may not know", () => {
  test.each<[PlanConstraint, string, string, string]>([
    ["pregnancy", "are pregnant", "怀孕了", "懷孕了"],
    ["injury", "have an injury", "受了伤", "受了傷"],
    ["dizziness", "get dizzy", "会头晕", "會頭暈"],
    ["heart", "have a heart or blood-pressure condition", "有心脏或血压问题", "有心臟或血壓問題"],
    ["breathing", "have a breathing condition", "有呼吸方面的问题", "有呼吸方面的問題"],
    ["mobility", "have limited mobility", "行动不便", "行動不便"],
    ["driving", "are driving or operating machinery", "正在开车或操作机器", "正在開車或操作機器"],
  ])("%s is named in each script", (constraint, enName, hans, hant) => {
    expect(readingLimits([], [constraint], "en")).toEqual([expect.stringContaining(`made without knowing that you ${enName}.`)]);
    expect(readingLimits([], [constraint], "zh-Hans")).toEqual([expect.stringContaining(`可能并不知道你${hans}。`)]);
    expect(readingLimits([], [constraint], "zh-Hant")).toEqual([expect.stringContaining(`可能並不知道你${hant}。`)]);
  });

  test("says not to practise until a new Plan includes it; to stop first only if driving is named", () => {
    const [en] = readingLimits([], ["injury"], "en");
    expect(en).toBe("This Plan may have been made without knowing that you have an injury. Please don't practise it until you have created a new Plan that includes this.");
    const [hans] = readingLimits([], ["injury"], "zh-Hans");
    expect(hans).toBe("这个方案制定时可能并不知道你受了伤。在建立一个包含这一情况的新方案之前，请先不要练习。");
    const [hant] = readingLimits([], ["injury"], "zh-Hant");
    expect(hant).toBe("這個方案制定時可能並不知道你受了傷。在建立一個包含這一情況的新方案之前，請先不要練習。");
    expect(readingLimits([], ["driving"], "en")[0]).toEndWith("until you have created a new Plan that includes this; if you are driving, stop first.");
    expect(readingLimits([], ["injury", "driving"], "zh-Hans")[0]).toEndWith("请先不要练习；如果正在开车，请先停下来。");
    expect(readingLimits([], ["driving"], "zh-Hant")[0]).toEndWith("請先不要練習；如果正在開車，請先停下來。");
  });

  test("several constraints share one line: 'and' in English, 、 in Chinese", () => {
    expect(readingLimits([], ["pregnancy", "dizziness"], "en")[0]).toContain("without knowing that you are pregnant and get dizzy.");
    expect(readingLimits([], ["pregnancy", "dizziness"], "zh-Hans")[0]).toContain("并不知道你怀孕了、会头晕。");
    expect(readingLimits([], ["injury", "driving"], "zh-Hant")[0]).toContain("並不知道你受了傷、正在開車或操作機器。");
  });

  test("the topic lines come first, then the one constraint line", () => {
    const lines = readingLimits(["medical_decision", "lifespan"], ["dizziness"], "en");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain("medical decision");
    expect(lines[1]).toContain("how long someone will live");
    expect(lines[2]).toContain("without knowing that you get dizzy");
  });
});
