/**
 * What a reading must say before it answers, whoever writes it: for a
 * sensitive question (src/safety topics), that the reading cannot decide it
 * and who can; for a Healing follow-up that mentions a constraint the Plan
 * may not have been made with (pregnancy, an injury, dizziness, a heart or
 * breathing condition, limited mobility — the check-in's physical constraints — or driving),
 * that the Plan may not fit and a new one can be created. The local
 * interpreter opens its answer with these lines; the model gets the same
 * rules in its prompt and the topics found in the turn.
 */
import { foldText, type Script } from "../text/language.ts";
import type { SensitiveTopic } from "../safety/index.ts";

export const PLAN_CONSTRAINTS = ["pregnancy", "injury", "dizziness", "heart", "breathing", "mobility", "driving"] as const;
export type PlanConstraint = (typeof PLAN_CONSTRAINTS)[number];

/** Mentions, matched on foldText(input) (Simplified, lower case). */
const CONSTRAINT_PATTERNS: Readonly<Record<PlanConstraint, RegExp>> = {
  pregnancy: /怀孕|孕期|孕妇|准妈妈|有身孕|有咗bb|有咗baby|大肚婆|有了宝宝|怀了|\bpregnan\w*|expecting a baby|trimester|mum-to-be|mom-to-be/,
  injury: /受伤|扭伤|骨折|摔伤|刚做完手术|术后|拉伤|\b(?:injur\w*|sprain\w*|fractur\w*|broke my|torn|surgery last week|just had surgery)\b/,
  dizziness: /头晕|头昏|眩晕|站不稳|晕眩|\b(?:dizzy|dizziness|lightheaded|light-headed|vertigo|unsteady)\b/,
  // The check-in's cardiovascular_risk, breathing_discomfort and mobility_limitation.
  heart: /高血压|低血压|血压高|血压低|心脏|心律|心血管|冠心病|\b(?:heart (?:condition|disease|problems?|trouble)|blood pressure|hypertension|cardiac|arrhythmia)\b/,
  breathing: /哮喘|气喘|慢阻肺|呼吸困难|呼吸不畅|\b(?:asthma|copd|breathing (?:problems?|difficult\w*|trouble))\b/,
  mobility: /行动不便|坐轮椅|轮椅|拄拐|拐杖|\b(?:wheelchair|crutches|mobility (?:problems?|issues?|limitations?))\b/,
  driving: /开车|驾驶|在车上开|骑车|\b(?:driving|while i drive|behind the wheel|operating machinery)\b/,
};

/** The constraints a Healing follow-up mentions, in PLAN_CONSTRAINTS order. */
export function mentionedConstraints(input: string): PlanConstraint[] {
  const folded = foldText(input);
  return PLAN_CONSTRAINTS.filter((c) => CONSTRAINT_PATTERNS[c].test(folded));
}

type Lines = Readonly<Record<Script, string>>;

const TOPIC_LINES: Readonly<Record<SensitiveTopic, Lines>> = {
  medical_decision: {
    en: "Whether to start, stop or change a treatment is a medical decision: please make it with your doctor. A reading cannot decide it; what follows is only what the chart says as a cultural reflection.",
    "zh-Hans": "是否开始、停止或更改治疗是医疗决定，请和你的医生一起决定。解读不能替你做这个决定；下面只是从传统文化角度的参考。",
    "zh-Hant": "是否開始、停止或更改治療是醫療決定，請和你的醫生一起決定。解讀不能替你做這個決定；下面只是從傳統文化角度的參考。",
  },
  lifespan: {
    en: "No reading can tell how long someone will live or when they will die, and this one will not try; for health, a doctor is the one to ask. What follows is only what the chart says as a cultural reflection.",
    "zh-Hans": "任何解读都不能判断一个人的寿命或离世的时间，这里也不会去推断；关于健康，请咨询医生。下面只是从传统文化角度的参考。",
    "zh-Hant": "任何解讀都不能判斷一個人的壽命或離世的時間，這裡也不會去推斷；關於健康，請諮詢醫生。下面只是從傳統文化角度的參考。",
  },
  pregnancy_outcome: {
    en: "A reading cannot tell how a pregnancy will go or the baby's sex or health: please ask your doctor or midwife. What follows is only what the chart says as a cultural reflection.",
    "zh-Hans": "解读不能判断孕期的结果，也不能判断胎儿的性别或健康，请咨询你的医生或助产士。下面只是从传统文化角度的参考。",
    "zh-Hant": "解讀不能判斷孕期的結果，也不能判斷胎兒的性別或健康，請諮詢你的醫生或助產士。下面只是從傳統文化角度的參考。",
  },
  harm_attribution: {
    en: "In this tradition no one's chart can harm another person, and nobody is to blame for what happens to others because of their birth time. What follows is only what the charts say as a cultural reflection.",
    "zh-Hans": "在这一传统里，任何人的八字都不会伤害别人，也没有人因为出生时间而要为别人的遭遇负责。下面只是从传统文化角度的参考。",
    "zh-Hant": "在這一傳統裡，任何人的八字都不會傷害別人，也沒有人因為出生時間而要為別人的遭遇負責。下面只是從傳統文化角度的參考。",
  },
};

/** Each constraint as the person has it, to follow "you" ("may not have known that you …"). */
const CONSTRAINT_NAMES: Readonly<Record<PlanConstraint, Lines>> = {
  pregnancy: { en: "are pregnant", "zh-Hans": "怀孕了", "zh-Hant": "懷孕了" },
  injury: { en: "have an injury", "zh-Hans": "受了伤", "zh-Hant": "受了傷" },
  dizziness: { en: "get dizzy", "zh-Hans": "会头晕", "zh-Hant": "會頭暈" },
  heart: { en: "have a heart or blood-pressure condition", "zh-Hans": "有心脏或血压问题", "zh-Hant": "有心臟或血壓問題" },
  breathing: { en: "have a breathing condition", "zh-Hans": "有呼吸方面的问题", "zh-Hant": "有呼吸方面的問題" },
  mobility: { en: "have limited mobility", "zh-Hans": "行动不便", "zh-Hant": "行動不便" },
  driving: { en: "are driving or operating machinery", "zh-Hans": "正在开车或操作机器", "zh-Hant": "正在開車或操作機器" },
};

/** "made without knowing that you … ; don't practise it until a new Plan includes it", and to stop first only when driving is named. */
function constraintLine(constraints: readonly PlanConstraint[], script: Script): string {
  const names = constraints.map((c) => CONSTRAINT_NAMES[c][script]);
  const driving = constraints.includes("driving");
  if (script === "en") {
    return `This Plan may have been made without knowing that you ${names.join(" and ")}. Please don't practise it until you have created a new Plan that includes this${driving ? "; if you are driving, stop first" : ""}.`;
  }
  const joined = names.join("、");
  return script === "zh-Hant"
    ? `這個方案制定時可能並不知道你${joined}。在建立一個包含這一情況的新方案之前，請先不要練習${driving ? "；如果正在開車，請先停下來" : ""}。`
    : `这个方案制定时可能并不知道你${joined}。在建立一个包含这一情况的新方案之前，请先不要练习${driving ? "；如果正在开车，请先停下来" : ""}。`;
}

/** The lines an answer opens with (empty when there is nothing to say first). */
export function readingLimits(topics: readonly SensitiveTopic[], constraints: readonly PlanConstraint[], script: Script): string[] {
  return [...topics.map((t) => TOPIC_LINES[t][script]), ...(constraints.length > 0 ? [constraintLine(constraints, script)] : [])];
}
