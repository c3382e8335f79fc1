/**
 * What a LiuYao follow-up can ask about besides the useful god, the moving lines and timing
 * (liuyao.ts): the world and response lines and how they meet, the void, the six spirits, the
 * changed hexagram, the related hexagrams, the hidden spirits, one line, a part of the matter (the rivals, the pay, the paperwork: liuyao-roles.ts), and how the useful god
 * stands (its strength, and the traditional advice that follows). Each kind is a pattern and a
 * paragraph written from the cast's facts; `askedTopics` finds the kinds a question names.
 */
import type { LineFacts, LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import type { SensitiveTopic } from "../../safety/index.ts";
import { foldedInput, list, matchesTopic, say, WHETHER } from "./text.ts";
import { isStrong, strengthText } from "./liuyao-strength.ts";
import { CONTROLS, GENERATES } from "./liuyao-elements.ts";
import { PEOPLE, personParagraph } from "./liuyao-people.ts";
import { LATER, worldLaterSentence } from "./liuyao-later.ts";
import { roleParagraph, ROLES } from "./liuyao-roles.ts";
import { ALIVE, aliveParagraph, COMES_BACK, comesBackParagraph, TAKEN, takenParagraph, WHERE_LOST, whereLostParagraph } from "./liuyao-lost.ts";
import { adviceParagraph, MEDICAL_CHOICE, WHICH_ONE, whichOneParagraph } from "./liuyao-advice.ts";
import { CAST_AGAIN, castAgainParagraph, HEXAGRAM_TEXT, hexagramTextParagraph } from "./liuyao-text.ts";

type Writer = (f: LiuyaoFacts, lang: ReplyLanguage, input: string, sensitive: readonly SensitiveTopic[]) => string;


type Meeting = "应生世" | "应克世" | "世生应" | "世克应" | "比和";

/** How the response line (the other side) meets the world line (you), by their elements. */
function sidesMeet(f: LiuyaoFacts): Meeting {
  const [w, r] = [f.lines[f.primary.world - 1]!.element, f.lines[f.primary.response - 1]!.element];
  if (GENERATES[r] === w) return "应生世";
  if (CONTROLS[r] === w) return "应克世";
  if (GENERATES[w] === r) return "世生应";
  if (CONTROLS[w] === r) return "世克应";
  return "比和";
}

const MEETING_WORDS: Readonly<Record<Meeting, [zh: string, en: string]>> = {
  应生世: ["应生世：传统上说对方对你有利、愿意成全", "the response generates the world (应生世): traditionally the other side favours you"],
  应克世: ["应克世：传统上说对方有所保留或施加压力", "the response controls the world (应克世): traditionally the other side holds back or presses you"],
  世生应: ["世生应：传统上说你付出较多、主动去求对方", "the world generates the response (世生应): traditionally you give more and seek them out"],
  世克应: ["世克应：传统上说你占主动", "the world controls the response (世克应): traditionally you have the upper hand"],
  比和: ["世应比和：传统上说双方对等、容易谈得拢", "world and response share an element (比和): traditionally the two sides meet as equals"],
};

function meeting(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const [zh, en] = MEETING_WORDS[sidesMeet(f)];
  return say(lang, zh, en);
}

/** What a line's own state says (moving, void in effect, broken), as short phrases. */
function stateOf(l: LineFacts, lang: ReplyLanguage): string[] {
  return [
    l.moving ? say(lang, "发动，主动求变", "moving: it acts and changes") : "",
    // A stored strength already says whether the void holds (effective_void).
    l.void && !l.moving && !l.dayClash && !l.strength ? say(lang, "旬空，暂时落空", "void: not yet in place") : "",
    // A stored strength says the month break too (strengthText).
    l.monthBreak && !l.strength ? say(lang, "月破，力量受损", "broken by the month") : "",
  ].filter(Boolean);
}

/** The world line: you in this matter — its relative, its strength, what it is doing. */
function worldLine(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const l = f.lines[f.primary.world - 1]!;
  const state = stateOf(l, lang);
  // This line's own weight when the cast stores it; the rule alone on older casts.
  const strong = isStrong(l);
  const verdictZh = strong === null ? "世爻旺相，传统上说你有底气、能掌握局面；休囚空破，则宜借助外力。" : strong ? "按月令与日辰合看，世爻有力：传统上说你有底气、能掌握局面。" : "按月令与日辰合看，世爻无力：传统上宜借助外力，稳中求进。";
  const verdictEn = strong === null ? "A strong world line traditionally means you can hold the situation; a weak, void or broken one that you should lean on help." : strong ? "Weighing the month and the day, the world line is strong: traditionally you can hold the situation." : "Weighing the month and the day, the world line is weak: traditionally, lean on help and go steadily.";
  return say(
    lang,
    `世爻代表你自己：第${l.position}爻${l.relative}${l.ganzhi}${l.element}，临${l.spirit}${strengthText(l, "zh")}${state.length ? `；${state.join("，")}` : ""}。${verdictZh}与应爻的关系：${meeting(f, lang)}。`,
    `The world line is you: line ${l.position}, ${l.relative} ${l.ganzhi} ${l.element}, carrying ${l.spirit}${strengthText(l, "en")}${state.length ? `; ${list("en", state)}` : ""}. ${verdictEn} With the response line: ${meeting(f, lang)}.`,
  );
}

/** The response line: the other side of the matter (the interviewer, the buyer, the landlord …) and how they meet you. */
function otherSide(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const l = f.lines[f.primary.response - 1]!;
  const state = stateOf(l, lang);
  return say(
    lang,
    `对方由应爻代表：第${l.position}爻${l.relative}${l.ganzhi}${l.element}，临${l.spirit}${strengthText(l, "zh")}${state.length ? `；${state.join("，")}` : ""}。${meeting(f, lang)}。${l.void && !l.moving ? "应爻旬空，传统上说对方的态度一时还不明朗。" : ""}`,
    `The other side is the response line: line ${l.position}, ${l.relative} ${l.ganzhi} ${l.element}, carrying ${l.spirit}${strengthText(l, "en")}${state.length ? `; ${list("en", state)}` : ""}. Here ${meeting(f, lang)}.${l.void && !l.moving ? " A void response line traditionally means their stance is not yet settled." : ""}`,
  );
}

const VOID_READING_ZH = "旬空的爻传统上说暂时落空、时机未到，出空（到该地支之日）或逢冲时才见分晓；发动的爻和逢日冲的爻不作空论。";
const VOID_READING_EN = "Traditionally a void line is not yet in place: it shows itself when its branch's day comes or a clash fills it; a moving line, or one the day clashes, is not void in effect.";

function voidParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const voidLines = f.lines.filter((l) => l.void);
  const named = voidLines.map((l) => say(lang, `第${l.position}爻${l.relative}${l.ganzhi}${l.moving ? "（发动，不作空论）" : l.dayClash ? "（逢日冲，冲空则实）" : ""}`, `line ${l.position}, ${l.relative} ${l.ganzhi}${l.moving ? " (moving, so not void in effect)" : l.dayClash ? " (clashed by the day, so real)" : ""}`));
  return say(
    lang,
    `${f.dayPillar}日的旬空是${f.void.join("、")}。${voidLines.length ? `卦中落空的爻：${named.join("；")}。` : "卦中没有爻落在这两个地支上。"}${VOID_READING_ZH}`,
    `The void branches of the ${f.dayPillar} day are ${f.void.join(" and ")}. ${voidLines.length ? `Void lines in this cast: ${named.join("; ")}.` : "No line of this cast falls on them."} ${VOID_READING_EN}`,
  );
}

const SPIRIT_MEANING: Readonly<Record<string, [string, string]>> = {
  青龙: ["喜庆、顺利", "joy and ease"],
  朱雀: ["言语、文书与消息", "words, papers and news"],
  勾陈: ["迟滞、牵连与田土", "delay, entanglement and land"],
  螣蛇: ["虚惊、反复与纠缠", "false alarms, wavering and tangles"],
  白虎: ["急躁、凶险与伤病", "force, haste and injury"],
  玄武: ["暗昧、隐情与失物", "what is hidden, secrets and losses"],
};

function spiritsParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const key = [...new Set([f.primary.world, ...(f.usefulGod?.lines ?? []), ...f.movingLines])].sort((a, b) => a - b);
  const read = key.map((n) => {
    const l = f.lines[n - 1]!;
    const [zh, en] = SPIRIT_MEANING[l.spirit] ?? ["", ""];
    const role = [l.mark === "世" ? say(lang, "世爻", "world line") : "", f.usefulGod?.lines.includes(n) ? say(lang, "用神", "useful god") : "", l.moving ? say(lang, "动爻", "moving") : ""].filter(Boolean);
    return say(lang, `第${n}爻（${role.join("、")}）临${l.spirit}，主${zh}`, `line ${n} (${list("en", role)}) carries ${l.spirit}: ${en}`);
  });
  return say(
    lang,
    `六神从初爻起依日干排列（${f.dayPillar[0]}日起${f.lines[0]!.spirit}），看的是事情的情态而非吉凶本身。${read.join("；")}。`,
    `The six spirits are laid from the first line by the day stem (a ${f.dayPillar[0]} day starts with ${f.lines[0]!.spirit}); they colour how a matter unfolds rather than deciding it. ${read.join("; ")}.`,
  );
}

/**
 * 六冲 and 六合 hexagrams as tradition reads them: a clash scatters (or, for a near matter, moves fast),
 * a combination gathers; a clash turning into a combination gathers after scattering, and the reverse.
 */
export function clashAndCombine(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const p = f.primary;
  const c = f.changed;
  if (p.liuchong && c?.liuhe) return say(lang, "六冲变六合，传统上主先散后聚、先难后成", "a 六冲 hexagram turning into a 六合 one: traditionally it scatters first and comes together later");
  if (p.liuhe && c?.liuchong) return say(lang, "六合变六冲，传统上主先聚后散、好事易变", "a 六合 hexagram turning into a 六冲 one: traditionally it comes together first and then comes apart");
  if (p.liuchong) return say(lang, "本卦六冲，传统上主事情易散、多变动，近事则来得快", "a 六冲 hexagram (its inner and outer branches clash): traditionally a matter that scatters or changes fast");
  if (p.liuhe) return say(lang, "本卦六合，传统上主事情聚合、易成", "a 六合 hexagram (its inner and outer branches combine): traditionally a matter that comes together");
  if (c?.liuchong) return say(lang, "变卦六冲，传统上主事情后来生变", "the changed hexagram is 六冲: traditionally the matter changes later on");
  if (c?.liuhe) return say(lang, "变卦六合，传统上主事情终有聚合", "the changed hexagram is 六合: traditionally the matter comes together in the end");
  return "";
}

/** "第3爻兄弟己亥化官鬼庚辰（回头克）": what each moving line becomes, with its 六亲 from the primary palace. */
function becomes(f: LiuyaoFacts, lang: ReplyLanguage): string[] {
  return (f.changed?.lines ?? []).map((to) => {
    const from = f.lines[to.position - 1]!;
    const tags = f.transforms.find((t) => t.startsWith(`${to.position}:`))?.replace(/^\d+: \S+ \(\S+\) ?/, "") ?? "";
    return say(lang, `第${to.position}爻${from.relative}${from.ganzhi}化${to.relative}${to.ganzhi}${tags ? `（${tags}）` : ""}`, `line ${to.position}, ${from.relative} ${from.ganzhi}, becomes ${to.relative} ${to.ganzhi}${tags ? ` (${tags})` : ""}`);
  });
}

function changedParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  if (!f.changed) return say(lang, `本卦${f.primary.name}没有动爻，所以没有变卦：事情按本卦所示发展。`, `No line of ${f.primary.name} moves, so there is no changed hexagram: the matter unfolds as the primary hexagram shows.`);
  const lines = f.changed.lines?.length ? becomes(f, lang) : f.transforms;
  const flags = clashAndCombine(f, lang);
  return say(
    lang,
    `本卦${f.primary.name}经第${f.movingLines.join("、")}爻发动，变为${f.changed.name}（第${f.changed.kingWen}卦）。本卦看现状，变卦看走向；动爻所化之爻决定变化对它是助是损：${lines.join("；")}。${flags ? `${flags}。` : ""}`,
    `${f.primary.name} turns, through its moving line(s) ${list("en", f.movingLines.map(String))}, into ${f.changed.name} (hexagram ${f.changed.kingWen}). The primary hexagram shows where the matter stands, the changed one where it is heading; each moving line's new line helps or hurts it: ${lines.join("; ")}.${flags ? ` Here ${flags}.` : ""}`,
  );
}

/** 卦身: the matter's body; on the lines, the matter has substance; off them, it has not yet taken shape. */
function guaShenParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const g = f.guaShen;
  if (!g) return say(lang, "这一卦保存时还没有记录卦身。", "This cast was stored before its 卦身 was recorded.");
  const on = g.positions.map((n) => say(lang, `第${n}爻${f.lines[n - 1]!.relative}${f.lines[n - 1]!.ganzhi}`, `line ${n}, ${f.lines[n - 1]!.relative} ${f.lines[n - 1]!.ganzhi}`));
  return say(
    lang,
    `卦身（月卦身）按世爻阴阳起算：阳世从子、阴世从午，数到世爻，本卦卦身为${g.branch}。${on.length ? `它上卦，在${on.join("、")}：传统上说所问之事有着落、有实体可凭。` : "它不上卦：传统上说所问之事还没有成形，或凭据不足。"}`,
    `The hexagram's body (卦身) is counted from 子 for a yang world line or 午 for a yin one, up to the world line: here it is ${g.branch}. ${on.length ? `It is on the lines (${list("en", on)}): traditionally the matter has substance to rest on.` : "No line carries it: traditionally the matter has not yet taken shape, or rests on little."}`,
  );
}

function relatedParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `互卦${f.related.hu}取二至五爻，看事情内部的过程；错卦${f.related.cuo}阴阳全反，看事情的对立面；综卦${f.related.zong}上下颠倒，看对方的角度。它们是参考，断事仍以本卦、变卦和用神为主。`,
    `The nuclear hexagram ${f.related.hu} (lines 2 to 5) shows the matter's inner process; the opposite ${f.related.cuo} (every line reversed) its other face; the reversed ${f.related.zong} (turned upside down) the other side's view. They are references: the reading rests on the primary and changed hexagrams and the useful god.`,
  );
}

function hiddenParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  return f.hidden.length
    ? say(lang, `伏神是本宫纯卦中有、而本卦不见的六亲，伏在对应爻（飞神）之下：${f.hidden.join("；")}。用神不上卦时，就看它的伏神是否得力、能否被引出。`, `Hidden spirits are relatives of the palace's pure hexagram that this hexagram does not show, lying under a line (the flying spirit): ${f.hidden.join("; ")}. When the useful god is not on the lines, its hidden spirit is read: whether it is strong and can be drawn out.`)
    : say(lang, "本卦六亲俱全，没有伏神。", "All five relatives appear on the lines, so there is no hidden spirit.");
}

const POSITION_ZH: Readonly<Record<string, number>> = { 初: 1, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 上: 6, 六: 6 };
/** "第三爻", "初爻", "line 3", "the top line" (not 六爻, the practice's name). */
const LINE_ASKED = /第([一二三四五六1-6])爻|([初上])爻|(?<![a-z])line ([1-6])(?![0-9])|(?<![a-z])(first|second|third|fourth|fifth|sixth|top|bottom) line/;
const ORDINAL: Readonly<Record<string, number>> = { first: 1, bottom: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, top: 6 };

function lineParagraph(f: LiuyaoFacts, lang: ReplyLanguage, input: string): string {
  const m = LINE_ASKED.exec(foldedInput(input))!;
  const digit = m[1] ?? m[2];
  const n = digit ? (POSITION_ZH[digit] ?? Number(digit)) : m[3] ? Number(m[3]) : ORDINAL[m[4]!]!;
  const l = f.lines[n - 1]!;
  const roles = [l.mark === "世" ? say(lang, "世爻（代表你）", "the world line (you)") : "", l.mark === "应" ? say(lang, "应爻（代表对方）", "the response line (the other side)") : "", f.usefulGod?.lines.includes(n) ? say(lang, "用神", "the useful god") : "", l.moving ? say(lang, "动爻", "a moving line") : ""].filter(Boolean);
  return say(
    lang,
    `第${n}爻是${l.relative}${l.ganzhi}${l.element}，临${l.spirit}${roles.length ? `，是${roles.join("、")}` : ""}${strengthText(l, "zh")}。`,
    `Line ${n} is ${l.relative} ${l.ganzhi} ${l.element}, carrying ${l.spirit}${roles.length ? `; it is ${list("en", roles)}` : ""}${strengthText(l, "en")}.`,
  );
}



/** Whether the meeting leans the asker's way: the other side generating them, they holding the upper hand, or equals. */
const sidesFavour = (f: LiuyaoFacts) => ["应生世", "世克应", "比和"].includes(sidesMeet(f));

/**
 * "Is there any hope?", "能成吗": the cast's leaning in one sentence, from the useful god's strength
 * (the world line's without one) and how the two sides meet — a tendency, stated as one.
 */
function chanceParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const g = f.usefulGod;
  const line = g?.lines[0] ? f.lines[g.lines[0] - 1]! : f.lines[f.primary.world - 1]!;
  const strong = isStrong(line);
  const favour = sidesFavour(f);
  const who = g?.lines[0] ? say(lang, `用神${line.relative}`, `the useful god ${line.relative}`) : say(lang, "世爻", "the world line");
  const state = strong === null ? say(lang, "旺衰待看", "of unknown strength") : strong ? say(lang, "有力", "strong") : say(lang, "无力", "weak");
  const lean =
    strong === null ? say(lang, "成败还要结合月日细看", "the outcome rests on the month and day, to be read closely")
    : strong && favour ? say(lang, "传统上看机会不小", "traditionally a good chance")
    : strong ? say(lang, "传统上看有机会，但对方会有阻力", "traditionally a chance, with resistance from the other side")
    : favour ? say(lang, "传统上看可能性在，但时机未到，要耐心", "traditionally possible but slow: the other side is open, the time not yet ripe")
    : say(lang, "传统上看眼下较难，宜先等待、增强自己", "traditionally hard for now: better to wait and strengthen your own position");
  return say(
    lang,
    `按这一卦：${who}${state}，世应之间${favour ? "对你有利" : "对你不利"}——${lean}。这是传统的倾向，不是定论；应期可以接着问。`,
    `By this cast: ${who} is ${state}, and between the two sides things ${favour ? "lean your way" : "lean against you"} — ${lean}. A traditional tendency, not a verdict; you can ask about timing next.`,
  );
}

/**
 * The reading in brief, for a question that asks nothing in particular ("这卦怎么看", "结果如何"): the
 * useful god and how it stands, the moving lines and what they turn into, and how the two sides meet.
 * The follow-ups that ask about each part get the long form (liuyao.ts and the writers above).
 */
export function overviewParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const g = f.usefulGod;
  const line = g?.lines[0] ? f.lines[g.lines[0] - 1] : undefined;
  const strong = line ? isStrong(line) : null;
  const god = !g
    ? say(lang, "这一问没有单一的用神，先以世爻为主", "this question has no single useful god, so the world line leads")
    : line
      ? say(lang, `用神${g.relative}在第${g.lines.join("、")}爻，${strong === true ? "有力" : strong === false ? "无力" : "旺衰待看"}${line.void && !line.moving ? "且旬空" : ""}`, `the useful god ${g.relative} is on line ${list("en", g.lines.map(String))}, ${strong === true ? "strong" : strong === false ? "weak" : "its strength to be weighed"}${line.void && !line.moving ? " and void" : ""}`)
      : g.hidden
        ? say(lang, `用神${g.relative}不上卦，伏于第${g.hidden.position}爻${g.hidden.fei_relative}${g.hidden.fei_branch}之下（伏神${g.hidden.stem}${g.hidden.branch}），要看它能否被引出`, `the useful god ${g.relative} is not on the lines but lies hidden (伏神 ${g.hidden.stem}${g.hidden.branch}) under line ${g.hidden.position}, ${g.hidden.fei_relative} ${g.hidden.fei_branch}: the question is whether it can be drawn out`)
        : say(lang, `用神${g.relative}不上卦`, `the useful god ${g.relative} is not on the lines`);
  const tags = f.transforms.map((t) => t.replace(/^(\d+): \S+ \(\S+\) /, say(lang, "第$1爻", "line $1 ")).trim());
  const moving = f.movingLines.length ? say(lang, `第${f.movingLines.join("、")}爻发动（${tags.join("；")}），卦变${f.changed!.name}`, `line(s) ${list("en", f.movingLines.map(String))} move (${tags.join("; ")}), turning it into ${f.changed!.name}`) : say(lang, "六爻安静，事情按现状发展", "no line moves, so the matter goes on as it is");
  const flags = clashAndCombine(f, lang);
  return say(
    lang,
    `简要地看：${god}；${moving}${flags ? `；${flags}` : ""}；世应之间，${meeting(f, lang)}。想细看哪一部分（用神、动爻、应期、世应、六神、旬空），可以接着问。`,
    `In brief: ${god}; ${moving}${flags ? `; ${flags}` : ""}; between the two sides, ${meeting(f, lang)}. Ask about any part for more (the useful god, the moving lines, timing, the world and response lines, the six spirits, the void).`,
  );
}

/**
 * The other side of the matter — the response line — and how it meets you: the interviewer, the buyer, the
 * landlord, or whether someone means it ("他是不是真心的", "does he really love me?", "will the interviewer like me?").
 */
export const OTHER_SIDE = /应爻|世应|对方|面试官|考官|评委|买家|卖家|房东|怎么看我|真心|爱不爱我|喜不喜欢我|钟唔钟意我|对我有没有感觉|(?<![a-z])(?:response line|the other side|interviewer|examiner|the buyer|the seller|landlord|think of me|feel about me|sincere|serious about (?:me|us)|(?:love|loves|like|likes) me|care(?:s)? about me|into me)(?![a-z])/;

/** The other side asked after by that name, not through a feeling ("like me") a boss or colleague may have too. */
const OTHER_SIDE_NAMED = /应爻|对方|(?<![a-z])(?:response line|the other side)(?![a-z])/;

/** The kinds of question this file answers, in the order their paragraphs are written. */
const TOPICS: readonly { pattern: RegExp; write: Writer }[] = [
  { pattern: HEXAGRAM_TEXT, write: hexagramTextParagraph },
  { pattern: CAST_AGAIN, write: castAgainParagraph },
  // "我是哪一爻", "which line is me?": the world line stands for the asker.
  { pattern: /世爻|世应|(?:哪|那)(?:一|个)?爻(?:是|代表)我|我是(?:哪|那)(?:一|个)?爻|(?<![a-z])(?:world line|which line (?:is|represents|stands for) me|my (?:own )?line)(?![a-z])/, write: worldLine },
  // Liking or trusting you asked of a boss or the colleagues is theirs to answer below, not the other side's.
  { pattern: OTHER_SIDE, write: (f, lang, input) => (PEOPLE.some((p) => matchesTopic(input, p.pattern)) && !matchesTopic(input, OTHER_SIDE_NAMED) ? "" : otherSide(f, lang)) },
  { pattern: /旬空|空亡|落空|(?<![a-z])(?:void|empty)(?![a-z])/, write: voidParagraph },
  // "hidden spirit" is 伏神, not one of the six spirits.
  { pattern: /六神|六兽|青龙|朱雀|勾陈|螣蛇|白虎|玄武|(?<![a-z])(?<!hidden )spirits?(?![a-z])/, write: spiritsParagraph },
  // How it turns out in the end, or whether it will be regretted: the world line's change, then where the matter goes.
  { pattern: new RegExp(`变卦|之卦|变成什么卦|(?<![a-z])(?:changed hexagram|resulting hexagram|turns? into|second hexagram)(?![a-z])|${LATER.source}`), write: (f, lang, input) => `${matchesTopic(input, LATER) ? worldLaterSentence(f, lang) : ""}${changedParagraph(f, lang)}` },
  { pattern: /互卦|错卦|综卦|(?<![a-z])(?:nuclear|opposite hexagram|reversed hexagram|inverse)(?![a-z])/, write: relatedParagraph },
  { pattern: /伏神|飞神|(?<![a-z])hidden spirits?(?![a-z])/, write: hiddenParagraph },
  { pattern: /卦身|(?<![a-z])(?:gua ?shen|hexagram'?s? body|body of the hexagram)(?![a-z])/, write: guaShenParagraph },
  { pattern: /六冲|六合卦|(?<![a-z])(?:liu ?chong|liu ?he)(?![a-z])/, write: (f, lang) => clashAndCombine(f, lang) ? say(lang, `${clashAndCombine(f, lang)}。`, `This is ${clashAndCombine(f, lang)}.`) : say(lang, "本卦和变卦都不是六冲卦或六合卦。", "Neither hexagram is a 六冲 (clashing) or 六合 (combining) one.") },
  { pattern: LINE_ASKED, write: lineParagraph },
  // Asked of a cast for anything else, "where?" has no reading here: nothing is written.
  { pattern: WHERE_LOST, write: (f, lang) => whereLostParagraph(f, lang) ?? "" },
  { pattern: WHICH_ONE, write: whichOneParagraph },
  { pattern: TAKEN, write: takenParagraph },
  { pattern: ALIVE, write: (f, lang) => aliveParagraph(f, lang) ?? "" },
  { pattern: COMES_BACK, write: (f, lang) => comesBackParagraph(f, lang) ?? "" },
  ...PEOPLE.map((a) => ({ pattern: a.pattern, write: (f: LiuyaoFacts, lang: ReplyLanguage) => personParagraph(f, lang, a) })),
  // Whether a decision is the right one ("这个决定对吗", "is this the right choice?") is the cast's leaning too.
  { pattern: /希望|有戏|能成吗|成不成|会成吗|(?:决定|选择|做法|选得|做得|这样做|这么做)(?:是)?(?:对|正确)(?:吗|嗎|不|的吗)|能(?:不能)?(?:成功|过关|通过|过)(?:吗|嗎|\?|？|$)|过得了吗|过不过得|会成功吗|有没有机会|还有机会|机会大|有冇机会|把握|吉凶|是吉|吉还是凶|吉唔吉|几率|机率|概率|可能性|成功率|胜算|好兆头|坏兆头|吉兆|凶兆|是好是坏|(?<![a-z])(?:any hope|is there hope|my chances|(?:the )?right (?:decision|choice|call|move|thing to do)|(?:a )?(?:good|wise) (?:decision|choice|call|move)|(?:will|would|can|could) (?:i|we) (?:pass|make it|succeed|get (?:it|in|through))|am i going to (?:pass|make it|get it)|a chance|any chance|chances|will it work|odds|good or bad|auspicious|likely|likelihood|probability|(?:good|bad) (?:sign|omen)|is (?:it|this|that) (?:a )?(?:good|bad)(?! (?:time|idea|day|month|year)))(?![a-z])/, write: chanceParagraph },
  { pattern: new RegExp(`怎么办|点算|怎么做|点做|怎样做|如何准备|怎么准备|怎样准备|准备什么|注意什么|建议|(?:该|能|可以|要)做(?:些|点)?什么|做(?:些|点)什么|怎么帮|如何帮|帮(?:到)?(?:他|她|佢)(?:做)?(?:些|点)?什么|有什么要注意|(?<![a-z])(?:what should (?:i|we)|how (?:can|do|should) (?:i|we)|prepare|advice|tips|what can (?:i|we) do|how (?:can|could) (?:i|we) help|what if|(?:should|to) avoid|watch out|be careful)(?![a-z])|${WHETHER.source}|${MEDICAL_CHOICE.source}`), write: (f, lang, input, sensitive) => (matchesTopic(input, CAST_AGAIN) ? "" : adviceParagraph(f, lang, input, sensitive.includes("medical_decision"))) },
  // After the counsel: a yes-or-no question about a step ("要不要谈薪水？") is answered first.
  ...ROLES.map((role) => ({ pattern: role.pattern, write: (f: LiuyaoFacts, lang: ReplyLanguage) => roleParagraph(f, lang, role) })),
];

/** The paragraphs for the kinds of question the input names, in TOPICS order. */
export function askedTopics(f: LiuyaoFacts, input: string, lang: ReplyLanguage, sensitive: readonly SensitiveTopic[] = []): string[] {
  return TOPICS.filter((t) => matchesTopic(input, t.pattern)).map((t) => t.write(f, lang, input, sensitive)).filter((p) => p !== "");
}
