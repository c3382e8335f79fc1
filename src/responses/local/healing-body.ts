/**
 * What people ask about their body and their surroundings while practising: medication or an illness
 * the check-in never asks about (a doctor first), falling asleep, and being interrupted. Each keeps to
 * the Plan as it is.
 */
import type { ProtocolFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { say } from "./text.ts";

/**
 * A treatment or an illness the check-in never asks about (medication, a chronic condition). The ones it
 * does ask about (pregnancy, an injury, dizziness, the heart, breathing, mobility) are answered before
 * any paragraph, by the reading's limits (reading-limits.ts): don't practise until a new Plan includes it.
 */
export const CONDITION = /[吃食].{0,6}药|服.{0,4}药|用药|药物|糖尿病|癫痫|抑郁症|焦虑症|双相|慢性病|化疗|透析|(?<![a-z])(?:medications?|medicines?|meds|pills|antidepressants?|diabetes|epilepsy|chronic (?:illness|condition|pain)|chemo\w*|dialysis|a condition)(?![a-z])/;

/** Medication or an illness: the Plan never asked; a doctor decides; no treatment changes because of a practice. */
export function conditionParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "方案签到时的安全问题没有问到用药和慢性病，所以它并没有按这些来筛选。你在治疗或服药中，不确定能不能练，请先问问医生。不要因为练习而改变任何治疗或用药。",
    "The check-in's safety questions do not ask about medication or long-term illness, so this Plan was not screened for them. If you are in treatment or taking medication and unsure whether to practise, ask your doctor first. Do not change any treatment or medication because of a practice.",
  );
}

export const DROWSY = /睡着|睡过去|打瞌睡|犯困|困了|瞓着|瞓咗|(?<![a-z])(?:fall(?:ing)? asleep|fell asleep|doze off|dozing|nod off|drowsy|sleepy)(?![a-z])/;

/** Falling asleep: no harm in a still, supported practice; a standing one is sat down first; rest is its own goal. */
export function drowsyParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const first =
    p.posture === "standing"
      ? say(lang, "这个练习是站着做的：一感到困，就先坐下或停下来，以免跌倒。", "This practice is done standing: as soon as you feel drowsy, sit down or stop, so as not to fall.")
      : p.posture === "either"
        ? say(lang, "站着练时，一感到困就先坐下，以免跌倒；坐着时睡着并无妨，醒来后接着做或就此结束都可以。", "If you are standing, sit down as soon as you feel drowsy, so as not to fall; seated, falling asleep does no harm: carry on when you wake, or end it there.")
        : say(lang, "在这个练习里睡着并无妨：醒来后接着做，或就此结束都可以。", "Falling asleep in this practice does no harm: when you wake, carry on or end it there.");
  return say(
    lang,
    `${first}如果你本来就想好好休息或入睡，下次签到时把目标选为「休息」，方案会照这个目标来选。开车或操作机器时不要练。`,
    `${first} If rest or sleep is what you want, choose "rest" as the goal at your next check-in and the Plan is chosen for it. Never while driving or operating machinery.`,
  );
}

export const INTERRUPTED = /打断|打扰|有人在旁边|孩子在旁边|小孩在旁边|吵|嘈|上厕所|去厕所|尿急|接电话|来电话|(?<![a-z])(?:interrupt\w*|disturb\w*|bathroom|toilet|(?:need to|have to) pee|phone (?:rings|call)|take a call|answer the phone|(?:kids?|children|people|someone) (?:around|nearby|at home)|noisy|noise)(?![a-z])/;

/** Interrupted: pause and pick up again or end it; a few minutes count; the minutes undisturbed are what it needs. */
export function interruptedParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `被打断了也没关系：停下来，处理完再从刚才那一步接着做，或者就此结束，做过的几分钟同样有用。这个练习最好有${p.minutes}分钟不被打扰；身边有孩子时，可以挑他们睡着或有人照看的时候。`,
    `Being interrupted is fine: pause, and pick up at the step you were on, or end there; the minutes you did still count. The practice goes best with ${p.minutes} undisturbed minutes; with children around, a time when they are asleep or looked after suits it.`,
  );
}

/** Breathing through the mouth, or a blocked nose ("我有鼻炎，用嘴呼吸可以吗", "my nose is blocked"). */
export const BREATH_WAY = /用嘴|嘴巴?呼吸|嘴吸|鼻塞|鼻子不通|鼻子塞|鼻炎|鼻窦炎|用鼻子|鼻子吸|(?<![a-z])(?:through (?:my|the) (?:mouth|nose)|nose or (?:the )?mouth|mouth[- ]breath\w*|(?:blocked|stuffy|congested|runny) nose|can'?t breathe through my nose)(?![a-z])/;

/** Nose or mouth: the script's nose is for slowness; a gentle mouth breath does as well; no forcing, no holding. */
export function breathWayParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const paced = p.breath !== "natural";
  return paced
    ? say(
      lang,
      "脚本说用鼻子吸气，是为了让呼吸慢而柔。鼻子不通时，用嘴轻轻吸气也可以：要紧的是不用力、不憋气，让呼气比吸气稍长一点。如果呼吸本身让你不舒服，就停下来，恢复自然呼吸。",
      "The script breathes in through the nose to keep the breath slow and soft. With a blocked nose, a gentle breath through the mouth does as well: what matters is no forcing and no holding, with the out-breath a little longer than the in-breath. If breathing itself feels uncomfortable, stop and breathe naturally.",
    )
    : say(lang, "这个练习不要求特定的呼吸方式：用鼻子或用嘴，怎么舒服就怎么呼吸。如果呼吸本身让你不舒服，就停下来。", "This practice asks for no particular way of breathing: nose or mouth, breathe however is comfortable. If breathing itself feels uncomfortable, stop.");
}


/** Still enough to sit through a meal's fullness: no movement, or very little. */
const still = (p: ProtocolFacts) => p.movement === "none" || p.movement === "minimal";

/** Just after a meal ("饭后可以练吗", "can I do it after eating?"). */
export const AFTER_MEAL = /饭后|吃完饭|吃饱|刚吃完|食完饭|食饱|(?<![a-z])(?:after (?:eating|a meal|meals|lunch|dinner|breakfast|food)|full stomach|just (?:ate|eaten))(?![a-z])/;

/** After a meal: a still practice is fine, with a pause if very full; one that moves waits about an hour. */
export function afterMealParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return still(p)
    ? say(lang, "饭后可以练：这个练习几乎不动。只是吃得很饱时，慢而长的呼吸可能有点顶，可以等半小时左右，或把呼吸放得更轻些。", "After a meal is fine: this practice hardly moves. Very full, a slow long breath can feel cramped, so wait half an hour or so, or breathe more lightly.")
    : say(lang, "这个练习有动作，饭后最好隔一小时左右再练，以免肠胃不适。", "This practice moves, so leave about an hour after a meal before doing it, to spare your stomach.");
}

/** Alcohol or a hangover ("我喝了酒可以练吗", "I've been drinking, is that ok?"). */
export const ALCOHOL = /喝了酒|喝过酒|喝酒|饮咗酒|饮酒|酒后|喝醉|宿醉|醉了|(?<![a-z])(?:drunk|been drinking|after (?:a few |some )?drinks|alcohol|hung ?over|hangover|tipsy)(?![a-z])/;

/** After drinking: not now; dizziness and slow reactions, worse with slow breathing and closed eyes; when sober. */
export function alcoholParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "喝了酒先别练：酒后容易头晕、反应慢，慢呼吸和闭眼可能让人更晕，站着时还可能跌倒。等酒醒了、身体清醒了再练。",
    "Not after drinking: alcohol brings dizziness and slow reactions, which slow breathing and closed eyes can make worse, and standing you could fall. Practise once you are sober and clear-headed.",
  );
}

/** Something active straight after ("练完可以马上去跑步吗", "can I drive right after?"). */
export const RIGHT_AFTER = /(?:练完|做完|练好|做好|之后|过后)[^，,。？?]{0,8}(?:跑步|运动|健身|开车|揸车|上班|返工|游泳|打球)|(?<![a-z])(?:right|straight|immediately|just) after(?:wards?)?\b.{0,30}\b(?:run|running|drive|driving|work ?out|exercise|gym|swim|go to work)(?![a-z])|(?<![a-z])(?:run|running|drive|driving|work ?out|exercise|go to the gym|swim|swimming)\b.{0,20}\b(?:right|straight|immediately) after(?:wards?)?(?![a-z])/;

/** Straight into something active: sit a moment, stand slowly, then go; before driving, be fully alert. */
export function rightAfterParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "练完可以去做别的：先坐一会儿，慢慢起身，等呼吸和身体回到平常再去跑步或运动；要开车的话，先确定自己完全清醒、反应如常。",
    "You can go on to other things afterwards: sit for a moment, stand up slowly, and let your breath and body return to normal before a run or a workout; before driving, make sure you are fully alert.",
  );
}
