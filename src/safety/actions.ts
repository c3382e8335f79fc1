/**
 * What the person is shown, by crisis category, in the input's language and
 * script: emergency services for a medical emergency or danger from others,
 * crisis support for suicide and self-harm, stepping away and help for a wish
 * to hurt someone, a trusted adult and emergency help for a minor. No phone
 * numbers (they differ by country and go stale), as in the Healing safety text.
 * Several categories: the most urgent one's text (ACTION_PRIORITY).
 */
import type { CrisisCategory } from "./rules.ts";

import type { Script } from "../text/language.ts";
export type { Script };

/** A fixed text with a stable id clients may key their own translations on. */
export interface SafetyActionText {
  text_id: string;
  text: Readonly<Record<Script, string>>;
}

const NOT_AN_EMERGENCY_SERVICE = {
  en: "This service is not an emergency service and cannot send help.",
  "zh-Hans": "本服务不是紧急服务，无法为你派出救助。",
  "zh-Hant": "本服務不是緊急服務，無法為你派出救助。",
} as const;

const fixed = (id: string, text: Record<Script, string>): SafetyActionText =>
  Object.freeze({
    text_id: `responses.safety_action.${id}.v1`,
    text: Object.freeze({
      en: `${text.en} ${NOT_AN_EMERGENCY_SERVICE.en}`,
      "zh-Hans": `${text["zh-Hans"]}${NOT_AN_EMERGENCY_SERVICE["zh-Hans"]}`,
      "zh-Hant": `${text["zh-Hant"]}${NOT_AN_EMERGENCY_SERVICE["zh-Hant"]}`,
    }),
  });

const MEDICAL = fixed("medical_emergency", {
  en: "This sounds like a medical emergency. Call your local emergency number now, or ask someone nearby to call. Do not wait to see whether it passes, and do not drive yourself. If someone has collapsed or is not breathing, stay with them and follow the emergency operator's instructions.",
  "zh-Hans": "这听起来像是紧急医疗情况。请立即拨打当地的急救电话，或请身边的人帮你拨打。不要等着看症状会不会过去，也不要自己开车。如果有人倒下或没有呼吸，请留在他身边，按急救人员的指示去做。",
  "zh-Hant": "這聽起來像是緊急醫療情況。請立即撥打當地的急救電話，或請身邊的人幫你撥打。不要等著看症狀會不會過去，也不要自己開車。如果有人倒下或沒有呼吸，請留在他身邊，按急救人員的指示去做。",
});

const DANGER = fixed("danger_from_others", {
  en: "Your safety comes first. If you are in danger right now, call your local emergency number, or get to a safe place if you can: a neighbour, a shop, anywhere with other people. When you are safe, a domestic-violence or victim-support line where you are can help you plan what to do next.",
  "zh-Hans": "你的安全最重要。如果你现在有危险，请拨打当地的紧急电话，或尽可能到安全的地方去：邻居家、商店，任何有其他人在的地方。安全以后，当地的反家暴或受害者援助热线可以帮你计划接下来怎么做。",
  "zh-Hant": "你的安全最重要。如果你現在有危險，請撥打當地的緊急電話，或盡可能到安全的地方去：鄰居家、商店，任何有其他人在的地方。安全以後，當地的反家暴或受害者援助熱線可以幫你計劃接下來怎麼做。",
});

const MINOR = fixed("minor_abuse", {
  en: "What is happening to you is not your fault, and you deserve to be safe. Please tell an adult you trust today: a teacher, a school counsellor, a relative or a friend's parent. If you are in danger right now, call your local emergency number. A child helpline where you live can also listen and help.",
  "zh-Hans": "发生在你身上的事不是你的错，你值得被好好保护。请今天就告诉一个你信任的大人：老师、学校的心理老师、亲戚，或朋友的爸爸妈妈。如果你现在有危险，请拨打当地的紧急电话。你所在地的儿童求助热线也可以倾听你、帮助你。",
  "zh-Hant": "發生在你身上的事不是你的錯，你值得被好好保護。請今天就告訴一個你信任的大人：老師、學校的輔導老師、親戚，或朋友的爸爸媽媽。如果你現在有危險，請撥打當地的緊急電話。你所在地的兒童求助熱線也可以傾聽你、幫助你。",
});

const CRISIS_SUPPORT = fixed("crisis_support", {
  en: "Your safety comes first. If you might act on these thoughts now, call your local emergency number or a suicide and crisis line where you are, and move away from anything you could use to hurt yourself. Please do not stay alone: reach out to someone you trust and stay with them. You deserve support, and talking to someone can help.",
  "zh-Hans": "你的安全最重要。如果你现在可能会按这些念头去做，请拨打当地的紧急电话或心理危机热线，并远离任何可能用来伤害自己的东西。请不要独自一人：联系你信任的人，和他们待在一起。你值得被支持，和人聊聊会有帮助。",
  "zh-Hant": "你的安全最重要。如果你現在可能會按這些念頭去做，請撥打當地的緊急電話或心理危機熱線，並遠離任何可能用來傷害自己的東西。請不要獨自一人：聯繫你信任的人，和他們待在一起。你值得被支持，和人聊聊會有幫助。",
});

const HARM_OTHERS = fixed("harm_others", {
  en: "Please pause now. If you feel you might hurt someone, put distance between you and them, and put away anything that could be used as a weapon. Call your local emergency number or a crisis line where you are and tell them how you feel: they can help you stay in control.",
  "zh-Hans": "请先停一下。如果你觉得自己可能会伤害别人，请和对方保持距离，把任何可能被当作武器的东西收起来。请拨打当地的紧急电话或心理危机热线，告诉他们你的感受：他们可以帮你稳住自己。",
  "zh-Hant": "請先停一下。如果你覺得自己可能會傷害別人，請和對方保持距離，把任何可能被當作武器的東西收起來。請撥打當地的緊急電話或心理危機熱線，告訴他們你的感受：他們可以幫你穩住自己。",
});

/** The action of each category. */
export const SAFETY_ACTIONS: Readonly<Record<CrisisCategory, SafetyActionText>> = {
  medical_emergency: MEDICAL,
  danger_from_others: DANGER,
  minor_abuse: MINOR,
  suicide: CRISIS_SUPPORT,
  self_harm: CRISIS_SUPPORT,
  harm_others: HARM_OTHERS,
};

/** Most urgent first: what must happen in the next minutes decides the text. */
export const ACTION_PRIORITY: readonly CrisisCategory[] = ["medical_emergency", "danger_from_others", "minor_abuse", "suicide", "self_harm", "harm_others"];

/** The action for a crisis with these categories (at least one). */
export function safetyActionFor(categories: readonly CrisisCategory[]): SafetyActionText {
  const first = ACTION_PRIORITY.find((c) => categories.includes(c));
  if (!first) throw new Error("a crisis names at least one category");
  return SAFETY_ACTIONS[first];
}

/** The line a `concern` answer ends with: support without alarm. */
export const SUPPORT_LINE: Readonly<Record<Script, string>> = {
  en: "If things feel heavy right now, you don't have to carry them alone: talking with someone you trust, or with a support line where you are, can help.",
  "zh-Hans": "如果你现在觉得很沉重，不必一个人扛着：和你信任的人聊聊，或联系当地的心理支持热线，都会有帮助。",
  "zh-Hant": "如果你現在覺得很沉重，不必一個人扛著：和你信任的人聊聊，或聯繫當地的心理支持熱線，都會有幫助。",
};
