/**
 * Delivery adjustments that follow from the inputs (design §3: "eyes open, silent delivery,
 * sit if dizzy"), and the soft support notice at intensity ≥ 9. Both derive from the input
 * alone, so they read the same whichever protocol wins.
 */
import { text } from "./catalog/script-helpers.ts";
import { audioRuledOut, isAcute, isMinorOrUnknown, spiritualCeiling } from "./filters.ts";
import type { FixedText } from "./safety.ts";
import type { LocalizedText, NormalizedPlanInput } from "./types.ts";

export const CONSTRAINT_CODES = ["eyes_open", "stay_seated", "sit_if_dizzy", "silent_delivery", "quiet_practice", "spiritual_framing_capped"] as const;
export type ConstraintCode = (typeof CONSTRAINT_CODES)[number];

/** One adjustment, the inputs that caused it (as `path=value`) and the text the client shows. */
export interface AppliedConstraint {
  code: ConstraintCode;
  because: string[];
  text: LocalizedText;
}

interface ConstraintRule {
  text: LocalizedText;
  /** The causes found in the input; the constraint applies when there is at least one. */
  causes: (input: NormalizedPlanInput) => (string | false)[];
}

const RULES: Readonly<Record<ConstraintCode, ConstraintRule>> = {
  eyes_open: {
    text: text("Keep your eyes open throughout, even where the script offers to close them.",
      "全程保持睁眼，即使步骤中提到可以闭眼。"),
    causes: ({ preferences: p, check_in: c }) => [
      p.eyes_closed_preference === "open" && "preferences.eyes_closed_preference=open",
      // A passenger stays aware of the surroundings (design: in_transit is seated, quiet, eyes open).
      c.environment === "in_transit" && "check_in.environment=in_transit",
      // At very high intensity, open eyes keep the person oriented in the room.
      c.intensity >= 9 && "check_in.intensity>=9",
    ],
  },
  stay_seated: {
    text: text("Stay seated for the whole practice.", "整个练习过程中保持坐姿。"),
    causes: ({ check_in: c }) => [
      c.environment === "in_transit" && "check_in.environment=in_transit",
      c.posture_available === "seated" && "check_in.posture_available=seated",
    ],
  },
  sit_if_dizzy: {
    text: text("If you feel dizzy or unsteady at any moment, sit down and rest.", "任何时候感到头晕或站不稳，请坐下休息。"),
    causes: ({ safety: s }) => [
      s.physical_constraints.includes("vertigo") && "safety.physical_constraints=vertigo",
      s.physical_constraints.includes("balance_issue") && "safety.physical_constraints=balance_issue",
    ],
  },
  silent_delivery: {
    text: text("No audio is played; follow the written steps.", "不播放音频；请按文字步骤练习。"),
    causes: ({ check_in: c, preferences: p }) => [
      !c.audio_available && "check_in.audio_available=false",
      p.voice_preference === "script_only" && "preferences.voice_preference=script_only",
    ],
  },
  quiet_practice: {
    text: text("Others may be nearby: keep any sounds silent or whispered.", "身边可能有其他人：任何发音都请默念或轻声进行。"),
    causes: ({ check_in: c }) => [
      c.environment === "shared_indoor" && "check_in.environment=shared_indoor",
      c.environment === "in_transit" && "check_in.environment=in_transit",
    ],
  },
  spiritual_framing_capped: {
    text: text("Traditional framing is not used; the practice is presented with at most cultural background.",
      "不使用传统修炼的表述；练习最多只介绍文化背景。"),
    causes: (input) => [
      isMinorOrUnknown(input) && spiritualCeiling(input) !== input.preferences.spiritual_language
        && `safety.age_group=${input.safety.age_group}`,
    ],
  },
};

/**
 * The Plan's `applied_constraints`, in CONSTRAINT_CODES order.
 * @example appliedConstraints(inTransitInput).map((c) => c.code) // ["eyes_open", "stay_seated", "quiet_practice"]
 */
export function appliedConstraints(input: NormalizedPlanInput): AppliedConstraint[] {
  return CONSTRAINT_CODES.flatMap((code) => {
    const because = RULES[code].causes(input).filter((cause): cause is string => cause !== false);
    // A copy: the Plan must not hand out references to this module's texts.
    return because.length === 0 ? [] : [{ code, because, text: { ...RULES[code].text } }];
  });
}

/** The soft notice a Plan carries at intensity ≥ 9 (gentler than the safety action: no red line was hit). */
export const SUPPORT_NOTICE: FixedText = Object.freeze({
  text_id: "healing.support_notice.v1",
  text: Object.freeze(text(
    "You rated how you feel as very intense. This short practice may help you steady yourself, and you can stop at any moment. "
      + "If it stays this strong, please reach out to someone you trust or to a local support line; you do not have to carry it alone.",
    "你给此刻感受的强度打了很高的分。这个简短的练习或许能帮你稳定下来，你可以随时停止。"
      + "如果这种强烈的感受持续，请联系你信任的人或当地的支持热线；你不必独自承受。",
  )),
});

/** The Plan's `support_notice`: the notice at intensity ≥ 9, else null. */
export function supportNoticeFor(input: NormalizedPlanInput): FixedText | null {
  return isAcute(input) ? SUPPORT_NOTICE : null;
}
