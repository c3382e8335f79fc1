/**
 * The local interpreter answers the question asked (over HTTP, as an integrator's user meets it):
 * a chart, a cast and a Plan are each asked ten different questions in one conversation — a first
 * Response, then nine follow-ups — and five more in another (神煞, relations, "is my chart good?",
 * travel, children; the useful god's strength, rivals, 卦身, 六冲, a yes-or-no question; another practice,
 * afterwards, the ranking), in English, Simplified and Traditional Chinese. Each answer must
 * name the fact its question is about, read from the Subject's own record (or worked out here
 * independently: a year's pillar by the sexagenary count, a month's by lunar-typescript), come back
 * in the asker's script, and no two answers of a conversation may share more than half their text.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Solar } from "lunar-typescript";
import { startServer, type TestServer } from "../helpers/server.ts";
import { ANCHOR_BIRTH, INTERVIEW_CAST, responsesClient } from "../helpers/responses.ts";
import { baseInput } from "../unit/healing/fixtures.ts";
import { detectScript, foldText } from "../../src/text/language.ts";

type Lang = "en" | "zh-Hans" | "zh-Hant";
const LANGS: readonly Lang[] = ["en", "zh-Hans", "zh-Hant"];
/** A question in the three languages, and what its answer must name (any one of them), from the Subject's record. */
interface Asked {
  ask: Record<Lang, string>;
  names: (record: any, lang: Lang) => string[];
}

const NOW = Date.parse("2025-06-15T10:00:00Z");
const YEAR = 2025;
const STEMS = "甲乙丙丁戊己庚辛壬癸";
const BRANCHES = "子丑寅卯辰巳午未申酉戌亥";
/** A Gregorian year's pillar by the sexagenary count (4 CE was 甲子). */
const yearGanzhi = (year: number) => STEMS[(year - 4) % 10]! + BRANCHES[(year - 4) % 12]!;
const zh = (lang: Lang) => lang !== "en";
const ELEMENT_ZH: Record<string, string> = { wood: "木", fire: "火", earth: "土", metal: "金", water: "水" };

const BAZI: Asked[] = [
  { ask: { en: "What does my chart say overall?", "zh-Hans": "帮我看看我的八字整体怎么样？", "zh-Hant": "幫我看看我的八字整體怎麼樣？" }, names: (c) => [c.pillars.day.ganzhi] },
  { ask: { en: "Is my day master strong or weak?", "zh-Hans": "我的日主是身强还是身弱？", "zh-Hant": "我的日主是身強還是身弱？" }, names: (c) => [String(c.five_elements.strength.score)] },
  { ask: { en: "Which elements are favourable for me?", "zh-Hans": "我的喜用五行是什么？", "zh-Hant": "我的喜用五行是什麼？" }, names: (c, l) => [zh(l) ? `喜用五行是${c.five_elements.favorable_elements.map((e: string) => ELEMENT_ZH[e]).join("、")}` : `favorable elements are ${c.five_elements.favorable_elements[0]}`] },
  { ask: { en: "How is this year for me?", "zh-Hans": "我今年的流年怎么样？", "zh-Hant": "我今年的流年怎麼樣？" }, names: () => [yearGanzhi(YEAR)] },
  { ask: { en: "What about 2027?", "zh-Hans": "那2027年呢？", "zh-Hant": "那2027年呢？" }, names: () => [yearGanzhi(2027)] },
  { ask: { en: "Which luck pillar am I in now, and is it good?", "zh-Hans": "我现在走的是哪步大运，好不好？", "zh-Hant": "我現在走的是哪步大運，好不好？" }, names: (c) => [c.luck.pillars.find((p: any) => p.start_year <= YEAR && YEAR <= p.end_year).ganzhi] },
  { ask: { en: "Which months this year are best?", "zh-Hans": "今年哪几个月比较好？", "zh-Hant": "今年哪幾個月比較好？" }, names: () => [Solar.fromYmd(YEAR, 2, 10).getLunar().getMonthInGanZhiExact()] },
  { ask: { en: "What does 七杀 mean?", "zh-Hans": "七杀是什么意思？", "zh-Hant": "七殺是什麼意思？" }, names: (_c, l) => [zh(l) ? "偏官" : "seven killings"] },
  { ask: { en: "How is my career looking?", "zh-Hans": "我的事业运怎么样？", "zh-Hant": "我的事業運怎麼樣？" }, names: () => ["正官"] },
  { ask: { en: "I'm so stressed I can't sleep, is my chart the reason?", "zh-Hans": "最近压力好大睡不着，是不是我八字的原因？", "zh-Hant": "最近壓力好大睡不著，是不是我八字的原因？" }, names: (_c, l) => [zh(l) ? "命盘不会造成" : "does not cause"] },
];

const LIUYAO: Asked[] = [
  { ask: { en: "What does this cast say overall?", "zh-Hans": "这卦整体怎么看？", "zh-Hant": "這卦整體怎麼看？" }, names: (c) => [c.primary.name] },
  { ask: { en: "Which lines are moving?", "zh-Hans": "哪几爻是动爻？", "zh-Hant": "哪幾爻是動爻？" }, names: (c) => c.primary.lines.filter((l: any) => l.moving).map((l: any) => l.stem + l.branch).slice(0, 1) },
  { ask: { en: "What is the changed hexagram?", "zh-Hans": "变卦是什么？", "zh-Hant": "變卦是什麼？" }, names: (c) => [c.changed.name] },
  { ask: { en: "What is the useful god here?", "zh-Hans": "这卦的用神是什么？", "zh-Hant": "這卦的用神是什麼？" }, names: (c, l) => [zh(l) ? `以${c.useful_god.relative}为用神` : `the useful god is ${c.useful_god.relative}`] },
  { ask: { en: "When will I hear back?", "zh-Hans": "什么时候会有结果？", "zh-Hant": "什麼時候會有結果？" }, names: (c, l) => { const b = c.primary.lines[c.useful_god.lines[0] - 1].branch; return [zh(l) ? `${b}日` : `${b} day`]; } },
  { ask: { en: "Which line is the world line?", "zh-Hans": "世爻在哪一爻？", "zh-Hant": "世爻在哪一爻？" }, names: (c) => { const w = c.primary.lines[c.primary.world - 1]; return [w.stem + w.branch]; } },
  { ask: { en: "Is anything void?", "zh-Hans": "卦里有旬空吗？", "zh-Hant": "卦裡有旬空嗎？" }, names: (c, l) => [zh(l) ? `旬空是${c.calendar.void.join("、")}` : `void branches of the ${c.calendar.day_pillar} day are ${c.calendar.void.join(" and ")}`] },
  { ask: { en: "What do the six spirits say?", "zh-Hans": "六神怎么看？", "zh-Hant": "六神怎麼看？" }, names: (c) => [c.primary.lines[0].spirit] },
  { ask: { en: "What should I do to prepare?", "zh-Hans": "我应该怎么准备？", "zh-Hant": "我應該怎麼準備？" }, names: (c, l) => { const u = c.primary.lines[c.useful_god.lines[0] - 1]; return [zh(l) ? `用神在第${u.position}爻` : `useful god is line ${u.position}`]; } },
  { ask: { en: "What does the interviewer think of me?", "zh-Hans": "面试官对我印象怎么样？", "zh-Hant": "面試官對我印象怎麼樣？" }, names: (c, l) => { const r = c.primary.lines[c.primary.response - 1]; return [zh(l) ? `对方由应爻代表：第${r.position}爻` : `the response line: line ${r.position}`]; } },
];

const HEALING: Asked[] = [
  { ask: { en: "Why was this practice chosen for me?", "zh-Hans": "为什么给我选这个练习？", "zh-Hant": "為什麼給我選這個練習？" }, names: (p, l) => [zh(l) ? p.protocol.title["zh-Hans"] : p.protocol.title.en] },
  { ask: { en: "How long does it take?", "zh-Hans": "这个练习要多长时间？", "zh-Hant": "這個練習要多長時間？" }, names: (p, l) => [zh(l) ? `${p.protocol.duration}分钟` : `${p.protocol.duration} minutes`] },
  { ask: { en: "What are the steps?", "zh-Hans": "具体步骤是什么？", "zh-Hant": "具體步驟是什麼？" }, names: (p, l) => [p.protocol.script.steps[0].text[zh(l) ? "zh-Hans" : "en"]] },
  { ask: { en: "Is there anything I should be careful about?", "zh-Hans": "练习时有什么要注意的？", "zh-Hant": "練習時有什麼要注意的？" }, names: (p, l) => [p.protocol.cautions[0][zh(l) ? "zh-Hans" : "en"]] },
  { ask: { en: "Can I do it sitting down?", "zh-Hans": "可以坐着做吗？", "zh-Hant": "可以坐著做嗎？" }, names: (p, l) => [zh(l) ? { seated: "坐着做", standing: "站着做", either: "坐着或站着" }[p.protocol.posture as string]! : { seated: "done seated", standing: "done standing", either: "either seated or standing" }[p.protocol.posture as string]!] },
  { ask: { en: "Is there audio for it?", "zh-Hans": "有配套的音频吗？", "zh-Hant": "有配套的音頻嗎？" }, names: (p, l) => [p.protocol.availability === "available" ? "asset_url" : zh(l) ? "没有配套音频" : "no audio track"] },
  { ask: { en: "What if I feel dizzy?", "zh-Hans": "如果练的时候头晕怎么办？", "zh-Hant": "如果練的時候頭暈怎麼辦？" }, names: (_p, l) => [zh(l) ? "马上停下" : "stop at once"] },
  { ask: { en: "How often should I do it?", "zh-Hans": "多久做一次比较好？", "zh-Hant": "多久做一次比較好？" }, names: (_p, l) => [zh(l) ? "新方案" : "new plan"] },
  { ask: { en: "What is the intensity of this plan?", "zh-Hans": "这个练习强度大吗？", "zh-Hant": "這個練習強度大嗎？" }, names: (p, l) => [zh(l) ? `强度是${{ gentle: "温和", moderate: "适中" }[p.protocol.intensity as string]}` : `intensity is ${p.protocol.intensity}`] },
  { ask: { en: "Can I do it at work?", "zh-Hans": "上班的时候可以在办公室做吗？", "zh-Hant": "上班的時候可以在辦公室做嗎？" }, names: (_p, l) => [zh(l) ? "开车" : "driving"] },
];

/** More kinds, each from the record: 神煞, relations, the chart as a whole, travel, health, children; a cast's
 * useful-god strength, rivals, 卦身, 六冲/六合, a yes-or-no question; a Plan's other practice, afterwards, its ranking. */
const BAZI_MORE: Asked[] = [
  { ask: { en: "Do I have any 神煞 stars?", "zh-Hans": "我的神煞有哪些？", "zh-Hant": "請說說我的神煞有哪些？" }, names: (c) => [c.shen_sha[0].name] },
  { ask: { en: "Any clashes or combinations among my pillars?", "zh-Hans": "我的四柱之间有没有刑冲合害？", "zh-Hant": "我的四柱之間有沒有刑沖合害？" }, names: (c) => [c.relations[0].name] },
  { ask: { en: "Is my chart good?", "zh-Hans": "我的命好不好？", "zh-Hant": "我的命好不好？說實話。" }, names: (_c, l) => [zh(l) ? "不论绝对的好坏" : "grades no chart good or bad"] },
  { ask: { en: "Should I move abroad?", "zh-Hans": "我适合出国发展吗？", "zh-Hant": "我適合出國發展嗎？" }, names: () => ["驿马"] },
  { ask: { en: "Tell me about my children.", "zh-Hans": "我的子女怎么样？", "zh-Hant": "我的子女怎麼樣？" }, names: (_c, l) => [zh(l) ? "为子女星" : "the children's star"] },
  { ask: { en: "Do I offend Tai Sui this year?", "zh-Hans": "我今年犯太岁吗？", "zh-Hant": "我今年犯太歲嗎？" }, names: (c, l) => { const b = c.pillars.year.ganzhi[1]; return zh(l) ? [`生于${b}年`, `年支${b}`] : [`born in a ${b} year`, `own branch ${b}`]; } },
  { ask: { en: "What about my parents?", "zh-Hans": "我和父母的缘分如何？", "zh-Hant": "我和父母的緣分如何？" }, names: (_c, l) => [zh(l) ? "印为母" : "the mother and the father"] },
  { ask: { en: "How is my spouse palace?", "zh-Hans": "我的婚姻宫怎么样？", "zh-Hant": "我的婚姻宮怎麼樣？" }, names: (c, l) => [zh(l) ? `你的是${c.pillars.day.ganzhi[1]}` : `yours is ${c.pillars.day.ganzhi[1]}`] },
  { ask: { en: "What is my chart's structure?", "zh-Hans": "我是什么格局？", "zh-Hant": "我是什麼格局？" }, names: (c, l) => [zh(l) ? `你的月支${c.pillars.month.ganzhi[1]}` : `your month branch ${c.pillars.month.ganzhi[1]}`] },
  { ask: { en: "Do I have a wealth storehouse?", "zh-Hans": "我有没有财库？", "zh-Hant": "我有沒有財庫？" }, names: (_c, l) => [zh(l) ? "的库在" : "its storehouse is"] },
];

const LIUYAO_MORE: Asked[] = [
  { ask: { en: "Is the useful god strong?", "zh-Hans": "用神有力吗？", "zh-Hant": "用神有力嗎？" }, names: (c, l) => { const u = c.primary.lines[c.useful_god.lines[0] - 1]; return [zh(l) ? `在月令为${u.strength.month}` : `${u.strength.month} (`]; } },
  { ask: { en: "What about the other candidates?", "zh-Hans": "其他竞争者怎么样？", "zh-Hant": "其他競爭者怎麼樣？" }, names: (_c, l) => [zh(l) ? "竞争者、对手传统上看兄弟爻" : "Rivals and competitors are traditionally read from 兄弟"] },
  { ask: { en: "Where is the hexagram body (gua shen)?", "zh-Hans": "卦身在哪里？", "zh-Hant": "卦身在哪裡？" }, names: (c, l) => [zh(l) ? `卦身为${c.primary.gua_shen.branch}` : `here it is ${c.primary.gua_shen.branch}`] },
  { ask: { en: "Is this a liu chong hexagram?", "zh-Hans": "这是六冲卦吗？", "zh-Hant": "這是六沖卦嗎？" }, names: () => ["六冲", "六合"] },
  { ask: { en: "Will the salary be good?", "zh-Hans": "薪水待遇会好吗？", "zh-Hant": "薪水待遇會好嗎？" }, names: (c, l) => { const pay = c.primary.lines.find((x: any) => x.relative === "妻财"); return [zh(l) ? `妻财在第${pay.position}爻` : `line ${pay.position}, ${pay.stem}${pay.branch}`]; } },
  { ask: { en: "Should I email them first?", "zh-Hans": "要不要先发邮件问问？", "zh-Hant": "要不要先發郵件問問？" }, names: (_c, l) => [zh(l) ? "要不要这样做？" : "Whether to go ahead:"] },
  { ask: { en: "Is this hexagram good or bad?", "zh-Hans": "这个卦是吉是凶？", "zh-Hant": "這個卦是吉是凶？" }, names: (_c, l) => [zh(l) ? "按这一卦：用神" : "By this cast: the useful god"] },
];

const HEALING_MORE: Asked[] = [
  { ask: { en: "What about the Eight Brocades instead?", "zh-Hans": "换成八段锦呢？", "zh-Hant": "換成八段錦呢？" }, names: (_p, l) => [zh(l) ? "坐式八段锦" : "Seated Eight Brocades"] },
  { ask: { en: "What if I'm still anxious afterwards?", "zh-Hans": "练完还是很焦虑怎么办？", "zh-Hant": "練完還是很焦慮怎麼辦？" }, names: (_p, l) => [zh(l) ? "练完仍然紧张并不少见" : "Still feeling tense afterwards is common"] },
  { ask: { en: "Why this one and not another?", "zh-Hans": "为什么是这个而不是别的？", "zh-Hant": "為什麼是這個而不是別的？" }, names: (p) => [(p.selection.candidates[0].total / 100).toFixed(1)] },
  { ask: { en: "What is the intensity of this plan?", "zh-Hans": "这个练习强度大吗？", "zh-Hant": "這個練習強度大嗎？" }, names: (p, l) => [zh(l) ? `强度是${{ gentle: "温和", moderate: "适中" }[p.protocol.intensity as string]}` : `intensity is ${p.protocol.intensity}`] },
  { ask: { en: "Can I do it on the train?", "zh-Hans": "在地铁上可以做吗？", "zh-Hant": "在地鐵上可以做嗎？" }, names: (_p, l) => [zh(l) ? "开车" : "driving"] },
  { ask: { en: "What if I fall asleep during it?", "zh-Hans": "练着睡着了怎么办？", "zh-Hant": "練著睡著了怎麼辦？" }, names: (_p, l) => [zh(l) ? "目标选为「休息」" : 'choose "rest" as the goal'] },
  { ask: { en: "What if I get interrupted?", "zh-Hans": "练到一半被打断了怎么办？", "zh-Hant": "練到一半被打斷了怎麼辦？" }, names: (p, l) => [zh(l) ? `最好有${p.protocol.duration}分钟不被打扰` : `${p.protocol.duration} undisturbed minutes`] },
  { ask: { en: "Is this meditation?", "zh-Hans": "这个和冥想有什么区别？", "zh-Hant": "這個和冥想有什麼區別？" }, names: (_p, l) => [zh(l) ? "冥想、气功、瑜伽这类练习" : "Meditation, qigong and yoga"] },
  { ask: { en: "I can't breathe through my nose, can I use my mouth?", "zh-Hans": "我有鼻炎，用嘴呼吸可以吗？", "zh-Hant": "我有鼻炎，用嘴呼吸可以嗎？" }, names: (_p, l) => [zh(l) ? "用嘴轻轻吸气也可以" : "a gentle breath through the mouth does as well"] },
];

/** Sentences, for the overlap measure: split at sentence ends and line breaks. */
const sentencesOf = (text: string) => text.split(/(?<=[。.！!？?；;])\s*|\n/).map((s) => s.trim()).filter((s) => s.length > 0);

/** The share of the shorter answer made of sentences the other answer has too. */
function overlap(a: string, b: string): number {
  const inA = new Set(sentencesOf(a));
  const shared = sentencesOf(b).filter((s) => inA.has(s)).reduce((n, s) => n + s.length, 0);
  return shared / Math.min(a.length, b.length);
}

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ clock: () => NOW });
});
afterAll(() => s.stop());

async function subjectRecord(kind: "bazi" | "liuyao" | "healing", lang: Lang): Promise<any> {
  const [path, body] =
    kind === "bazi" ? ["/v1/bazi/charts", { birth: ANCHOR_BIRTH }] : kind === "liuyao" ? ["/v1/liuyao/casts", lang === "en" ? { ...INTERVIEW_CAST, question: "Will I pass this job interview?" } : INTERVIEW_CAST] : ["/v1/healing/plans", baseInput()];
  const res = await s.request("POST", path, { body, idempotencyKey: `answers-${kind}-${lang}` });
  expect(res.status).toBe(201);
  return res.json;
}

describe.each([
  ["a BaZi chart", "ten", "bazi", BAZI],
  ["a LiuYao cast", "ten", "liuyao", LIUYAO],
  ["a Healing Plan", "ten", "healing", HEALING],
  ["a BaZi chart", "ten more", "bazi", BAZI_MORE],
  ["a LiuYao cast", "seven more", "liuyao", LIUYAO_MORE],
  ["a Healing Plan", "nine more", "healing", HEALING_MORE],
] as const)("%s, asked %s different questions in one conversation", (_name, _count, kind, questions) => {
  test.each(LANGS)("in %s: each answer names its fact, in the asker's script; no two share more than half their text", async (lang) => {
    const r = responsesClient(s);
    const record = await subjectRecord(kind, lang);
    const answers: string[] = [];
    let previous: string | null = null;
    for (const q of questions) {
      const input = q.ask[lang];
      const rec: any = previous === null ? await r.first(kind, record.id, input) : await r.followUp(previous, input);
      previous = rec.id;
      const text: string = rec.output_text;
      answers.push(text);
      expect({ input, escalated: rec.safety.escalated }).toEqual({ input, escalated: false });
      const folded = foldText(text);
      const named = q.names(record, lang);
      expect({ input, names: named.some((fact) => folded.includes(foldText(fact))) }).toEqual({ input, names: true });
      if (lang !== "en") expect({ input, script: detectScript(text) }).toEqual({ input, script: lang });
    }
    const similar = answers.flatMap((a, i) => answers.slice(i + 1).map((b, k) => ({ pair: [questions[i]!.ask[lang], questions[i + k + 1]!.ask[lang]], share: Math.round(overlap(a, b) * 100) / 100 }))).filter((p) => p.share > 0.5);
    expect(similar).toEqual([]);
  });
});
