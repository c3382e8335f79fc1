/**
 * Why this practice and not another (local/healing-choice.ts): a practice the person names, found in
 * the Plan's own ranking; still tense afterwards; the Cantonese a Hong Kong user writes.
 */
import { describe, expect, test } from "bun:test";
import { explainHealing } from "../../../src/responses/local/healing.ts";
import { PRACTICE_NAMES, practicesNamed } from "../../../src/responses/local/healing-choice.ts";
import { healingFacts } from "../../../src/responses/facts/index.ts";
import { createPlanBody, FILTER_NAMES, PROTOCOL_IDS } from "../../../src/healing/index.ts";
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

/** The base Plan with its ranking replaced (the weights stay). */
const ranked = (candidates: { id: string; total: number; components: Record<string, number> }[], rejected: Record<string, string> = {}, mode = "scored") =>
  ({ ...base.data, selectionMode: mode, ranking: { ...base.data.ranking!, candidates, rejected } });
const C = (goal: number, emotion: number, arousal: number, time: number, preference: number, bazi: number) => ({ goal, emotion, arousal, time, preference, bazi });
const why = (data: ReturnType<typeof ranked> | typeof base.data, lang: "zh" | "en") => explainHealing(data, lang === "zh" ? "为什么选这个？" : "Why this one?", lang).focus[0]!;

describe("the ranking in words", () => {
  const COMPONENTS = ["goal", "emotion", "arousal", "time", "preference", "bazi"] as const;
  test("each component, where the winner leads most, has its own words in each language", () => {
    const seen = { zh: new Set<string>(), en: new Set<string>() };
    for (const k of COMPONENTS) {
      const lead = C(50, 50, 50, 50, 50, 50);
      lead[k] = 90;
      const data = ranked([{ id: "music_breath_10", total: 9000, components: lead }, { id: "extended_exhale_3", total: 8000, components: C(50, 50, 50, 50, 50, 50) }]);
      const zh = /差距最大的是与(.+?)的契合（90对50）/.exec(why(data, "zh"))?.[1];
      const en = /differ most in fit with (.+?) \(90 against 50\)/.exec(why(data, "en"))?.[1];
      expect(zh && en).toBeTruthy();
      seen.zh.add(zh!);
      seen.en.add(en!);
    }
    expect(seen.zh.size).toBe(COMPONENTS.length);
    expect(seen.en.size).toBe(COMPONENTS.length);
    expect([...seen.zh, ...seen.en].every((w) => w && w.length > 1 && !w.includes("undefined"))).toBe(true);
  });

  test("a component the words do not know is named as it is", () => {
    const novel = ranked([{ id: "music_breath_10", total: 9000, components: { ...C(50, 50, 50, 50, 50, 50), novelty: 90 } }, { id: "extended_exhale_3", total: 8000, components: { ...C(50, 50, 50, 50, 50, 50), novelty: 50 } }]);
    expect(why(novel, "en")).toContain("they differ most in fit with novelty (90 against 50)");
  });

  test("a tie names the heavier component first; no lead at all, no 'differ most'", () => {
    const tie = ranked([{ id: "music_breath_10", total: 9000, components: C(90, 50, 50, 90, 50, 50) }, { id: "extended_exhale_3", total: 8000, components: C(50, 50, 50, 50, 50, 50) }]);
    expect(why(tie, "en")).toContain("they differ most in fit with your goal (90 against 50)");
    const even = ranked([{ id: "music_breath_10", total: 9000, components: C(50, 50, 50, 50, 50, 50) }, { id: "extended_exhale_3", total: 8000, components: C(50, 50, 50, 50, 50, 50) }]);
    expect(why(even, "en")).toStartWith('Of the practices that passed every safety and fit filter, it scored highest, 90.0 of 100, ahead of "Longer out-breath" at 80.0. ');
    expect(why(even, "zh")).toStartWith("在通过全部安全与适配筛选的练习中，它的匹配分最高，为90.0（满分100），排第二的「延长呼气」是80.0。");
  });

  test("the only survivor, in both languages; an unknown runner-up is named by its id", () => {
    const alone = ranked([{ id: "music_breath_10", total: 9240, components: C(100, 100, 100, 66, 100, 50) }]);
    expect(why(alone, "zh")).toStartWith("它是唯一通过全部安全与适配筛选的练习，匹配分92.4（满分100）。");
    expect(why(alone, "en")).toStartWith("It was the only practice that passed every safety and fit filter, scoring 92.4 of 100. Form:");
    const retired = ranked([{ id: "music_breath_10", total: 9000, components: C(90, 50, 50, 50, 50, 50) }, { id: "retired_practice_9", total: 8000, components: C(50, 50, 50, 50, 50, 50) }]);
    expect(why(retired, "en")).toContain("ahead of retired_practice_9 at 80.0");
  });

  test("each hard filter, alone, has its own words; an unknown one is named as it is", () => {
    const seen = { zh: new Set<string>(), en: new Set<string>() };
    for (const filter of FILTER_NAMES) {
      const data = ranked(base.data.ranking!.candidates, { body_scan_8: filter });
      const zh = /另有1项练习先被筛掉：1项因为([^。]*)。/.exec(why(data, "zh"))?.[1];
      const en = /1 other practices were left out first: 1 \((.+?)\)\./.exec(why(data, "en"))?.[1];
      expect(zh && en && !`${zh}${en}`.includes("undefined")).toBeTruthy();
      seen.zh.add(zh!);
      seen.en.add(en!);
    }
    expect([seen.zh.size, seen.en.size]).toEqual([FILTER_NAMES.length, FILTER_NAMES.length]);
    expect(why(ranked(base.data.ranking!.candidates, { body_scan_8: "retired_filter" }), "en")).toContain("1 (retired_filter)");
    // Two filters: the English list joins them with "and".
    expect(why(ranked(base.data.ranking!.candidates, { body_scan_8: "audio", jingzuo_10: "posture" }), "en")).toContain("left out first: 1 (needs audio) and 1 (needs a posture you cannot take now).");
  });

  test("no ranking, or the fallback: the plain sentence", () => {
    expect(why({ ...base.data, ranking: null }, "en")).toStartWith("It scored highest among the practices that passed every safety and fit filter.");
    expect(why(ranked([]), "en")).toStartWith("It scored highest among the practices that passed every safety and fit filter.");
    expect(why(ranked(base.data.ranking!.candidates, {}, "fallback"), "en")).toStartWith("No other practice passed the filters");
  });
});

describe("another practice, from a ranking built for the case", () => {
  const ask = (data: typeof base.data, input: string, lang: "zh" | "en") => explainHealing(data, input, lang).focus.join("\n");
  test("ranked first (not the Plan's own), ranked lower, and without a ranking", () => {
    const data = ranked([{ id: "body_scan_8", total: 9500, components: C(100, 100, 100, 100, 100, 50) }]);
    expect(ask(data, "What about the body scan?", "en")).toStartWith('"Seated body scan" passed the filters too and ranked 1 at 95.0.');
    expect(ask({ ...base.data, ranking: null }, "What about the body scan?", "en")).toStartWith('"Seated body scan" passed the filters but was not among the best-ranked.');
    expect(ask({ ...base.data, ranking: null }, "身体扫描呢？", "zh")).toStartWith("「坐姿身体扫描」通过了筛选，但不在得分最高的几项里。");
    expect(ask(ranked([], { body_scan_8: "retired_filter" }), "What about the body scan?", "en")).toStartWith('"Seated body scan" was left out by the filters (retired_filter).');
    expect(ask(ranked([], { body_scan_8: "retired_filter" }), "身体扫描呢？", "zh")).toStartWith("「坐姿身体扫描」在筛选时被排除，因为retired_filter。");
  });

  test("at most two named practices are answered", () => {
    expect(ask(base.data, "八段锦、六字诀和站桩呢？", "zh").match(/「[^」]+」/g)).toHaveLength(2);
  });
});

describe("each practice's names, in English after a space and at the start, in every spelling", () => {
  test.each([
    ["music breath", "music_breath_10"], ["music-paced breath", "music_breath_10"], ["longer out-breath", "extended_exhale_3"], ["longer outbreath", "extended_exhale_3"],
    ["extended exhale", "extended_exhale_3"], ["orienting", "grounding_orient_1"], ["butterfly hug", "butterfly_hug_3"], ["self-compassion", "self_compassion_break_5"],
    ["selfcompassion", "self_compassion_break_5"], ["ho'oponopono", "hooponopono_reflection_8"], ["hooponopono", "hooponopono_reflection_8"], ["liu zi jue", "liuzijue_xu_he_6"],
    ["liuzijue", "liuzijue_xu_he_6"], ["healing sounds", "liuzijue_full_12"], ["baduanjin", "baduanjin_seated_8"], ["ba duan jin", "baduanjin_standing_12"],
    ["eight brocade", "baduanjin_seated_8"], ["eight brocades", "baduanjin_seated_8"], ["zhan zhuang", "zhanzhuang_5"], ["zhanzhuang", "zhanzhuang_5"],
    ["standing like a tree", "zhanzhuang_5"], ["wuji", "zhanzhuang_5"], ["jing zuo", "jingzuo_10"], ["jingzuo", "jingzuo_traditional_20"], ["quiet sitting", "jingzuo_10"],
    ["tense-and-release", "pmr_short_7"], ["muscle relaxation", "pmr_short_7"], ["pmr?", "pmr_short_7"], ["body scan", "body_scan_8"], ["mindful walking", "walking_mindful_10"], ["walking meditation", "walking_mindful_10"],
  ])("%s", (name, id) => {
    expect(practicesNamed(`what about ${name}`)).toContain(id as never);
    expect(practicesNamed(`${name} instead`)).toContain(id as never);
    // Glued to a word it is not the name.
    expect(practicesNamed(`x${name}`)).not.toContain(id as never);
  });
});

describe("posture words and afterwards, in every wording", () => {
  test("standing asks about posture, unless it names a practice", () => {
    expect(focus("Can I do it standing?")).toMatch(/^This practice is done/);
    for (const input of ["What about standing like a tree?", "What about the standing eight brocades?", "What about standing eight brocade?"]) expect(focus(input)).not.toMatch(/^This practice is done/);
  });

  test.each(["when im done i still feel bad", "when its done I still shake", "Afterwards I'm still on edge", "after that I still feel bad", "when I'm done I still shake", "when it's done, still?", "Still panicking, what now", "I'm still stressed", "ok still upset"])("%s", (input) => {
    expect(focus(input)).toContain("Still feeling tense afterwards is common");
  });

  test("'after' inside another word is not afterwards", () => {
    expect(focus("hereafter, I still wonder")).not.toContain("Still feeling tense afterwards is common");
  });
});

describe("doing the practice: a wandering mind, tears, the time of day, someone else, the eyes", () => {
  // The base Plan is music-paced breathing (audio, 4 s in / 6 s out, seated, gentle, no movement); the intense one
  // the longer out-breath without audio; the standing Eight Brocades has movement.
  const intense = sheet({ check_in: { intensity: 9 } });
  const standing = sheet({ preferences: { spiritual_language: "traditional", excluded_protocol_ids: PROTOCOL_IDS.filter((x) => x !== "baduanjin_standing_12") } });
  const scriptOnly = sheet({ preferences: { excluded_protocol_ids: PROTOCOL_IDS.filter((x) => x !== "grounding_orient_1") } });

  test("after a meal: a still practice is fine, one that moves waits about an hour", () => {
    expect(focus("Can I do it after eating?")).toBe("After a meal is fine: this practice hardly moves. Very full, a slow long breath can feel cramped, so wait half an hour or so, or breathe more lightly.");
    expect(focus("饭后可以练吗")).toBe("饭后可以练：这个练习几乎不动。只是吃得很饱时，慢而长的呼吸可能有点顶，可以等半小时左右，或把呼吸放得更轻些。");
    expect(focus("刚吃完饭能练吗", standing)).toBe("这个练习有动作，饭后最好隔一小时左右再练，以免肠胃不适。");
    expect(focus("I just ate, is that a problem?", standing)).toBe("This practice moves, so leave about an hour after a meal before doing it, to spare your stomach.");
    for (const q of ["食飽飯練得唔得", "on a full stomach?", "right after dinner?", "after lunch ok?"]) expect(focus(q)).toMatch(/^(饭后可以练|飯後可以練|After a meal is fine)/);
    // Little movement is still enough: grounding by the five senses moves minimally.
    const minimal = sheet({ preferences: { excluded_protocol_ids: PROTOCOL_IDS.filter((x) => x !== "grounding_54321_5") } });
    expect(minimal.data.protocol!.movement).toBe("minimal");
    expect(focus("Can I do it after eating?", minimal)).toStartWith("After a meal is fine");
  });

  test("nothing felt: common, a few more times, another practice from a new check-in; whether it works in general is another question", () => {
    expect(focus("我感觉没什么用")).toBe("没感觉到什么变化很常见，并不说明你做错了。可以再给它一两次，练的时候只管跟着做，不去等效果；几次之后仍觉得不适合你，下次签到时说明，方案会换一种练习。它不是治疗：想解决的是持续的失眠、焦虑或身体不适，请找医生或专业人士。");
    expect(focus("it's not working for me")).toBe("Feeling no change is common and does not mean you did it wrong. Give it another time or two, following along without waiting for an effect; if after a few times it still does not suit you, say so at your next check-in and the Plan will choose another practice. It is not a treatment: for lasting sleeplessness, anxiety or discomfort, please see a doctor or a professional.");
    for (const q of ["练了没效果", "没啥感觉", "没有变化啊", "冇乜用", "好似冇效", "感觉无效", "it doesn't seem to work", "didn't help at all", "this is useless", "no difference", "I feel nothing", "nothing happened", "nothing changed", "did not do anything", "it doesnt work", "didnt help"]) expect(focus(q)).toMatch(/^(没感觉到什么变化很常见|Feeling no change is common)/);
    for (const q of ["有没有用", "有没有效果", "这个有用吗", "does it work?"]) expect(focus(q)).toMatch(/^(这是日常的身心练习，不是治疗，也不承诺效果|This is an everyday mind-body practice, not a treatment, and it promises nothing)/);
  });

  test("equipment: none; a yoga mat is no question of yoga", () => {
    for (const q of ["Do I need a yoga mat?", "do I need any equipment?", "要不要垫子", "需要瑜伽垫吗", "do I need a cushion", "要准备蒲团吗", "a mat?", "do I need a chair"]) expect(focus(q)).toMatch(/^(只需要10分钟不被打扰的时间|All it needs: 10 undisturbed minutes)/);
    expect(focus("Do I need a yoga mat?")).not.toContain("yoga all rest attention");
    expect(focus("is this yoga?")).toContain("yoga all rest attention");
  });

  test("a tight chest, a racing heart, numbness or nausea: stop first, and when to get help", () => {
    for (const q of ["my chest feels tight", "tight chest during it", "chest tightness?", "my heart is racing", "heart pounding", "palpitations", "I feel short of breath", "shortness of breath", "I feel nauseous", "nausea", "my hands are numb", "tingling fingers", "练的时候胸闷怎么办", "胸口闷", "有点心慌", "心悸", "心跳好快", "手麻", "有点恶心", "想吐", "气短", "心跳快", "a palpitation", "numbness"]) {
      expect(focus(q)).toMatch(/^(如果练习时出现不适：马上停下|If you feel unwell while practising: stop at once)/);
    }
    expect(focus("my chest feels tight")).toContain("If it persists, or comes with chest pain, trouble breathing or feeling faint, get medical help or call emergency services now.");
  });

  test("headphones: fine, low; losing count: the way back to the anchor; the nose: the script's reason", () => {
    expect(focus("Can I listen with headphones?")).toStartWith("Headphones are fine, at a low volume. This practice comes with audio you can play directly");
    expect(focus("戴耳机可以吗")).toStartWith("戴耳机听可以，音量放低就好。这个练习配有可直接播放的音频");
    for (const q of ["earbuds ok?", "an earbud?", "airpods?", "headphone", "earphone", "with my earphones", "用耳筒得唔得"]) expect(focus(q)).toMatch(/^(戴耳机听可以|Headphones are fine)/);
    expect(focus("what music is it?")).not.toContain("Headphones");
    for (const q of ["what if I lose count?", "I lost count", "数乱了怎么办", "忘了数到几", "I lose track of the counting", "if I lose track of counting"]) expect(focus(q)).toMatch(/^(走神很正常|A wandering mind is normal)/);
    for (const q of ["Should I breathe through my nose?", "nose or mouth?", "一定要用鼻子吸气吗", "I cant breathe through my nose"]) expect(focus(q)).toMatch(/^(脚本说用鼻子吸气|The script breathes in through the nose)/);
  });

  test("the bathroom or a call is an interruption: pause and pick up again", () => {
    for (const q of ["练的时候想上厕所怎么办", "中途尿急", "来电话了怎么办", "what if I need the bathroom?", "what if I have to pee", "my phone rings halfway", "can I take a call?"]) expect(focus(q)).toMatch(/^(被打断了也没关系|Being interrupted is fine)/);
  });

  test("after drinking: not now, when sober", () => {
    expect(focus("我喝了酒可以练吗")).toBe("喝了酒先别练：酒后容易头晕、反应慢，慢呼吸和闭眼可能让人更晕，站着时还可能跌倒。等酒醒了、身体清醒了再练。");
    expect(focus("I've been drinking, is that ok?")).toBe("Not after drinking: alcohol brings dizziness and slow reactions, which slow breathing and closed eyes can make worse, and standing you could fall. Practise once you are sober and clear-headed.");
    for (const q of ["饮咗酒練唔練得", "宿醉可以练吗", "I'm a bit tipsy", "hungover, can I still do it?", "had a hangover", "after a few drinks?", "after drinks?", "is alcohol a problem", "酒后能练吗", "I'm drunk lol"]) expect(focus(q)).toMatch(/^(喝了酒先别练|飲了酒先別練|喝了酒先別練|Not after drinking)/);
  });

  test("straight into something active: sit a moment, stand slowly, be alert before driving", () => {
    // Traditional input is answered in Simplified here; the conversion to Traditional comes after.
    expect(focus("練完之後可以馬上去跑步嗎")).toBe("练完可以去做别的：先坐一会儿，慢慢起身，等呼吸和身体回到平常再去跑步或运动；要开车的话，先确定自己完全清醒、反应如常。");
    expect(focus("can I go running right after?")).toBe("You can go on to other things afterwards: sit for a moment, stand up slowly, and let your breath and body return to normal before a run or a workout; before driving, make sure you are fully alert.");
    for (const q of ["做完就去健身可以吗", "练完马上开车行吗", "练好之后去游泳", "right after, can I work out?", "straight afterwards can I go to the gym", "Can I exercise immediately after?", "I want to run straight after", "ok so right after can I drive", "right afterward can I drive", "can I workout right after", "can I go swimming pretty much straight after?", "right after can I workout", "can I drive right afterward"]) expect(focus(q)).toMatch(/^(练完可以去做别的|練完可以去做別的|You can go on to other things afterwards)/);
    // Another clause, not straight after.
    expect(focus("做完之后，上班的时候可以再做一次吗")).not.toContain("练完可以去做别的");
  });

  test.each(["What if my mind wanders?", "I keep getting distracted", "I can't focus", "老是走神怎么办", "我静不下来"])("%s: the way back to the practice's own anchor", (input) => {
    expect(focus(input)).toMatch(/^(走神很正常，几乎每个人都会。发现自己走神了，不用责怪自己，轻轻把注意力带回音乐和呼吸上就好|A wandering mind is normal; almost everyone's does\. When you notice it, there is nothing to fix: gently bring your attention back to the music and the breath\.)/);
  });

  test("the anchor follows the Plan: the pace without audio, the step without a pace", () => {
    expect(focus("What if my mind wanders?", intense)).toContain("gently bring your attention back to the 4-in, 6-out rhythm.");
    expect(focus("走神怎么办", intense)).toContain("轻轻把注意力带回吸4秒、呼6秒的节奏上就好");
    expect(focus("What if my mind wanders?", scriptOnly)).toContain("gently bring your attention back to the step of the script you are on.");
  });

  test.each(["What if I cry?", "练的时候哭了怎么办", "I get emotional", "情绪上来了"])("%s: allowed, how to pause, when to reach out", (input) => {
    expect(focus(input)).toMatch(/^(练习时流泪或情绪涌上来，是常有的事|Tears or strong feelings can come up while practising)/);
    expect(focus(input)).toMatch(/求助热线|helpline/);
  });

  test("the time of day: a still, gentle practice suits the evening; one with movement earlier", () => {
    expect(focus("Can I do it before bed?")).toBe("Any time you have 10 minutes and a safe, quiet place will do. This one is gentle and nearly still, so it also suits winding down before sleep; if you get drowsy, let it happen. Never while driving or operating machinery.");
    expect(focus("睡前可以练吗？", standing)).toBe("只要有12分钟、一个安全安静的地方，什么时候练都可以。这个练习有一定的动作，最好别安排在临睡前，白天或傍晚更合适。开车或操作机器时不要练。");
  });

  test.each(["Can my daughter do it with me?", "我女儿可以跟我一起练吗？", "could my husband try it too", "我们一起做可以吗", "My kid wants to join, is that ok?", "is it ok for my mom?", "is it ok for my kid?", "my parents want to try this", "我妈也能练吗"])("%s: their own Plan", (input) => {
    expect(focus(input)).toMatch(/^(这个方案是按你这一次的签到和安全回答定的，只适用于你|This Plan was made from your check-in and your safety answers, so it is yours alone)/);
  });

  test.each(["What if I fall asleep during it?", "I get sleepy", "练着练着睡着了怎么办", "我会打瞌睡", "做到一半瞓著咗點算？"])("%s: seated, no harm; rest is a goal of its own", (input) => {
    expect(focus(input)).toMatch(/^(在这个练习里睡着并无妨：醒来后接着做，或就此结束都可以。如果你本来就想好好休息或入睡，下次签到时把目标选为「休息」|Falling asleep in this practice does no harm: when you wake, carry on or end it there\. If rest or sleep is what you want, choose "rest" as the goal)/);
  });

  test("falling asleep standing: sit down first; in a practice of either posture, sitting down if standing", () => {
    expect(focus("What if I fall asleep?", standing)).toStartWith("This practice is done standing: as soon as you feel drowsy, sit down or stop, so as not to fall. If rest");
    expect(focus("会睡着吗", standing)).toStartWith("这个练习是站着做的：一感到困，就先坐下或停下来，以免跌倒。如果你本来就想");
    expect(focus("I might doze off", intense)).toStartWith("If you are standing, sit down as soon as you feel drowsy, so as not to fall; seated, falling asleep does no harm");
    expect(focus("犯困怎么办", intense)).toStartWith("站着练时，一感到困就先坐下，以免跌倒；坐着时睡着并无妨");
  });

  test.each(["Can I do this with my kids around?", "What if I get interrupted?", "家里很吵怎么办", "练到一半被打断了"])("%s: pause and pick up again; the minutes it needs", (input) => {
    expect(focus(input)).toMatch(/^(被打断了也没关系：停下来，处理完再从刚才那一步接着做，或者就此结束，做过的几分钟同样有用。这个练习最好有10分钟不被打扰|Being interrupted is fine: pause, and pick up at the step you were on, or end there; the minutes you did still count\. The practice goes best with 10 undisturbed minutes)/);
  });

  test.each(["I'm on antidepressants, is it ok?", "I take medication for diabetes", "我在吃抗抑郁药，可以练吗", "我有糖尿病能做吗", "化疗期间可以练吗"])("%s: the check-in never asked; a doctor first; no treatment changed", (input) => {
    expect(focus(input)).toMatch(/^(方案签到时的安全问题没有问到用药和慢性病，所以它并没有按这些来筛选。你在治疗或服药中，不确定能不能练，请先问问医生。不要因为练习而改变任何治疗或用药。|The check-in's safety questions do not ask about medication or long-term illness, so this Plan was not screened for them\. If you are in treatment or taking medication and unsure whether to practise, ask your doctor first\. Do not change any treatment or medication because of a practice\.)/);
  });

  test.each(["medications", "a medicine", "my meds", "pills", "an antidepressant", "a chronic illness", "medication", "chemo", "chemotherapy", "服药期间", "食緊藥", "正在用药"])("'%s' names a treatment", (input) => {
    expect(focus(`I'm on ${input}, ok?`)).toMatch(/^(The check-in's safety questions|方案签到时的安全问题)/);
  });

  test("a symptom comes first, then what the check-in never asked", () => {
    expect(focus("I have chronic pain, ok?")).toMatch(/^If you feel unwell while practising[^\n]+\nThe check-in's safety questions/);
  });

  test.each(["I'll be disturbed", "disturbances at home", "kids nearby", "a kid around", "people around", "屋企好嘈點算？", "a noisy flat", "有人在旁边"])("'%s' asks about interruptions", (input) => {
    expect(focus(input)).toMatch(/^(Being interrupted is fine|被打断了也没关系)/);
  });

  test.each(["Does this actually work?", "does it work", "What are the benefits?", "one benefit?", "这个练习有什么好处", "有用吗"])("%s: no treatment and no promise; what people often notice", (input) => {
    expect(focus(input)).toMatch(/^(这是日常的身心练习，不是治疗，也不承诺效果。很多人练完这10分钟|This is an everyday mind-body practice, not a treatment, and it promises nothing\. Many people find their breath and mood a little slower after these 10 minutes)/);
  });

  test("what to prepare follows the Plan's form: a chair and the audio; a spot to stand and a timer; either", () => {
    expect(focus("What do I need?")).toBe("All it needs: 10 undisturbed minutes, a chair with a back, a phone or speaker for the audio (headphones are fine), and your phone on silent. No equipment or experience.");
    expect(focus("我需要准备什么", intense)).toBe("只需要3分钟不被打扰的时间、一把椅子或一块能站稳的空地、一个3分钟的计时；手机调成静音。不需要任何器材或经验。");
    expect(focus("要准备什么", standing)).toContain("一块能站稳、四周空出来的地方");
    expect(focus("How do I prepare?", standing)).toContain("a clear spot where you can stand steadily");
    expect(focus("What should I bring?", intense)).toContain("a chair, or a clear spot to stand, a 3-minute timer");
    expect(focus("So, what do I need?")).toStartWith("All it needs:");
    expect(focus("我需要准备什么")).toBe("只需要10分钟不被打扰的时间、一把能靠背的椅子、能播放音频的手机或音箱（耳机也行）；手机调成静音。不需要任何器材或经验。");
  });

  test.each(["可以边听边做家务吗", "边做家务边练可以吗", "Can I listen while cooking?", "while im cleaning?", "Can I multitask?", "multitasking ok?", "Can I do it at the same time as something else?", "我一边工作一边练可以吗"])("%s: the practice is the attention", (input) => {
    expect(focus(input)).toMatch(/^(这个练习要的正是这10分钟的专注|What this practice asks for is 10 minutes of attention)/);
  });

  test.each(["可以边听边哭吗", "一边哭一边练正常吗", "一边掉泪一边听", "Can I cry while listening?", "tears while doing it at the same time?"])("%s: crying on the way is a feeling, not doing two things at once", (input) => {
    const text = focus(input);
    expect(text).toMatch(/^(练习时流泪或情绪涌上来|Tears or strong feelings on the way|Tears or strong feelings)/);
    expect(text).not.toContain("background sound");
    expect(text).not.toContain("背景音乐");
  });

  test("nose or mouth: a paced breath may go through the mouth, gently; a natural one as is comfortable", () => {
    expect(focus("我有鼻炎，用嘴呼吸可以吗")).toBe("脚本说用鼻子吸气，是为了让呼吸慢而柔。鼻子不通时，用嘴轻轻吸气也可以：要紧的是不用力、不憋气，让呼气比吸气稍长一点。如果呼吸本身让你不舒服，就停下来，恢复自然呼吸。");
    expect(focus("My nose is blocked, can I breathe through my mouth?")).toBe("The script breathes in through the nose to keep the breath slow and soft. With a blocked nose, a gentle breath through the mouth does as well: what matters is no forcing and no holding, with the out-breath a little longer than the in-breath. If breathing itself feels uncomfortable, stop and breathe naturally.");
    // Without the first two, 5-4-3-2-1 (natural breath) leads.
    const natural = sheet({ preferences: { excluded_protocol_ids: ["music_breath_10", "extended_exhale_3"] } });
    expect(natural.data.protocol?.breath).toBe("natural");
    expect(focus("鼻塞怎么办", natural)).toBe("这个练习不要求特定的呼吸方式：用鼻子或用嘴，怎么舒服就怎么呼吸。如果呼吸本身让你不舒服，就停下来。");
    expect(focus("stuffy nose today", natural)).toBe("This practice asks for no particular way of breathing: nose or mouth, breathe however is comfortable. If breathing itself feels uncomfortable, stop.");
    for (const input of ["嘴巴呼吸行吗", "嘴呼吸行吗", "鼻子不通", "mouth breathing ok?", "I can't breathe through my nose", "i cant breathe through my nose", "congested nose"]) expect(focus(input)).toMatch(/^(脚本说用鼻子吸气|The script breathes in through the nose)/);
  });

  test("whether the minutes are enough, and whether to keep a record", () => {
    expect(focus("10分钟够吗")).toBe("10分钟是这个练习本身的长度，也在你签到时说的可用时间之内。短短的练习同样算数，重要的是这几分钟专心做完；想多练，请重新签到、创建新方案，不要自行加长。");
    expect(focus("Is 10 minutes enough?")).toBe("10 minutes is this practice's own length, within the time you said you had at check-in. A short practice counts; what matters is giving those minutes your attention. For more, check in again for a new Plan rather than stretching this one.");
    for (const input of ["够不够", "時間會不會太短", "long enough?"]) expect(focus(input)).toMatch(/^(10分钟是这个练习本身的长度|10 minutes is this practice's own length)/);
    expect(focus("练完要记录什么吗")).toBe("不需要记录什么。想的话，可以在练前练后各记一句感受，或给紧张程度打个0到10分；下次签到时，它能帮你把状态说清楚。");
    expect(focus("Should I journal afterwards?")).toBe("No record is needed. If you like, note a word on how you feel before and after, or rate your tension from 0 to 10; it helps you describe your state at the next check-in.");
    for (const input of ["要不要写下来", "要打卡吗", "should I write it down", "keep a log?", "keep log?", "should I keep a diary?", "journaling after?", "should I write down how I feel"]) expect(focus(input)).toMatch(/^(不需要记录什么|No record is needed)/);
  });

  test.each(["Is it suitable for me?", "Is it a good fit?", "Why does it suit me?", "Why this one?"])("%s asks why it was chosen", (input) => {
    expect(focus(input)).toMatch(/^Of the practices that passed every safety and fit filter/);
  });

  test("a video asked for: there is none, then the audio or the script", () => {
    expect(focus("Is there a video?")).toStartWith("A Plan has no video, only its written script and its audio. This practice comes with audio you can play directly");
    expect(focus("有视频吗", intense)).toStartWith("方案没有视频，只有文字脚本。这个练习没有配套音频");
    expect(focus("有视频吗")).toStartWith("方案没有视频，只有文字脚本和音频。这个练习配有可直接播放的音频");
    expect(focus("Is there a video?", intense)).toStartWith("A Plan has no video, only its written script. This practice has no audio track");
    expect(focus("Is there audio?")).toStartWith("This practice comes with audio");
  });

  test("a condition the check-in asks about is left to the reading's limits, not this answer", () => {
    for (const input of ["我有高血压可以做吗", "I have asthma", "I'm pregnant"]) expect(focus(input)).not.toMatch(/没有问到用药|do not ask about medication/);
  });

  test("someone named without joining is not 'someone else'; the eyes ask about the form", () => {
    expect(focus("Can I do it in the car while my husband drives?")).not.toContain("yours alone");
    expect(focus("Can I do it with my eyes closed?")).toMatch(/^This practice is done seated/);
    expect(focus("可以闭眼吗？")).toMatch(/^这个练习坐着做/);
  });
});

describe("doing the practice, every wording", () => {
  const plan = sheet();
  const withForm = (intensity: "gentle" | "moderate", movement: "none" | "minimal" | "gentle" | "moderate") => ({ ...plan.data, protocol: { ...plan.data.protocol!, intensity, movement } });
  const bedtime = (data: typeof plan.data, lang: "zh" | "en") => explainHealing(data, lang === "zh" ? "睡前可以练吗？" : "Can I do it before bed?", lang).focus[0]!;
  test.each([
    ["gentle", "none", true], ["gentle", "minimal", true], ["gentle", "gentle", false], ["moderate", "none", false], ["moderate", "minimal", false],
  ] as const)("intensity %s, movement %s: suits the evening: %p", (intensity, movement, calming) => {
    expect(bedtime(withForm(intensity, movement), "en")).toContain(calming ? "it also suits winding down before sleep" : "This one involves some movement, so earlier in the day suits it better than just before sleep.");
    expect(bedtime(withForm(intensity, movement), "zh")).toContain(calming ? "这个练习温和、几乎不用动，睡前用来放松也合适；练完若有困意，顺其自然。" : "这个练习有一定的动作，最好别安排在临睡前");
  });

  test("the step of the script, in Chinese; 'cant' without its apostrophe", () => {
    const orient = sheet({ preferences: { excluded_protocol_ids: PROTOCOL_IDS.filter((x) => x !== "grounding_orient_1") } });
    expect(focus("老是走神怎么办", orient)).toContain("轻轻把注意力带回脚本的这一步上就好");
    expect(focus("I cant focus")).toStartWith("A wandering mind is normal");
  });

  test.each(["我女儿能不能也做？", "Hmm, can my son join?", "can my kid try it", "could my wife practise it", "should my husband practice too"])("%s: someone joining", (input) => {
    expect(focus(input)).toMatch(/^(这个方案是按你这一次的签到和安全回答定的|This Plan was made from your check-in)/);
  });

  test("an eye, singular, asks about the form", () => {
    expect(focus("Can I keep one eye open?")).toMatch(/^This practice is done seated/);
  });
});
