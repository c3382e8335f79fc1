/** Whether to let a matter go: its useful god's strength counsels against the act, not for it. */
import { describe, expect, test } from "bun:test";
import { explainLiuyao } from "../../../src/responses/local/liuyao.ts";
import { liuyaoFacts, type LiuyaoFacts } from "../../../src/responses/facts/index.ts";
import { castReading } from "../../../src/liuyao/index.ts";
import { detectLanguage } from "../../../src/text/language.ts";
import { json } from "../../helpers/stored-json.ts";

const cast = (question: string, day: string, lines = [7, 8, 9, 7, 6, 8]): LiuyaoFacts =>
  liuyaoFacts("lyc_t", json(castReading({ question, method: "manual_lines", lines, castAt: new Date(`${day}T18:00:00+08:00`) }))).data;
const first = (f: LiuyaoFacts, input: string) => explainLiuyao(f, input, detectLanguage(input)).focus[0]!;

// 雷火丰; a job's useful god is 官鬼 己丑 on line 2: on 2025-10-08 (戌 month, earth 旺; the day's earth 比) strong, on
// 2025-03-10 (卯 month: 死; the day controls it) weak.
const strong = cast("这次面试能通过吗？", "2025-10-08");
const weak = cast("这次面试能通过吗？", "2025-03-10");

describe("letting go", () => {
  test("a strong useful god: hold on; a weak one: stepping back is reasonable; the counsel is not said again the other way round", () => {
    expect(first(strong, "要不要放弃")).toBe("要不要放手？按这一卦，用神有力，传统上偏向先别放手：这件事还有可为。本卦用神在第2爻官鬼己丑；在月令为旺，日辰对它为比。用神有力；原神妻财在第4爻。这是传统的趋避之道，具体怎么做仍由你根据实际情况决定。");
    expect(first(weak, "该不该辞职")).toBe("要不要放手？按这一卦，用神无力，传统上不主张勉强：退一步、另作打算也在情理之中。本卦用神在第2爻官鬼己丑；在月令为死，日辰对它为克。用神无力；原神妻财在第4爻。这是传统的趋避之道，具体怎么做仍由你根据实际情况决定。");
    expect(first(strong, "Should I give up?")).toStartWith("Whether to let it go: by this cast the useful god is strong, so tradition leans towards holding on: the matter still has life in it. This cast's useful god is line 2, 官鬼 己丑; 旺 (prosperous) in the month, matched by the day (比). So the useful god is strong; its source");
    expect(first(weak, "should I just walk away?")).toStartWith("Whether to let it go: by this cast the useful god is weak, so tradition does not counsel forcing it: stepping back and making other plans is reasonable. This cast's useful god is line 2, 官鬼 己丑; 死 (dead) in the month, controlled by the day (克). So the useful god is weak; its source");
    for (const ask of ["该不该离职", "我应该止损吗", "should I quit?", "should I resign?", "should I let it go", "should I cut my losses?", "should I cut losses?", "should I cut my loss?", "should I back out?", "should I move on?"]) expect({ ask, lead: first(weak, ask).startsWith(ask.startsWith("s") ? "Whether to let it go" : "要不要放手？") }).toEqual({ ask, lead: true });
    // Letting go named without a yes-or-no question: the counsel as it was.
    expect(first(weak, "我想放弃了，怎么办")).toContain("用神无力，传统上主张守而待时");
  });

  test("a relationship's own parting, of a relationship cast", () => {
    const love = cast("我和男朋友能长久吗", "2025-03-10");
    expect(first(love, "要不要分手")).toStartWith("要不要放手？");
    expect(first(love, "should we break up?")).toStartWith("Whether to let it go");
  });

  test("pressing on is still counselled as before", () => {
    expect(first(strong, "要不要再争取一下")).toStartWith("要不要这样做？按这一卦，传统上偏向可以去做，但要准备充分。");
    expect(first(weak, "要不要再争取一下")).toStartWith("要不要这样做？按这一卦，传统上偏向先等一等，或先迈一小步。");
    expect(first(weak, "要不要再争取一下")).toContain("用神无力，传统上主张守而待时");
  });

  test("giving up on an illness or its treatment is a medical decision: no lean", () => {
    const illness = cast("我妈的病能好吗", "2025-10-08", [8, 7, 7, 7, 7, 7]);
    expect(first(illness, "要不要放弃")).toStartWith("本卦用神在第1爻父母辛丑");
    expect(first(illness, "要不要放弃")).toContain("卦象不替你做医疗决定");
    expect(first(illness, "要不要放弃治疗")).toContain("卦象不替你做医疗决定");
    for (const ask of ["should we give up on the treatment?", "should we give up the treatment?"]) expect(first(cast("Will my mother recover?", "2025-10-08", [8, 7, 7, 7, 7, 7]), ask)).toContain("a hexagram makes no medical decision");
  });
});

describe("what to do, in everyday words", () => {
  test("'我该做些什么', 'how can I help him?' get the counsel", () => {
    const surgery = cast("我爸下周的心脏手术顺利吗", "2026-11-29", [7, 8, 8, 9, 7, 8]);
    for (const ask of ["我该做些什么帮他", "我能为他做点什么", "可以做什么", "怎么帮他", "能帮到他什么", "how can I help him?", "how could we help?"]) expect({ ask, counsel: first(surgery, ask).startsWith(/[a-z]/i.test(ask) ? "This cast's useful god is line 1, 父母 庚子" : "本卦用神在第1爻父母庚子") }).toEqual({ ask, counsel: true });
    expect(first(surgery, "我该做些什么帮他")).toContain("传统上说恢复得顺：照医嘱调养即可");
  });
});

describe("the rule the cast's useful god was chosen by", () => {
  test("an exam or an interview that decides a place is rank (功名), read from 官鬼; a job alone is career", () => {
    const rule = (question: string, lang: "zh" | "en" = "zh") => explainLiuyao(cast(question, "2026-11-29", [8, 8, 7, 6, 7, 9]), lang === "zh" ? "用神是什么" : "what is the useful god?", lang).focus[0]!;
    expect(rule("今年考研能上岸吗")).toStartWith("本卦问功名（考试、面试能否录取、上岸）看官鬼，以官鬼为用神。");
    expect(rule("Will I pass the interview?", "en")).toStartWith("In this cast passing an exam or an interview and being taken on (功名) are read from 官鬼 (officer); the useful god is 官鬼.");
    expect(rule("我能升职吗")).toStartWith("本卦问工作、职位看官鬼，以官鬼为用神。");
    expect(rule("我的论文能通过答辩吗")).toStartWith("本卦问考试、学业看父母（文书），以父母为用神。");
  });
});

describe("will it work, asked plainly", () => {
  test("'能过吗', 'will I pass?' get the cast's leaning", () => {
    const exam = cast("今年考研能上岸吗", "2026-11-29", [8, 8, 7, 6, 7, 9]);
    for (const ask of ["能过吗", "能不能过？", "能不能成功", "复试能通过吗", "会成功吗", "过得了吗", "过不过得", "能过关吗"]) expect({ ask, first: first(exam, ask) }).toEqual({ ask, first: "按这一卦：用神官鬼有力，世应之间对你有利——传统上看机会不小。这是传统的倾向，不是定论；应期可以接着问。" });
    for (const ask of ["Will I pass?", "can I make it?", "could we get through?", "will I succeed", "am I going to pass?", "would I get in?"]) expect({ ask, first: first(exam, ask).slice(0, 28) }).toEqual({ ask, first: "By this cast: the useful god" });
    // A pass named with its own matter word is that matter's useful god.
    expect(first(exam, "分数能过线吗")).toStartWith("本卦问功名");
  });
});
