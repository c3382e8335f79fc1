import { describe, expect, test } from "bun:test";
import { LocalInterpreter, LOCAL_MODEL, explain } from "../../../src/responses/local-interpreter.ts";
import { factSheet, healingFacts, type FactSheet } from "../../../src/responses/facts/index.ts";
import { detectLanguage, detectScript } from "../../../src/text/language.ts";
import { MAX_SUMMARY_CHARS, localRollingSummary, startSummary } from "../../../src/responses/summary.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { castReading } from "../../../src/liuyao/index.ts";
import { createPlanBody } from "../../../src/healing/index.ts";
import { input as planInput } from "../healing/fixtures.ts";
import { json } from "../../helpers/stored-json.ts";

const NOW = Date.parse("2025-06-15T10:00:00Z");
const birth = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
if (!birth.ok) throw new Error("birth");
const chart = factSheet("bazi", "bzc_1", json(computeChart(birth.birth)));
const cast = factSheet("liuyao", "lyc_1", json(castReading({ question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], castAt: new Date(NOW) })));
const plan = healingFacts("hpl_1", json(createPlanBody(planInput({ check_in: { intensity: 9 } }), { bazi: null, assetUrlFor: () => null })));
const say = (facts: FactSheet, input: string) => explain({ facts, input, language: detectLanguage(input), script: detectScript(input), topics: [], constraints: [], summary: "", now: NOW }).join("\n\n");

describe("the local interpreter", () => {
  test("answers in the input's language", () => {
    const zh = say(chart, "我的事业怎么样？");
    const en = say(chart, "How is my career?");
    expect(detectLanguage(zh)).toBe("zh");
    expect(detectLanguage(en)).toBe("en");
  });

  test("is deterministic", async () => {
    const it = new LocalInterpreter();
    const req = { facts: cast, input: "结果如何？", language: "zh" as const, script: "zh-Hans" as const, topics: [], constraints: [], summary: startSummary(cast.headline), now: NOW };
    expect(await it.interpret(req)).toEqual(await it.interpret(req));
    expect((await it.interpret(req)).model).toBe(LOCAL_MODEL);
    expect((await it.interpret(req)).usage).toBeNull();
  });

  test("BaZi: the question picks the part of the chart (stars of a matter, elements, luck pillars)", () => {
    expect(say(chart, "我的事业怎么样？")).toContain("官杀");
    expect(say(chart, "Will I make money?")).toContain("wealth stars");
    expect(say(chart, "我的五行喜用是什么？")).toContain("喜用五行是水、木");
    expect(say(chart, "What about my luck pillars?")).toContain("In 2025 you are in the 丙寅 (2017–2026) luck pillar");
  });

  test("BaZi: a question about this year names the year's pillar (流年) and how it meets the chart", () => {
    // 2025 is 乙巳: 巳 completes 巳酉丑 with the month's 酉 and the year's 丑, and combines with the hour's 申 (巳申合水).
    const zh = say(chart, "今年适合跳槽吗？");
    expect(zh).toContain("2025年流年乙巳（天干为劫财）");
    expect(zh).toContain("巳酉丑三合金局");
    expect(zh).toContain("与时柱巳申合水");
    // One year asked, one year answered: this year's question does not run on into the next.
    expect(zh).not.toContain("2026年");
    const next = say(chart, "明年适合跳槽吗？");
    expect(next).toContain("2026年流年丙午");
    expect(next).not.toContain("2025年");
    expect(say(chart, "流年怎么样？")).toContain("2026年流年丙午");
    expect(say(chart, "Is this year good for me?")).toContain("2025 is a 乙巳 year (its stem your 劫财 (rob wealth)): 巳申合水 (combination towards water) with your hour pillar");
  });

  test("BaZi: 'I'm stressed, is my chart the reason?' says a chart causes no feeling, then what the tradition reads for pressure", () => {
    // 己丑 癸酉 甲子 壬申: no officer star (正官/七杀) among the year, month and hour stems; 2025 乙巳 meets the 子 day branch in nothing.
    const zh = say(chart, "最近压力好大，晚上睡不着，是不是我八字的原因？");
    expect(zh).toContain("命盘不会造成情绪或失眠");
    expect(zh).toContain("盘中天干不透官杀");
    expect(zh).toContain("2025年流年乙巳与日柱没有冲刑害");
    // In 2026 the 丙午 year clashes the 子 day branch (子午冲).
    const in2026 = explain({ facts: chart, input: "I'm so stressed I can't sleep, is my chart the reason?", language: "en", script: "en", topics: [], constraints: [], summary: "", now: Date.parse("2026-06-15T10:00:00Z") }).join("\n\n");
    expect(in2026).toContain("A chart does not cause stress or sleeplessness");
    expect(in2026).toContain("this year's 丙午 pillar meets your day pillar in 子午冲");
    // Without the question of cause, a feeling alone does not bring it in.
    expect(say(chart, "最近压力好大，今年事业怎么样？")).not.toContain("命盘不会造成情绪");
  });

  test("BaZi: a short follow-up inherits the conversation's matter from the summary ('那明年呢？' after a career question)", () => {
    const after = (question: string, input: string) =>
      explain({ facts: chart, input, language: detectLanguage(input), script: detectScript(input), topics: [], constraints: [], summary: localRollingSummary(startSummary("chart"), question, "…"), now: NOW, followUp: true }).join("\n\n");
    // 甲 day master: 2026 丙午's stem is 食神, not an officer star; 2028 戊申's is 偏财, a wealth star.
    expect(after("我的事业怎么样？", "那明年呢？")).toContain("接着你刚才问的：这类事传统上看官杀（事业、职位与约束）。2026年流年丙午的天干是食神，不是所看之星");
    expect(after("我的财运怎么样？", "那2028年呢？")).toContain("2028年流年戊申的天干是偏财，正是所看之星");
    expect(after("How is my career?", "And next year?")).toContain("On what you asked before: such matters are read from the officer stars");
    // No earlier question, or a question with its own matter: nothing inherited.
    expect(say(chart, "那明年呢？")).not.toContain("接着你刚才问的");
    expect(after("我的事业怎么样？", "那明年的感情呢？")).not.toContain("接着你刚才问的");
  });

  test("BaZi: a luck pillar or a year gets a verdict against the favourable elements (water, wood for this chart), not only the method", () => {
    // 丁卯: 丁 fire (unfavourable), 卯 wood (favourable) → mixed; 2026 丙午: fire and fire → unfavourable.
    const zh = say(chart, "丁卯大运对我来说是好是坏？");
    expect(zh).toContain("你问的这步大运丁卯：天干火为忌，地支木为喜用，吉凶参半");
    // A luck pillar's question gets the decade; the years are for a question about them.
    expect(zh).not.toContain("流年");
    expect(say(chart, "明年运势怎么样？")).toContain("丙午：天干火为忌，地支火为忌，整体偏逆");
    expect(say(chart, "What about my luck pillars?")).toContain("The current luck pillar 丙寅: its stem is fire, unfavorable; its branch is wood, favorable, so it is mixed");
  });

  test("BaZi: a question about which month lists this year's months (流月) from 立春 with what each meets", () => {
    // 2025 (乙巳): 五虎遁 乙庚之岁戊为头 — the 寅 month is 戊寅; 卯 clashes the month pillar's 酉 and punishes the day's 子.
    const zh = say(chart, "今年几月份适合跳槽？");
    expect(zh).toContain("2025年的流月");
    expect(zh).toContain("正月戊寅（偏财；戊癸合火、寅申冲");
    expect(zh).toContain("二月己卯（正财；甲己合土、卯酉冲、子卯相刑）");
    expect(say(chart, "Which months are best this year?")).toContain("month 1 戊寅 (偏财 (indirect wealth); 戊癸合火 (combination towards fire), 寅申冲 (clash)");
  });

  test("BaZi: a question about the day master's strength gives the graded score and its three bases", () => {
    // 己丑 癸酉 甲子 壬申 (worked by hand in test/unit/bazi/chart.test.ts): 40.4, weak; 死 in 酉; no root; 癸 壬 stems.
    const zh = say(chart, "我是身强还是身弱？");
    expect(zh).toContain("日主强弱按分数评估为40.4分（满分100），属偏弱");
    expect(zh).toContain("得令：否，日主在月令为死；得地：否，地支无根；得势：是，月干癸、时干壬相助");
    expect(say(chart, "Is my day master strong or weak?")).toContain("Graded, the day master scores 40.4 of 100: weak (45–55 is balanced)");
    expect(say(chart, "我的事业怎么样？")).not.toContain("日主强弱按分数");
    const old = factSheet("bazi", "bzc_old", { ...json(computeChart(birth.birth)), five_elements: { ...json(computeChart(birth.birth)).five_elements, strength: undefined } });
    expect(say(old, "我是身强还是身弱？")).toContain("身弱"); // a chart stored before the graded strength still answers
  });

  test("LiuYao: the reading in brief, the useful god of the matter, moving lines, timing", () => {
    // An interview is 功名: 官鬼 on lines 2 and 6, the second void and controlled by the day.
    expect(say(cast, "结果如何？")).toContain("简要地看：用神官鬼在第2、6爻，无力且旬空");
    expect(say(cast, "用神是什么？")).toContain("本卦问功名（考试、面试能否录取、上岸）看官鬼，以官鬼为用神");
    expect(say(cast, "What do the moving lines mean?")).toContain("Their transforms: 3: 亥→辰 (水→土) 回头克");
    expect(say(cast, "什么时候有消息？")).toContain("应期");
  });

  test("LiuYao: a moving void line is not read as void (动不为空); 回头克 is not called unfavourable whatever the line stands for", () => {
    // 2025-06-24 is 甲子: 戌亥 void, and the moving third line is 亥.
    const voidMoving = factSheet("liuyao", "lyc_2", json(castReading({ question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], castAt: new Date("2025-06-24T12:00:00+08:00") })));
    const zh = say(voidMoving, "动爻是什么意思？");
    expect(zh).toContain("旬空而发动：动不为空");
    expect(zh).not.toMatch(/第3爻[^；。]*暂时落空/);
    expect(zh).toContain("忌神被克反而为吉");
    // 戌, void and still: void indeed; 亥, void but moving: not void in effect.
    const voids = say(voidMoving, "哪些爻旬空？");
    expect(voids).toContain("第3爻兄弟己亥（发动，不作空论）");
    expect(voids).toMatch(/第6爻官鬼庚戌(?!（)/);
    expect(say(voidMoving, "What do the moving lines mean?")).toContain("a moving line is not void in effect (动不为空)");
  });

  test("LiuYao: the cast's own useful god (from its question and whose matter it is) with 原神, 忌神, 仇神; another matter named gets the general rule", () => {
    // 天风姤: 丑父母 亥子孙 酉兄弟 午官鬼 申兄弟 戌父母; no 妻财 line (伏神 甲寅 under line 2).
    const mother = factSheet("liuyao", "lyc_3", json(castReading({ question: "我妈的病能好吗？", method: "manual_lines", lines: [8, 7, 7, 7, 7, 7], castAt: new Date(NOW) })));
    const zh = say(mother, "用神是哪一爻？");
    expect(zh).toContain("本卦所问是父母长辈之事，以父母为用神。第1爻父母");
    expect(zh).toContain("原神官鬼在第4爻（生用神），忌神妻财不上卦（克用神），仇神子孙在第2爻（克原神）");
    expect(say(mother, "What is the useful god?")).toContain("In this cast the matter belongs to a parent or elder, read from 父母.");
    expect(mother.lines).toContain("Useful god (用神): 父母 on line 1, 6 (whose matter: parent); 原神 官鬼 on line 4, 忌神 妻财 on no line, 仇神 子孙 on line 2");
    const wallet = factSheet("liuyao", "lyc_4", json(castReading({ question: "钱包丢了能找回来吗", method: "manual_lines", lines: [8, 7, 7, 7, 7, 7], castAt: new Date(NOW) })));
    expect(say(wallet, "能找到吗？")).toContain("用神妻财不上卦，伏于第2爻子孙亥之下（伏神甲寅）");
    expect(say(wallet, "用神是什么？")).toContain("卦中不见妻财，伏于第2爻子孙亥之下（伏神甲寅）");
    expect(say(mother, "那我的工作呢？")).toContain("传统上问工作、职位看官鬼");
  });

  test("LiuYao: a timing question names the useful god's 应期 — 雷火丰's 官鬼 丑 on line 2, still, waits for its clash 未", () => {
    const job = factSheet("liuyao", "lyc_5", json(castReading({ question: "这次换工作顺利吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], castAt: new Date("2026-03-10T09:30:00+08:00") })));
    expect(say(job, "什么时候有结果？")).toContain("本卦用神在第2爻官鬼己丑，静而逢冲：应在未日或未月，起卦当天（2026-03-10）就是未日");
    expect(say(job, "When will I hear back?")).toContain("a still line comes when the day clashes it: look to a 未 day or month");
  });

  test("thanks alone, as a follow-up, gets a word back and the short framing; with a question, or as a first turn, it does not", () => {
    const turn = (input: string, followUp = true) => explain({ facts: chart, input, language: detectLanguage(input), script: detectScript(input), topics: [], constraints: [], summary: "", now: NOW, followUp });
    expect(turn("谢谢！")).toEqual(["不客气。还想了解哪一部分，随时接着问。", "传统文化解读，非命运断言。"]);
    expect(turn("Thanks, that helps")).toEqual(["You're welcome. Ask on about any part whenever you like.", "A traditional reading, not a prediction."]);
    expect(turn("謝謝你，很有幫助！")).toEqual(["不客氣。還想了解哪一部分，隨時接著問。", "傳統文化解讀，非命運斷言。"]);
    for (const input of ["thank you so much", "ok thanks", "好的，谢谢", "Thanks. This helps."]) expect(turn(input)[0]).toMatch(/^(不客气|You're welcome)/);
    expect(turn("谢谢，那明年呢？")[0]).not.toMatch(/^不客气/);
    expect(turn("When will I marry? thanks")[0]).not.toMatch(/^You're welcome/);
    expect(turn("好，谢谢")[0]).toMatch(/^不客气/);
    expect(turn("  thanks  ")[0]).toMatch(/^You're welcome/);
    expect(turn("Thanks!", false)[0]).toStartWith("Your four pillars are");
  });

  test("a follow-up about something specific skips the overview it already had; one that asks nothing answerable is told what can be asked, not the overview again, unless it asks for the overview; a year named gets that year", () => {
    const turn = (input: string, followUp: boolean) => explain({ facts: chart, input, language: detectLanguage(input), script: detectScript(input), topics: [], constraints: [], summary: "", now: NOW, followUp }).join("\n\n");
    expect(turn("我的事业怎么样？", false)).toContain("你的八字四柱是");
    expect(turn("我的事业怎么样？", true)).not.toContain("你的八字四柱是");
    expect(turn("我的事业怎么样？", true)).toContain("官杀");
    const offer = turn("还有呢？", true);
    expect(offer).not.toContain("你的八字四柱是");
    expect(offer).toStartWith("这一问在命盘（己丑 癸酉 甲子 壬申）里没有对应的内容，上一次的概览就不重复了。可以接着问：生肖、纳音、命宫、格局、财库、某一年（如明年、2028年）或流月、一年要注意什么、是否犯太岁、当前和下一步大运");
    expect(offer).toContain("颜色方位、幸运数字、行业、神煞（如桃花、贵人）、四柱的刑冲合害，或某个十神（如七杀）是什么意思。");
    expect(turn("And?", true)).toStartWith("Nothing in the chart (己丑 癸酉 甲子 壬申) answers this, so the overview is not repeated. You can ask about your zodiac animal, 纳音 (nayin) or 命宫 (life palace), your structure (格局, chart structure) or wealth storehouse (财库), a year (next year, 2028), its months, what to watch out for in it or 太岁 (tai sui)");
    expect(turn("再总结一下？", true)).toContain("你的八字四柱是");
    expect(turn("Is 2027 a good year for that?", true)).toContain("2027 is a 丁未 year");
  });

  test("a follow-up that asks nothing answerable, of a cast or a Plan: what can be asked, naming it; a Plan's support notice stays, its cultural note does not", () => {
    const followUp = (facts: FactSheet, input: string) => explain({ facts, input, language: detectLanguage(input), script: detectScript(input), topics: [], constraints: [], summary: "", now: NOW, followUp: true }).join("\n\n");
    const castOffer = followUp(cast, "还有呢？");
    expect(castOffer).toStartWith("这一问在这一卦（雷火丰）里没有对应的内容，上一次的概览就不重复了。可以接着问：有没有希望、卦辞（《周易》原文）、用神与原神、忌神、动爻和它们的变化、变卦、日后会不会后悔、应期（什么时候）");
    expect(followUp(cast, "And?")).toStartWith("Nothing in the cast (雷火丰, Abundance) answers this, so the overview is not repeated. You can ask about your chances, the classic's text for the hexagram, the useful god and its helpers and foes");
    const practice = plan.data.protocol!;
    const planOffer = followUp(plan, "And?");
    expect(planOffer).toStartWith(`Nothing in the Plan ("${practice.title.en}", ${practice.id}) answers this, so the overview is not repeated. You can ask about why this practice, how to do it, how long`);
    expect(planOffer).toContain(plan.data.supportNotice!.en);
    expect(planOffer).not.toContain("Cultural background");
    // A Plan without a support notice keeps no note at all: the offer and the short framing.
    const calm = healingFacts("hpl_2", json(createPlanBody(planInput(), { bazi: null, assetUrlFor: () => null })));
    expect(calm.data.supportNotice).toBeFalsy();
    expect(followUp(calm, "And?").split("\n\n")).toHaveLength(2);
    expect(followUp(plan, "还有呢？")).toStartWith(`这一问在这个方案（「${practice.title["zh-Hans"]}」，${practice.id}）里没有对应的内容，上一次的概览就不重复了。可以接着问：为什么选这个练习、怎么做`);
    // Thanks keep the support notice too.
    expect(followUp(plan, "Thanks!").split("\n\n")).toEqual(["You're welcome. Ask on about any part whenever you like.", plan.data.supportNotice!.en, "Everyday practice, not medical care; stop if unwell."]);
    expect(followUp(calm, "Thanks!").split("\n\n")).toHaveLength(2);
  });

  test("a follow-up whose answer opens with what the reading cannot decide is not also told what it could ask (a cast: no notes at all)", () => {
    const turn = explain({ facts: cast, input: "那我还能活多久？", language: "zh", script: "zh-Hans", topics: ["lifespan"], constraints: [], summary: "", now: NOW, followUp: true });
    expect(turn).toEqual(["任何解读都不能判断一个人的寿命或离世的时间，这里也不会去推断；关于健康，请咨询医生。下面只是从传统文化角度的参考。", "卦象是传统参照，非定论。"]);
  });

  test("a follow-up whose answer opens with what the reading cannot decide is not also told what it could ask", () => {
    const turn = (input: string, constraints: ("pregnancy" | "injury")[]) => explain({ facts: plan, input, language: detectLanguage(input), script: detectScript(input), topics: [], constraints, summary: "", now: NOW, followUp: true });
    const pregnant = turn("我怀孕了，可以做吗？", ["pregnancy"]);
    expect(pregnant[0]).toStartWith("这个方案制定时可能并不知道你怀孕了。");
    expect(pregnant.join("\n")).not.toContain("没有对应的内容");
    // As a first question too, the line that says not to practise it is followed by no steps.
    const first = explain({ facts: plan, input: "我怀孕了，可以做吗？", language: "zh", script: "zh-Hans", topics: [], constraints: ["pregnancy"], summary: "", now: NOW });
    expect(first[0]).toStartWith("这个方案制定时可能并不知道你怀孕了。");
    expect(first.join("\n")).not.toContain("步");
    expect(explain({ facts: plan, input: "可以做吗？", language: "zh", script: "zh-Hans", topics: [], constraints: [], summary: "", now: NOW }).join("\n")).toContain("步");
    // The support notice stays, then the short framing.
    expect(pregnant.slice(1)).toEqual([plan.data.supportNotice!["zh-Hans"], "日常练习，不是医疗；不适请停止。"]);
  });

  test("Healing: steps, cautions, why, and the Plan's support notice", () => {
    expect(say(plan, "How do I do it?")).toMatch(/The practice has \d+ steps/);
    expect(say(plan, "练习时要注意什么安全问题？")).toContain("练习时请注意");
    expect(say(plan, "Why this practice?")).toContain("scored highest");
    expect(say(plan, "hello")).toContain(plan.data.supportNotice!.en);
  });

  test("Healing: the form in Chinese words, no English enum values in a Chinese answer", () => {
    const zh = say(plan, "为什么选这个练习？");
    expect(zh).toMatch(/形式：(坐姿|站姿|坐站皆可)，(无需动作|少量动作|轻柔动作|适度动作)，(睁眼|闭眼|睁闭皆可)，强度(温和|适中)/);
    expect(zh).not.toMatch(/seated|standing|either|none|minimal|gentle|moderate|optional/);
  });

  test("Traditional Chinese in, Traditional out: Taiwan forms, or Hong Kong forms for Cantonese; Simplified stays Simplified", () => {
    const tw = say(chart, "我的事業怎麼樣？");
    expect(tw).toContain("你的八字四柱是：年柱己丑");
    expect(tw).toContain("日主（代表你自己）是甲，屬陽木");
    expect(tw).not.toContain("属阳木");
    // 點樣 ("how") is Cantonese: Hong Kong forms (裏), where Taiwan writes 裡.
    const hk = say(chart, "我份工點樣？");
    expect(hk).toContain("屬陽木");
    expect(say(chart, "我的八字點樣？")).toContain("八個字裏");
    expect(say(chart, "我的八字怎麼樣？")).toContain("八個字裡");
    expect(say(chart, "我的事业怎么样？")).toContain("属阳木");
    expect(say(cast, "結果如何？")).toContain("簡要地看：用神官鬼在第2、6爻");
    // The practitioners' forms: 藏干 (not OpenCC's 藏幹), 沖 for a branch clash (not 衝).
    const hidden = say(chart, "我的事業怎麼樣？");
    expect(hidden).toContain("藏干");
    expect(hidden).not.toContain("藏幹");
    const year = say(chart, "明年運勢如何？");
    expect(year).toContain("子午沖");
    expect(year).not.toContain("衝");
    // The branch 丑 outside a pillar stays 丑 (OpenCC writes 醜, "ugly").
    const months = say(chart, "今年哪幾個月比較好？");
    expect(months).toContain("丑未沖");
    expect(months).toContain("辰丑破");
    expect(months).not.toContain("醜");
    // 疗愈 is 療癒, as 治愈 is 治癒.
    const healing = say(plan, "這個練習要怎麼開始？");
    expect(healing).toContain("療癒方案");
    expect(healing).not.toContain("療愈");
  });

  test("a cast's own terms are explained of a cast; of a chart, 兄弟 is the siblings", () => {
    expect(say(cast, "官鬼是什么意思？")).toContain("官鬼：六亲之一，克卦宫者");
    expect(say(cast, "What does 回头克 mean?")).toContain("回头克 (controlled back): the line a moving line changes into controls it in return");
    expect(say(chart, "兄弟是什么意思？")).not.toContain("六亲之一");
    expect(say(chart, "兄弟是什么意思？")).toContain("比劫");
  });

  test("asked to recompute, it says the facts are fixed", () => {
    expect(say(chart, "Please recalculate my chart with another hour")).toContain("is fixed");
    expect(say(cast, "能不能重新起卦？")).toContain("不能重新计算或修改");
    expect(say(plan, "Can you change the protocol to something longer?")).toContain("create a new Plan");
  });

  test("asked whether it is accurate, a chart or a cast says how it was made and that no test of accuracy exists; a Plan is not asked so", () => {
    const made = (facts: FactSheet, input: string) => say(facts, input).split("\n\n");
    const chartAnswer = made(chart, "这个准吗？");
    expect(chartAnswer[1]).toBe("命盘是按固定的规则，从出生的日期、时间和地点排出来的：同样的出生信息，排出的四柱和读法总是一样；出生时间不准，时柱就可能不同。至于准不准，没有科学上可以验证的依据：它是传统文化的参照，不是预测，也不替你做决定。");
    // The answer, in place of the overview.
    expect(chartAnswer).toHaveLength(3);
    expect(made(cast, "这卦准不准")[1]).toStartWith("这一卦是按固定的规则，从起卦得到的六爻和起卦的时间推出来的");
    expect(made(cast, "Is this accurate?")[1]).toStartWith("This cast is worked out by fixed rules from the six lines it was given and the time it was made");
    expect(made(chart, "ok, but is it accurate?")[1]).toStartWith("The chart is worked out by fixed rules from the date, time and place of birth: the same birth data always gives the same pillars and the same reading, and a wrong birth time can change the hour pillar. Whether it is accurate");
    for (const ask of ["灵不灵", "算命的结果可信吗", "这可信吗", "can I trust this?", "how accurate is it", "Is this reading accurate?", "is my chart reliable?", "is that true?"]) expect({ ask, said: say(chart, ask).includes("没有科学上可以验证的依据") || say(chart, ask).includes("no scientific basis") }).toEqual({ ask, said: true });
    // Of a person, or of a Plan, it is another question.
    expect(say(cast, "他可信吗？")).not.toContain("没有科学上可以验证的依据");
    expect(say(plan, "Is this accurate?")).not.toContain("no scientific basis");
    // Asked beside something else, both are answered.
    expect(say(chart, "准不准？我的事业怎么样？")).toContain("官杀");
  });

  test("keeps a bounded rolling summary over 50 turns", async () => {
    const it = new LocalInterpreter();
    let summary = startSummary(cast.headline);
    for (let n = 1; n <= 50; n++) {
      summary = (await it.interpret({ facts: cast, input: `第${n}次：结果如何？`, language: "zh", script: "zh-Hans", topics: [], constraints: [], summary, now: NOW })).summary;
      expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    }
    expect(summary).toStartWith("Subject: 这次面试能通过吗？");
    expect(summary).toContain("第50次");
  });
});
