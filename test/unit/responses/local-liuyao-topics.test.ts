import { describe, expect, test } from "bun:test";
import { askedTopics, overviewParagraph } from "../../../src/responses/local/liuyao-topics.ts";
import { BRANCH_DIRECTION } from "../../../src/responses/data/branch-directions.ts";
import { explainLiuyao } from "../../../src/responses/local/liuyao.ts";
import { liuyaoFacts, type LineFacts, type LiuyaoFacts } from "../../../src/responses/facts/index.ts";
import { castReading, type LineStrength } from "../../../src/liuyao/index.ts";
import type { ReplyLanguage } from "../../../src/text/language.ts";
import { json } from "../../helpers/stored-json.ts";

const cast = (question: string, lines: number[], at = "2025-06-15T18:00:00+08:00"): LiuyaoFacts =>
  liuyaoFacts("lyc_t", json(castReading({ question, method: "manual_lines", lines, castAt: new Date(at) }))).data;

// 雷火丰 (坎宫五世) on a 乙卯 day (void 子丑) in a 壬午 month. Lines bottom to top: 子孙己卯木 青龙, 官鬼己丑土 朱雀
// (应, void), 兄弟己亥水 勾陈 (moving), 妻财庚午火 螣蛇, 父母庚申金 白虎 (世, moving), 官鬼庚戌土 玄武; it turns into 泽雷随.
// A job's useful god is 官鬼 (lines 2 and 6), its source 妻财 (line 4), its adversary 子孙 (line 1).
const interview = cast("这次面试能通过吗？", [7, 8, 9, 7, 6, 8]);
const still = cast("这次换工作顺利吗？", [7, 8, 7, 7, 8, 8]);
// 天风姤 (乾宫一世): the palace's 妻财 甲寅 is not on the lines and hides under line 2 (子孙 辛亥). A parent's useful god is
// 父母 (lines 1 and 6); a lost wallet's is 妻财, so it is the hidden one.
const mother = cast("我妈的病能好吗？", [8, 7, 7, 7, 7, 7]);
const wallet = cast("钱包丢了能找回来吗", [8, 7, 7, 7, 7, 7]);

const CALM: LineStrength = { month: "休", day: "比", day_branch: null, day_break: false, hidden_moving: false, effective_void: false, tomb: null };
type LinePatch = Omit<Partial<LineFacts>, "strength"> & { strength?: Partial<LineStrength> | null };

/** The cast with some lines changed; `strength: null` drops the stored 旺衰, as on casts stored before it existed. */
function edit(f: LiuyaoFacts, lines: Record<number, LinePatch>, more: Partial<LiuyaoFacts> = {}): LiuyaoFacts {
  return {
    ...f,
    ...more,
    lines: f.lines.map(({ strength: own, ...line }) => {
      const { strength, ...patch } = lines[line.position] ?? {};
      const s = strength === null ? undefined : own || strength ? ({ ...own, ...strength } as LineStrength) : undefined;
      return { ...line, ...patch, ...(s ? { strength: s } : {}) };
    }),
  };
}
const ug = (f: LiuyaoFacts, patch: object) => ({ usefulGod: { ...f.usefulGod!, ...patch } });
const ask = (f: LiuyaoFacts, input: string, lang: ReplyLanguage) => askedTopics(f, input, lang).join("\n");
const zhEn = (f: LiuyaoFacts, zh: string, en: string) => ({ zh: ask(f, zh, "zh"), en: ask(f, en, "en") });

const KINDS: [string, RegExp][] = [
  ["world", /^(世爻代表你自己|The world line is you)/],
  ["other", /^(对方由应爻代表|The other side is the response line)/],
  ["void", /^(\S\S日的旬空是|The void branches)/],
  ["spirits", /^(六神从初爻起|The six spirits are laid)/],
  ["changed", /^(本卦\S{3,4}(经第|没有动爻)|\S+ turns, through|No line of \S+ moves)/],
  ["related", /^(互卦|The nuclear hexagram)/],
  ["hidden", /^(伏神是|本卦六亲俱全|Hidden spirits are|All five relatives)/],
  ["line", /^(第\d爻是|Line \d is)/],
  ["rival", /^(竞争者、对手传统上看兄弟爻|Rivals and competitors are traditionally read from 兄弟)/],
  ["pay", /^(薪水、待遇与收入传统上看妻财爻|Pay and income are traditionally read from 妻财)/],
  ["paperwork", /^(合同、文书与通知|Contracts, documents and notices)/],
  ["money", /^(押金、租金、价钱、赔偿这类钱款|Money such as a deposit, the rent, the price or damages)/],
  ["chance", /^(按这一卦：|By this cast:)/],
  ["doctor", /^(医生、医院与药传统上看子孙爻|The doctor, the hospital and the medicine)/],
  ["advice", /^(本卦用神在|这一卦没有可依的用神爻|要不要这样做？|This cast's useful god is|This cast has no useful-god|Whether to go ahead:)/],
];
const kinds = (input: string, lang: ReplyLanguage) => askedTopics(interview, input, lang).map((p) => KINDS.find(([, re]) => re.test(p))?.[0] ?? p);

describe("askedTopics: the kinds a question names, in a fixed order", () => {
  test.each([
    ["世爻旺不旺？", "zh", ["world"]], ["面试官怎么看我？", "zh", ["other"]], ["世应关系如何？", "zh", ["world", "other"]],
    ["有没有空亡？", "zh", ["void"]], ["六神怎么看？", "zh", ["spirits"]], ["变卦是什么？", "zh", ["changed"]],
    ["互卦和错卦呢？", "zh", ["related"]], ["伏神在哪？", "zh", ["hidden"]], ["第三爻怎么样？", "zh", ["line"]],
    ["我该怎么办？", "zh", ["advice"]], ["六爻准不准？", "zh", []], // 六爻 names the practice, not a line
    ["How strong is my world line?", "en", ["world"]], ["What does the interviewer think?", "en", ["other"]],
    ["Is anything void here?", "en", ["void"]], ["Which spirit sits on it?", "en", ["spirits"]], ["Is this spiritual?", "en", []],
    ["What does it turn into?", "en", ["changed"]], ["What about the nuclear hexagram?", "en", ["related"]],
    ["Is there a hidden spirit?", "en", ["hidden"]], ["Explain the hidden spirits and the six spirits", "en", ["spirits", "hidden"]], ["What about line 3?", "en", ["line"]],
    ["Tell me about line 12.", "en", []], ["What does the third line say?", "en", ["line"]],
    ["So what should I do?", "en", ["advice"]], ["what can we do?", "en", ["advice"]], ["How should we handle it?", "en", ["advice"]], ["How do I avoid trouble?", "en", ["advice"]], // "avoid" is not "void"
    ["So what should I do about the void, my world line and line 4?", "en", ["world", "void", "line", "advice"]],
    // A yes-or-no question about a step inside the matter is asked for the same counsel.
    ["要不要谈薪水？", "zh", ["advice", "pay"]], ["該不該接受這個offer？", "zh", ["advice"]], ["要唔要簽約？", "zh", ["advice", "paperwork"]],
    ["Should I negotiate salary?", "en", ["advice", "pay"]], ["Is it wise to push for an answer?", "en", ["advice"]], ["When should I follow up?", "en", []],
    ["另一個應徵者呢？", "zh", ["rival"]], ["对手强不强？", "zh", ["rival"]], ["What about the other candidate?", "en", ["rival"]], ["Is the competition tough?", "en", ["rival"]],
  ] as const)("%p (%s) → %p", (input, lang, expected) => {
    expect(kinds(input, lang)).toEqual([...expected]);
  });
});

// Generation 木→火→土→金→水→木; control 木克土, 土克水, 水克火, 火克金, 金克木. Rows: world element, response element.
const MEETS: Record<string, { pairs: string[]; zh: string; en: string }> = {
  应生世: { pairs: ["火木", "土火", "金土", "水金", "木水"], zh: "应生世：传统上说对方对你有利", en: "the response generates the world (应生世): traditionally the other side favours you" },
  应克世: { pairs: ["土木", "金火", "水土", "木金", "火水"], zh: "应克世：传统上说对方有所保留或施加压力", en: "the response controls the world (应克世): traditionally the other side holds back" },
  世生应: { pairs: ["木火", "火土", "土金", "金水", "水木"], zh: "世生应：传统上说你付出较多、主动去求对方", en: "the world generates the response (世生应): traditionally you give more" },
  世克应: { pairs: ["木土", "火金", "土水", "金木", "水火"], zh: "世克应：传统上说你占主动", en: "the world controls the response (世克应): traditionally you have the upper hand" },
  比和: { pairs: ["木木", "火火", "土土", "金金", "水水"], zh: "世应比和：传统上说双方对等、容易谈得拢", en: "world and response share an element (比和): traditionally the two sides meet as equals" },
};
const MEET_ROWS = Object.entries(MEETS).flatMap(([name, m]) => m.pairs.map((p) => [p[0]!, p[1]!, name] as const));

describe("how the response line (the other side) meets the world line (you)", () => {
  test.each(MEET_ROWS)("world %s, response %s: %s", (w, r, name) => {
    const f = edit(interview, { 5: { element: w }, 2: { element: r } });
    const { zh, en } = zhEn(f, "世应关系如何？", "How do my world line and the response line meet?");
    expect(zh).toContain(`与应爻的关系：${MEETS[name]!.zh}`);
    expect(zh).toContain(`。${MEETS[name]!.zh}`); // the response line's paragraph says it too
    expect(en).toContain(`With the response line: ${MEETS[name]!.en}`);
    expect(en).toContain(`Here ${MEETS[name]!.en}`);
    expect(overviewParagraph(f, "zh")).toContain(`世应之间，${MEETS[name]!.zh}`);
    expect(overviewParagraph(f, "en")).toContain(`between the two sides, ${MEETS[name]!.en}`);
  });
});

describe("the world line and the response line", () => {
  test("the world line is you: its line, relative, stem-branch, element, spirit, 旺衰 and state", () => {
    // 申 metal: the 午 month's fire controls it (死); it controls the 卯 day's wood (耗). It moves.
    const { zh, en } = zhEn(interview, "世爻旺不旺？", "How strong is my world line?");
    // Dead in the month and spent on the day: weak, and the answer says so of this line.
    expect(zh).toContain("世爻代表你自己：第5爻父母庚申金，临白虎；在月令为死，日辰对它为耗；发动，主动求变。按月令与日辰合看，世爻无力：传统上宜借助外力，稳中求进。与应爻的关系：");
    expect(en).toContain("The world line is you: line 5, 父母 庚申 金, carrying 白虎; 死 (dead) in the month, spent on the day (耗); moving: it acts and changes. Weighing the month and the day, the world line is weak: traditionally, lean on help and go steadily. With the response line:");
  });

  test("a world line fed by the day is strong; on a cast stored before 旺衰, the rule alone is said", () => {
    const fed = edit(interview, { 5: { strength: { day: "生" } } });
    expect(ask(fed, "世爻旺不旺？", "zh")).toContain("日辰对它为生；发动，主动求变。按月令与日辰合看，世爻有力：传统上说你有底气、能掌握局面。");
    expect(ask(fed, "How strong is my world line?", "en")).toContain("Weighing the month and the day, the world line is strong: traditionally you can hold the situation.");
    const old = edit(interview, { 5: { strength: null } });
    expect(ask(old, "世爻旺不旺？", "zh")).toContain("发动，主动求变。世爻旺相，传统上说你有底气、能掌握局面；休囚空破，则宜借助外力。");
    expect(ask(old, "How strong is my world line?", "en")).toContain("A strong world line traditionally means you can hold the situation; a weak, void or broken one that you should lean on help.");
  });

  test("the response line is the other side; void and still, their stance is not yet settled", () => {
    // 丑 earth: generated by the 午 month's fire (相), controlled by the 卯 day (克), void in effect (真空).
    const { zh, en } = zhEn(interview, "应爻怎么样？", "What about the response line?");
    expect(zh).toContain("对方由应爻代表：第2爻官鬼己丑土，临朱雀；在月令为相，日辰对它为克，真空。");
    expect(zh).toContain("应爻旬空，传统上说对方的态度一时还不明朗。");
    expect(en).toContain("The other side is the response line: line 2, 官鬼 己丑 土, carrying 朱雀; 相 (rising) in the month, controlled by the day (克), void in effect.");
    expect(en).toContain(" A void response line traditionally means their stance is not yet settled.");
  });

  test.each([
    ["moving", { void: true, moving: true }],
    ["not void", { void: false }],
  ])("a response line %s says nothing of an unsettled stance", (_, patch) => {
    const { zh, en } = zhEn(edit(interview, { 2: patch }), "应爻怎么样？", "What about the response line?");
    // The paragraph ends with how the two sides meet (土 generates 金: 应生世).
    expect(zh).toEndWith("。应生世：传统上说对方对你有利、愿意成全。");
    expect(en).toEndWith("Here the response generates the world (应生世): traditionally the other side favours you.");
  });

  const STATE = { moving: ["发动，主动求变", "moving: it acts and changes"], void: ["旬空，暂时落空", "void: not yet in place"], broken: ["月破，力量受损", "broken by the month"] } as const;
  const ROLES = [[5, "白虎", "世爻旺不旺？", "How strong is my world line?"], [2, "朱雀", "应爻怎么样？", "What about the response line?"]] as const;
  // On a cast without stored 旺衰: a void line is void in effect unless it moves (动不为空) or the day clashes it (冲空则实).
  test.each([
    ["a still line", {}, [], ["临{s}。", "carrying {s}."]],
    ["a moving line", { moving: true }, ["moving"], ["临{s}；发动，主动求变。", "carrying {s}; moving: it acts and changes."]],
    ["a void line", { void: true }, ["void"], ["临{s}；旬空，暂时落空。", "carrying {s}; void: not yet in place."]],
    ["a void line that moves", { void: true, moving: true }, ["moving"], []],
    ["a void line the day clashes", { void: true, dayClash: true }, [], []],
    ["a moving line broken by the month", { moving: true, monthBreak: true }, ["moving", "broken"], ["；发动，主动求变，月破，力量受损。", "; moving: it acts and changes and broken by the month."]],
  ] as const)("%s: its state phrases", (_, patch, shown, exact) => {
    for (const [n, spirit, zhAsk, enAsk] of ROLES) {
      const base = { moving: false, void: false, dayClash: false, monthBreak: false, strength: null };
      const text = zhEn(edit(interview, { [n]: { ...base, ...patch } }), zhAsk, enAsk);
      for (const [key, [zh, en]] of Object.entries(STATE)) {
        expect(text.zh.includes(zh)).toBe((shown as readonly string[]).includes(key));
        expect(text.en.includes(en)).toBe((shown as readonly string[]).includes(key));
      }
      if (exact.length) expect([text.zh, text.en].map((t, i) => t.includes(exact[i]!.replace("{s}", spirit)))).toEqual([true, true]);
    }
  });

  test("with a stored 旺衰, whether the void holds is read from it, not guessed", () => {
    // Line 2 is void and still, and its stored strength already says void in effect (真空).
    const { zh, en } = zhEn(interview, "应爻怎么样？", "What about the response line?");
    expect(zh).not.toContain("旬空，暂时落空");
    expect(en).not.toContain("void: not yet in place");
  });
});

describe("the void (旬空)", () => {
  const READING = ["旬空的爻传统上说暂时落空、时机未到，出空（到该地支之日）或逢冲时才见分晓；发动的爻和逢日冲的爻不作空论。", "it shows itself when its branch's day comes or a clash fills it; a moving line, or one the day clashes, is not void in effect."];
  test.each([
    // 乙卯 is in the 甲寅 decade: 子丑 are void, and only line 2 (丑) falls on them.
    ["2025-06-15T18:00:00+08:00", "乙卯日的旬空是子、丑。卦中落空的爻：第2爻官鬼己丑。", "The void branches of the 乙卯 day are 子 and 丑. Void lines in this cast: line 2, 官鬼 己丑."],
    // 甲子 decade: 戌亥 are void; line 3 (亥) moves, so it is not void in effect.
    ["2025-06-24T12:00:00+08:00", "甲子日的旬空是戌、亥。卦中落空的爻：第3爻兄弟己亥（发动，不作空论）；第6爻官鬼庚戌。", "The void branches of the 甲子 day are 戌 and 亥. Void lines in this cast: line 3, 兄弟 己亥 (moving, so not void in effect); line 6, 官鬼 庚戌."],
    // A 戊辰 day: 辰 clashes the void 戌, which makes it real (冲空则实).
    ["2025-06-28T12:00:00+08:00", "第6爻官鬼庚戌（逢日冲，冲空则实）。", "line 6, 官鬼 庚戌 (clashed by the day, so real)."],
    // 丁酉 is in the 甲午 decade: 辰巳 are void, and no line of this hexagram has either branch.
    ["2025-05-28T12:00:00+08:00", "丁酉日的旬空是辰、巳。卦中没有爻落在这两个地支上。", "The void branches of the 丁酉 day are 辰 and 巳. No line of this cast falls on them."],
  ])("cast at %s", (at, zh, en) => {
    const text = zhEn(cast("这次面试能通过吗？", [7, 8, 9, 7, 6, 8], at), "有没有空亡？", "Is anything void here?");
    expect(text.zh).toContain(zh + READING[0]);
    expect(text.en).toContain(`${en} Traditionally a void line is not yet in place: ${READING[1]}`);
  });
});

describe("the six spirits (六神)", () => {
  // 甲乙 days lay 青龙 on the first line. The lines read are the world line, the useful god and the moving lines, in order.
  test("reads the spirit of each key line by its role", () => {
    const { zh, en } = zhEn(interview, "六神怎么看？", "What do the spirits say?");
    expect(zh).toContain("六神从初爻起依日干排列（乙日起青龙），看的是事情的情态而非吉凶本身。");
    expect(zh).toContain("第2爻（用神）临朱雀，主言语、文书与消息；第3爻（动爻）临勾陈，主迟滞、牵连与田土；第5爻（世爻、动爻）临白虎，主急躁、凶险与伤病；第6爻（用神）临玄武，主暗昧、隐情与失物。");
    expect(en).toContain("The six spirits are laid from the first line by the day stem (a 乙 day starts with 青龙); they colour how a matter unfolds");
    expect(en).toContain("line 2 (useful god) carries 朱雀: words, papers and news; line 3 (moving) carries 勾陈: delay, entanglement and land; line 5 (world line and moving) carries 白虎: force, haste and injury; line 6 (useful god) carries 玄武: what is hidden, secrets and losses.");
  });

  test.each([
    ["青龙 on a world line that is the useful god", mother, "第1爻（世爻、用神）临青龙，主喜庆、顺利；", "line 1 (world line and useful god) carries 青龙: joy and ease;"],
    ["螣蛇 on a moving line", edit(interview, { 4: { moving: true } }, { movingLines: [3, 4, 5] }), "第4爻（动爻）临螣蛇，主虚惊、反复与纠缠；", "line 4 (moving) carries 螣蛇: false alarms, wavering and tangles;"],
  ])("%s", (_, f, zh, en) => {
    expect(ask(f, "六神怎么看？", "zh")).toContain(zh);
    expect(ask(f, "What do the spirits say?", "en")).toContain(en);
  });

  test("without a useful god, only the world and the moving lines are read", () => {
    const { zh, en } = zhEn(edit(interview, {}, { usefulGod: null }), "六神怎么看？", "What do the spirits say?");
    expect(zh).toContain("乙日起青龙），看的是事情的情态而非吉凶本身。第3爻（动爻）临勾陈，主迟滞、牵连与田土；第5爻（世爻、动爻）临白虎，主急躁、凶险与伤病。");
    expect(en).toContain("rather than deciding it. line 3 (moving) carries 勾陈: delay, entanglement and land; line 5 (world line and moving) carries 白虎: force, haste and injury.");
  });
});

describe("changed, related and hidden hexagrams", () => {
  test("the changed hexagram: which lines move, what it becomes, and each moving line's new line", () => {
    // Lines 3 and 5 of 雷火丰 flip: 震 below, 兑 above, 泽雷随 (17). 亥 water turns into 辰 earth, which controls it (回头克).
    const { zh, en } = zhEn(interview, "变卦是什么？", "What does it turn into?");
    expect(zh).toContain("本卦雷火丰经第3、5爻发动，变为泽雷随（第17卦）。本卦看现状，变卦看走向");
    // Each moving line with what it becomes and its 六亲 counted from the primary palace (坎, water).
    expect(zh).toContain("是助是损：第3爻兄弟己亥化官鬼庚辰（回头克）；第5爻父母庚申化父母丁酉（化进神 比和）。");
    expect(en).toContain("雷火丰 turns, through its moving line(s) 3 and 5, into 泽雷随 (hexagram 17). The primary hexagram shows where the matter stands");
    expect(en).toContain("helps or hurts it: line 3, 兄弟 己亥, becomes 官鬼 庚辰 (回头克); line 5, 父母 庚申, becomes 父母 丁酉 (化进神 比和).");
    // Neither hexagram clashes or combines throughout: no 六冲/六合 sentence.
    expect(zh).not.toContain("六冲");
    expect(en).not.toContain("六合");
  });

  test("a cast stored before the changed lines were read says each transform instead", () => {
    const old = { ...interview, changed: { ...interview.changed!, lines: undefined as never } };
    expect(ask(old, "变卦是什么？", "zh")).toContain("是助是损：3: 亥→辰 (水→土) 回头克；5: 申→酉 (金→金) 化进神 比和。");
  });

  // 乾为天 is 六冲 and 天地否 六合; 天风姤 and 天山遁 are neither.
  test.each([
    ["六冲 into neither", { primary: { liuchong: true, liuhe: false }, changed: { liuchong: false, liuhe: false } }, "本卦六冲，传统上主事情易散、多变动，近事则来得快", "a 六冲 hexagram (its inner and outer branches clash): traditionally a matter that scatters or changes fast"],
    ["六合 into neither", { primary: { liuchong: false, liuhe: true }, changed: { liuchong: false, liuhe: false } }, "本卦六合，传统上主事情聚合、易成", "a 六合 hexagram (its inner and outer branches combine): traditionally a matter that comes together"],
    ["六冲 into 六合", { primary: { liuchong: true, liuhe: false }, changed: { liuchong: false, liuhe: true } }, "六冲变六合，传统上主先散后聚、先难后成", "a 六冲 hexagram turning into a 六合 one: traditionally it scatters first and comes together later"],
    ["六合 into 六冲", { primary: { liuchong: false, liuhe: true }, changed: { liuchong: true, liuhe: false } }, "六合变六冲，传统上主先聚后散、好事易变", "a 六合 hexagram turning into a 六冲 one: traditionally it comes together first and then comes apart"],
    ["neither into 六冲", { primary: { liuchong: false, liuhe: false }, changed: { liuchong: true, liuhe: false } }, "变卦六冲，传统上主事情后来生变", "the changed hexagram is 六冲: traditionally the matter changes later on"],
    ["neither into 六合", { primary: { liuchong: false, liuhe: false }, changed: { liuchong: false, liuhe: true } }, "变卦六合，传统上主事情终有聚合", "the changed hexagram is 六合: traditionally the matter comes together in the end"],
  ] as const)("%s: the changed hexagram's answer, the overview and 六冲 asked by name say it", (_, flags, zh, en) => {
    const f = { ...interview, primary: { ...interview.primary, ...flags.primary }, changed: { ...interview.changed!, ...flags.changed } };
    expect(ask(f, "变卦是什么？", "zh")).toEndWith(`${zh}。`);
    expect(ask(f, "What does it turn into?", "en")).toEndWith(`Here ${en}.`);
    expect(overviewParagraph(f, "zh")).toContain(`；${zh}；世应之间`);
    expect(overviewParagraph(f, "en")).toContain(`; ${en}; between the two sides`);
    expect(ask(f, "是六冲卦吗？", "zh")).toBe(`${zh}。`);
    expect(ask(f, "Is it liu chong?", "en")).toBe(`This is ${en}.`);
  });

  test("六冲 asked of a cast that is neither", () => {
    expect(ask(interview, "是六冲卦吗？", "zh")).toBe("本卦和变卦都不是六冲卦或六合卦。");
    expect(ask(interview, "Is it liu he?", "en")).toBe("Neither hexagram is a 六冲 (clashing) or 六合 (combining) one.");
  });

  test("卦身: its branch and whether a line carries it", () => {
    // 雷火丰's world line 5 is yin: 午 at line 1 … 戌 at line 5; 戌 is line 6, 官鬼 庚戌.
    expect(ask(interview, "卦身在哪？", "zh")).toBe("卦身（月卦身）按世爻阴阳起算：阳世从子、阴世从午，数到世爻，本卦卦身为戌。它上卦，在第6爻官鬼庚戌：传统上说所问之事有着落、有实体可凭。");
    expect(ask(interview, "Where is the hexagram body?", "en")).toBe("The hexagram's body (卦身) is counted from 子 for a yang world line or 午 for a yin one, up to the world line: here it is 戌. It is on the lines (line 6, 官鬼 庚戌): traditionally the matter has substance to rest on.");
    const absent = { ...interview, guaShen: { branch: "子", positions: [] } };
    expect(ask(absent, "卦身在哪？", "zh")).toEndWith("本卦卦身为子。它不上卦：传统上说所问之事还没有成形，或凭据不足。");
    expect(ask({ ...interview, guaShen: undefined }, "What about the gua shen?", "en")).toBe("This cast was stored before its 卦身 was recorded.");
  });

  test("no moving line, no changed hexagram", () => {
    const { zh, en } = zhEn(still, "变卦是什么？", "What is the changed hexagram?");
    expect(zh).toContain("本卦雷火丰没有动爻，所以没有变卦：事情按本卦所示发展。");
    expect(en).toContain("No line of 雷火丰 moves, so there is no changed hexagram");
  });

  test("the nuclear (互), opposite (错) and reversed (综) hexagrams", () => {
    // 雷火丰 is ䷶ (yang yin yang yang yin yin): lines 2–5 give 泽风大过, all flipped 风水涣, upside down 火山旅.
    const { zh, en } = zhEn(interview, "互卦和错卦呢？", "What about the nuclear hexagram?");
    expect(zh).toContain("互卦泽风大过取二至五爻，看事情内部的过程；错卦风水涣阴阳全反，看事情的对立面；综卦火山旅上下颠倒");
    expect(en).toContain("The nuclear hexagram 泽风大过 (lines 2 to 5) shows the matter's inner process; the opposite 风水涣 (every line reversed) its other face; the reversed 火山旅 (turned upside down)");
  });

  test.each([
    ["one hidden spirit", mother, "（飞神）之下：妻财 甲寅 木 under line 2。用神不上卦时", "(the flying spirit): 妻财 甲寅 木 under line 2. When the useful god"],
    ["two hidden spirits", edit(mother, {}, { hidden: ["妻财 甲寅 木 under line 2", "子孙 甲子 水 under line 1"] }), "：妻财 甲寅 木 under line 2；子孙 甲子 水 under line 1。", ": 妻财 甲寅 木 under line 2; 子孙 甲子 水 under line 1."],
    ["none when all five relatives show", interview, "本卦六亲俱全，没有伏神。", "All five relatives appear on the lines, so there is no hidden spirit."],
  ])("hidden spirits (伏神): %s", (_, f, zh, en) => {
    const text = zhEn(f, "伏神在哪？", "Is there a hidden spirit?");
    expect(text.zh).toContain(zh);
    expect(text.en).toContain(en);
  });
});

const LINE = [["子孙", "己卯", "木"], ["官鬼", "己丑", "土"], ["兄弟", "己亥", "水"], ["妻财", "庚午", "火"], ["父母", "庚申", "金"], ["官鬼", "庚戌", "土"]];
describe("one line", () => {
  test.each([
    ["第一爻", 1], ["第二爻", 2], ["第三爻", 3], ["第3爻", 3], ["第四爻", 4], ["第五爻", 5], ["第六爻", 6], ["初爻", 1], ["上爻", 6],
    ["line 4", 4], ["first line", 1], ["bottom line", 1], ["second line", 2], ["third line", 3], ["fourth line", 4], ["fifth line", 5], ["sixth line", 6], ["top line", 6],
  ] as const)("%p is line %d", (asked, n) => {
    const lang = /^[a-z]/.test(asked) ? "en" : "zh";
    const text = ask(interview, lang === "en" ? `What about the ${asked}?` : `${asked}怎么样？`, lang);
    expect(text).toStartWith(lang === "en" ? `Line ${n} is ${LINE[n - 1]!.join(" ")}, carrying ` : `第${n}爻是${LINE[n - 1]!.join("")}，临`);
  });

  test.each([
    [1, interview, "第1爻是子孙己卯木，临青龙；在月令为休", "Line 1 is 子孙 己卯 木, carrying 青龙; 休 (resting)"],
    [5, interview, "临白虎，是世爻（代表你）、动爻；", "carrying 白虎; it is the world line (you) and a moving line; "],
    [2, interview, "临朱雀，是应爻（代表对方）、用神；", "carrying 朱雀; it is the response line (the other side) and the useful god; "],
    [6, interview, "临玄武，是用神；", "carrying 玄武; it is the useful god; "],
    [2, edit(interview, {}, { usefulGod: null }), "临朱雀，是应爻（代表对方）；", "carrying 朱雀; it is the response line (the other side); "],
  ])("line %d names its roles", (n, f, zh, en) => {
    expect(ask(f, `第${n}爻怎么样？`, "zh")).toContain(zh);
    expect(ask(f, `What about line ${n}?`, "en")).toContain(en);
  });
});

describe("a line's 旺衰 in words", () => {
  const first = (patch: LinePatch) => zhEn(edit(interview, { 1: patch }), "初爻怎么样？", "What about the bottom line?");
  test.each([
    ["旺", "生", "旺 (prosperous) in the month, fed by the day (生)"],
    ["相", "克", "相 (rising) in the month, controlled by the day (克)"],
    ["休", "比", "休 (resting) in the month, matched by the day (比)"],
    ["囚", "泄", "囚 (confined) in the month, drained into the day (泄)"],
    ["死", "耗", "死 (dead) in the month, spent on the day (耗)"],
  ] as const)("month %s, day %s", (month, day, en) => {
    const text = first({ strength: { ...CALM, month, day } });
    expect(text.zh).toContain(`临青龙；在月令为${month}，日辰对它为${day}。`);
    expect(text.en).toContain(`carrying 青龙; ${en}.`);
  });

  test.each([
    ["日破", "broken by the day", { strength: { ...CALM, day_break: true } }],
    ["暗动", "stirred in secret (暗动)", { strength: { ...CALM, hidden_moving: true } }],
    ["真空", "void in effect", { strength: { ...CALM, effective_void: true } }],
    ["入墓", "entering its tomb", { strength: { ...CALM, tomb: "day" } }],
    ["月破", "broken by the month", { strength: CALM, monthBreak: true }],
    ["日破、入墓", "broken by the day and entering its tomb", { strength: { ...CALM, day_break: true, tomb: "month" } }],
  ] as const)("flags: %s", (zh, en, patch) => {
    const text = first(patch as LinePatch);
    expect(text.zh).toContain(`日辰对它为比，${zh}。`);
    expect(text.en).toContain(`matched by the day (比), ${en}.`);
  });

  test("a cast stored without 旺衰 says nothing of it", () => {
    const text = first({ strength: null });
    expect(text.zh).toContain("第1爻是子孙己卯木，临青龙。");
    expect(text.en).toContain("Line 1 is 子孙 己卯 木, carrying 青龙.");
  });
});

const VERDICT = {
  strong: ["用神有力，传统上是可以积极争取的时候", "the useful god is strong: traditionally a time to go for it", "有力", "strong"],
  weak: ["用神无力，传统上主张守而待时", "the useful god is weak: traditionally a time to hold and wait", "无力", "weak"],
  open: ["用神的旺衰要结合月日来看", "the useful god's strength rests on the month and day", "旺衰待看", "its strength to be weighed"],
} as const;
// Strong when the month makes it 旺 or 相, or the day feeds (生) or matches (比) it; 日破, 真空 and 月破 weaken it regardless.
const STANDING = [
  ["旺 in the month", { strength: { ...CALM, month: "旺", day: "克" } }, "strong"],
  ["相 in the month", { strength: { ...CALM, month: "相", day: "耗" } }, "strong"],
  ["fed by the day", { strength: { ...CALM, month: "休", day: "生" } }, "strong"],
  ["matched by the day", { strength: { ...CALM, month: "囚", day: "比" } }, "strong"],
  ["死 and controlled by the day", { strength: { ...CALM, month: "死", day: "克" } }, "weak"],
  ["休 and drained into the day", { strength: { ...CALM, month: "休", day: "泄" } }, "weak"],
  ["囚 and spent on the day", { strength: { ...CALM, month: "囚", day: "耗" } }, "weak"],
  ["旺 but broken by the day", { strength: { ...CALM, month: "旺", day: "生", day_break: true } }, "weak"],
  ["旺 but void in effect", { strength: { ...CALM, month: "旺", day: "生", effective_void: true } }, "weak"],
  ["旺 but broken by the month", { strength: { ...CALM, month: "旺", day: "生" }, monthBreak: true }, "weak"],
  ["of unknown 旺衰", { strength: null }, "open"],
] as const;

describe("the useful god's standing and the tradition's advice", () => {
  test("names the useful god's line, its 旺衰, its source, and leaves the choice to the asker", () => {
    const { zh, en } = zhEn(interview, "我该怎么办？", "So what should I do?");
    expect(zh).toContain("本卦用神在第2爻官鬼己丑；在月令为相，日辰对它为克，真空。用神无力");
    expect(zh).toContain("；原神妻财在第4爻。这是传统的趋避之道，具体怎么做仍由你根据实际情况决定。");
    expect(en).toContain("This cast's useful god is line 2, 官鬼 己丑; 相 (rising) in the month, controlled by the day (克), void in effect. So the useful god is weak");
    expect(en).toContain("; its source 妻财 is on line 4. This is the tradition's counsel; what to do is still yours");
  });

  test.each(STANDING)("a useful god %s: the verdict", (_, patch, verdict) => {
    const f = edit(interview, { 2: { ...patch, void: false } });
    const [zh, en, zhShort, enShort] = VERDICT[verdict];
    expect(ask(f, "我该怎么办？", "zh")).toContain(`${zh}`);
    expect(ask(f, "So what should I do?", "en")).toContain(`So ${en}`);
    expect(overviewParagraph(f, "zh")).toContain(`用神官鬼在第2、6爻，${zhShort}；`);
    expect(overviewParagraph(f, "en")).toContain(`the useful god 官鬼 is on line 2 and 6, ${enShort};`);
  });

  const WHETHER_LEAD = {
    strong: ["要不要这样做？按这一卦，传统上偏向可以去做，但要准备充分。本卦用神在", "Whether to go ahead: by this cast, tradition leans towards yes, well prepared. This cast's useful god is"],
    weak: ["要不要这样做？按这一卦，传统上偏向先等一等，或先迈一小步。本卦用神在", "Whether to go ahead: by this cast, tradition leans towards waiting, or a smaller first step. This cast's useful god is"],
    open: ["本卦用神在", "This cast's useful god is"],
  } as const;
  test.each(STANDING)("a useful god %s: a yes-or-no question gets the answer first; the useful god's own paragraph says it too", (_, patch, verdict) => {
    const f = edit(interview, { 2: { ...patch, void: false } });
    const [zh, en] = WHETHER_LEAD[verdict];
    expect(ask(f, "要不要主动联系HR？", "zh")).toStartWith(zh);
    expect(ask(f, "Should I call the recruiter?", "en")).toStartWith(en);
    // "What should I do?" asks for counsel, not yes or no.
    expect(ask(f, "So what should I do?", "en")).toStartWith("This cast's useful god is");
    const god = explainLiuyao(f, "用神是什么？", "zh").focus.join("");
    if (verdict === "open") expect(god).not.toMatch(/用神(有|无)力。/);
    else expect(god).toContain(verdict === "strong" ? "用神有力。" : "用神无力。");
  });

  test.each([
    ["its source on no line", {}, ug(interview, { yuan_shen: { relative: "妻财", lines: [] } }), "；原神妻财不上卦。", "; its source 妻财 is not on the lines."],
    ["its source on two lines", {}, ug(interview, { yuan_shen: { relative: "妻财", lines: [4, 6] } }), "；原神妻财在第4、6爻。", "; its source 妻财 is on line 4 and 6."],
    // 子孙 controls 官鬼: the adversary (忌神) moving works against the useful god.
    ["its adversary moving", { 1: { moving: true } }, {}, "；原神妻财在第4爻，忌神子孙发动，需防阻力。", "; its source 妻财 is on line 4, and the adversary 子孙 moves: expect resistance."],
    ["one of its adversary's lines moving", {}, ug(interview, { ji_shen: { relative: "子孙", lines: [1, 3] } }), "，忌神子孙发动，需防阻力。", ", and the adversary 子孙 moves: expect resistance."],
  ])("%s", (_, lines, more, zh, en) => {
    const f = edit(interview, lines, more);
    expect(ask(f, "我该怎么办？", "zh")).toContain(zh);
    expect(ask(f, "So what should I do?", "en")).toContain(en);
  });

  test("a still adversary raises no warning", () => {
    expect(ask(interview, "我该怎么办？", "zh")).not.toContain("忌神");
    expect(ask(interview, "So what should I do?", "en")).not.toContain("adversary");
  });

  test.each([
    ["no useful god", edit(interview, {}, { usefulGod: null })],
    ["a useful god on no line", wallet],
  ])("%s: lean on the world line", (_, f) => {
    expect(ask(f, "我该怎么办？", "zh")).toStartWith("这一卦没有可依的用神爻，传统上就以世爻为主：把能掌握的部分做好");
    expect(ask(f, "So what should I do?", "en")).toStartWith("This cast has no useful-god line to lean on, so tradition looks to the world line");
  });
});

describe("the pay and the paperwork, read from 妻财 and 父母", () => {
  test("the pay: 妻财庚午火 on line 4, still, 旺 in the 午 month and fed by the 卯 day, reads well", () => {
    const { zh, en } = zhEn(interview, "薪水会比现在高吗？", "Will the salary be better?");
    expect(zh).toBe("薪水、待遇与收入传统上看妻财爻。本卦妻财在第4爻庚午；在月令为旺，日辰对它为生。妻财有力，传统上说收入一面较好。");
    expect(en).toBe("Pay and income are traditionally read from 妻财 (the wealth line). In this cast: line 4, 庚午; 旺 (prosperous) in the month, fed by the day (生). So a strong 妻财 line traditionally means the pay side looks good.");
  });

  test("the paperwork: 父母庚申金 on line 5 moves (metal 死 in the 午 month, which fire controls; spent on the 卯 day), so news is on its way", () => {
    const { zh, en } = zhEn(interview, "合同什么时候签？", "What about the contract?");
    expect(zh).toBe("合同、文书与通知（如录用通知）传统上看父母爻。本卦父母在第5爻庚申发动；在月令为死，日辰对它为耗。父母发动，传统上说文书有动静、消息将至。");
    expect(en).toEndWith("In this cast: line 5, 庚申, moving; 死 (dead) in the month, spent on the day (耗). So a moving 父母 line traditionally means the paperwork is moving and news is on its way.");
  });

  test("weak, moving or absent, in each language", () => {
    const weak = edit(interview, { 4: { strength: { month: "死", day: "克" } } });
    expect(ask(weak, "待遇怎么样", "zh")).toEndWith("妻财无力，传统上说待遇一面宜放低期待。");
    expect(ask(weak, "How is the pay package?", "en")).toEndWith("So a weak 妻财 line traditionally means modest expectations for the pay.");
    expect(ask(edit(interview, { 4: { moving: true } }), "工资能谈吗", "zh")).toEndWith("妻财发动，传统上说待遇有变动、可以商量。");
    expect(ask(edit(interview, { 4: { moving: true } }), "my pay?", "en")).toEndWith("So a moving 妻财 line traditionally means the pay is in play and open to talk.");
    const none = edit(interview, { 4: { relative: "兄弟" }, 5: { relative: "兄弟" } });
    expect(ask(none, "收入呢", "zh")).toBe("薪水、待遇与收入传统上看妻财爻。本卦妻财不上卦，传统上说收入一面暂时不显。");
    expect(ask(none, "income?", "en")).toBe("Pay and income are traditionally read from 妻财 (the wealth line). No 妻财 line appears in this cast: traditionally the pay does not show yet.");
    expect(ask(none, "签证呢", "zh")).toBe("合同、文书与通知（如录用通知）传统上看父母爻。本卦父母不上卦，传统上说文书消息暂时不显。");
    expect(ask(none, "the visa?", "en")).toBe("Contracts, documents and notices (an offer letter) are traditionally read from 父母. No 父母 line appears in this cast: traditionally the paperwork does not show yet.");
    const firm = edit(interview, { 5: { moving: false, strength: { month: "旺", day: "生" } } });
    expect(ask(firm, "offer letter呢", "zh")).toEndWith("父母有力，传统上说文书、合同一面稳妥。");
    expect(ask(firm, "the documents?", "en")).toEndWith("So a strong 父母 line traditionally means the paperwork is on firm ground.");
    const shaky = edit(interview, { 5: { moving: false, strength: { month: "死", day: "克" } } });
    expect(ask(shaky, "录用通知呢", "zh")).toEndWith("父母无力，传统上说文书一面宜多确认、防延误。");
    expect(ask(shaky, "the paperwork?", "en")).toEndWith("So a weak 父母 line traditionally means checking the paperwork twice and allowing for delays.");
  });

  test.each([["the wage", "pay"], ["wages", "pay"], ["salaries", "pay"], ["a document", "paperwork"], ["the documents", "paperwork"], ["a certificate", "paperwork"], ["certificates", "paperwork"], ["the contracts", "paperwork"], ["a visa", "paperwork"], ["the lease", "paperwork"], ["the deeds", "paperwork"], ["the deed", "paperwork"], ["租约", "paperwork"], ["房产证", "paperwork"], ["份合約", "paperwork"]])("'%s' asks about the %s", (input, kind) => {
    expect(kinds(`what about ${input}?`, "en")).toContain(kind);
  });

  test("the money in the matter (a deposit, the rent, the price): 妻财, read the same way", () => {
    expect(ask(interview, "押金呢？", "zh")).toBe("押金、租金、价钱、赔偿这类钱款传统上看妻财爻。本卦妻财在第4爻庚午；在月令为旺，日辰对它为生。妻财有力，传统上说钱款一面较顺。");
    expect(ask(interview, "And the deposit?", "en")).toBe("Money such as a deposit, the rent, the price or damages is traditionally read from 妻财 (the wealth line). In this cast: line 4, 庚午; 旺 (prosperous) in the month, fed by the day (生). So a strong 妻财 line traditionally means the money side goes smoothly.");
    const weak = edit(interview, { 4: { strength: { month: "死", day: "克" } } });
    expect(ask(weak, "房租呢", "zh")).toEndWith("妻财无力，传统上说钱款一面宜多留余地。");
    expect(ask(weak, "the price?", "en")).toEndWith("So a weak 妻财 line traditionally means leaving room on the money side.");
    expect(ask(edit(interview, { 4: { moving: true } }), "价钱能谈吗", "zh")).toEndWith("妻财发动，传统上说钱款一面有变动、可以商量。");
    expect(ask(edit(interview, { 4: { moving: true } }), "the fees?", "en")).toEndWith("So a moving 妻财 line traditionally means the money is in play and open to talk.");
    const none = edit(interview, { 4: { relative: "兄弟" } });
    expect(ask(none, "定金呢", "zh")).toBe("押金、租金、价钱、赔偿这类钱款传统上看妻财爻。本卦妻财不上卦，传统上说钱款一面暂时不显。");
    expect(ask(none, "a down payment?", "en")).toBe("Money such as a deposit, the rent, the price or damages is traditionally read from 妻财 (the wealth line). No 妻财 line appears in this cast: traditionally the money does not show yet.");
    for (const word of ["a fee", "the rent", "首付", "手续费", "租金", "房价", "订金", "价格", "赔偿能拿到多少", "赔款", "补偿金", "违约金", "the damages", "settlement money", "律师费要多少", "诉讼费呢", "legal fees?", "court costs"]) expect(kinds(word, word.match(/[a-z]/) ? "en" : "zh")).toEqual(["money"]);
  });

  test("'pay attention' and 'paid' ask nothing of the pay", () => {
    expect(kinds("Should I pay attention to the void?", "en")).not.toContain("pay");
    expect(kinds("I already paid the fee, is that ok?", "en")).not.toContain("pay");
  });
});

describe("which of several options", () => {
  test("a cast picks none it was not asked about: name each and ask of it, one cast each", () => {
    expect(ask(interview, "我应该报哪个学校", "zh")).toBe("一卦只问一事：卦象不会从几个没说出来的选项里替你挑一个。传统的做法是把选项说出来，一个一个问，比如“报A校能上岸吗”，每个另起一卦；这一卦答的仍是「这次面试能通过吗？」。");
    expect(ask(interview, "Which offer should I take?", "en")).toStartWith("One cast answers one matter: a hexagram does not pick among options it was not asked about. Tradition names each option and asks of it in turn (\"will I get into school A?\"), one cast each; this cast still answers \"这次面试能通过吗？\".");
    // "Which … should I" is no yes-or-no question: the counsel follows without leaning either way.
    expect(ask(interview, "Which offer should I take?", "en")).not.toContain("leans towards");
    for (const q of ["哪家公司好", "选哪所大学", "哪一个更适合我", "哪科要加强", "哪门课", "which one?", "which company should I pick", "which school", "which city is better", "which programme?", "which program?"]) expect({ q, a: ask(interview, q, /[a-z]/.test(q) ? "en" : "zh") }).toMatchObject({ q, a: expect.stringMatching(/^(?:一卦只问一事：卦象不会|One cast answers one matter: a hexagram does not pick)/) });
    // A direction, a month, a day, a line or a place are asked of the cast itself.
    for (const q of ["哪个方向", "哪个月出结果", "哪个爻在动", "哪一天", "哪年", "哪个时候", "在哪里", "哪边好"]) expect({ q, a: ask(interview, q, "zh") }).not.toMatchObject({ q, a: expect.stringContaining("卦象不会从几个") });
  });
});

describe("a lost thing: where to look, and whether someone took it", () => {
  // 泽风大过 (震宫): 妻财辛丑 (应) on line 1 and 妻财丁未 on line 6 (moving); 官鬼辛酉 on line 3 and 官鬼丁酉 on line 5, still.
  const purse = cast("我的钱包丢了，能找回来吗？", [8, 7, 7, 9, 7, 6]);

  test("the direction of the useful god's branch, and near or far by its trigram", () => {
    expect(purse.usefulGod!.lines).toEqual([1, 6]);
    expect(ask(purse, "在哪个方向找？", "zh")).toBe("失物的方向传统上看用神的地支：用神妻财辛丑在第1爻，丑属东北方；它在内卦（下三爻），传统上说东西多在家中或近处。这是传统的取象，找的时候还是先从最后用过它的地方找起。");
    expect(ask(purse, "Where should I look?", "en")).toBe("Tradition reads where a lost thing is from the useful god's branch: 妻财 辛丑 on line 1; 丑 points northeast. It sits in the inner trigram (the lower three lines): traditionally at home or close by. A traditional image; start looking where you last had it.");
    const outer = { ...purse, usefulGod: { ...purse.usefulGod!, lines: [6] } };
    expect(ask(outer, "在哪里？", "zh")).toContain("用神妻财丁未在第6爻，未属西南方；它在外卦（上三爻），传统上说东西多在外面或较远处。");
    expect(ask(outer, "which direction?", "en")).toContain("丁未 on line 6; 未 points southwest. It sits in the outer trigram (the upper three lines): traditionally outside or farther away.");
  });

  test("a useful god on no line has no direction; a cast about anything else answers no 'where?'", () => {
    expect(wallet.usefulGod!.lines).toEqual([]);
    expect(ask(wallet, "在哪个方向？", "zh")).toBe("用神妻财不上卦，传统上方向难以取象；可以先从最后用过它的地方找起。");
    expect(ask(wallet, "Where could it be?", "en")).toBe("The useful god 妻财 is on no line, so tradition has no direction to read; start where you last had it.");
    expect(ask(interview, "在哪里面试比较好？", "zh")).toBe("");
    expect(ask({ ...purse, usefulGod: null }, "在哪个方向？", "zh")).toBe("");
    expect(ask(purse, "So, where is it?", "en")).toStartWith("Tradition reads where a lost thing is");
    // Line 3 is the inner trigram's top.
    expect(ask({ ...purse, usefulGod: { ...purse.usefulGod!, lines: [3] } }, "在哪里？", "zh")).toContain("第3爻，酉属西方；它在内卦（下三爻）");
  });

  test("taken or mislaid, by 官鬼", () => {
    expect(ask(purse, "是被人拿走了吗？", "zh")).toBe("是不是被人拿走，传统上看官鬼（盗贼之象）。官鬼在第3爻辛酉、第5爻丁酉，安静，传统上说多是自己遗落或放错了地方。");
    expect(ask(purse, "Was it stolen?", "en")).toBe("Whether someone took it is traditionally read from 官鬼 (the image of a thief). 官鬼 is on line 3 (辛酉) and line 5 (丁酉) and still: traditionally it is more likely mislaid.");
    const moving = edit(purse, { 5: { moving: true } });
    expect(ask(moving, "被偷了吗", "zh")).toEndWith("官鬼在第3爻辛酉、第5爻丁酉，发动，传统上说有人经手。");
    expect(ask(moving, "did a thief take it?", "en")).toEndWith("官鬼 is on line 3 (辛酉) and line 5 (丁酉) and moves: traditionally someone had a hand in it.");
    const none = edit(purse, { 3: { relative: "兄弟" }, 5: { relative: "兄弟" } });
    expect(ask(none, "有人拿走吗", "zh")).toBe("是不是被人拿走，传统上看官鬼（盗贼之象）。本卦官鬼不上卦，传统上说不像被人拿走。");
    expect(ask(none, "was it taken?", "en")).toBe("Whether someone took it is traditionally read from 官鬼 (the image of a thief). No 官鬼 line appears in this cast: traditionally it does not look taken.");
    // A pet carried off or picked up, in everyday words.
    for (const q of ["是不是被人抱走了", "会不会被人捡走了", "是不是被带走了", "有人牵走了吗", "被人抓去了吗"]) expect({ q, taken: ask(purse, q, "zh").startsWith("是不是被人拿走") }).toEqual({ q, taken: true });
    for (const q of ["did someone take him?", "maybe someone picked her up?", "someone has him?", "someone kept it", "could someone keep it?", "someone pick it up?", "did someone pick it"]) expect({ q, taken: ask(purse, q, "en").startsWith("Whether someone took it") }).toEqual({ q, taken: true });
  });

  test("the directions are the twelve branches laid evenly round the compass from 子 in the north, each in its nearest of eight", () => {
    const EIGHT = [["北", "north"], ["东北", "northeast"], ["东", "east"], ["东南", "southeast"], ["南", "south"], ["西南", "southwest"], ["西", "west"], ["西北", "northwest"]];
    [..."子丑寅卯辰巳午未申酉戌亥"].forEach((branch, k) => expect(BRANCH_DIRECTION[branch]).toEqual(EIGHT[Math.round((k * 30) / 45) % 8] as never));
    expect(Object.keys(BRANCH_DIRECTION)).toHaveLength(12);
  });

  // 雷风恒 (震宫) for a lost cat: 子孙 (六畜禽鸟以子孙为用神) is 庚午 on line 4, the outer trigram.
  const cat = cast("我的猫走丢了，能找回来吗？", [8, 7, 7, 9, 8, 6]);

  test("a lost animal is read from 子孙, looked for where it goes, and its life is nothing a cast can tell", () => {
    expect(cat.usefulGod).toMatchObject({ relative: "子孙", basis: "animal", matter: "lost_item", lines: [4] });
    expect(ask(cat, "猫在哪个方向？", "zh")).toBe("走失的动物的方向传统上看用神的地支：用神子孙庚午在第4爻，午属南方；它在外卦（上三爻），传统上说它多在外面或较远处。这是传统的取象，找的时候还是先从它常去、最后出现的地方找起。");
    expect(ask(cat, "where should I look?", "en")).toStartWith("Tradition reads where a lost animal is from the useful god's branch: 子孙 庚午 on line 4; 午 points south.");
    expect(ask({ ...cat, usefulGod: { ...cat.usefulGod!, lines: [2] } }, "在哪里找", "zh")).toContain("它在内卦（下三爻），传统上说它多在家中或近处。");
    expect(ask(cat, "where should I look?", "en")).toEndWith("traditionally outside or farther away. A traditional image; start looking where it likes to go and was last seen.");
    expect(ask(cat, "它还活着吗", "zh")).toBe("它是否平安，卦象断不了，也不该由卦象来断。传统上这一卦只看能不能找回，用神是子孙庚午（第4爻）。与其等卦，不如去它常去、能藏身的地方找，问问邻居，贴寻物启事；担心它受伤，也可以问问附近的宠物医院或救助站。");
    expect(ask(cat, "Is my cat still alive?", "en")).toStartWith("Whether it is alive or safe is nothing a hexagram can tell, nor should. Tradition reads such a cast only for whether it is found, from the useful god 子孙 庚午 on line 4. ");
    expect(ask({ ...cat, usefulGod: { ...cat.usefulGod!, lines: [] } }, "is she dead?", "en")).toContain("and the useful god 子孙 is on no line. Rather than wait");
    expect(ask({ ...cat, usefulGod: { ...cat.usefulGod!, lines: [] } }, "它还活着吗", "zh")).toContain("传统上这一卦只看能不能找回，而用神子孙不上卦。与其等卦");
    // A sick animal's cast is not a search; a lost wallet has no life to ask after; nor has a cast about anything else.
    expect(ask({ ...cat, usefulGod: { ...cat.usefulGod!, matter: "health" } }, "它还活着吗", "zh")).toBe("");
    expect(ask({ ...cat, usefulGod: null }, "它还活着吗", "zh")).toBe("");
    expect(ask(purse, "它还活着吗", "zh")).toBe("");
    expect(ask(interview, "他还活着吗", "zh")).toBe("");
  });

  test("searching for a lost thing is never left to the cast: do it, and its strength says how hard", () => {
    expect(ask(cat, "要不要贴寻猫启事？", "zh")).toStartWith("找东西这类事（贴启事、看监控、问失物招领、问问邻居）不必等卦象：能做就尽早去做。下面只是传统的参照。本卦用神在第4爻子孙庚午");
    expect(ask(purse, "should I check the CCTV?", "en")).toStartWith("Searching — a notice, the cameras, lost and found, asking the neighbours — is never a matter for a hexagram: do it, and soon. What follows is only the tradition's reference. This cast's useful god");
    const weak = edit(cat, { 4: { strength: { month: "死", day: "克" } } });
    expect(ask(weak, "要不要去问问邻居", "zh")).toContain("用神无力，传统上说一时难寻：要多找几处、多花些时间，别只等着");
    expect(ask(weak, "should I put up flyers?", "en")).toContain("the useful god is weak: traditionally it is hard to find for now, so look in more places and for longer rather than wait");
    const strong = edit(cat, { 4: { strength: { month: "旺", day: "生" } } });
    expect(ask(strong, "要不要贴启事", "zh")).toContain("用神有力，传统上说容易找回：趁早去找");
    expect(ask(strong, "should I post flyers?", "en")).toContain("the useful god is strong: traditionally it is found without much trouble, so look soon");
    for (const input of ["should I put up posters?", "should I put a notice at the shop?", "should I check the cameras?", "should I ask for footage?", "should I try the lost and found?", "should I post it online?", "should I post online?", "should I ask the neighbors?", "what can i do, ask neighbours?"]) expect({ input, a: ask(cat, input, "en") }).toMatchObject({ input, a: expect.stringContaining("is never a matter for a hexagram") });
    // Outside a lost thing's cast, the same words get the counsel of any yes-or-no step.
    expect(ask(interview, "要不要看监控", "zh")).not.toContain("找东西这类事");
  });

  test("the ID card in it is paperwork, read from 父母", () => {
    expect(kinds("里面的身份证呢？", "zh")).toEqual(["paperwork"]);
    for (const input of ["my passport?", "the ID card?", "my driver's license?"]) expect(kinds(input, "en")).toEqual(["paperwork"]);
  });
});

describe("rivals, read from 兄弟", () => {
  test("the 兄弟 lines with their strength; one moving is a real contest", () => {
    // interview: 兄弟己亥水 on line 3, moving; water is 囚 in the 午 month and feeds the 卯 day (泄); it turns into 辰, its tomb.
    const { zh, en } = zhEn(interview, "对手强不强？", "Is the competition tough?");
    expect(zh).toBe("竞争者、对手传统上看兄弟爻（同辈相争）。本卦兄弟在第3爻己亥发动；在月令为囚，日辰对它为泄，入墓。兄弟发动，传统上说竞争激烈、有人相争。");
    expect(en).toStartWith("Rivals and competitors are traditionally read from 兄弟 (peers who contend for the same thing). In this cast: line 3, 己亥, moving; ");
    expect(en).toEndWith("So a moving 兄弟 line traditionally means a real contest: someone is pressing for the same thing.");
  });

  test.each([
    ["strong and still", { strength: { month: "旺", day: "克" } }, "兄弟有力但安静，传统上说对手有实力、尚未出手。", "So a strong but still 兄弟 line traditionally means a capable rival who has not yet moved."],
    ["weak and still", { strength: { month: "死", day: "克" } }, "兄弟无力，传统上说对手难成威胁。", "So a weak 兄弟 line traditionally means the rivals are little threat."],
  ] as const)("a 兄弟 line %s", (_, patch, zh, en) => {
    const f = edit(interview, { 3: { ...patch, moving: false } });
    expect(ask(f, "对手强不强？", "zh")).toEndWith(zh);
    expect(ask(f, "Is the competition tough?", "en")).toEndWith(en);
  });

  test("no 兄弟 line: the competition does not show; of unknown strength, no verdict", () => {
    const none = edit(interview, { 3: { relative: "父母", moving: false } });
    expect(ask(none, "对手强不强？", "zh")).toEndWith("本卦兄弟不上卦，传统上说竞争不显。");
    expect(ask(none, "Is the competition tough?", "en")).toEndWith("No 兄弟 line appears in this cast: traditionally the competition does not show.");
    const unknown = edit(interview, { 3: { moving: false, strength: null } });
    expect(ask(unknown, "对手强不强？", "zh")).toEndWith("本卦兄弟在第3爻己亥。");
    expect(ask(unknown, "Is the competition tough?", "en")).toEndWith("In this cast: line 3, 己亥.");
  });
});

describe("the overview", () => {
  test("the useful god, the moving lines with their tags, and how the two sides meet", () => {
    expect(overviewParagraph(interview, "zh")).toStartWith("简要地看：用神官鬼在第2、6爻，无力且旬空；第3、5爻发动（第3爻回头克；第5爻化进神 比和），卦变泽雷随；世应之间，应生世");
    expect(overviewParagraph(interview, "zh")).toEndWith("想细看哪一部分（用神、动爻、应期、世应、六神、旬空），可以接着问。");
    expect(overviewParagraph(interview, "en")).toStartWith("In brief: the useful god 官鬼 is on line 2 and 6, weak and void; line(s) 3 and 5 move (line 3 回头克; line 5 化进神 比和), turning it into 泽雷随; between the two sides, the response generates");
    expect(overviewParagraph(interview, "en")).toContain("Ask about any part for more");
  });

  test.each([
    ["moves", { moving: true }],
    ["is not void", { void: false }],
  ])("a useful god line that %s is not called void", (_, patch) => {
    const f = edit(interview, { 2: patch });
    expect(overviewParagraph(f, "zh")).toContain("用神官鬼在第2、6爻，无力；");
    expect(overviewParagraph(f, "en")).toContain("is on line 2 and 6, weak;");
  });

  test.each([
    ["no moving line", still, "；六爻安静，事情按现状发展；", "; no line moves, so the matter goes on as it is;"],
    ["a useful god hidden under a line", wallet, "简要地看：用神妻财不上卦，伏于第2爻子孙亥之下（伏神甲寅），要看它能否被引出；", "In brief: the useful god 妻财 is not on the lines but lies hidden (伏神 甲寅) under line 2, 子孙 亥: the question is whether it can be drawn out;"],
    ["a useful god neither on the lines nor hidden", edit(wallet, {}, ug(wallet, { hidden: null })), "简要地看：用神妻财不上卦；", "In brief: the useful god 妻财 is not on the lines;"],
    ["no useful god", edit(interview, {}, { usefulGod: null }), "简要地看：这一问没有单一的用神，先以世爻为主；", "In brief: this question has no single useful god, so the world line leads;"],
  ])("%s", (_, f, zh, en) => {
    expect(overviewParagraph(f, "zh")).toContain(zh);
    expect(overviewParagraph(f, "en")).toContain(en);
  });
});

describe("the changed lines, 卦身 and rivals in every wording", () => {
  test("a moving line with no transform recorded has no tags; one without tags is read without them", () => {
    const bare = { ...interview, transforms: [] };
    expect(ask(bare, "变卦是什么？", "zh")).toContain("是助是损：第3爻兄弟己亥化官鬼庚辰；第5爻父母庚申化父母丁酉。");
    expect(ask(bare, "What does it turn into?", "en")).toContain("helps or hurts it: line 3, 兄弟 己亥, becomes 官鬼 庚辰; line 5, 父母 庚申, becomes 父母 丁酉.");
    const untagged = { ...interview, transforms: ["3: 亥→辰 (水→土)", "5: 申→酉 (金→金) 化进神 比和"] };
    expect(ask(untagged, "变卦是什么？", "zh")).toContain("第3爻兄弟己亥化官鬼庚辰；第5爻");
    expect(ask(interview, "What does it turn into?", "en")).toEndWith("becomes 父母 丁酉 (化进神 比和).");
    expect(ask(interview, "变卦是什么？", "zh")).toEndWith("第5爻父母庚申化父母丁酉（化进神 比和）。");
  });

  test("a cast with no changed hexagram and neither flag: no 六冲 words anywhere", () => {
    const calm = { ...still, primary: { ...still.primary, liuchong: false, liuhe: false }, changed: null };
    expect(overviewParagraph(calm, "en")).not.toMatch(/六冲|六合/);
    expect(ask(calm, "Is it liu chong?", "en")).toBe("Neither hexagram is a 六冲 (clashing) or 六合 (combining) one.");
    // A still 六合 hexagram: no changed one to read.
    expect(ask({ ...calm, primary: { ...calm.primary, liuhe: true } }, "是六合卦吗？", "zh")).toBe("本卦六合，传统上主事情聚合、易成。");
  });

  test("卦身 on two lines, on none (English), not recorded (Chinese); asked as guashen", () => {
    expect(ask({ ...interview, guaShen: { branch: "戌", positions: [2, 6] } }, "卦身在哪？", "zh")).toContain("它上卦，在第2爻官鬼己丑、第6爻官鬼庚戌：");
    expect(ask({ ...interview, guaShen: { branch: "子", positions: [] } }, "guashen?", "en")).toEndWith("here it is 子. No line carries it: traditionally the matter has not yet taken shape, or rests on little.");
    expect(ask({ ...interview, guaShen: undefined }, "卦身在哪？", "zh")).toBe("这一卦保存时还没有记录卦身。");
  });

  test("六冲 and 六合 asked as liuchong and liuhe", () => {
    const both = { ...interview, primary: { ...interview.primary, liuchong: true, liuhe: false }, changed: { ...interview.changed!, liuchong: false, liuhe: false } };
    expect(ask(both, "liuchong?", "en")).toStartWith("This is a 六冲 hexagram");
    expect(ask(both, "is it liuhe?", "en")).toStartWith("This is a 六冲 hexagram");
    expect(ask(both, "is it liu he?", "en")).toStartWith("This is a 六冲 hexagram");
  });

  test("two 兄弟 lines: each named; one moving is a contest; one strong and one weak, still, a capable rival", () => {
    const two = edit(interview, { 3: { moving: false, strength: { month: "死", day: "克", tomb: null } }, 6: { relative: "兄弟", moving: false, strength: { month: "旺", day: "比" } } });
    expect(ask(two, "对手强不强？", "zh")).toContain("本卦兄弟在第3爻己亥；在月令为死，日辰对它为克；第6爻庚戌；在月令为旺，日辰对它为比。兄弟有力但安静");
    expect(ask(two, "Is the competition tough?", "en")).toContain("In this cast: line 3, 己亥; 死 (dead) in the month, controlled by the day (克); line 6, 庚戌; 旺 (prosperous) in the month, matched by the day (比). So a strong but still 兄弟 line");
    const oneMoving = edit(two, { 6: { moving: true } });
    expect(ask(oneMoving, "Is the competition tough?", "en")).toEndWith("So a moving 兄弟 line traditionally means a real contest: someone is pressing for the same thing.");
    const oneWeakOneOpen = edit(interview, { 3: { moving: false, strength: { month: "死", day: "克", tomb: null } }, 6: { relative: "兄弟", moving: false, strength: null } });
    expect(ask(oneWeakOneOpen, "Is the competition tough?", "en")).toEndWith("死 (dead) in the month, controlled by the day (克); line 6, 庚戌.");
  });

  test.each(["a rival?", "my rivals", "a competitor", "the competitors", "the competition", "the other candidate", "other candidates", "another applicant", "the other applicants", "another bidder", "the other finalists", "the other finalist"])("'%s' asks about the rivals", (input) => {
    expect(kinds(`what about ${input}`, "en")).toContain("rival");
  });

  test("'should I' after a word or at the start is a yes-or-no question", () => {
    const strong = edit(interview, { 2: { void: false, strength: { month: "旺", day: "生" } } });
    for (const input of ["Hmm, should I call them?", "should I call them?", "Shall we wait?", "Is it worth it?"]) expect(ask(strong, input, "en")).toStartWith("Whether to go ahead:");
  });
});

describe("is there any hope? the cast's leaning in one sentence", () => {
  // interview: useful god 官鬼 on line 2 (己丑 土); world line 5 (申 金), response line 2 (丑 土): earth generates
  // metal, the response generates the world — the sides favour the asker. Strength and sides are varied here.
  const strong = { strength: { month: "旺", day: "生", effective_void: false, day_break: false, tomb: null }, void: false, monthBreak: false } as const;
  const weak = { strength: { month: "死", day: "克", effective_void: false, day_break: false, tomb: null }, void: false, monthBreak: false } as const;
  // Response line 2 turned to fire: fire controls the world's metal (应克世), against the asker.
  const against = (f: LiuyaoFacts) => edit(f, { 2: { element: "火" } });
  test.each([
    ["strong, the sides favour", (f: LiuyaoFacts) => edit(f, { 2: strong }), "用神官鬼有力，世应之间对你有利——传统上看机会不小。", "the useful god 官鬼 is strong, and between the two sides things lean your way — traditionally a good chance."],
    ["strong, the sides against", (f: LiuyaoFacts) => against(edit(f, { 2: strong })), "用神官鬼有力，世应之间对你不利——传统上看有机会，但对方会有阻力。", "the useful god 官鬼 is strong, and between the two sides things lean against you — traditionally a chance, with resistance from the other side."],
    ["weak, the sides favour", (f: LiuyaoFacts) => edit(f, { 2: weak }), "用神官鬼无力，世应之间对你有利——传统上看可能性在，但时机未到，要耐心。", "the useful god 官鬼 is weak, and between the two sides things lean your way — traditionally possible but slow: the other side is open, the time not yet ripe."],
    ["weak, the sides against", (f: LiuyaoFacts) => against(edit(f, { 2: weak })), "用神官鬼无力，世应之间对你不利——传统上看眼下较难，宜先等待、增强自己。", "the useful god 官鬼 is weak, and between the two sides things lean against you — traditionally hard for now: better to wait and strengthen your own position."],
    ["of unknown strength", (f: LiuyaoFacts) => edit(f, { 2: { strength: null } }), "用神官鬼旺衰待看，世应之间对你有利——成败还要结合月日细看。", "the useful god 官鬼 is of unknown strength, and between the two sides things lean your way — the outcome rests on the month and day, to be read closely."],
  ] as const)("%s", (_, make, zh, en) => {
    const f = make(interview);
    expect(ask(f, "还有希望吗？", "zh")).toBe(`按这一卦：${zh.replace(/。$/, "")}。这是传统的倾向，不是定论；应期可以接着问。`);
    expect(ask(f, "Is there any hope?", "en")).toBe(`By this cast: ${en} A traditional tendency, not a verdict; you can ask about timing next.`);
  });

  test("the world controlling the response, or the two alike, also lean the asker's way", () => {
    // World line 5 is 申 metal: a wood response line is controlled by it (世克应), a metal one is alike (比和).
    for (const element of ["木", "金"]) expect(ask(edit(interview, { 2: { element } }), "Is there any hope?", "en")).toContain("between the two sides things lean your way");
    expect(ask(edit(interview, { 2: { element: "水" } }), "Is there any hope?", "en")).toContain("between the two sides things lean against you");
  });

  test("without a useful god, the world line leads; asked in other words", () => {
    expect(ask(edit(interview, {}, { usefulGod: null }), "能成吗？", "zh")).toStartWith("按这一卦：世爻");
    expect(ask(edit(interview, {}, { usefulGod: null }), "any chance?", "en")).toStartWith("By this cast: the world line is");
    for (const input of ["what are my chances", "any chance?", "will it work?", "有冇機會？", "成不成"]) expect(kinds(input, /[a-z]/.test(input) ? "en" : "zh")).toContain("chance");
  });

  test("good or bad, auspicious, the odds in other words: the same leaning", () => {
    const inputs = ["这个卦是吉是凶", "吉凶如何", "吉还是凶？", "吉唔吉？", "成功的几率大吗", "机率高吗", "概率多大", "可能性大不大", "成功率高吗", "胜算大吗",
      "Is this hexagram good or bad?", "Is it auspicious?", "Chances?", "Is it likely?", "What is the likelihood?", "what probability"];
    for (const input of inputs) expect({ input, kinds: kinds(input, /[a-z]/i.test(input) ? "en" : "zh") }).toEqual({ input, kinds: expect.arrayContaining(["chance"]) });
  });
});

describe("the judge, the court: 官鬼 against the world and the response lines", () => {
  // interview: 官鬼 on lines 2 (己丑 土, the response line) and 6 (庚戌 土); the world line 5 is 申 金: earth generates metal.
  test("官鬼 generating the world line leans the asker's way", () => {
    expect(ask(interview, "法官会偏向谁", "zh")).toBe("法官与官府传统上看官鬼爻，看它与世爻（你）、应爻（对方）的生克。本卦官鬼在第2爻己丑土：官鬼生世，传统上说官方倾向于你。");
    expect(ask(interview, "Will the judge be on my side?", "en")).toBe("A judge, the court or the officials are traditionally read from 官鬼, by how it meets the world line (you) and the response line (the other side). This cast's 官鬼 is line 2, 己丑 土. 官鬼 generates the world line: traditionally the officials lean your way.");
  });

  test("the moving 官鬼 is read first; controlling a side presses it; generating the other side leans theirs; neither, in the middle", () => {
    // Line 6 moving: read before line 2. The world turned to water (controlled by earth), the response to metal (generated).
    const f = edit(interview, { 6: { moving: true }, 5: { element: "水" }, 2: { element: "金" } });
    expect(ask(f, "法院会怎么判", "zh")).toContain("本卦官鬼在第6爻庚戌土，发动：官鬼克世，传统上说官方对你有压力；官鬼生应，传统上说官方倾向对方。");
    expect(ask(f, "what will the court decide", "en")).toContain("This cast's 官鬼 is line 6, 庚戌 土, moving. 官鬼 controls the world line: traditionally the officials press on you and 官鬼 generates the response line: traditionally they lean the other side's way.");
    const against = edit(interview, { 2: { relative: "妻财", element: "水" } });
    expect(ask(against, "仲裁员会支持我吗", "zh")).toContain("本卦官鬼在第6爻庚戌土：官鬼生世，传统上说官方倾向于你；官鬼克应，传统上说官方对对方不利。");
    expect(ask(against, "Will the arbitrator side with me?", "en")).toContain("This cast's 官鬼 is line 6, 庚戌 土. 官鬼 generates the world line: traditionally the officials lean your way and 官鬼 controls the response line: traditionally they press on the other side.");
    expect(ask(edit(against, { 5: { element: "火" }, 2: { element: "火" } }), "the jury?", "en")).toContain("官鬼 neither generates nor controls either side: traditionally the officials stand in the middle.");
    expect(ask(edit(against, { 5: { element: "火" }, 2: { element: "火" } }), "陪审团呢", "zh")).toContain("它与世、应都没有生克，传统上说官方居中。");
  });

  test("no 官鬼 line: the officials' stance does not show", () => {
    const none = edit(interview, { 2: { relative: "妻财" }, 6: { relative: "兄弟" } });
    expect(ask(none, "法官会怎么判", "zh")).toBe("法官与官府传统上看官鬼爻，看它与世爻（你）、应爻（对方）的生克。本卦官鬼不上卦，传统上说官方的态度暂时不显。");
    expect(ask(none, "and the arbitrators?", "en")).toBe("A judge, the court or the officials are traditionally read from 官鬼, by how it meets the world line (you) and the response line (the other side). No 官鬼 line appears in this cast: traditionally the officials' stance does not show yet.");
  });
});

describe("the doctor and the treatment: 子孙, the blessing line that controls the illness", () => {
  // interview: 子孙 is line 1, 己卯 木 (青龙): 休 in the 午 month, matched by the 卯 day (比): strong on balance.
  test("strong, moving, weak and absent, each with the doctors' word first", () => {
    expect(ask(interview, "医生靠谱吗", "zh")).toBe("医生、医院与药传统上看子孙爻（子孙为福神，能制官鬼之病）。本卦子孙在第1爻己卯；在月令为休，日辰对它为比。子孙有力，传统上说医生可靠、医治得当；治疗仍请听从医生。");
    expect(ask(interview, "Is the surgeon any good?", "en")).toBe("The doctor, the hospital and the medicine are traditionally read from 子孙 (the blessing line that controls 官鬼, the illness). In this cast: line 1, 己卯; 休 (resting) in the month, matched by the day (比). So a strong 子孙 line traditionally means capable doctors and fitting care; follow your doctors in all of it.");
    expect(ask(edit(interview, { 1: { moving: true } }), "药有效吗", "zh")).toEndWith("子孙发动，传统上说医治得力、用药见效；治疗仍请听从医生。");
    expect(ask(edit(interview, { 1: { moving: true } }), "will the medication work?", "en")).toEndWith("So a moving 子孙 line traditionally means the care takes effect; follow your doctors in all of it.");
    const weak = edit(interview, { 1: { strength: { month: "死", day: "克" } } });
    expect(ask(weak, "这家医院行不行", "zh")).toEndWith("子孙无力，传统上说医药一面宜多留意、多问；治疗仍请听从医生。");
    expect(ask(weak, "the hospital?", "en")).toEndWith("So a weak 子孙 line traditionally means asking more about the care; follow your doctors in all of it.");
    const none = edit(interview, { 1: { relative: "兄弟" } });
    expect(ask(none, "主刀医生怎么样", "zh")).toBe("医生、医院与药传统上看子孙爻（子孙为福神，能制官鬼之病）。本卦子孙不上卦，传统上说医药一面暂时不显；治疗请完全听从医生。");
    expect(ask(none, "what about the doctors", "en")).toBe("The doctor, the hospital and the medicine are traditionally read from 子孙 (the blessing line that controls 官鬼, the illness). No 子孙 line appears in this cast: traditionally the treatment does not show yet; follow your doctors fully.");
    for (const word of ["大夫", "医师", "用药", "吃药有用吗", "疗程", "治疗方案", "a physician", "medicines", "is the doctor ok", "this medicine?", "the treatment"]) expect(kinds(word, /[a-z]/.test(word) ? "en" : "zh")).toEqual(["doctor"]);
  });

  test("a treatment's costs are money; 'should I …?' in Chinese is a yes-or-no question", () => {
    for (const word of ["手术费够不够", "医药费", "医疗费", "治疗费", "住院费", "学费", "费用高吗", "开销大吗", "花费多少"]) expect({ word, kinds: kinds(word, "zh") }).toEqual({ word, kinds: ["money"] });
    expect(ask(interview, "我该请假陪她吗", "zh")).toStartWith("要不要这样做？按这一卦");
    expect(ask(interview, "我们应该先等等吗？", "zh")).toStartWith("要不要这样做？按这一卦");
    expect(ask(interview, "我该请假吗，还是请护工", "zh")).toStartWith("要不要这样做？按这一卦");
    expect(kinds("我该怎么准备", "zh")).toEqual(["advice"]);
    expect(ask(interview, "我该怎么准备", "zh")).not.toContain("要不要这样做？");
  });
});

describe("a price to offer in a cast about a home", () => {
  // The home cast: "offer" is in the matter lexicon as a job offer; asked as a price, it is the money of this matter.
  const flat = cast("Will I get the apartment I applied for?", [7, 7, 8, 9, 8, 6]);
  test("'how much should I offer?' is the money (妻财), not a job's rule, and no yes-or-no counsel", () => {
    const text = explainLiuyao(flat, "How much should I offer?", "en").focus.join("\n");
    expect(text).toStartWith("Money such as a deposit, the rent, the price or damages is traditionally read from 妻财 (the wealth line).");
    expect(text).not.toContain("career and position are read from 官鬼");
    expect(text).not.toContain("Whether to go ahead");
    for (const input of ["出价多少合适", "要不要还价", "能砍价吗", "how much to pay?", "should I make an offer", "what should I bid"]) expect({ input, kinds: askedTopics(flat, input, /[a-z]/.test(input) ? "en" : "zh").some((p) => /^(押金、租金|Money such as)/.test(p)) }).toEqual({ input, kinds: true });
    // Another matter with no part of this one named still gets its rule.
    expect(explainLiuyao(flat, "How is my career?", "en").focus[0]).toStartWith("Traditionally, career and position are read from 官鬼");
    // "How many should I …" asks no yes-or-no either.
    expect(explainLiuyao(flat, "How many should I apply to?", "en").focus.join("\n")).not.toContain("Whether to go ahead");
  });
});

describe("help from the police, a doctor or a lawyer is never left to the hexagram", () => {
  test("the counsel opens by saying so, instead of leaning towards waiting", () => {
    const weak = edit(interview, { 2: { strength: { month: "死", day: "克" } } });
    const zh = ask(weak, "要不要报警", "zh");
    expect(zh).toStartWith("报警、就医、找律师这类求助，不必等卦象：需要就去做。下面只是传统的参照。本卦用神在第2爻");
    expect(zh).not.toContain("偏向先等一等");
    expect(ask(weak, "Should I call the police?", "en")).toStartWith("Calling the police, seeing a doctor or a lawyer is never a matter for a hexagram: if you need it, do it. What follows is only the tradition's reference. This cast's useful god is line 2");
    for (const input of ["要不要去医院", "该不该找律师", "要不要报案", "should I see a doctor", "should I go to hospital", "should I get a lawyer", "should I report it"]) expect(ask(weak, input, /[a-z]/.test(input) ? "en" : "zh")).toMatch(/^(报警、就医、找律师这类求助|Calling the police, seeing a doctor or a lawyer)/);
    // Another step keeps the counsel.
    expect(ask(weak, "要不要先发邮件", "zh")).toStartWith("要不要这样做？按这一卦，传统上偏向先等一等");
  });
});

describe("colleagues: 兄弟, by how it meets the world line", () => {
  // interview: 兄弟 is line 3 (己亥 水, moving); the world line 5 is 申 金: metal generates water, and water neither
  // generates nor controls metal.
  test("generating, controlling, neither, absent", () => {
    expect(ask(interview, "同事好相处吗", "zh")).toBe("同事、同辈传统上看兄弟爻（同类之人），看它与世爻（你）的生克。本卦兄弟在第3爻己亥水，发动：它与世爻没有生克，传统上说同事之间平平相处。");
    expect(ask(edit(interview, { 3: { element: "土" } }), "will my coworkers like me?", "en")).toBe("Colleagues and peers are traditionally read from 兄弟 (one's own kind), by how it meets the world line (you). This cast's 兄弟 is line 3, 己亥 土, moving. 兄弟 generates the world line: traditionally colleagues help you and are easy to work with.");
    expect(ask(edit(interview, { 3: { element: "火" } }), "同事会不会排挤我", "zh")).toEndWith("兄弟克世，传统上说同事之间有竞争、有摩擦。");
    expect(ask(edit(interview, { 3: { relative: "妻财" } }), "how are my teammates?", "en")).toContain("No 兄弟 line appears in this cast: traditionally colleagues play little part in it.");
    expect(ask(edit(interview, { 3: { relative: "妻财" } }), "同事呢", "zh")).toContain("本卦兄弟不上卦，传统上说同事一面牵涉不多。");
    expect(ask(edit(interview, { 3: { element: "土" } }), "同事好相处吗", "zh")).toEndWith("兄弟生世，传统上说同事肯帮你、好相处。");
    expect(ask(edit(interview, { 3: { element: "火" } }), "and my colleague?", "en")).toEndWith("兄弟 controls the world line: traditionally there is rivalry and friction among colleagues.");
    expect(ask(interview, "what about my coworker", "en")).toEndWith("兄弟 neither generates nor controls the world line: traditionally colleagues are neither help nor hindrance.");
    for (const q of ["my teammate", "a co-worker", "colleagues, ok?"]) expect({ q, peers: ask(interview, q, "en").startsWith("Colleagues and peers") }).toEqual({ q, peers: true });
  });

  test("a boss who makes life hard is the boss; liking you, asked of them, is not the other side's", () => {
    expect(ask(interview, "入职后会不会被穿小鞋", "zh")).toStartWith("上司、老板传统上也看官鬼爻");
    expect(ask(interview, "老板喜欢我吗", "zh")).toStartWith("上司、老板传统上也看官鬼爻");
    expect(ask(interview, "will my coworkers like me?", "en")).not.toContain("The other side is the response line");
    expect(ask(interview, "对方和老板怎么看我", "zh")).toStartWith("对方由应爻代表");
    expect(ask(interview, "how do the other side and my boss see me?", "en")).toStartWith("The other side is the response line");
    expect(ask(interview, "my boss and the response line?", "en")).toContain("The other side is the response line");
  });

  test("colleagues named in another matter's cast are people of it, not another matter", () => {
    const illness = cast("我妈的病能好吗？", [8, 7, 7, 7, 7, 7]);
    expect(ask(illness, "我同事说要请假陪她，好吗", "zh")).not.toContain("问工作、职位看官鬼");
  });
});

describe("whether a decision is the right one: the cast's leaning", () => {
  test("'这个决定对吗', 'is this the right choice?'", () => {
    for (const q of ["这个决定对吗", "我的选择是对的吗", "这样做对不对", "is this the right decision?", "was it the right call", "right choice?", "is this a wise move?", "good decision?"]) expect({ q, lean: /^(?:按这一卦：|By this cast:)/.test(ask(interview, q, /[a-z]/.test(q) ? "en" : "zh")) }).toEqual({ q, lean: true });
  });
});

describe("a boss: 官鬼 too, by how it meets the world line", () => {
  // interview: 官鬼 lines 2 (己丑 土) and 6 (庚戌 土), neither moving; the world line 5 is 申 金: earth generates metal.
  test("generating, controlling, neither, absent; the moving 官鬼 first", () => {
    expect(ask(interview, "新公司的老板人怎么样", "zh")).toBe("上司、老板传统上也看官鬼爻（管束之人），看它与世爻（你）的生克。本卦官鬼在第2爻己丑土：官鬼生世，传统上说上司看重你、肯提携。");
    expect(ask(interview, "what will my new boss be like?", "en")).toBe("A boss or a superior is traditionally read from 官鬼 too (those who hold authority), by how it meets the world line (you). This cast's 官鬼 is line 2, 己丑 土. 官鬼 generates the world line: traditionally the boss values you and will back you.");
    const pressed = edit(interview, { 5: { element: "水" } });
    expect(ask(pressed, "领导会不会为难我", "zh")).toEndWith("官鬼克世，传统上说上司对你要求严、管束多。");
    expect(ask(pressed, "is my manager going to be tough?", "en")).toEndWith("官鬼 controls the world line: traditionally the boss is demanding and keeps you on a short rein.");
    // 土 neither generates nor controls 木 (wood controls earth); the response line is not the boss's other side.
    const even = edit(interview, { 5: { element: "木" } });
    expect(ask(even, "主管对我好不好", "zh")).toBe("上司、老板传统上也看官鬼爻（管束之人），看它与世爻（你）的生克。本卦官鬼在第2爻己丑土：它与世爻没有生克，传统上说上司对你不偏不倚。");
    expect(ask(even, "what does my supervisor think?", "en")).toEndWith("官鬼 neither generates nor controls the world line: traditionally the boss is even-handed with you.");
    expect(ask(edit(interview, { 6: { moving: true } }), "上司呢", "zh")).toContain("本卦官鬼在第6爻庚戌土，发动：官鬼生世");
    const none = edit(interview, { 2: { relative: "妻财" }, 6: { relative: "兄弟" } });
    expect(ask(none, "老細會唔會加我人工", "zh")).toContain("本卦官鬼不上卦，传统上说上司的态度暂时不显。");
    expect(ask(none, "and my boss?", "en")).toContain("No 官鬼 line appears in this cast: traditionally the boss's stance does not show yet.");
    // A boss of no one ("boss fight") and a manager named as a title are not asked after.
    expect(ask(interview, "is this the final boss fight?", "en")).not.toContain("官鬼 too");
  });
});

describe("a part of the matter that is the useful god's own relative is judged by the chosen line", () => {
  // 妻财 on lines 1 (strong) and 4 (weak); a cast about money chose line 4.
  const base = edit(interview, { 1: { relative: "妻财", strength: { month: "旺", day: "生" } }, 4: { strength: { month: "死", day: "克" } } });
  test("the chosen line, not any strong one; a cast with no useful god reads them all", () => {
    expect(ask({ ...base, usefulGod: null }, "薪水会高吗", "zh")).toEndWith("妻财有力，传统上说收入一面较好。");
    expect(ask(base, "薪水会高吗", "zh")).toEndWith("妻财有力，传统上说收入一面较好。");
    const chosen = { ...base, ...ug(base, { relative: "妻财", lines: [4] }) };
    expect(ask(chosen, "薪水会高吗", "zh")).toEndWith("妻财无力，传统上说待遇一面宜放低期待。");
    expect(ask(chosen, "and the salary?", "en")).toEndWith("So a weak 妻财 line traditionally means modest expectations for the pay.");
    const moving = edit(chosen, { 4: { moving: true } }, { usefulGod: chosen.usefulGod });
    expect(ask(moving, "薪水会高吗", "zh")).toEndWith("妻财发动，传统上说待遇有变动、可以商量。");
  });
});

describe("later on, or regret: the world line's change, then the changed hexagram", () => {
  test("the world line moving, by its transformation; still; the changed hexagram follows", () => {
    // interview: the world line 5 申 turns into 酉 (化进神).
    expect(ask(interview, "换了工作以后会不会后悔", "zh")).toStartWith("日后如何、会不会后悔，传统上看变卦，尤其看世爻（你）怎么变。世爻第5爻发动，化出父母丁酉（化进神）：传统上说日后渐进、越走越好。本卦雷火丰经第3、5爻发动，变为泽雷随（第17卦）。");
    expect(ask(interview, "Will I regret it in the long run?", "en")).toStartWith("How it goes later, and whether you will regret it, is traditionally read from the changed hexagram, above all from what the world line (you) turns into. The world line, line 5, moves and becomes 父母 丁酉 (化进神): traditionally it gets better as it goes. 雷火丰 turns");
    expect(ask(still, "长远来看怎么样", "zh")).toStartWith("日后如何、会不会后悔，传统上看变卦，尤其看世爻（你）怎么变。世爻第");
    expect(ask(still, "长远来看怎么样", "zh")).toContain("爻安静，你这一面日后没有大的变化。本卦");
    expect(ask(still, "what happens down the road?", "en")).toContain("does not move: your side stays much as it is. ");
    // The changed hexagram asked by name gets no sentence on regret.
    expect(ask(interview, "变卦是什么", "zh")).toStartWith("本卦雷火丰经第3、5爻发动");
  });

  test.each([
    ["回头克", "传统上说你这一面日后受制、易生悔意，宜多留后路", "traditionally your side is held back later and regret comes easily, so keep a way back open"],
    ["反吟", "传统上说反复不定，日后容易来回折腾", "traditionally the matter swings back and forth later"],
    ["伏吟", "传统上说停滞不前，日后进退两难、心中郁结", "traditionally it stalls, and later it is hard to move either way"],
    ["化退神", "传统上说劲头渐退，日后热情与所得都会减弱", "traditionally your drive and what you gain lessen later"],
    ["回头生", "传统上说日后得助、越走越顺，不至后悔", "traditionally you are helped later and it goes better as it goes, with little to regret"],
    ["化泄", "传统上说日后付出多于所得", "traditionally you give more than you get later"],
    ["化耗", "传统上说日后消耗较多", "traditionally it costs you more later"],
  ])("%s", (tag, zh, en) => {
    const f = { ...interview, transforms: ["3: 亥→辰 (水→土) 回头克", `5: 申→酉 (金→金) ${tag}`] };
    expect(ask(f, "最终会怎样", "zh")).toContain(`化出父母丁酉（${tag}）：${zh}。`);
    expect(ask(f, "how will it go eventually?", "en")).toContain(`becomes 父母 丁酉 (${tag}): ${en}. `);
  });

  test("the gravest first; none of them, steady", () => {
    const both = { ...interview, transforms: ["5: 申→酉 (金→金) 化进神 回头克"] };
    expect(ask(both, "最后会后悔吗", "zh")).toContain("（回头克）：传统上说你这一面日后受制");
    const plain = { ...interview, transforms: ["5: 申→酉 (金→金) 比和"] };
    expect(ask(plain, "最后会后悔吗", "zh")).toContain("化出父母丁酉：传统上说你这一面平稳。");
    expect(ask(plain, "long-term?", "en")).toContain("becomes 父母 丁酉: traditionally your side stays steady. ");
  });
});

describe("someone else in a relationship: 兄弟 too", () => {
  // interview: 兄弟 is line 3, 己亥, moving.
  test("moving, strong and still, weak, absent", () => {
    expect(ask(interview, "他是不是有别人了", "zh")).toBe("感情里的第三者传统上也看兄弟爻（同辈相争，争的是同一个人）。本卦兄弟在第3爻己亥发动；在月令为囚，日辰对它为泄，入墓。兄弟发动，传统上说确有他人介入，要留心。");
    expect(ask(interview, "is there someone else?", "en")).toEndWith("So a moving 兄弟 line traditionally means someone else is indeed stepping in: take care.");
    const still = edit(interview, { 3: { moving: false, strength: { month: "旺", day: "克" } } });
    expect(ask(still, "会不会有小三", "zh")).toEndWith("兄弟有力但安静，传统上说有这样一个人在，尚未出手。");
    expect(ask(still, "is there another woman?", "en")).toEndWith("So a strong but still 兄弟 line traditionally means such a person is there but has not moved.");
    const weak = edit(interview, { 3: { moving: false, strength: { month: "死", day: "克" } } });
    expect(ask(weak, "情敌厉害吗", "zh")).toEndWith("兄弟无力，传统上说即使有人，也难以插足。");
    expect(ask(weak, "what about the other woman", "en")).toEndWith("So a weak 兄弟 line traditionally means that anyone there can hardly come between you.");
    const none = edit(interview, { 3: { relative: "父母" } });
    expect(ask(none, "有没有第三者", "zh")).toEndWith("本卦兄弟不上卦，传统上说看不出有人介入。");
    expect(ask(none, "a third party?", "en")).toEndWith("No 兄弟 line appears in this cast: traditionally no one else shows.");
    for (const q of ["别的女人", "别的男人", "another man?", "another girl", "another guy"]) expect(ask(interview, q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(感情里的第三者|Someone else in a relationship)/);
  });
});

describe("counsel on an illness, and a medical decision, which gets none", () => {
  // mother: 我妈的病能好吗 — an illness, its useful god 父母 (lines 1 and 6); line 1 辛丑 is void in effect as cast, which is set aside here.
  test("an illness's counsel is recovery as the doctors direct", () => {
    const strongGod = edit(mother, { 1: { strength: { month: "旺", day: "生", effective_void: false } } });
    const weakGod = edit(mother, { 1: { strength: { month: "死", day: "克", effective_void: false } } });
    expect(ask(strongGod, "术后要注意什么", "zh")).toContain("用神有力，传统上说恢复得顺：照医嘱调养即可；");
    expect(ask(weakGod, "术后要注意什么", "zh")).toContain("用神无力，传统上说恢复要慢一些：多休养、别着急，一切照医嘱；");
    expect(ask(strongGod, "what should I do after the operation?", "en")).toContain("So the useful god is strong: traditionally recovery goes well; follow the doctors' aftercare;");
    expect(ask(weakGod, "what should we do now?", "en")).toContain("So the useful god is weak: traditionally recovery takes longer; rest, be patient, and follow the doctors in everything;");
  });

  test("a journey's counsel is how smoothly it goes and what to allow for", () => {
    const trip = cast("明天的航班会顺利吗", [7, 7, 7, 8, 9, 8]);
    expect(trip.usefulGod!.matter).toBe("travel");
    const strongGod = edit(trip, { 4: { strength: { month: "旺", day: "生", effective_void: false } } }, { usefulGod: { ...trip.usefulGod!, lines: [4] } });
    const weakGod = edit(trip, { 4: { strength: { month: "死", day: "克", effective_void: false } } }, { usefulGod: { ...trip.usefulGod!, lines: [4] } });
    expect(ask(strongGod, "路上要注意什么", "zh")).toContain("用神有力，传统上说一路较顺：照常准备、留足时间即可；");
    expect(ask(weakGod, "路上要注意什么", "zh")).toContain("用神无力，传统上说路上多阻滞：多留些时间，证件行李多检查一遍，注意安全；");
    expect(ask(strongGod, "any tips for the trip?", "en")).toContain("So the useful god is strong: traditionally the journey goes smoothly; prepare as usual and allow enough time;");
    expect(ask(weakGod, "any tips for the trip?", "en")).toContain("So the useful god is weak: traditionally the way has its hold-ups; allow extra time, check your papers and luggage twice, and travel safely;");
  });

  test("a medical decision, by the screen's topic or in its own words: the useful god as it stands, no lean, the doctors decide", () => {
    const weakGod = edit(mother, { 1: { strength: { month: "死", day: "克", effective_void: false } } });
    const byTopic = askedTopics(weakGod, "我们该怎么办？", "zh", ["medical_decision"]).join("\n");
    expect(byTopic).toBe("本卦用神在第1爻父母辛丑；在月令为死，日辰对它为克，用神无力。这只是传统的参照，卦象不替你做医疗决定：换不换医院、改不改治疗，请和医生商量，拿不准时可以再听一位医生的意见。");
    expect(ask(weakGod, "should we get a second opinion?", "en")).toBe("This cast's useful god is line 1, 父母 辛丑; 死 (dead) in the month, controlled by the day (克); the useful god is weak. This is only the tradition's reference, and a hexagram makes no medical decision: whether to change hospitals or treatment is for you and your doctors, and a second opinion is there when you are unsure.");
    const strongGod = edit(mother, { 1: { strength: { month: "旺", day: "生", effective_void: false } } });
    expect(ask(strongGod, "要不要转院", "zh")).toContain("，用神有力。这只是传统的参照");
    expect(ask(strongGod, "要不要转院", "zh")).not.toContain("偏向");
    expect(ask(strongGod, "should we switch hospitals?", "en")).toContain("; the useful god is strong. This is only the tradition's reference");
    for (const q of ["要不要换一家医院", "该不该停药", "要不要做手术", "要不要手术", "化疗要不要继续", "should she switch doctors?", "should we stop the treatment?", "should he have the surgery?", "is chemo the right call?", "should I change hospital", "what if we change doctor", "or change treatment?", "change medication?", "stop treatment now?"]) {
      expect(ask(mother, q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/(卦象不替你做医疗决定|a hexagram makes no medical decision)/);
    }
    // Without a stored strength, no word on it.
    expect(ask(edit(mother, { 1: { strength: null } }), "要不要转院", "zh")).toStartWith("本卦用神在第1爻父母辛丑。这只是传统的参照");
    // Seeing a doctor at all is the help said first, as before.
    expect(ask(mother, "要不要去医院看看", "zh")).not.toContain("卦象不替你做医疗决定");
  });
});

describe("a sign, good or bad, is the cast's leaning", () => {
  test.each(["is this a good sign?", "is it bad?", "good omen or bad omen?", "is that good", "这是好兆头吗", "是吉兆还是凶兆", "是好是坏"])("%s", (q) => {
    expect(ask(interview, q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(按这一卦：|By this cast:)/);
  });
  test("a good time or idea is no sign", () => {
    expect(ask(interview, "is this a good time to ask for a raise?", "en")).not.toMatch(/^By this cast:/);
    expect(ask(interview, "is it a good idea?", "en")).not.toMatch(/^By this cast:/);
  });
});

describe("whether a lost thing comes back of itself", () => {
  // 泽山咸: a lost cat's useful god is 子孙, line 4 丁亥 水, moving; the world line 3 is 申 金 (water does not generate metal).
  const cat = cast("我丢的猫能找回来吗", [8, 8, 7, 9, 7, 8]);
  test("moving without generating the world line, moving and generating it, still; an animal and a thing", () => {
    expect(ask(cat, "它会自己回来吗", "zh")).toBe("它会不会自己回来，传统上看用神动静，以及它生不生世爻（你）。用神子孙丁亥在第4爻，发动而不生世：传统上说它在走动，却未必朝你回来，还是要主动去找。");
    expect(ask(cat, "will she find her way home?", "en")).toBe("Whether it comes home by itself is traditionally read from whether the useful god moves, and whether it generates the world line (you). The useful god 子孙 丁亥 is on line 4, moving but not generating the world line: traditionally it is on the move, not necessarily towards home, so go and look.");
    const home = edit(cat, { 3: { element: "木" } });
    expect(ask(home, "佢會唔會自己返嚟", "zh")).toEndWith("发动而生世：传统上说它会自己回来，或被人送回；找的事也别停。");
    expect(ask(home, "will he come home on his own?", "en")).toEndWith("moving and generating the world line: traditionally it comes home, or is brought back; keep looking all the same.");
    const still = edit(cat, { 4: { moving: false } });
    expect(ask(still, "会自己跑回来吗", "zh")).toEndWith("安静：传统上说它停在某处，不会自己回来，要主动去找。");
    expect(ask(still, "will it come back by itself?", "en")).toEndWith(" and still: traditionally it stays where it is and will not come home by itself, so go and look.");
    const thing = { ...cat, ...ug(cat, { basis: "matter" }) };
    expect(ask(thing, "会有人送回来吗", "zh")).toBe("会不会有人送回来，传统上看用神动静，以及它生不生世爻（你）。用神子孙丁亥在第4爻，发动而不生世：传统上说东西在流转，却未必回到你手上，还是要主动去找。");
    expect(ask(thing, "will someone return it?", "en")).toBe("Whether it is brought back is traditionally read from whether the useful god moves, and whether it generates the world line (you). The useful god 子孙 丁亥 is on line 4, moving but not generating the world line: traditionally it is changing hands, not necessarily back to you, so go and look.");
    for (const q of ["will they return my wallet?", "will someone hand in the bag", "will someone bring back my keys?", "will someone bring it back"]) expect(ask(thing, q, "en")).toStartWith("Whether it is brought back");
    expect(ask({ ...cat, usefulGod: null }, "会自己回来吗", "zh")).not.toContain("用神动静");
    expect(ask({ ...home, ...ug(home, { basis: "matter" }) }, "will someone return it?", "en")).toEndWith("moving and generating the world line: traditionally it is brought back, or turns up; keep looking all the same.");
    expect(ask({ ...home, ...ug(home, { basis: "matter" }) }, "会还给我吗", "zh")).toEndWith("发动而生世：传统上说有望被人送回，或自己出现；找的事也别停。");
    expect(ask({ ...still, ...ug(still, { basis: "matter" }) }, "will anyone hand it in?", "en")).toEndWith(" and still: traditionally it stays where it is and will not find its way back to you, so go and look.");
    expect(ask({ ...still, ...ug(still, { basis: "matter" }) }, "有人会还回来吗", "zh")).toEndWith("安静：传统上说东西停在某处，不会自己回到你手上，要主动去找。");
  });

  test("a hidden useful god has nothing to read; another matter's cast answers nothing of it", () => {
    expect(ask(wallet, "会有人送回来吗", "zh")).toBe("会不会有人送回来，传统上看用神动静，以及它生不生世爻（你）。用神妻财不上卦，传统上难以取象：还是要主动去找。");
    expect(ask(wallet, "will someone bring it back?", "en")).toEndWith("The useful god 妻财 is on no line, so tradition has nothing to read: go and look.");
    expect(ask(interview, "他会自己回来吗", "zh")).not.toContain("用神动静");
  });
});

describe("the partner's parents: 父母, the line of elders; whether someone means it: the other side", () => {
  // interview: 父母 is line 5, 庚申, moving (the world line).
  test("moving, strong, weak, absent", () => {
    expect(ask(interview, "他爸妈会不会反对", "zh")).toBe("对方父母、长辈的态度，传统上看父母爻（长辈之象）。本卦父母在第5爻庚申发动；在月令为死，日辰对它为耗。父母发动，传统上说长辈有意见、会出面表态。");
    expect(ask(interview, "what do his parents think?", "en")).toEndWith("So a moving 父母 line traditionally means the elders have views and will make them known.");
    const still = edit(interview, { 5: { moving: false, strength: { month: "旺", day: "生" } } });
    expect(ask(still, "佢屋企人會唔會反對", "zh")).toEndWith("父母有力，传统上说长辈说得上话，他们的态度要认真对待。");
    expect(ask(still, "and the in-laws?", "en")).toEndWith("So a strong 父母 line traditionally means the elders carry weight: take their view seriously.");
    const weak = edit(interview, { 5: { moving: false, strength: { month: "死", day: "克" } } });
    expect(ask(weak, "公婆那边呢", "zh")).toEndWith("父母无力，传统上说长辈的影响有限。");
    expect(ask(weak, "her family?", "en")).toEndWith("So a weak 父母 line traditionally means the elders' say is limited.");
    const none = edit(interview, { 5: { relative: "兄弟" } });
    expect(ask(none, "对方家长会同意吗", "zh")).toEndWith("本卦父母不上卦，传统上说长辈一面暂时不显。");
    expect(ask(none, "my mother-in-law?", "en")).toEndWith("No 父母 line appears in this cast: traditionally the elders' side does not show yet.");
    for (const q of ["男朋友的妈妈喜欢我吗", "丈母娘那关能过吗", "岳父会同意吗", "my boyfriend's parents", "their folks", "what about my in-law"]) expect(ask(interview, q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/(对方父母、长辈的态度|The partner's parents and elders)/);
  });

  test("whether someone means it is how the other side meets you", () => {
    for (const q of ["他是不是真心的", "他爱不爱我", "她喜不喜欢我", "佢鍾唔鍾意我", "他对我有没有感觉"]) expect(ask(interview, q, "zh")).toStartWith("对方由应爻代表");
    for (const q of ["is he sincere?", "is she serious about me?", "does he really love me?", "does she like me?", "does he care about me?", "is he into me?"]) expect(ask(interview, q, "en")).toStartWith("The other side is the response line");
  });
});

describe("the people of the matter, asked in everyday words", () => {
  // 火泽睽 on 2025-11-29 (亥 month, 未 day): the response line is line 1, 父母 丁巳, void and broken by the month (巳亥冲);
  // the world line is line 4, 子孙 己酉, moving.
  const google = cast("Will I get the job at Google?", [7, 7, 8, 9, 8, 7], "2025-11-29T18:00:00+08:00");
  const focusOf = (f: LiuyaoFacts, input: string) => explainLiuyao(f, input, /[a-z]/i.test(input) ? "en" : "zh").focus;

  test("whether the interviewer likes you is the other side, not a love affair's rule; a month break is said once", () => {
    const [answer, ...more] = focusOf(google, "Will the interviewer like me?");
    expect(more).toEqual([]);
    expect(answer).toStartWith("The other side is the response line: line 1, 父母 丁巳 火, carrying 玄武; 死 (dead) in the month, fed by the day (生), void in effect and broken by the month. Here");
    expect(focusOf(google, "面试官会喜欢我吗")[0]).toStartWith("对方由应爻代表：第1爻父母丁巳火，临玄武；在月令为死，日辰对它为生，真空、月破。");
  });

  test("which line is me: the world line", () => {
    for (const ask of ["Which line is me?", "which line represents me", "and my line?", "is my own line strong?", "我是哪一爻", "我是哪爻", "哪个爻代表我", "哪爻是我"]) expect({ ask, first: focusOf(google, ask)[0]!.slice(0, 10) }).toEqual({ ask, first: /[a-z]/i.test(ask) ? "The world " : "世爻代表你自己：第4" });
  });

  test("what if it fails, or what to avoid: the counsel", () => {
    for (const ask of ["What if they reject me?", "Is there anything I should avoid?", "what should I watch out for", "anything to be careful about?"]) expect({ ask, first: focusOf(google, ask)[0]!.slice(0, 24) }).toEqual({ ask, first: "This cast's useful god i" });
  });
});
