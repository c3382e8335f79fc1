/**
 * Whose matter a question is about: the asker, or someone the asker names by their tie
 * (a parent, a child, a sibling or friend, a husband or boyfriend, a wife or girlfriend).
 * LiuYao reads another person's matter from that person's 六亲 (占父母之事以父母为用神), so the
 * tie is what counts, not the name.
 *
 * A person named as a participant in the asker's own matter (the boss who decides a promotion,
 * the buyer of a flat, the interviewer) does not make it that person's matter: only the ties
 * below count, and only when the text says the matter is theirs — a possessive (我妈的病, my
 * son's exam, 老公工作) or the person as the subject of the question (我爸能不能康复, will my
 * daughter pass). A bare mention with the asker as the subject (我和老公的关系, I argued with my
 * mother) stays the asker's; every tie named is listed apart (the partner of a relationship,
 * the relative of a family matter).
 */
import { foldText } from "../text/language.ts";

/** The ties a question can name, each read from one 六亲 in LiuYao. */
export const TIES = ["parent", "child", "peer", "husband", "wife"] as const;
export type Tie = (typeof TIES)[number];

/** Words for each tie, simplified Chinese (input is folded first) and English. Longer words first where one contains another. */
const TIE_WORDS: Readonly<Record<Tie, { zh: readonly string[]; en: readonly string[] }>> = {
  parent: {
    zh: ["父亲", "母亲", "爸爸", "妈妈", "老爸", "老妈", "老豆", "阿爸", "阿妈", "爹地", "妈咪", "爷爷", "奶奶", "外公", "外婆", "姥姥", "姥爷", "公公", "婆婆", "岳父", "岳母", "家父", "家母", "父母", "爸妈", "老师", "师父", "长辈", "我爸爸", "我妈妈", "我爸", "我妈"],
    en: ["father", "mother", "dad", "daddy", "mom", "mum", "mommy", "mummy", "parents?", "grand(?:ma|pa|mother|father|parents?)", "granny", "teacher", "mentor", "(?:father|mother)-in-law", "in-laws"],
  },
  child: {
    zh: ["儿子", "女儿", "孩子", "小孩", "宝宝", "孙子", "孙女", "外孙", "学生", "徒弟", "囡囡", "个仔", "个女"],
    en: ["sons?", "daughters?", "kids?", "child(?:ren)?", "baby", "toddler", "grand(?:son|daughter|child(?:ren)?)", "students?"],
  },
  peer: {
    zh: ["哥哥", "姐姐", "弟弟", "妹妹", "我哥哥", "我姐姐", "我弟弟", "我妹妹", "我哥", "我姐", "我弟", "我妹", "家姐", "细佬", "兄弟", "姐妹", "朋友", "同学", "同事", "闺蜜", "表哥", "表姐", "表弟", "表妹", "堂哥", "堂姐", "堂弟", "堂妹", "死党", "好友"],
    en: ["brothers?", "sisters?", "siblings?", "friends?", "best friend", "bff", "classmates?", "colleagues?", "co-?workers?", "cousins?", "roommates?"],
  },
  husband: {
    zh: ["老公", "丈夫", "我先生", "男朋友", "男友", "未婚夫", "前夫", "前男友"],
    en: ["husband", "boyfriend", "bf", "fianc[eé]", "ex-husband", "ex-boyfriend", "hubby"],
  },
  wife: {
    zh: ["老婆", "妻子", "太太", "女朋友", "女友", "未婚妻", "前妻", "前女友", "媳妇"],
    en: ["wife", "girlfriend", "gf", "fianc[eé]e", "ex-wife", "ex-girlfriend", "wifey"],
  },
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Chinese: the tie word then 的 or a matter (工作, 病, 考试 …) or a modal (能, 会, 可以) — the tie as owner or subject. */
const ZH_OWNER_TAIL = "(?:的|嘅|之|[能会可要该还]|身体|健康|病|手术|工作|事业|生意|考试|学业|升学|高考|中考|婚|感情|官司|出行|旅行|怀孕|财运|钱|房|前途|运|情况|近况|这次|最近|今年|明年|下个月|下周|下礼拜|生孩子|住院|中风|问问|问下|问一下)";
/** English: "my mother's", "my son will", "will my son", "is my dad". */
const EN_OWNER_AFTER = "(?:'s|’s|\\s+(?:will|is|was|can|could|has|needs?|gets?|passes?|recovers?)(?![a-z]))";
const EN_OWNER_BEFORE = "(?:will|can|could|would|is|does|should)\\s+";

const byLength = (words: readonly string[]) => [...words].sort((a, b) => b.length - a.length);
const ZH_WORDS = byLength(TIES.flatMap((t) => TIE_WORDS[t].zh));
const ZH_TIE = new Map(TIES.flatMap((t) => TIE_WORDS[t].zh.map((w) => [w, t] as const)));
const EN_TIE = TIES.map((tie) => ({ tie, re: new RegExp(`^(?:${TIE_WORDS[tie].en.join("|")})$`) }));
const EN_WORDS = TIES.flatMap((t) => TIE_WORDS[t].en).join("|");
/** One alternation over every word, longest first, so 男朋友 is never read as 朋友: group 1 Chinese, group 2 English. */
const mentionSource = `(${ZH_WORDS.map(escapeRe).join("|")})|(?<![a-z])(?:my|our)\\s+(${EN_WORDS})(?![a-z-])`;
const MENTION = new RegExp(mentionSource, "g");

/** Every tie word as one alternation per language (longest first), for patterns elsewhere. */
export const TIE_WORDS_PATTERN = {
  zh: ZH_WORDS.map(escapeRe).join("|"),
  en: EN_WORDS,
} as const;

function tieOf(match: RegExpMatchArray): Tie {
  return match[1] ? ZH_TIE.get(match[1])! : EN_TIE.find((e) => e.re.test(match[2]!))!.tie;
}

const ZH_OWNER_AFTER_RE = new RegExp(`^${ZH_OWNER_TAIL}`);
const EN_OWNER_AFTER_RE = new RegExp(`^${EN_OWNER_AFTER}`);
const EN_OWNER_BEFORE_RE = new RegExp(`${EN_OWNER_BEFORE}$`);

/** Does the mention at `match` own the matter: an owner tail after it, or an English modal before it? */
function owns(text: string, match: RegExpMatchArray): boolean {
  const after = text.slice(match.index! + match[0].length);
  if (match[1]) return ZH_OWNER_AFTER_RE.test(after);
  return EN_OWNER_AFTER_RE.test(after) || EN_OWNER_BEFORE_RE.test(text.slice(0, match.index!));
}

/** Who a question's matter belongs to, and the partner it names. */
export interface Whose {
  /** The tie owning the matter; null when it is the asker's own. */
  owner: Tie | null;
  /** Every tie the question names, owner or not, in TIES order. */
  named: Tie[];
}

/**
 * The owner of the matter a question asks about, and any partner it names.
 * @example whose("我妈的病能好吗").owner // "parent"
 * @example whose("我和男朋友能结婚吗") // { owner: null, named: ["husband"] }
 */
export function whose(text: string): Whose {
  const folded = foldText(text);
  // "我和X" / "me and my X" / "X和我": X is a partner in the asker's own matter, not its owner.
  const withoutJoint = folded.replace(/我(?:和|跟|与|同)[^，。？！,.?!\s的]{0,4}|(?<![a-z])(?:me|i) and (?:my )?[a-z-]+/g, "\u0000").replace(/[^，。？！,.?!\s]{1,4}(?:和|跟|与)我/g, "\u0000");
  const ownerMention = [...withoutJoint.matchAll(MENTION)].find((m) => owns(withoutJoint, m));
  const named = new Set([...folded.matchAll(MENTION)].map(tieOf));
  return { owner: ownerMention ? tieOf(ownerMention) : null, named: TIES.filter((t) => named.has(t)) };
}
