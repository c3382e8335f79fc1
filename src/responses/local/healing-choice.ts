/**
 * Why this practice and not another: the Plan's own ranking (its score, the runner-up, what the hard
 * filters left out) and a practice the person names ("what about 八段锦?") found in that ranking. A
 * Plan never changes: another practice is a new Plan from a new check-in.
 */
import type { HealingFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { type FilterName, getProtocol, PROTOCOL_IDS, type ProtocolId, type SCORE_WEIGHTS } from "../../healing/index.ts";
import { foldedInput, list, say } from "./text.ts";

/** What each score component weighs, in words. */
const COMPONENT_WORDS: Readonly<Record<keyof typeof SCORE_WEIGHTS, [zh: string, en: string]>> = {
  goal: ["你的目标", "your goal"],
  emotion: ["你的情绪", "your feelings"],
  arousal: ["你的激动程度", "how activated you are"],
  time: ["你可用的时间", "the time you have"],
  preference: ["你的偏好", "your preferences"],
  bazi: ["你八字的喜用五行", "your chart's favourable elements"],
};

/** Why a protocol was left out, in words: the first hard filter it failed. */
const FILTER_WORDS: Readonly<Record<FilterName, [zh: string, en: string]>> = {
  age_group: ["不适合你的年龄段", "not suited to your age group"],
  acute_intensity: ["不适合此刻这么强的情绪", "not for feelings this intense"],
  high_activation: ["不适合高度激动的时候", "not for a highly activated state"],
  self_blame_caution: ["强烈自责时不宜", "not for strong self-blame"],
  clear_space: ["需要空出的场地", "needs a clear space"],
  environment: ["不适合你所在的环境", "does not suit where you are"],
  posture: ["需要你现在用不上的姿势", "needs a posture you cannot take now"],
  audio: ["需要音频", "needs audio"],
  available_minutes: ["比你可用的时间长", "longer than the time you have"],
  physical_constraints: ["与你的身体情况不合", "conflicts with your physical constraints"],
  excluded_protocol_ids: ["你要求排除", "you excluded it"],
  movement_preference: ["动作不合你的偏好", "its movement is not what you prefer"],
  eyes_closed_preference: ["闭眼的要求不合你的偏好", "its closed eyes are not what you prefer"],
  spiritual_language: ["精神性语言超出你的设置", "more spiritual language than your setting allows"],
};

const titleOf = (id: string, lang: ReplyLanguage) => {
  const t = getProtocol(id)?.title;
  return t ? say(lang, `「${t["zh-Hans"]}」`, `"${t.en}"`) : id;
};

/**
 * Why this protocol and not another, from the Plan's own ranking: its score, the runner-up and the
 * component that set them furthest apart, and what the hard filters left out.
 */
export function rankingSentences(f: HealingFacts, lang: ReplyLanguage): string {
  const r = f.ranking;
  const [won, next] = r?.candidates ?? [];
  if (!r || !won || f.selectionMode !== "scored") return "";
  const score = (total: number) => (total / 100).toFixed(1);
  const words = (k: string) => COMPONENT_WORDS[k as keyof typeof SCORE_WEIGHTS] ?? [k, k];
  // The component where the winner leads the runner-up most (the first in weight order on a tie).
  const gapOf = (k: string) => won.components[k]! - (next?.components[k] ?? 0);
  const widest = Object.keys(won.components).reduce((a, b) => (gapOf(b) > gapOf(a) ? b : a));
  const [zh, en] = words(widest);
  const ahead = next && gapOf(widest) > 0;
  const lead = next
    ? say(
        lang,
        `在通过全部安全与适配筛选的练习中，它的匹配分最高，为${score(won.total)}（满分100），排第二的${titleOf(next.id, lang)}是${score(next.total)}${ahead ? `；差距最大的是与${zh}的契合（${won.components[widest]}对${next.components[widest]}）` : ""}。`,
        `Of the practices that passed every safety and fit filter, it scored highest, ${score(won.total)} of 100, ahead of ${titleOf(next.id, lang)} at ${score(next.total)}${ahead ? `; they differ most in fit with ${en} (${won.components[widest]} against ${next.components[widest]})` : ""}.`,
      )
    : say(lang, `它是唯一通过全部安全与适配筛选的练习，匹配分${score(won.total)}（满分100）。`, `It was the only practice that passed every safety and fit filter, scoring ${score(won.total)} of 100.`);
  const byFilter = new Map<string, number>();
  for (const filter of Object.values(r.rejected)) byFilter.set(filter, (byFilter.get(filter) ?? 0) + 1);
  const left = [...byFilter].map(([filter, n]) => {
    const [zh, en] = FILTER_WORDS[filter as FilterName] ?? [filter, filter];
    return say(lang, `${n}项因为${zh}`, `${n} (${en})`);
  });
  return left.length ? `${lead}${say(lang, `另有${Object.keys(r.rejected).length}项练习先被筛掉：${left.join("，")}。`, ` ${Object.keys(r.rejected).length} other practices were left out first: ${list("en", left)}.`)}` : lead;
}


/**
 * The names people call the catalog's practices by, folded (Simplified, lower case): a practice family
 * names every protocol of it. Checked by a test: every id is a protocol, every protocol has a name.
 */
export const PRACTICE_NAMES: readonly { pattern: RegExp; ids: readonly ProtocolId[] }[] = [
  { pattern: /音乐引导呼吸|音乐呼吸|(?<![a-z])music(?:-paced)? breath/, ids: ["music_breath_10"] },
  { pattern: /延长呼气|(?<![a-z])(?:longer out-?breath|extended exhale)/, ids: ["extended_exhale_3"] },
  { pattern: /环顾定向|(?<![a-z])orienting/, ids: ["grounding_orient_1"] },
  { pattern: /五感|5-4-3-2-1|54321/, ids: ["grounding_54321_5"] },
  { pattern: /蝴蝶拍|(?<![a-z])butterfly hug/, ids: ["butterfly_hug_3"] },
  { pattern: /自我关怀|(?<![a-z])self-?compassion/, ids: ["self_compassion_break_5"] },
  { pattern: /荷欧波诺波诺|四句话|(?<![a-z])ho'?oponopono/, ids: ["hooponopono_reflection_8"] },
  { pattern: /六字诀|嘘呵|(?<![a-z])(?:liu ?zi ?jue|healing sounds)/, ids: ["liuzijue_xu_he_6", "liuzijue_full_12"] },
  { pattern: /八段锦|(?<![a-z])(?:baduanjin|ba duan jin|eight brocades?)/, ids: ["baduanjin_seated_8", "baduanjin_standing_12"] },
  { pattern: /站桩|(?<![a-z])(?:zhan ?zhuang|standing like a tree|wuji)/, ids: ["zhanzhuang_5"] },
  { pattern: /静坐|数息|意守丹田|(?<![a-z])(?:jing ?zuo|quiet sitting)/, ids: ["jingzuo_10", "jingzuo_traditional_20"] },
  { pattern: /肌肉放松|(?<![a-z])(?:tense-and-release|muscle relaxation|pmr)(?![a-z])/, ids: ["pmr_short_7"] },
  { pattern: /身体扫描|(?<![a-z])body scan/, ids: ["body_scan_8"] },
  { pattern: /正念行走|(?<![a-z])(?:mindful walking|walking meditation)/, ids: ["walking_mindful_10"] },
];

/** The catalog's practices the input names, in catalog order. */
export function practicesNamed(input: string): ProtocolId[] {
  const folded = foldedInput(input);
  const named = new Set(PRACTICE_NAMES.filter((n) => n.pattern.test(folded)).flatMap((n) => n.ids));
  return PROTOCOL_IDS.filter((id) => named.has(id));
}

/**
 * Another practice than the Plan's, asked after: where the ranking put it (scored lower, or left out
 * by a filter, and which), then that the Plan stays and how to get another.
 */
export function otherPracticeParagraph(f: HealingFacts, lang: ReplyLanguage, ids: readonly ProtocolId[]): string {
  const r = f.ranking;
  const each = ids.map((id) => {
    const rank = r?.candidates.findIndex((c) => c.id === id) ?? -1;
    const filter = r?.rejected[id] as FilterName | undefined;
    if (rank >= 0) return say(lang, `${titleOf(id, lang)}也通过了筛选，排第${rank + 1}，匹配分${(r!.candidates[rank]!.total / 100).toFixed(1)}`, `${titleOf(id, lang)} passed the filters too and ranked ${rank + 1} at ${(r!.candidates[rank]!.total / 100).toFixed(1)}`);
    if (filter) return say(lang, `${titleOf(id, lang)}在筛选时被排除，因为${FILTER_WORDS[filter]?.[0] ?? filter}`, `${titleOf(id, lang)} was left out by the filters (${FILTER_WORDS[filter]?.[1] ?? filter})`);
    return say(lang, `${titleOf(id, lang)}通过了筛选，但不在得分最高的几项里`, `${titleOf(id, lang)} passed the filters but was not among the best-ranked`);
  });
  return say(
    lang,
    `${each.join("；")}。方案一经创建就不会更改；想换一个练习，可以调整偏好（比如精神性语言的设置，或排除某些练习），用新的签到创建一个新方案。`,
    `${each.join("; ")}. A Plan does not change once created; for another practice, adjust your preferences (the spiritual-language setting, say, or the practices to exclude) and create a new Plan from a new check-in.`,
  );
}
