/**
 * A part of the cast's matter asked after by what it is — the rivals, the pay, its money (a deposit, the
 * rent, the price), the paperwork, the doctor and the treatment — and the relative tradition reads it from (兄弟, 妻财, 父母, 子孙): where that relative's lines are, whether they move,
 * how strong they are, and the reading each gives. One table, one writer.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { say } from "./text.ts";
import { isStrong, strengthText } from "./liuyao-strength.ts";

type Words = readonly [zh: string, en: string];

export interface RoleReading {
  relative: "兄弟" | "妻财" | "父母" | "子孙";
  pattern: RegExp;
  /** The rule, with its sentence end (the English one with the space that follows it). */
  rule: Words;
  /** No line of the relative in the cast. */
  absent: Words;
  /** The reading when one of its lines moves; else when one is strong; else when all are weak. */
  moving: Words;
  strong: Words;
  weak: Words;
}

export const ROLES: readonly RoleReading[] = [
  {
    relative: "兄弟",
    pattern: /对手|竞争|候选人|应聘者|应征者|(?<![a-z])(?:rivals?|competitors?|competition|(?:other|another) (?:candidates?|applicants?|bidders?|finalists?))(?![a-z])/,
    rule: ["竞争者、对手传统上看兄弟爻（同辈相争）。", "Rivals and competitors are traditionally read from 兄弟 (peers who contend for the same thing). "],
    absent: ["本卦兄弟不上卦，传统上说竞争不显。", "No 兄弟 line appears in this cast: traditionally the competition does not show."],
    moving: ["兄弟发动，传统上说竞争激烈、有人相争", "a moving 兄弟 line traditionally means a real contest: someone is pressing for the same thing"],
    strong: ["兄弟有力但安静，传统上说对手有实力、尚未出手", "a strong but still 兄弟 line traditionally means a capable rival who has not yet moved"],
    weak: ["兄弟无力，传统上说对手难成威胁", "a weak 兄弟 line traditionally means the rivals are little threat"],
  },
  {
    // In love the rival is a peer contending for the same person: 兄弟 too.
    relative: "兄弟",
    pattern: /情敌|第三者|小三|有别人|别的女人|别的男人|(?<![a-z])(?:someone else|another (?:woman|man|girl|guy)|the other (?:woman|man)|third party)(?![a-z])/,
    rule: ["感情里的第三者传统上也看兄弟爻（同辈相争，争的是同一个人）。", "Someone else in a relationship is traditionally read from 兄弟 too (a peer contending for the same person). "],
    absent: ["本卦兄弟不上卦，传统上说看不出有人介入。", "No 兄弟 line appears in this cast: traditionally no one else shows."],
    moving: ["兄弟发动，传统上说确有他人介入，要留心", "a moving 兄弟 line traditionally means someone else is indeed stepping in: take care"],
    strong: ["兄弟有力但安静，传统上说有这样一个人在，尚未出手", "a strong but still 兄弟 line traditionally means such a person is there but has not moved"],
    weak: ["兄弟无力，传统上说即使有人，也难以插足", "a weak 兄弟 line traditionally means that anyone there can hardly come between you"],
  },
  {
    // The elders of a matter — the partner's parents, the in-laws — are read from 父母, the line of elders.
    relative: "父母",
    pattern: /(?:他|她|佢|对方|男友|女友|男朋友|女朋友|老公|老婆)(?:的|嘅)?(?:爸妈|父母|家人|家里人|屋企人|屋企|家长|妈妈|爸爸|老妈|老爸|妈|爸)|家长|公婆|岳父|岳母|丈母娘|(?<![a-z])(?:(?:his|her|their|my partner's|my boyfriend's|my girlfriend's) (?:parents|family|mum|mom|dad|mother|father|folks)|in-laws?|(?:mother|father)-in-law)(?![a-z])/,
    rule: ["对方父母、长辈的态度，传统上看父母爻（长辈之象）。", "The partner's parents and elders are traditionally read from 父母 (the line of elders). "],
    absent: ["本卦父母不上卦，传统上说长辈一面暂时不显。", "No 父母 line appears in this cast: traditionally the elders' side does not show yet."],
    moving: ["父母发动，传统上说长辈有意见、会出面表态", "a moving 父母 line traditionally means the elders have views and will make them known"],
    strong: ["父母有力，传统上说长辈说得上话，他们的态度要认真对待", "a strong 父母 line traditionally means the elders carry weight: take their view seriously"],
    weak: ["父母无力，传统上说长辈的影响有限", "a weak 父母 line traditionally means the elders' say is limited"],
  },
  {
    relative: "妻财",
    pattern: /薪水|薪资|薪酬|工资|人工|待遇|年薪|月薪|加薪|收入|报酬|(?<![a-z])(?:salary|salaries|wages?|income|compensation|pay (?:rise|raise|package)|(?:the|my) pay)(?![a-z])/,
    rule: ["薪水、待遇与收入传统上看妻财爻。", "Pay and income are traditionally read from 妻财 (the wealth line). "],
    absent: ["本卦妻财不上卦，传统上说收入一面暂时不显。", "No 妻财 line appears in this cast: traditionally the pay does not show yet."],
    moving: ["妻财发动，传统上说待遇有变动、可以商量", "a moving 妻财 line traditionally means the pay is in play and open to talk"],
    strong: ["妻财有力，传统上说收入一面较好", "a strong 妻财 line traditionally means the pay side looks good"],
    weak: ["妻财无力，传统上说待遇一面宜放低期待", "a weak 妻财 line traditionally means modest expectations for the pay"],
  },
  {
    relative: "妻财",
    pattern: /押金|定金|订金|首付|房租|租金|价格|价钱|房价|手续费|赔偿|赔款|补偿金|违约金|律师费|诉讼费|手术费|医药费|医疗费|治疗费|住院费|学费|费用|开销|花费|出价|还价|砍价|(?<![a-z])(?:deposit|down payment|the rent|price|fees?|damages|settlement money|court costs|how much (?:should i|to) (?:offer|pay|bid)|(?:make|making) an offer|bid)(?![a-z])/,
    rule: ["押金、租金、价钱、赔偿这类钱款传统上看妻财爻。", "Money such as a deposit, the rent, the price or damages is traditionally read from 妻财 (the wealth line). "],
    absent: ["本卦妻财不上卦，传统上说钱款一面暂时不显。", "No 妻财 line appears in this cast: traditionally the money does not show yet."],
    moving: ["妻财发动，传统上说钱款一面有变动、可以商量", "a moving 妻财 line traditionally means the money is in play and open to talk"],
    strong: ["妻财有力，传统上说钱款一面较顺", "a strong 妻财 line traditionally means the money side goes smoothly"],
    weak: ["妻财无力，传统上说钱款一面宜多留余地", "a weak 妻财 line traditionally means leaving room on the money side"],
  },
  {
    relative: "父母",
    pattern: /合同|合约|文书|通知书|录用通知|录取通知|签约|签证|证书|租约|房产证|房本|身份证|证件|护照|驾照|(?<![a-z])(?:contracts?|paperwork|documents?|offer letter|certificates?|visas?|lease|deeds?|id card|passport|driver'?s licen[cs]e)(?![a-z])/,
    rule: ["合同、文书与通知（如录用通知）传统上看父母爻。", "Contracts, documents and notices (an offer letter) are traditionally read from 父母. "],
    absent: ["本卦父母不上卦，传统上说文书消息暂时不显。", "No 父母 line appears in this cast: traditionally the paperwork does not show yet."],
    moving: ["父母发动，传统上说文书有动静、消息将至", "a moving 父母 line traditionally means the paperwork is moving and news is on its way"],
    strong: ["父母有力，传统上说文书、合同一面稳妥", "a strong 父母 line traditionally means the paperwork is on firm ground"],
    weak: ["父母无力，传统上说文书一面宜多确认、防延误", "a weak 父母 line traditionally means checking the paperwork twice and allowing for delays"],
  },
  {
    // 子孙 is the 福神 that controls 官鬼 (the illness): tradition reads the doctor and the medicine from it.
    relative: "子孙",
    pattern: /医生|大夫|医师|主刀|医院|药(?!费)|疗程|治疗方案|(?<![a-z])(?:doctors?|surgeons?|physicians?|the hospital|medicines?|medication|the treatment)(?![a-z])/,
    rule: ["医生、医院与药传统上看子孙爻（子孙为福神，能制官鬼之病）。", "The doctor, the hospital and the medicine are traditionally read from 子孙 (the blessing line that controls 官鬼, the illness). "],
    absent: ["本卦子孙不上卦，传统上说医药一面暂时不显；治疗请完全听从医生。", "No 子孙 line appears in this cast: traditionally the treatment does not show yet; follow your doctors fully."],
    moving: ["子孙发动，传统上说医治得力、用药见效；治疗仍请听从医生", "a moving 子孙 line traditionally means the care takes effect; follow your doctors in all of it"],
    strong: ["子孙有力，传统上说医生可靠、医治得当；治疗仍请听从医生", "a strong 子孙 line traditionally means capable doctors and fitting care; follow your doctors in all of it"],
    weak: ["子孙无力，传统上说医药一面宜多留意、多问；治疗仍请听从医生", "a weak 子孙 line traditionally means asking more about the care; follow your doctors in all of it"],
  },
];

/** The part's relative in this cast: each of its lines with its strength, then the reading they give. */
export function roleParagraph(f: LiuyaoFacts, lang: ReplyLanguage, role: RoleReading): string {
  const lines = f.lines.filter((l) => l.relative === role.relative);
  const rule = say(lang, ...role.rule);
  if (lines.length === 0) return `${rule}${say(lang, ...role.absent)}`;
  const named = lines.map((l) => say(lang, `第${l.position}爻${l.ganzhi}${l.moving ? "发动" : ""}${strengthText(l, "zh")}`, `line ${l.position}, ${l.ganzhi}${l.moving ? ", moving" : ""}${strengthText(l, "en")}`));
  // The useful god's own relative (妻财 of a cast about money, asked after as the price) is judged by the line chosen for it, as the rest of the reading is.
  const chosen = f.usefulGod?.relative === role.relative && f.usefulGod.lines[0] ? f.lines[f.usefulGod.lines[0] - 1] : undefined;
  const judged = chosen ? [chosen] : lines;
  const reading = judged.some((l) => l.moving)
    ? role.moving
    : judged.some((l) => isStrong(l))
      ? role.strong
      : judged.every((l) => isStrong(l) === false)
        ? role.weak
        : null;
  return say(
    lang,
    `${rule}本卦${role.relative}在${named.join("；")}。${reading ? `${reading[0]}。` : ""}`,
    `${rule}In this cast: ${named.join("; ")}.${reading ? ` So ${reading[1]}.` : ""}`,
  );
}
