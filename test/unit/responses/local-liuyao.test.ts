import { describe, expect, test } from "bun:test";
import { explainLiuyao } from "../../../src/responses/local/liuyao.ts";
import { paragraphs } from "../../../src/responses/local/text.ts";
import { liuyaoFacts, type LiuyaoFacts } from "../../../src/responses/facts/index.ts";
import { castReading } from "../../../src/liuyao/index.ts";
import { detectLanguage } from "../../../src/text/language.ts";
import { json } from "../../helpers/stored-json.ts";

/** The fact sheet of a cast made at noon (UTC+08:00) on `day`, as the interpreter receives it. */
const cast = (question: string, lines: number[], day: string): LiuyaoFacts =>
  liuyaoFacts("lyc_t", json(castReading({ question, method: "manual_lines", lines, castAt: new Date(`${day}T12:00:00+08:00`) }))).data;
const explain = (f: LiuyaoFacts, input: string) => explainLiuyao(f, input, detectLanguage(input));
const focus = (f: LiuyaoFacts, input: string) => explain(f, input).focus.join("\n");

// 乾为天 (乾 palace, metal): 子水子孙, 寅木妻财, 辰土父母 (应), 午火官鬼, 申金兄弟, 戌土父母 (世).
// "帮我算一卦" names no matter, so the cast has no useful god of its own.
// 2025-06-18 is 戊午 in the 壬午 month: 子丑 void; 子 is void, clashed by the day (子午冲) and broken by the month.
const QIAN = cast("帮我算一卦", [7, 7, 7, 7, 7, 7], "2025-06-18");
// 2025-06-15 is 乙卯 (still the 壬午 month, 子丑 void): 子 is void and month-broken, but 卯 does not clash it.
const QIAN_VOID = cast("帮我算一卦", [7, 7, 7, 7, 7, 7], "2025-06-15");
const QIAN_VOID_MOVING = cast("帮我算一卦", [9, 7, 7, 7, 7, 7], "2025-06-15");
// 雷火丰 (坎 palace, water), lines 3 and 5 moving into 泽雷随: 卯子孙, 丑官鬼 (应), 亥兄弟, 午妻财, 申父母 (世), 戌官鬼.
// Changing work is 官鬼: lines 2 and 6. 2026-03-23 is 丙申, 辰巳 void: no line of 丰 is void.
const FENG = cast("这次换工作顺利吗？", [7, 8, 9, 7, 6, 8], "2026-03-23");
// 2025-06-24 is 甲子: 戌亥 void, so 亥 (line 3) and 戌 (line 6) both are.
const FENG_TWO_VOID = cast("这次换工作顺利吗？", [7, 8, 9, 7, 6, 8], "2025-06-24");
// 风水涣 (离 palace, fire): 寅父母 辰子孙 午兄弟 未子孙 巳兄弟 卯父母; no 妻财 (metal) nor 官鬼 (water) on the lines,
// so both lie hidden under the lines of 离为火 (己亥 官鬼 under line 3, 己酉 妻财 under line 4).
const HUAN = cast("帮我算一卦", [8, 7, 8, 8, 7, 7], "2025-06-18");

describe("another matter named is read from its traditional useful god (用神)", () => {
  // matter, a question in each language, the traditional rule (zh, en), the 六亲 read and their lines in 乾为天.
  test.each([
    ["career", "那我的工作呢？", "How is my career?", "问工作、职位看官鬼", "career and position are read from 官鬼", { 官鬼: [4] }],
    ["lawsuit", "官司能赢吗？", "Will I win the lawsuit?", "问官司看官鬼", "lawsuits are read from 官鬼", { 官鬼: [4] }],
    ["money", "我的财运如何？", "Will I make money?", "问钱财看妻财", "money is read from 妻财", { 妻财: [2] }],
    ["lost item", "钱包丢了能找回来吗", "Can I find my lost wallet?", "问失物看妻财", "lost things are read from 妻财", { 妻财: [2] }],
    ["relationship", "我和他的感情怎么样？", "How is my relationship?", "女问看官鬼、男问看妻财", "read from 官鬼 when a woman asks and 妻财 when a man asks", { 妻财: [2], 官鬼: [4] }],
    ["health", "我的健康如何？", "How is my health?", "官鬼为病、子孙为医药", "官鬼 (the illness) and 子孙 (the remedy)", { 子孙: [1], 官鬼: [4] }],
    ["study", "考试能过吗？", "Will I pass the exam?", "问考试、学业看父母", "exams and study are read from 父母", { 父母: [3, 6] }],
    ["home", "房子能买吗？", "Should I buy the house?", "问房屋看父母", "a home is read from 父母", { 父母: [3, 6] }],
    ["family", "家人怎么样？", "How is my family?", "长辈看父母、子女看子孙、兄弟朋友看兄弟", "父母 (elders), 子孙 (children) or 兄弟 (siblings)", { 子孙: [1], 父母: [3, 6], 兄弟: [5] }],
    ["travel", "出行顺利吗？", "Will my trip go well?", "问出行看父母（车船）与世爻", "travel is read from 父母 (vehicles) and the world line", { 父母: [3, 6] }],
    ["pregnancy", "能怀孕吗？", "Will I get pregnant?", "问孕育看子孙", "pregnancy is read from 子孙", { 子孙: [1] }],
  ] as const)("%s", (_matter, zhInput, enInput, zhRule, enRule, read) => {
    const zh = explain(QIAN, zhInput).focus[0]!;
    const en = explain(QIAN, enInput).focus[0]!;
    expect(zh).toStartWith("传统上");
    expect(zh).toContain(zhRule);
    expect(en).toStartWith("Traditionally, ");
    expect(en).toContain(enRule);
    const shown = new Set<number>();
    for (const [relative, positions] of Object.entries(read)) {
      for (const n of positions) {
        expect(zh).toContain(`第${n}爻${relative}`);
        expect(en).toContain(`Line ${n}, ${relative}`);
        shown.add(n);
      }
    }
    // Only the lines of the useful god's 六亲 are described.
    for (const n of [1, 2, 3, 4, 5, 6].filter((n) => !shown.has(n))) {
      expect(zh).not.toContain(`第${n}爻`);
      expect(en).not.toContain(`Line ${n},`);
    }
    expect(zh).not.toContain("卦中没有出现");
    expect(en).not.toContain("does not appear");
  });

  test("the cast's own matters named again are not another matter: no other rule for them", () => {
    // 考研上岸 is career and study at once, read from 官鬼; its school is no study matter of its own.
    const exam = cast("我今年考研能上岸吗", [7, 7, 7, 7, 7, 7], "2025-06-18");
    expect(exam.usefulGod?.relative).toBe("官鬼");
    expect(focus(exam, "学校的事还顺利吗")).not.toContain("问考试、学业看父母");
    expect(focus(exam, "学校的事还顺利吗")).toContain("以官鬼为用神");
    // Another matter beside them still gets its rule.
    expect(focus(exam, "学校的事和我的财运呢")).toContain("问钱财看妻财");
    // Named beside the matter the cast's useful god was chosen for (an interview is career and study), nothing else's rule.
    const job = cast("Will I get the job at the bank?", [7, 7, 7, 7, 7, 7], "2025-06-18");
    expect(job.usefulGod?.matter).toBe("career");
    expect(focus(job, "面试官对我印象怎么样")).not.toContain("问考试、学业看父母");
    expect(focus(job, "我的财运呢")).toContain("问钱财看妻财");
  });

  test("each line's state is spelled out: the world and response marks, at rest, its strength in the month and day, joined in line order", () => {
    // 戊 day: the six spirits run 勾陈 螣蛇 白虎 玄武 青龙 朱雀 from line 1. Earth in the 午 (fire) month is 相 and the 午 day feeds it (生).
    expect(focus(QIAN, "考试怎么样？")).toBe("传统上问考试、学业看父母（文书）。第3爻父母甲辰土（白虎）：临应，在月令为相，日辰对它为生；第6爻父母壬戌土（朱雀）：持世，在月令为相，日辰对它为生。");
    expect(focus(QIAN, "How about the exam?")).toBe(
      "Traditionally, exams and study are read from 父母 (documents). Line 3, 父母 甲辰 土 (白虎): holds the response (the other side), 相 (rising) in the month, fed by the day (生); Line 6, 父母 壬戌 土 (朱雀): holds the world (you), 相 (rising) in the month, fed by the day (生).",
    );
    // 午 in the 午 month on a 午 day: not void, not broken, not clashed, not moving; fire in its own season (旺), matched by the day.
    expect(focus(QIAN, "那我的工作呢？")).toEndWith("第4爻官鬼壬午火（玄武）：安静，在月令为旺，日辰对它为比。");
    expect(focus(QIAN, "How is my career?")).toEndWith("Line 4, 官鬼 壬午 火 (玄武): at rest, 旺 (prosperous) in the month, matched by the day (比).");
  });

  test.each([
    // 子 on the 戊午 day: void, but the day clashes it, so it is real (冲空则实); 子午冲 with the month too (月破).
    // Water in the fire month is 囚; against the 午 day it spends itself (耗), and a weak line the day clashes is broken (日破).
    // The void and the month break are glossed once, not again with the strength.
    ["void but clashed by the day", QIAN, "第1爻子孙甲子水（勾陈）：旬空逢日冲：冲空则实，不作空论，月破，力量受损，日冲，受到冲动，在月令为囚，日辰对它为耗，日破。", "void but clashed by the day: the clash makes it real (冲空则实), month break (月破): weakened, day clash (日冲): stirred by the day, 囚 (confined) in the month, spent on the day (耗), broken by the day."],
    // On the 乙卯 day nothing clashes 子: void indeed; water feeds the 卯 day (泄).
    ["void and still", QIAN_VOID, "第1爻子孙甲子水（青龙）：旬空，传统上说暂时落空或时机未到，月破，力量受损，在月令为囚，日辰对它为泄。", "void (旬空): traditionally not yet in place, month break (月破): weakened, 囚 (confined) in the month, drained into the day (泄)."],
    // The same line moving: a moving line is not void (动不为空).
    ["void but moving", QIAN_VOID_MOVING, "：发动，是事情变化之处，旬空而发动：动不为空，不作空论，月破，力量受损，在月令为囚，日辰对它为泄。", "moving: where the matter changes, void but moving: a moving line is not void in effect (动不为空), month break (月破): weakened, 囚 (confined) in the month, drained into the day (泄)."],
  ] as const)("a line %s is glossed as tradition reads the void", (_label, f, zh, en) => {
    expect(focus(f, "能怀孕吗？")).toEndWith(zh);
    expect(focus(f, "Will I get pregnant?")).toEndWith(en);
  });

  test("a 六亲 absent from the lines points to the hidden spirits (伏神), or says there are none", () => {
    const zh = focus(HUAN, "我和他的感情怎么样？");
    expect(zh).toContain("卦中没有出现官鬼、妻财，传统上看伏神：");
    expect(zh).toMatch(/伏神：[^；。]+ under line \d；[^；。]+ under line \d。$/);
    expect(zh).toContain("官鬼 己亥 水 under line 3");
    expect(zh).toContain("妻财 己酉 金 under line 4");
    const en = focus(HUAN, "How is my relationship?");
    expect(en).toContain("官鬼 and 妻财 does not appear among the lines; tradition then looks at the hidden spirits: ");
    expect(en).toMatch(/hidden spirits: [^;]+ under line \d; [^;]+ under line \d\.$/);
    const noneRecorded = { ...HUAN, hidden: [] };
    expect(focus(noneRecorded, "我和他的感情怎么样？")).toEndWith("传统上看伏神：无。");
    expect(focus(noneRecorded, "How is my relationship?")).toEndWith("the hidden spirits: none.");
  });
});

describe("the cast's own useful god, with 原神, 忌神 and 仇神", () => {
  const god = (question: string, input: string) => focus(cast(question, [7, 7, 7, 7, 7, 7], "2025-06-18"), input);

  test("one's own health is read from the world line, with its strength and the verdict it gives", () => {
    // 乾为天's world line is line 6, 戌 父母: 官鬼 (fire) generates earth, 妻财 (wood) controls it, 子孙 (water) controls fire.
    // Earth in the 午 month is 相 and fed by the 午 day: strong.
    expect(god("我的身体能好吗？", "用神是什么？")).toBe(
      "本卦问自身之事，以世爻为用神。第6爻父母壬戌土（朱雀）：持世，在月令为相，日辰对它为生。用神有力。原神官鬼在第4爻（生用神），忌神妻财在第2爻（克用神），仇神子孙在第1爻（克原神）。用神旺相、得原神生扶为吉，受忌神克制为不利。",
    );
    expect(god("我的身体能好吗？", "What is the useful god?")).toStartWith(
      "In this cast a question about yourself is read from the world line. Line 6, 父母 壬戌 土 (朱雀): holds the world (you), 相 (rising) in the month, fed by the day (生). On balance the useful god is strong. The source (原神) 官鬼 on line 4, generating it; the adversary (忌神) 妻财 on line 2, controlling it; the enemy (仇神) 子孙 on line 1, controlling the source.",
    );
  });

  test("another person's matter is read from their tie; a useful god on two lines names both", () => {
    // A friend is 兄弟 (申, line 5); its source 父母 (earth) is on lines 3 and 6.
    // Metal in the 午 month is 死 and the 午 day controls it: weak.
    expect(god("我朋友的工作顺利吗？", "用神是什么？")).toContain("本卦所问是兄弟朋友之事，以兄弟为用神。第5爻兄弟壬申金（青龙）：安静，在月令为死，日辰对它为克。用神无力。原神父母在第3、6爻（生用神）");
    expect(god("我朋友的工作顺利吗？", "What is the useful god?")).toContain("the matter belongs to a sibling or friend, read from 兄弟. Line 5, 兄弟 壬申 金 (青龙): at rest, 死 (dead) in the month, controlled by the day (克). On balance the useful god is weak. The source (原神) 父母 on line 3 and 6,");
    // A mother is 父母: lines 3 and 6, in line order.
    expect(god("我妈的病能好吗？", "用神是什么？")).toContain("第3爻父母甲辰土（白虎）：临应，在月令为相，日辰对它为生；第6爻父母壬戌土（朱雀）：持世，在月令为相，日辰对它为生。");
    expect(god("我妈的病能好吗？", "What is the useful god?")).toContain("(白虎): holds the response (the other side), 相 (rising) in the month, fed by the day (生); Line 6, 父母");
    // A partner named without a tie to the asker's own question: "the person named", read from 官鬼 for a husband.
    expect(god("我和老公的感情怎么样？", "用神是什么？")).toContain("本卦所问是所提到的人之事，以官鬼为用神。");
    expect(god("我和老公的感情怎么样？", "What is the useful god?")).toContain("In this cast the matter belongs to the person named, read from 官鬼.");
    // An animal: 子孙, as all animals are (乾为天: 子孙 on line 1).
    expect(god("我的猫走丢了能找回来吗？", "用神是什么？")).toContain("本卦所问是动物之事，传统上六畜禽鸟以子孙为用神。第1爻子孙甲子水");
    expect(god("我的猫走丢了能找回来吗？", "What is the useful god?")).toContain("In this cast an animal's matter is traditionally read from 子孙, as all animals are. Line 1, 子孙 甲子 水");
  });

  test("a matter is named by its rule; two matters read from one 六亲 are 'the matter asked'", () => {
    expect(focus(FENG, "What is the useful god?")).toStartWith("In this cast career and position are read from 官鬼 (officer); the useful god is 官鬼.");
    // Work and a lawsuit are both 官鬼.
    expect(god("工作和官司能顺利吗？", "用神是什么？")).toStartWith("本卦所问之事，以官鬼为用神。第4爻官鬼");
    expect(god("工作和官司能顺利吗？", "What is the useful god?")).toStartWith("In this cast the matter; the useful god is 官鬼. Line 4, 官鬼");
  });

  test("a useful god off the lines is found hidden, or said to be absent; a helper on no line is said so", () => {
    // 天风姤 (乾 palace): no 妻财 line; 甲寅 妻财 lies under line 2, 亥 子孙. 妻财 (wood) is 忌神 of 父母 (earth).
    const wallet = cast("钱包丢了能找回来吗", [8, 7, 7, 7, 7, 7], "2025-06-18");
    expect(focus(wallet, "What is the useful god?")).toContain("妻财 is not among the lines; it lies hidden (伏神 甲寅) under line 2, 子孙 亥.");
    const mother = cast("我妈的病能好吗？", [8, 7, 7, 7, 7, 7], "2025-06-18");
    expect(focus(mother, "What is the useful god?")).toContain("the adversary (忌神) 妻财 on no line, controlling it;");
    const nowhere = { ...FENG, usefulGod: { ...FENG.usefulGod!, lines: [], hidden: null } };
    expect(focus(nowhere, "用神是什么？")).toContain("以官鬼为用神。卦中不见官鬼。原神");
    expect(focus(nowhere, "What is the useful god?")).toContain("read from 官鬼 (officer); the useful god is 官鬼. 官鬼 is not among the lines. The source");
  });
});

describe("moving lines", () => {
  test("no line moving: the matter goes on as it is", () => {
    expect(focus(QIAN, "动爻是什么意思？")).toStartWith("本卦没有动爻：传统上认为事情会按现状发展");
    expect(focus(QIAN, "动爻是什么意思？")).not.toContain("动爻是事情变化的关键");
    expect(focus(QIAN, "What do the moving lines mean?")).toStartWith("No line moves: tradition reads the matter as continuing as it is");
  });

  test("each moving line and its transform, in line order", () => {
    // 亥→辰: earth controls water (回头克); 申→酉: 化进神, both metal (比和).
    const zh = focus(FENG, "动爻是什么意思？");
    expect(zh).toMatch(/^动爻是事情变化的关键：第3爻兄弟己亥水（[^）]+）：发动，是事情变化之处，在月令为[^；]+；第5爻父母庚申金（[^）]+）：持世，发动，是事情变化之处，在月令为[^。]+。/);
    expect(zh).toContain("变化情况：3: 亥→辰 (水→土) 回头克；5: 申→酉 (金→金) 化进神 比和（");
    const en = focus(FENG, "What do the moving lines mean?");
    expect(en).toMatch(/^Moving lines are where the matter turns: Line 3, 兄弟 己亥 水 \([^)]+\): moving: where the matter changes, 休 \(resting\) in the month, fed by the day \(生\), entering its tomb; Line 5, /);
    expect(en).toContain("Their transforms: 3: 亥→辰 (水→土) 回头克; 5: 申→酉 (金→金) 化进神 比和 (");
  });

  test.each(["哪爻动了？", "哪个爻动了？", "哪几爻在动？", "哪一爻变了？", "变爻是哪个？", "What does the changing line mean?", "Which are the changing lines?", "Which line moves?", "which lines changed", "Is there a line that moves?", "what line changes?", "which lines move", "Which line is moving?", "which lines are moving", "the lines that moved", "a line moved?", "Which line changed?"])("'%s' asks about the moving lines", (input) => {
    expect(focus(FENG, input)).toMatch(/^(动爻是事情变化的关键|Moving lines are where the matter turns)/);
  });
});

describe("timing (应期)", () => {
  test("the useful god's still line waits for the day that clashes it; the nearest such day is named", () => {
    // 丑 官鬼 on line 2, still and not void: 静而逢冲, 丑未冲. 2026-03-23 is 丙申; the next 未 day is eleven days on.
    expect(focus(FENG, "什么时候有结果？")).toContain("本卦起于辛卯月丙申日。本卦用神在第2爻官鬼己丑，静而逢冲：应在未日或未月，最近的未日是2026-04-03。这些只是传统推断方法");
    const en = focus(FENG, "When will I hear back?");
    expect(en).toStartWith("In LiuYao, timing is read from the useful god's branch");
    expect(en).toContain("This cast is dated month 辛卯, day 丙申. This cast's useful god is line 2, 官鬼 己丑; a still line comes when the day clashes it: look to a 未 day or month, the nearest 未 day being 2026-04-03. These are");
    // On a 未 day the cast's own day is one.
    const onTheDay = cast("这次换工作顺利吗？", [7, 8, 9, 7, 6, 8], "2026-03-22");
    expect(focus(onTheDay, "When will I hear back?")).toContain("look to a 未 day or month, and the cast's own day (2026-03-22) is one: traditionally the matter is already in motion.");
  });

  test("void lines are named, one or several; without a useful god no day is put forward", () => {
    expect(focus(FENG_TWO_VOID, "什么时候有结果？")).toContain("本卦起于壬午月甲子日，兄弟己亥、官鬼庚戌正值旬空。");
    expect(focus(FENG_TWO_VOID, "When will I hear back?")).toContain("This cast is dated month 壬午, day 甲子, and 兄弟己亥 and 官鬼庚戌 are void.");
    // 乾为天 cast for no matter: only 子 is void (丑 is not on the lines), and there is no useful god to time.
    expect(focus(QIAN_VOID, "什么时候有结果？")).toEndWith("本卦起于壬午月乙卯日，子孙甲子正值旬空。这些只是传统推断方法，不是确定的日期。");
    const en = focus(QIAN_VOID, "When will I hear back?");
    expect(en).toStartWith("In LiuYao,");
    expect(en).toEndWith("This cast is dated month 壬午, day 乙卯, and 子孙甲子 is void. These are traditional methods, not firm dates.");
  });
});

describe("what the question asks decides the paragraphs", () => {
  test("the opening names the hexagrams, the moving lines and the void", () => {
    const still = explain(QIAN, "结果如何？").opening;
    expect(still).toContain("乾为天（第1卦，乾宫），没有动爻，卦静不变。");
    expect(still).toEndWith("起卦时为壬午月戊午日，旬空子丑。");
    const stillEn = explain(QIAN, "How does it look?").opening;
    expect(stillEn).toContain("乾为天 (hexagram 1, palace 乾); no line moves, so the hexagram stays as it is.");
    expect(stillEn).toEndWith("with 子丑 void.");
    expect(explain(FENG, "结果如何？").opening).toContain("雷火丰（第55卦，坎宫），动爻在第3、5爻，变卦为泽雷随。");
    expect(explain(FENG, "How does it look?").opening).toContain("moving line(s) 3 and 5 turn it into 泽雷随.");
  });

  test("a question asking nothing in particular gets the reading in brief and is not focused", () => {
    const e = explain(FENG, "结果如何？");
    expect(e.focus).toHaveLength(1);
    expect(e.focus[0]).toStartWith("简要地看");
    expect(e.focused).toBe(false);
  });

  test("the cast's own matter named alone is answered from the cast's useful god; with timing, moving lines or a topic it is not", () => {
    const own = explain(FENG, "工作能顺利吗？");
    expect(own.focus).toHaveLength(1);
    expect(own.focus[0]).toStartWith("本卦问工作、职位看官鬼，以官鬼为用神");
    expect(own.focused).toBe(true);
    for (const input of ["工作什么时候有结果？", "工作上的动爻怎么看？", "工作上对方怎么看我？"]) {
      expect(focus(FENG, input)).not.toContain("以官鬼为用神");
    }
    const first = (input: string) => explain(FENG, input).focus.map((p) => p.slice(0, 6));
    expect(first("工作什么时候有结果？")).toEqual(["应期在六爻中"]);
    expect(first("工作上的动爻怎么看？")).toEqual(["动爻是事情变"]);
  });

  test("a topic, timing or the moving lines asked get only their own paragraphs, not the reading in brief", () => {
    for (const input of ["世爻怎么样？", "什么时候有结果？", "动爻是什么意思？"]) {
      const e = explain(FENG, input);
      expect(e.focus).toHaveLength(1);
      expect(e.focus[0]).not.toStartWith("简要地看");
      expect(e.focused).toBe(true);
    }
    expect(focus(FENG, "结果如何？")).not.toContain("应期在六爻中");
    expect(focus(FENG, "结果如何？")).not.toContain("动爻是事情变化的关键");
  });

  test("another matter named is focused and gets at most two matters' rules", () => {
    const e = explain(QIAN, "工作、财运和考试怎么样？");
    expect(e.focused).toBe(true);
    expect(e.focus).toHaveLength(2);
    expect(e.focus[0]).toContain("问工作、职位看官鬼");
    expect(e.focus[1]).toContain("问钱财看妻财");
    expect(e.focus.join("")).not.toContain("问考试");
  });

  test("a cast without a useful god of its own, asked for one, says why, then gets the rules of (at most two of) its question's matters", () => {
    const several = cast("工作、财运和考试怎么样？", [7, 7, 7, 7, 7, 7], "2025-06-18");
    const e = explain(several, "用神是什么？");
    expect(e.focus).toHaveLength(3);
    expect(e.focus[0]).toStartWith("这一卦的问题同时问了几件要看不同六亲的事");
    expect(e.focus[1]).toStartWith("传统上问工作、职位看官鬼");
    expect(e.focus[2]).toStartWith("传统上问钱财看妻财");
    expect(explain(QIAN, "用神是什么？").focus).toEqual([expect.stringMatching(/^这一卦的问题没有点明所问之事/)]);
  });

  test("the closing frames the reading; asked to recast, it says the cast is fixed and how to get another", () => {
    const zh = explain(FENG, "能不能重新起卦？");
    expect(zh.closing).toContain("不是定论");
    expect(zh.closing).toContain("一卦只问一事");
    expect(zh.closingShort).toContain("非定论");
    expect(paragraphs(zh, "能不能重新起卦？", "zh").join("\n")).toContain("这一卦由确定性的程序计算后已经固定，我只能解释它，不能重新计算或修改。如需另一个结果，请为新的问题重新起卦。");
    const en = explain(FENG, "Can you recast it?");
    expect(en.closing).toContain("One cast answers one matter; for another matter, create a new cast.");
    expect(en.closingShort).toContain("not a verdict");
    expect(paragraphs(en, "Can you recast it?", "en").join("\n")).toContain("The cast was computed by deterministic code and is fixed: I can explain it, but not recompute or change it. For a different one, create a new cast.");
  });
});

describe("a cast without a useful god, asked for it", () => {
  // 乾为天 on 2025-06-18: the world line is line 6, 父母 壬戌 土, 相 in the 午 month and fed by the 午 day.
  test.each([
    ["帮我算一卦", "这一卦的问题没有点明所问之事（工作、钱财、考试、感情、健康……），所以没有选定用神", "This cast's question names no matter (work, money, an exam, a relationship, health…), so no useful god was chosen"],
    ["工作和感情哪个先有结果", "这一卦的问题同时问了几件要看不同六亲的事，所以没有选定单一的用神", "This cast's question asks about several matters read from different relatives, so no single useful god was chosen"],
    ["我的姻缘怎么样", "问感情要看对方是男是女（女问看官鬼、男问看妻财），这一卦的问题没有说明，所以没有选定用神", "A relationship is read from 官鬼 or 妻财 by who the partner is, and this cast's question does not say, so no useful god was chosen"],
    ["家人的事情会好吗", "问家人要看是哪一位（长辈看父母、子女看子孙、兄弟看兄弟），这一卦的问题没有说明，所以没有选定用神", "A family matter is read from the member it concerns, and this cast's question does not say who, so no useful god was chosen"],
  ])("%s: why, then the world line", (question, zh, en) => {
    const f = cast(question, [7, 7, 7, 7, 7, 7], "2025-06-18");
    expect(f.usefulGod).toBeNull();
    // The first paragraph says why; a question naming matters then gets each one's rule.
    expect(explain(f, "用神够不够力？").focus[0]).toBe(`${zh}；传统上就先看世爻（你自己）：第6爻父母壬戌；在月令为相，日辰对它为生。`);
    expect(explain(f, "Is the useful god strong?").focus[0]).toBe(`${en}; tradition then reads the world line (you): line 6, 父母 壬戌; 相 (rising) in the month, fed by the day (生).`);
  });

  test("a cast stored before the useful god existed is read from the matter's rule; without a reason recorded, it says so", () => {
    const old = { ...cast("考试能过吗？", [7, 7, 7, 7, 7, 7], "2025-06-18"), usefulGod: undefined, usefulGodReason: undefined };
    expect(focus(old, "用神是什么？")).toStartWith("传统上问考试、学业看父母（文书）。");
    const unexplained = { ...cast("帮我算一卦", [7, 7, 7, 7, 7, 7], "2025-06-18"), usefulGodReason: null };
    expect(focus(unexplained, "用神是什么？")).toStartWith("这一卦没有记录用神；传统上就先看世爻");
    expect(focus(unexplained, "What is the useful god?")).toStartWith("This cast records no useful god; tradition then reads the world line");
    // Stored before the useful god existed and naming no matter: nothing recorded, the world line.
    const older = { ...QIAN, usefulGod: undefined, usefulGodReason: undefined };
    expect(focus(older, "用神是什么？")).toStartWith("这一卦没有记录用神；传统上就先看世爻");
  });
});

describe("Hong Kong Cantonese about a cast", () => {
  test("which line moves, whether to act, what to do", () => {
    expect(focus(FENG, "邊爻喺度動？")).toMatch(/^动爻是事情变化的关键/);
    expect(focus(FENG, "边一爻变咗？")).toMatch(/^动爻是事情变化的关键/);
    expect(focus(FENG, "我應唔應該主動打電話問？")).toMatch(/^要不要这样做？/);
    expect(focus(FENG, "使唔使等多陣？")).toMatch(/^要不要这样做？/);
    expect(focus(FENG, "咁點算好？")).toMatch(/^本卦用神在/);
  });
});

describe("Cantonese matter words", () => {
  // 份工 is a job: the cast chose 官鬼 for it, as for 工作, and the answer reads it.
  const job = cast("我份工穩唔穩", [7, 8, 9, 7, 6, 8], "2026-03-23");
  test("a cast in Cantonese words is read from the useful god its matter chose", () => {
    expect(job.usefulGod?.relative).toBe("官鬼");
    expect(focus(job, "份工會唔會穩定")).toContain("本卦问工作、职位看官鬼，以官鬼为用神。第2爻官鬼己丑土");
  });
  test("the same matter in Mandarin and in Cantonese is no other matter", () => {
    const mandarin = cast("这份工作稳定吗", [7, 8, 9, 7, 6, 8], "2026-03-23");
    expect(focus(mandarin, "返工開唔開心")).toBe(focus(mandarin, "上班开不开心"));
  });
});
