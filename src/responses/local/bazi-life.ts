/**
 * Questions about a life rather than a matter: what to watch out for in a year, what later life holds,
 * how many children, and a name — each answered from what the tradition reads for it, or said plainly
 * to be beyond what a chart reads.
 */
import { type BaziFacts, PILLAR_NAMES, type PillarName, yearPillarsAround } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { elementName, list, say } from "./text.ts";
import { PILLAR_ZH } from "./bazi-details.ts";
import { favourableParts, verdict } from "./bazi-luck.ts";
import { CHILDREN } from "./bazi-stars.ts";

/** What to be careful of ("今年要注意什么", "明年忌什么", "what should I watch out for?"). */
export const CAUTIONS = /注意什么|注意啥|注意哪些|注意些什么|要注意|小心什么|小心啲咩|注意啲咩|提防|忌什么|忌讳|避免什么|(?<![a-z])(?:watch out|be careful|careful (?:of|about)|beware|avoid|pitfalls?)(?![a-z])/;

/** What a pillar met by a year touches, by the palace it is (年柱祖上, 月柱父母与事业, 日柱自己与配偶, 时柱子女). */
const PALACE_TOUCHED: Readonly<Record<PillarName, [zh: string, en: string]>> = {
  year: ["长辈与家里的事", "elders and family matters"],
  month: ["父母兄弟与工作环境", "parents, siblings and your work"],
  day: ["你自己与伴侣，身体与感情", "yourself and your partner: health and love"],
  hour: ["子女与晚辈、下属", "children, juniors and those who work under you"],
};

/** A clash, punishment, harm or break is what tradition warns of in a year; a combination is not. */
const WARNING_TYPES: ReadonlySet<string> = new Set(["clash", "punishment", "harm", "destruction"]);

/**
 * A year's cautions: each clash, punishment, harm or break its pillar meets, by the palace it touches;
 * then whether its elements are unfavourable, when the tradition says to hold rather than push.
 */
export function cautionsParagraph(f: BaziFacts, lang: ReplyLanguage, year: number): string {
  const [y] = yearPillarsAround(f, year);
  const warned = y!.relations.filter((r) => WARNING_TYPES.has(r.type));
  // By pillar, so that a palace met twice (丑未冲 and 丑未相刑) is said once.
  const touched = PILLAR_NAMES.flatMap((n) => {
    const names = warned.filter((r) => r.members.includes(n)).map((r) => r.name);
    if (names.length === 0) return [];
    return [say(lang, `${PILLAR_ZH[n]}逢${names.join("、")}，应在${PALACE_TOUCHED[n][0]}`, `${list("en", names)} on your ${n} pillar, touching ${PALACE_TOUCHED[n][1]}`)];
  });
  const elements = verdict(f, lang, y!.ganzhi);
  const head = say(lang, `${year}年流年${y!.ganzhi}，要注意的，传统上看流年与原局的冲、刑、害、破`, `For ${year}, a ${y!.ganzhi} year, tradition looks for what to watch in the clashes, punishments, harms and breaks its pillar meets in your chart`);
  const found = touched.length
    ? say(lang, `：${touched.join("；")}。这些是多变动、多摩擦的地方，遇事多沟通、多留余地`, `: ${touched.join("; ")}. These are where change and friction come; talk things through and leave room`)
    : say(lang, `：这一年与原局没有冲刑害破，少有这类变动与摩擦`, `: this year meets none of them in your chart, so little change or friction of that kind`);
  return say(lang, `${head}${found}。五行上，${elements}`, `${head}${found}. By its elements, ${elements}`);
}

/** Later life asked after: "晚年", "老了以后", "退休后", "old age", "retirement". */
export const LATER_LIFE = /晚年|晚景|老年|老了|年老|退休后|退休以后|(?<![a-z])(?:old age|later (?:life|years)|when i(?: am|'m) old|retirement|retired)(?![a-z])/;

/** The ages tradition speaks of as later life: from sixty (六十花甲) through the eighties. */
const LATER_LIFE_AGES = [60, 90] as const;

const LEANING: Readonly<Record<number, [zh: string, en: string]>> = { 0: ["偏逆", "unfavorable"], 1: ["参半", "mixed"], 2: ["偏顺", "favorable"] };

/**
 * Later life: the hour pillar (晚年之宫) judged by its elements, then the luck pillars from sixty on,
 * each judged; the years of a luck pillar give the age (nominal, 虚岁, as the tradition counts).
 */
export function laterLifeParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const birthYear = Number(f.solar.date.slice(0, 4));
  const age = (year: number) => year - birthYear + 1;
  const late = f.luck.pillars.filter((p) => age(p.endYear) >= LATER_LIFE_AGES[0] && age(p.startYear) < LATER_LIFE_AGES[1]);
  // Each step in a word: the hour pillar has had the full verdict.
  const steps = late.map((p) => {
    const [zh, en] = LEANING[favourableParts(f, p.ganzhi)]!;
    return say(lang, `${age(p.startYear)}岁起${p.ganzhi}（${zh}）`, `${p.ganzhi} from ${age(p.startYear)} (${en})`);
  });
  // Ten luck pillars, the first from at most ten years old, always reach past sixty.
  const luck = say(lang, `再看六十岁前后起所行的大运：${steps.join("，")}。`, `Then the luck pillars from about sixty: ${steps.join(", ")}.`);
  return say(
    lang,
    `晚年，传统上一看时柱（子女与晚年之宫）：${verdict(f, lang, f.pillars.hour.ganzhi)}${luck}晚景如何，身体、积蓄和身边的人同样要紧，这些都在自己手里。`,
    `Tradition reads later life first from the hour pillar (the palace of children and later years): ${verdict(f, lang, f.pillars.hour.ganzhi)} ${luck} Health, savings and the people around you shape later life as much, and those are yours to tend.`,
  );
}

/** How many children: "我有几个孩子", "能生几胎", "how many kids will I have?". */
export const CHILD_COUNT = /几个(?:孩子|小孩|仔|女|儿子|女儿|宝宝|子女)|几胎|生几个|(?<![a-z])how many (?:kids|children|sons|daughters|babies)(?![a-z])/;

/** A count of children is not read from a chart; said before the children's star. */
export function childCountSentence(lang: ReplyLanguage): string {
  return say(
    lang,
    "孩子的个数，旧书里有按子女星和时柱推算的说法，但并不可靠，这里不推算；能说的是盘中的子女星和时柱。",
    "How many children is not something this reading counts: old books give ways to count them from the children's star and the hour pillar, but none is reliable. What a chart does show is its children's star and hour pillar.",
  );
}

/** A name to choose or change: "要不要改名", "给宝宝起名", "should I change my name?". */
export const NAME_ASKED = /改名|起名|取名|改个名|换名|名字|姓名|(?<![a-z])(?:change (?:my |our |his |her |the )?(?:first |last )?name|(?:my|our|a|the|[a-z]+'s) name|(?:good|new|lucky) name|naming|name (?:for )?(?:my|our|the|a) (?:baby|son|daughter|child|company|shop|business|store))(?![a-z])/;

/** A child's name ("给宝宝起名", "naming our baby"): the child's own chart is the one that counts. */
const CHILD_NAMED = new RegExp(`${CHILDREN.source}|宝宝|bb|(?<![a-z])bab(?:y|ies)`);

/** The radicals common naming practice files under each element (字的五行 by 偏旁; schools also count strokes). */
const NAME_RADICALS: Readonly<Record<string, [zh: string, en: string]>> = {
  wood: ["木字旁、草字头、禾字旁的字", "characters with the tree, grass or grain radical"],
  fire: ["火字旁、四点底、日字旁的字", "characters with the fire or sun radical"],
  earth: ["土字旁、山字旁、石字旁的字", "characters with the earth, mountain or stone radical"],
  metal: ["金字旁、王（玉）字旁的字", "characters with the metal or jade radical"],
  water: ["三点水、雨字头、两点水的字", "characters with the water or rain radical"],
};

/**
 * A name: it is not part of the chart and changes none of it; naming practice (姓名学) picks characters
 * of the chart's favourable elements, by their radicals in the common way.
 */
export function nameParagraph(f: BaziFacts, lang: ReplyLanguage, input: string): string {
  const forChild = CHILD_NAMED.test(input);
  const whose = forChild ? say(lang, "给孩子起名，看的是孩子自己的八字；如果这就是孩子的命盘，", "A child's name goes by the child's own chart; if this chart is the child's, ") : "";
  const choice = forChild ? say(lang, "起什么名，由你们决定", "the name is yours to choose") : say(lang, "改不改名，是你自己的选择", "whether to change it is your choice");
  const each = f.favorable.map((e) => say(lang, `${elementName("zh", e)}可取${NAME_RADICALS[e]![0]}`, `for ${e}, ${NAME_RADICALS[e]![1]}`));
  return say(
    lang,
    `名字不在八字之内，改名不会改变命盘。${whose || "传统的"}起名（姓名学）以命盘的喜用五行为准，选五行属喜用的字；常见的做法按偏旁归五行。本盘喜用${list("zh", f.favorable.map((e) => elementName("zh", e)))}：${each.join("；")}。各派说法不一（也有按笔画算的），好听、好写、寓意好同样要紧；${choice}。`,
    `A name is not part of the chart, and changing it changes nothing in it. ${whose || "Traditional "}naming (姓名学) picks characters whose element is among the chart's favourable ones, commonly by their radical. Yours are ${list("en", f.favorable)}: ${each.join("; ")}. Schools differ (some count strokes), and a name that sounds good, writes easily and means well matters as much; ${choice}.`,
  );
}
