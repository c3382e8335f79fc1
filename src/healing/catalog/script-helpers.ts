/**
 * Small builders and shared cautions for the written scripts, so the script files read as
 * text and every caution that several protocols share is written once.
 */
import type { LocalizedText } from "../types.ts";
import type { ProtocolId, ProtocolScript, ScriptStep } from "./types.ts";

/** @example text("Breathe.", "呼吸。") // { en: "Breathe.", "zh-Hans": "呼吸。" } */
export function text(en: string, zhHans: string): LocalizedText {
  return { en, "zh-Hans": zhHans };
}

/** One timed step; `seconds` is how long the client stays on it. */
export function step(seconds: number, en: string, zhHans: string): ScriptStep {
  return { seconds, text: text(en, zhHans) };
}

/** A family of scripts; the catalog index checks that together they cover every id. */
export type ScriptFamily = Partial<Record<ProtocolId, ProtocolScript>>;

/** The caution every protocol carries first (wording fixed by the design). */
export const BASE_CAUTION = text(
  "Stop if you feel dizzy, in pain or overwhelmed; open your eyes, breathe normally and look around you.",
  "如感到头晕、疼痛或难以承受，请立即停止；睁开眼睛，恢复自然呼吸，看看周围的环境。",
);

/** For every standing protocol: balance can go without warning when attention turns inward. */
export const STANDING_CAUTION = text(
  "Stand where you can reach a chair or a wall. If you feel unsteady, sit down and rest.",
  "站在伸手可及椅子或墙壁的地方。如感到站不稳，请坐下休息。",
);

/** For every protocol that moves the body. */
export const MOVEMENT_CAUTION = text(
  "Move slowly and only within a comfortable, pain-free range; skip any movement that strains you.",
  "动作要缓慢，只在舒适、无痛的范围内活动；任何让你吃力的动作都可以跳过。",
);

/** For the Liu Zi Jue sounds: a pushed exhale is exactly the forceful breathing the policy rules out. */
export const VOCAL_CAUTION = text(
  "Keep the sound soft and the out-breath easy; never push the air out or empty your lungs completely. "
    + "In a shared space you can shape the sounds silently.",
  "发音要轻，呼气要从容；不要用力吐气，也不要把气完全呼尽。在公共场所可以只做口型、不出声。",
);

/** For the paced-breathing protocols. */
export const PACED_BREATH_CAUTION = text(
  "If slower breathing feels uncomfortable, let it go and breathe naturally.",
  "如果放慢呼吸让你不适，就放下节奏，自然呼吸。",
);
