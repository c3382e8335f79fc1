/**
 * The local interpreter's explanation of a recommended Healing Plan: the
 * protocol and its safety state first, then how to do it, its cautions, why it
 * fits, or its audio, as the question points. It never suggests another protocol.
 */
import type { HealingFacts, ProtocolFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import type { Eyes, LocalizedText, Movement, Posture, PreferredIntensity } from "../../healing/index.ts";
import { matchesTopic, say, sentences, type Explanation } from "./text.ts";

const pick = (lang: ReplyLanguage, t: LocalizedText) => (lang === "zh" ? t["zh-Hans"] : t.en);

/** The protocol's form in Chinese words: a Chinese answer never shows the English enum values. */
const FORM_ZH = {
  posture: { seated: "坐姿", standing: "站姿", either: "坐站皆可" } satisfies Record<Posture, string>,
  movement: { none: "无需动作", minimal: "少量动作", gentle: "轻柔动作", moderate: "适度动作" } satisfies Record<Movement, string>,
  eyes: { open: "睁眼", closed: "闭眼", optional: "睁闭皆可" } satisfies Record<Eyes, string>,
  intensity: { gentle: "温和", moderate: "适中" } satisfies Record<PreferredIntensity, string>,
} as const;

function opening(f: HealingFacts, p: ProtocolFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `你的疗愈方案推荐「${p.title["zh-Hans"]}」（${p.id}，版本${p.version}），时长${p.minutes}分钟。安全状态：未被安全规则拦截（${f.status}）。`,
    `Your Plan recommends "${p.title.en}" (${p.id}, version ${p.version}), ${p.minutes} minutes. Safety state: not blocked (${f.status}).`,
  );
}

function stepsParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const shown = p.steps.slice(0, 4).map((s, i) => say(lang, `${i + 1}.（第${s.startSeconds}秒起，${s.seconds}秒）${pick(lang, s.text)}`, `${i + 1}. (from ${s.startSeconds} s, ${s.seconds} s) ${pick(lang, s.text)}`));
  const more = p.steps.length > shown.length ? say(lang, `之后还有${p.steps.length - shown.length}步，按方案中的脚本进行。`, `${p.steps.length - shown.length} more step(s) follow in the Plan's script.`) : "";
  return `${say(lang, `做法共${p.steps.length}步：`, `The practice has ${p.steps.length} steps:`)}\n${shown.join("\n")}\n${more}`.trim();
}

function formParagraph(f: HealingFacts, p: ProtocolFacts, lang: ReplyLanguage): string {
  const pace = p.breathPace ? say(lang, `，呼吸节奏吸${p.breathPace.inhale}秒、呼${p.breathPace.exhale}秒`, `, breathing ${p.breathPace.inhale} s in / ${p.breathPace.exhale} s out`) : "";
  const constraints = f.constraints.map((c) => pick(lang, c.text));
  const chosen = say(lang, f.selectionMode === "fallback" ? "由于没有其他练习通过筛选，方案选择了通用的稳定练习。" : "它是在通过全部安全与适配筛选的练习中得分最高的一项。", f.selectionMode === "fallback" ? "No other practice passed the filters, so the Plan chose the universal grounding practice." : "It scored highest among the practices that passed every safety and fit filter.");
  return sentences(
    lang,
    chosen,
    say(lang, `形式：${FORM_ZH.posture[p.posture]}，${FORM_ZH.movement[p.movement]}，${FORM_ZH.eyes[p.eyes]}，强度${FORM_ZH.intensity[p.intensity]}${pace}。`, `Form: posture ${p.posture}, movement ${p.movement}, eyes ${p.eyes}, intensity ${p.intensity}${pace}.`),
    constraints.length ? say(lang, `方案还附加了这些约束：${constraints.join(" ")}`, `The Plan also applies: ${constraints.join(" ")}`) : "",
  );
}

function cautionsParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return `${say(lang, "练习时请注意：", "While practising:")} ${p.cautions.map((c) => pick(lang, c)).join(" ")}`;
}

function audioParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return p.availability === "available"
    ? say(lang, "这个练习配有可直接播放的音频（方案中的 asset_url）；音频只用来带出节奏。", "This practice comes with audio you can play directly (the Plan's asset_url); it only sets the pace.")
    : say(lang, "这个练习没有配套音频，按文字脚本进行即可。", "This practice has no audio track; follow the written script.");
}

const CLOSING = {
  zh: "这是日常身心练习与文化参考，不是医学诊断、心理治疗或急救；如有不适，请随时停止。",
  en: "This is everyday mind-body practice and cultural reference, not a medical diagnosis, psychotherapy or emergency help; stop at any time if you feel unwell.",
};
const REDO_WORDING = { zh: "这个方案", en: "Plan", howZh: "提交新的签到，创建一个新方案", howEn: "create a new Plan from a new check-in" };

/** The explanation of the Plan for this input. A blocked Plan never gets here (409). */
export function explainHealing(f: HealingFacts, input: string, lang: ReplyLanguage): Explanation {
  const p = f.protocol;
  const closing = say(lang, CLOSING.zh, CLOSING.en);
  if (!p) return { opening: say(lang, "这个方案没有可解释的练习。", "This Plan has no practice to explain."), focus: [], closing, redo: REDO_WORDING };
  const focus: string[] = [];
  if (matchesTopic(input, /怎么做|怎么练|步骤|如何|开始|how|step|what do i do/)) focus.push(stepsParagraph(p, lang));
  if (matchesTopic(input, /为什么|为何|适合|选|why|chosen|suit|fit/)) focus.push(formParagraph(f, p, lang));
  if (matchesTopic(input, /安全|注意|头晕|疼|不舒服|危险|safe|caution|dizz|pain|hurt|uncomfortable/)) focus.push(cautionsParagraph(p, lang));
  if (matchesTopic(input, /音乐|音频|声音|audio|music|sound|track/)) focus.push(audioParagraph(p, lang));
  const focused = focus.length > 0;
  if (!focused) focus.push(formParagraph(f, p, lang), stepsParagraph(p, lang));
  return {
    opening: opening(f, p, lang),
    focus,
    focused,
    notes: [...(f.supportNotice ? [pick(lang, f.supportNotice)] : []), say(lang, `文化背景：${pick(lang, p.culturalNote)}`, `Cultural background: ${pick(lang, p.culturalNote)}`)],
    closing,
    redo: REDO_WORDING,
  };
}
