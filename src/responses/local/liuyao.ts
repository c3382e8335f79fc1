/**
 * The local interpreter's explanation of a LiuYao cast: the hexagrams and the
 * world/response lines first, then the "useful god" (用神) line of the matter
 * asked about, the moving lines, or timing, as the question points.
 */
import { ROLES } from "./liuyao-roles.ts";
import { PEOPLE } from "./liuyao-people.ts";
import { withPartnerNamed } from "./liuyao-partner.ts";
import { classifyMatter, type Matter } from "../../matter/matter.ts";
import type { LineFacts, LiuyaoFacts } from "../facts/index.ts";
import { type Branch, type NoUsefulGod, type RelativeLines, timingCandidate, type UsefulGod } from "../../liuyao/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import type { SensitiveTopic } from "../../safety/index.ts";
import { foldedInput, list, matchesTopic, say, sentences, type Explanation } from "./text.ts";
import { askedTopics, OTHER_SIDE, overviewParagraph } from "./liuyao-topics.ts";
import { isStrong, strengthText } from "./liuyao-strength.ts";
import { HEXAGRAM_TEXT, MEANING } from "./liuyao-text.ts";

/** The 六亲 a matter is traditionally read from (用神). */
const USEFUL_GOD: Readonly<Record<Matter, { relatives: string[]; zh: string; en: string }>> = {
  career: { relatives: ["官鬼"], zh: "问工作、职位看官鬼", en: "career and position are read from 官鬼 (officer)" },
  lawsuit: { relatives: ["官鬼"], zh: "问官司看官鬼", en: "lawsuits are read from 官鬼 (officer)" },
  money: { relatives: ["妻财"], zh: "问钱财看妻财", en: "money is read from 妻财 (wealth)" },
  lost_item: { relatives: ["妻财"], zh: "问失物看妻财", en: "lost things are read from 妻财 (wealth)" },
  relationship: { relatives: ["官鬼", "妻财"], zh: "问感情，女问看官鬼、男问看妻财", en: "relationships are read from 官鬼 when a woman asks and 妻财 when a man asks" },
  health: { relatives: ["官鬼", "子孙"], zh: "问健康，官鬼为病、子孙为医药", en: "health is read from 官鬼 (the illness) and 子孙 (the remedy)" },
  study: { relatives: ["父母"], zh: "问考试、学业看父母（文书）", en: "exams and study are read from 父母 (documents)" },
  home: { relatives: ["父母"], zh: "问房屋看父母", en: "a home is read from 父母 (parents, houses)" },
  family: { relatives: ["父母", "子孙", "兄弟"], zh: "问家人，长辈看父母、子女看子孙、兄弟朋友看兄弟", en: "family is read from 父母 (elders), 子孙 (children) or 兄弟 (siblings)" },
  travel: { relatives: ["父母"], zh: "问出行看父母（车船）与世爻", en: "travel is read from 父母 (vehicles) and the world line" },
  pregnancy: { relatives: ["子孙"], zh: "问孕育看子孙", en: "pregnancy is read from 子孙 (children)" },
};
/** 占功名以官鬼为用神: an exam that decides a place (考研上岸, an interview) is read as the post it wins, not as study. */
const RANK = { zh: "问功名（考试、面试能否录取、上岸）看官鬼", en: "passing an exam or an interview and being taken on (功名) are read from 官鬼 (officer)" };

/** 旬空 as tradition reads it: a moving line is not void (动不为空), nor one the day clashes (冲空则实). */
function voidGloss(l: LineFacts, lang: ReplyLanguage): string {
  if (l.moving) return say(lang, "旬空而发动：动不为空，不作空论", "void but moving: a moving line is not void in effect (动不为空)");
  if (l.dayClash) return say(lang, "旬空逢日冲：冲空则实，不作空论", "void but clashed by the day: the clash makes it real (冲空则实)");
  return say(lang, "旬空，传统上说暂时落空或时机未到", "void (旬空): traditionally not yet in place");
}

function lineState(l: LineFacts, lang: ReplyLanguage): string {
  const states = [
    l.mark === "世" ? say(lang, "持世", "holds the world (you)") : null,
    l.mark === "应" ? say(lang, "临应", "holds the response (the other side)") : null,
    l.moving ? say(lang, "发动，是事情变化之处", "moving: where the matter changes") : null,
    l.void ? voidGloss(l, lang) : null,
    l.monthBreak ? say(lang, "月破，力量受损", "month break (月破): weakened") : null,
    l.dayClash ? say(lang, "日冲，受到冲动", "day clash (日冲): stirred by the day") : null,
  ].filter((s): s is string => s !== null);
  const where = say(lang, `第${l.position}爻${l.relative}${l.ganzhi}${l.element}（${l.spirit}）`, `Line ${l.position}, ${l.relative} ${l.ganzhi} ${l.element} (${l.spirit})`);
  return `${where}${say(lang, "：", ": ")}${states.length ? states.join(say(lang, "，", ", ")) : say(lang, "安静", "at rest")}${strengthText(l, lang, { voidAndBreakSaid: true, inList: true })}`;
}

function opening(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const world = f.lines[f.primary.world - 1]!;
  const response = f.lines[f.primary.response - 1]!;
  const moving = f.movingLines.length
    ? say(lang, `动爻在第${f.movingLines.join("、")}爻，变卦为${f.changed!.name}`, `moving line(s) ${list("en", f.movingLines.map(String))} turn it into ${f.changed!.name}`)
    : say(lang, "没有动爻，卦静不变", "no line moves, so the hexagram stays as it is");
  return say(
    lang,
    `你为「${f.question}」所起的卦是${f.primary.name}（第${f.primary.kingWen}卦，${f.primary.palace}宫），${moving}。世爻（代表你）在第${f.primary.world}爻：${world.relative}${world.ganzhi}；应爻（代表对方或所问之事）在第${f.primary.response}爻：${response.relative}${response.ganzhi}。起卦时为${f.monthPillar}月${f.dayPillar}日，旬空${f.void.join("")}。`,
    `Your cast for "${f.question}" is ${f.primary.name} (hexagram ${f.primary.kingWen}, palace ${f.primary.palace}); ${moving}. The world line (you) is line ${f.primary.world}: ${world.relative} ${world.ganzhi}; the response line (the other side, or the matter) is line ${f.primary.response}: ${response.relative} ${response.ganzhi}. The cast falls in month ${f.monthPillar}, day ${f.dayPillar}, with ${f.void.join("")} void.`,
  );
}

function usefulGodParagraph(f: LiuyaoFacts, lang: ReplyLanguage, matter: Matter): string {
  const rule = USEFUL_GOD[matter];
  const lines = f.lines.filter((l) => rule.relatives.includes(l.relative));
  const found = lines.length
    ? lines.map((l) => lineState(l, lang)).join(say(lang, "；", "; "))
    : say(lang, `卦中没有出现${list("zh", rule.relatives)}，传统上看伏神：${f.hidden.join("；") || "无"}`, `${list("en", rule.relatives)} does not appear among the lines; tradition then looks at the hidden spirits: ${f.hidden.join("; ") || "none"}`);
  return sentences(lang, say(lang, `传统上${rule.zh}。`, `Traditionally, ${rule.en}.`), `${found}${say(lang, "。", ".")}`);
}

const TIE_ZH = { parent: "父母长辈", child: "子女", peer: "兄弟朋友", husband: "丈夫或男友", wife: "妻子或女友" } as const;
const TIE_EN = { parent: "a parent or elder", child: "a child", peer: "a sibling or friend", husband: "a husband or boyfriend", wife: "a wife or girlfriend" } as const;

/** The rule the cast's useful god was chosen by: a career that the cast's question also names as study is rank (功名). */
const ruleOf = (castMatters: readonly Matter[], matter: Matter) => (matter === "career" && castMatters.includes("study") ? RANK : USEFUL_GOD[matter]);

/** The useful god the cast itself records (chosen from its question and whose matter it is), with 原神, 忌神 and 仇神. */
function castUsefulGodParagraph(f: LiuyaoFacts, lang: ReplyLanguage, g: UsefulGod, castMatters: readonly Matter[]): string {
  const why =
    g.basis === "self"
      ? say(lang, "问自身之事，以世爻为用神", "a question about yourself is read from the world line")
      : g.basis === "person"
        ? say(lang, `所问是${g.owner ? TIE_ZH[g.owner] : "所提到的人"}之事，以${g.relative}为用神`, `the matter belongs to ${g.owner ? TIE_EN[g.owner] : "the person named"}, read from ${g.relative}`)
        : g.basis === "animal"
          ? say(lang, `所问是动物之事，传统上六畜禽鸟以${g.relative}为用神`, `an animal's matter is traditionally read from ${g.relative}, as all animals are`)
          : say(lang, `${g.matter ? ruleOf(castMatters, g.matter).zh : "所问之事"}，以${g.relative}为用神`, `${g.matter ? ruleOf(castMatters, g.matter).en : "the matter"}; the useful god is ${g.relative}`);
  const where = g.lines.length
    ? g.lines.map((n) => lineState(f.lines[n - 1]!, lang)).join(say(lang, "；", "; "))
    : g.hidden
      ? say(lang, `卦中不见${g.relative}，伏于第${g.hidden.position}爻${g.hidden.fei_relative}${g.hidden.fei_branch}之下（伏神${g.hidden.stem}${g.hidden.branch}）`, `${g.relative} is not among the lines; it lies hidden (伏神 ${g.hidden.stem}${g.hidden.branch}) under line ${g.hidden.position}, ${g.hidden.fei_relative} ${g.hidden.fei_branch}`)
      : say(lang, `卦中不见${g.relative}`, `${g.relative} is not among the lines`);
  const strong = g.lines.length ? isStrong(f.lines[g.lines[0]! - 1]!) : null;
  const verdict = strong === null ? "" : strong ? say(lang, "用神有力。", "On balance the useful god is strong.") : say(lang, "用神无力。", "On balance the useful god is weak.");
  const helper = (name: string, en: string, r: RelativeLines) =>
    r.lines.length ? say(lang, `${name}${r.relative}在第${r.lines.join("、")}爻`, `${en} ${r.relative} on line ${list("en", r.lines.map(String))}`) : say(lang, `${name}${r.relative}不上卦`, `${en} ${r.relative} on no line`);
  return sentences(
    lang,
    say(lang, `本卦${why}。`, `In this cast ${why}.`),
    `${where}${say(lang, "。", ".")}`,
    verdict,
    say(
      lang,
      `${helper("原神", "", g.yuan_shen)}（生用神），${helper("忌神", "", g.ji_shen)}（克用神），${helper("仇神", "", g.chou_shen)}（克原神）。用神旺相、得原神生扶为吉，受忌神克制为不利。`,
      `${helper("", "The source (原神)", g.yuan_shen)}, generating it; ${helper("", "the adversary (忌神)", g.ji_shen)}, controlling it; ${helper("", "the enemy (仇神)", g.chou_shen)}, controlling the source. A useful god in season and fed by its source is favourable; one controlled by the adversary is not.`,
    ),
  );
}

function movingParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  if (f.movingLines.length === 0) {
    return say(lang, "本卦没有动爻：传统上认为事情会按现状发展，变化不大，应以世应和用神的旺衰为主。", "No line moves: tradition reads the matter as continuing as it is, judged by the world and response lines and the strength of the useful god.");
  }
  const moving = f.movingLines.map((n) => lineState(f.lines[n - 1]!, lang));
  return say(
    lang,
    `动爻是事情变化的关键：${moving.join("；")}。变化情况：${f.transforms.join("；")}（回头克、化退削弱动爻，回头生、化进神助长动爻；是吉是凶要看动爻代表什么：用神被克为凶，忌神被克反而为吉）。`,
    `Moving lines are where the matter turns: ${moving.join("; ")}. Their transforms: ${f.transforms.join("; ")} (回头克 or 化退 weaken the moving line, 回头生 or 化进神 strengthen it; whether that is good depends on what the line stands for: the useful god weakened is bad news, the line working against it (忌神) weakened is good news).`,
  );
}

const RULE_ZH = { 填实: "空破待填实", 逢合: "动而逢合", 逢冲: "静而逢冲" } as const;
const RULE_EN = { 填实: "a void or broken line comes when its own branch fills it", 逢合: "a moving line comes when the day combines it", 逢冲: "a still line comes when the day clashes it" } as const;

/** The timing candidate from the cast's useful god (its first line), when it has one on the lines. */
function timingCandidateText(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const position = f.usefulGod?.lines[0];
  const line = position ? f.lines[position - 1] : undefined;
  if (!line) return "";
  const c = timingCandidate({ branch: line.ganzhi[1] as Branch, moving: line.moving, void: line.void, monthBreak: line.monthBreak }, f.castAt.slice(0, 10), f.dayPillar[1] as Branch);
  return say(
    lang,
    `本卦用神在第${line.position}爻${line.relative}${line.ganzhi}，${RULE_ZH[c.rule]}：应在${c.branch}日或${c.branch}月，${c.today ? `起卦当天（${c.next_day}）就是${c.branch}日，传统上说事情已在推动之中` : `最近的${c.branch}日是${c.next_day}`}。`,
    `This cast's useful god is line ${line.position}, ${line.relative} ${line.ganzhi}; ${RULE_EN[c.rule]}: look to a ${c.branch} day or month, ${c.today ? `and the cast's own day (${c.next_day}) is one: traditionally the matter is already in motion` : `the nearest ${c.branch} day being ${c.next_day}`}.`,
  );
}

function timingParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const voidLines = f.lines.filter((l) => l.void).map((l) => `${l.relative}${l.ganzhi}`);
  return say(
    lang,
    `应期在六爻中由用神的地支推断：旺者待其受冲或入墓之时，旬空者待出空之日，月破者待填实之月。本卦起于${f.monthPillar}月${f.dayPillar}日${voidLines.length ? `，${list("zh", voidLines)}正值旬空` : ""}。${timingCandidateText(f, lang)}这些只是传统推断方法，不是确定的日期。`,
    `In LiuYao, timing is read from the useful god's branch: a strong line waits for its clash, a void line for the day it leaves the void, a broken line for the month that fills it. This cast is dated month ${f.monthPillar}, day ${f.dayPillar}${voidLines.length ? `, and ${list("en", voidLines)} ${voidLines.length > 1 ? "are" : "is"} void` : ""}. ${timingCandidateText(f, lang)} These are traditional methods, not firm dates.`.replace("  ", " "),
  );
}

/** Why the cast chose no useful god, in words (the cast stores the code; its message is English). */
const NO_GOD: Readonly<Record<NoUsefulGod["code"], [zh: string, en: string]>> = {
  NO_MATTER: ["这一卦的问题没有点明所问之事（工作、钱财、考试、感情、健康……），所以没有选定用神", "this cast's question names no matter (work, money, an exam, a relationship, health…), so no useful god was chosen"],
  SEVERAL_MATTERS: ["这一卦的问题同时问了几件要看不同六亲的事，所以没有选定单一的用神", "this cast's question asks about several matters read from different relatives, so no single useful god was chosen"],
  PARTNER_UNKNOWN: ["问感情要看对方是男是女（女问看官鬼、男问看妻财），这一卦的问题没有说明，所以没有选定用神", "a relationship is read from 官鬼 or 妻财 by who the partner is, and this cast's question does not say, so no useful god was chosen"],
  FAMILY_MEMBER_UNKNOWN: ["问家人要看是哪一位（长辈看父母、子女看子孙、兄弟看兄弟），这一卦的问题没有说明，所以没有选定用神", "a family matter is read from the member it concerns, and this cast's question does not say who, so no useful god was chosen"],
};

/** No useful god: why, and that tradition then reads the world line. */
function noUsefulGodParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const [zh, en] = (f.usefulGodReason && NO_GOD[f.usefulGodReason.code]) ?? ["这一卦没有记录用神", "this cast records no useful god"];
  const w = f.lines[f.primary.world - 1]!;
  return say(lang, `${zh}；传统上就先看世爻（你自己）：第${w.position}爻${w.relative}${w.ganzhi}${strengthText(w, "zh")}。`, `${en[0]!.toUpperCase()}${en.slice(1)}; tradition then reads the world line (you): line ${w.position}, ${w.relative} ${w.ganzhi}${strengthText(w, "en")}.`);
}

/**
 * The explanation of the cast for this input. `topics`: the sensitive topics found in it; asked how long
 * someone will live, the reading says it cannot tell (reading-limits.ts) and gives no 应期 either.
 */
export function explainLiuyao(cast: LiuyaoFacts, input: string, lang: ReplyLanguage, sensitive: readonly SensitiveTopic[] = []): Explanation {
  // A relationship cast that did not say who the partner is, asked of him or her: read from the partner's relative.
  const partner = withPartnerNamed(cast, input, lang);
  const f = partner?.facts ?? cast;
  const focus: string[] = partner ? [partner.note] : [];
  const matters = classifyMatter(foldedInput(input));
  const castGod = f.usefulGod;
  const topics = askedTopics(f, input, lang, sensitive);
  const askedUseful = matchesTopic(input, /用神|原神|忌神|仇神|useful god/);
  const askedTiming = !sensitive.includes("lifespan") && matchesTopic(input, /什么时候|何时|多久|几时|哪天|哪个月|when|how long|how soon/);
  // 边/喺度: Cantonese which/at.
  const askedMoving = matchesTopic(input, /动爻|变爻|[哪边](?:几|个|一)?爻(?:在|喺度)?(?:动|变)|发动|(?<![a-z])(?:moving|changing lines?|(?:which|what) lines? (?:moves?|changes?|changed|is moving|are moving)|lines? (?:that )?(?:moves?|moved))(?![a-z])/);
  // Nothing in particular asked: the useful god and the moving lines, where a cast is read first.
  const general = !askedUseful && !askedTiming && !askedMoving && topics.length === 0;
  // Another matter named gets the general rule for it; the cast's own useful god otherwise.
  // A part of this cast's matter asked after by name (its money, its paperwork, its people) is read from the cast;
  // another matter's rule is not said for it ("offer" names a job, but "how much should I offer?" is the price).
  // So are the other side ("will the interviewer like me?" names no love affair), the boss and the colleagues.
  const partAsked = [...ROLES, ...PEOPLE].some((part) => matchesTopic(input, part.pattern)) || matchesTopic(input, OTHER_SIDE);
  // The cast's own matters named again ("学校" after "考研能上岸吗", read from 官鬼) are not another matter's rule,
  // nor is anything named beside the matter its useful god was chosen for ("面试官" after a job cast: career and study).
  const castMatters = classifyMatter(f.question);
  const otherMatter = !(castGod?.matter && matters.includes(castGod.matter)) && matters.some((m) => !castMatters.includes(m));
  if (otherMatter && !partAsked) {
    for (const matter of matters.slice(0, 2)) focus.push(usefulGodParagraph(f, lang, matter));
  } else if (askedUseful || (matters.length > 0 && topics.length === 0 && !askedTiming && !askedMoving)) {
    // The cast's own matter named with nothing else asked ("面试能过吗") is answered from its useful god.
    const named = castMatters.slice(0, 2);
    if (castGod) focus.push(castUsefulGodParagraph(f, lang, castGod, castMatters));
    else {
      // Why the cast chose none (and the world line it is read from), then the rule of each matter it names.
      if (f.usefulGod === null || named.length === 0) focus.push(noUsefulGodParagraph(f, lang));
      for (const matter of named) focus.push(usefulGodParagraph(f, lang, matter));
    }
  } else if (general) {
    focus.push(overviewParagraph(f, lang));
  }
  if (askedMoving) focus.push(movingParagraph(f, lang));
  if (askedTiming) focus.push(timingParagraph(f, lang));
  focus.push(...topics);
  // What the hexagram means, and nothing else: the classic's text, then what this cast says in brief.
  if (topics.length === 1 && matchesTopic(input, HEXAGRAM_TEXT) && matchesTopic(input, MEANING) && !askedUseful && !askedTiming && !askedMoving) focus.push(overviewParagraph(f, lang));
  return {
    opening: opening(f, lang),
    focus,
    focused: !general || matters.length > 0,
    closing: say(lang, "卦象是对所问之事的传统文化参照，不是定论。一卦只问一事，若要问别的事，请重新起卦。", "A hexagram is a traditional cultural reference for the matter asked about, not a verdict. One cast answers one matter; for another matter, create a new cast."),
    closingShort: say(lang, "卦象是传统参照，非定论。", "A traditional reference, not a verdict."),
    computedFrom: {
      zh: "这一卦是按固定的规则，从起卦得到的六爻和起卦的时间推出来的：同样的六爻、同样的时间，排出的卦和读法总是一样。",
      en: "This cast is worked out by fixed rules from the six lines it was given and the time it was made: the same lines at the same time always give the same hexagram and the same reading.",
    },
    redo: { zh: "这一卦", en: "cast", howZh: "为新的问题重新起卦", howEn: "create a new cast" },
    ofCast: true,
    askable: {
      name: f.primary.name,
      zh: "有没有希望、卦辞（《周易》原文）、用神与原神、忌神、动爻和它们的变化、变卦、日后会不会后悔、应期（什么时候）、世爻和应爻（你和对方）、旬空、六神、伏神、卦身、某一爻、竞争者（对手）、上司、薪水待遇、押金租金、合同文书、失物的方向与是否被人拿走，或该怎么做",
      en: "your chances, the classic's text for the hexagram, the useful god and its helpers and foes, the moving lines and what they turn into, the changed hexagram, whether you will regret it later, when, the world and response lines (you and the other side), the void, the six spirits, the hidden spirits, the hexagram's body, one line by number, the rivals, the boss, the pay, a deposit or the rent, the paperwork, where a lost thing is and whether it was taken, or what to do",
    },
  };
}
