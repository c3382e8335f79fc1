/**
 * Why this practice and not another (local/healing-choice.ts): a practice the person names, found in
 * the Plan's own ranking; still tense afterwards; the Cantonese a Hong Kong user writes.
 */
import { describe, expect, test } from "bun:test";
import { explainHealing } from "../../../src/responses/local/healing.ts";
import { PRACTICE_NAMES, practicesNamed } from "../../../src/responses/local/healing-choice.ts";
import { healingFacts } from "../../../src/responses/facts/index.ts";
import { createPlanBody, PROTOCOL_IDS } from "../../../src/healing/index.ts";
import { detectLanguage } from "../../../src/text/language.ts";
import { DEPS, input as planInput } from "../healing/fixtures.ts";
import { json } from "../../helpers/stored-json.ts";

type Overrides = Parameters<typeof planInput>[0];
const sheet = (o: Overrides = {}) => healingFacts("hpl_1", json(createPlanBody(planInput(o), DEPS)));
// The base check-in: music-paced breathing first (92.4), the longer out-breath (84.0) and 5-4-3-2-1 (79.0)
// after it; the Eight Brocades, Six Sounds and the rest of the traditional practices fail the spiritual-language
// filter, the 20-minute quiet sitting the time.
const base = sheet();
const focus = (input: string, s = base) => explainHealing(s.data, input, detectLanguage(input)).focus.join("\n");

describe("the practices' names", () => {
  test("name only catalog protocols, and every protocol has a name", () => {
    const named = PRACTICE_NAMES.flatMap((n) => n.ids);
    expect(named.filter((id) => !PROTOCOL_IDS.includes(id))).toEqual([]);
    expect(PROTOCOL_IDS.filter((id) => !named.includes(id))).toEqual([]);
  });

  test.each([
    ["如果我想試八段錦呢？", ["baduanjin_seated_8", "baduanjin_standing_12"]],
    ["What about the body scan instead?", ["body_scan_8"]],
    ["六字诀和站桩哪个好", ["liuzijue_xu_he_6", "liuzijue_full_12", "zhanzhuang_5"]],
    ["I don't want pmr", ["pmr_short_7"]],
    ["help me with my rpm", []],
  ] as const)("%s → %p", (input, ids) => {
    expect(practicesNamed(input)).toEqual([...ids]);
  });
});

describe("another practice asked after", () => {
  test("left out by a filter: which, then how to get another Plan", () => {
    expect(focus("如果我想試八段錦呢？")).toBe(
      "「坐式八段锦(简化)」在筛选时被排除，因为精神性语言超出你的设置；「站式八段锦」在筛选时被排除，因为精神性语言超出你的设置。方案一经创建就不会更改；想换一个练习，可以调整偏好（比如精神性语言的设置，或排除某些练习），用新的签到创建一个新方案。",
    );
    expect(focus("Can I do quiet sitting instead?")).toBe(
      '"Quiet sitting with breath counting" was left out by the filters (more spiritual language than your setting allows); "Traditional quiet sitting (dantian focus)" was left out by the filters (longer than the time you have). A Plan does not change once created; for another practice, adjust your preferences (the spiritual-language setting, say, or the practices to exclude) and create a new Plan from a new check-in.',
    );
  });

  test("ranked below the chosen one: its place and score", () => {
    expect(focus("What about the longer out-breath?")).toStartWith('"Longer out-breath" passed the filters too and ranked 2 at 84.0. A Plan does not change');
    expect(focus("五感着陆那个呢")).toStartWith("「五感着陆 5-4-3-2-1」也通过了筛选，排第3，匹配分79.0。");
  });

  test("passed but not among the best three; the Plan's own practice is not 'another'", () => {
    expect(focus("What about the butterfly hug?")).toStartWith('"Butterfly hug" passed the filters but was not among the best-ranked.');
    expect(focus("音乐引导呼吸要注意什么？")).not.toContain("方案一经创建就不会更改");
  });
});

describe("still tense afterwards", () => {
  test.each(["做完之後仲係好緊張點算？", "练完还是很焦虑怎么办", "What if I'm still anxious after?", "after the practice I still feel tense"])("%s", (input) => {
    expect(focus(input)).toMatch(/^(练完仍然紧张并不少见|Still feeling tense afterwards is common)/);
  });

  test("names the professional help and a new check-in", () => {
    expect(focus("What if I'm still anxious after?")).toContain("check in anew so a new Plan fits how you are now. If the tension stays, grows, or gets in the way of sleep or daily life, talk with someone you trust or a professional");
  });
});

describe("Cantonese as written in Hong Kong", () => {
  test.each([
    ["點解揀呢個練習？", /^在通过全部安全与适配筛选的练习中/],
    ["要做幾耐？", /^整个练习10分钟/],
    ["可唔可以瞓低做？", /^(坐着|这个练习)/],
    ["我可以每日做嗎？", /^这个方案是按你这一次签到时的状态定的/],
    ["點做？", /^做法共\d+步/],
  ])("%s", (input, start) => {
    expect(focus(input)).toMatch(start);
  });

  test("企业 is not a posture", () => {
    expect(focus("我喺企业返工")).not.toMatch(/坐着|站着做/);
  });
});
