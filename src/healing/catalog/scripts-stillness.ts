/**
 * Scripts of the quiet-sitting protocols. Their density is "minimal": few, long steps, so
 * the practice is mostly silence.
 */
import { step, text, type ScriptFamily } from "./script-helpers.ts";

/** Both forms end the same way, rubbing the palms before opening the eyes (a traditional close). */
const PALMS_CLOSE_EN = "Rub your palms together until warm, rest them over your eyes for a moment, then open your eyes";
const PALMS_CLOSE_ZH = "双手搓热，轻捂双眼片刻，再睁开眼睛";

export const STILLNESS_SCRIPTS = {
  jingzuo_10: {
    breath_pace: null,
    steps: [
      step(45, "Sit upright on a chair or cushion, hands resting on your thighs or in your lap. Let your eyes close or half-close, gaze lowered.",
        "在椅子或坐垫上端坐，双手放在大腿上或叠放于腹前。眼睛可以闭上或半闭，目光下垂。"),
      step(45, "Let the breath be natural. Notice it at the nostrils or the belly, without changing it.",
        "让呼吸保持自然。在鼻孔或腹部觉察它，不去改变。"),
      step(240, "Count each out-breath silently from one to ten, then start again at one. If you lose count, simply begin again at one; losing count is part of the practice.",
        "每次呼气时默数一个数，从一数到十，再从一开始。数乱了就从一重新开始；数乱本身也是练习的一部分。"),
      step(210, "Keep counting or, if the mind has settled, let the counting go and rest with the breath.",
        "继续数息；如果心已安定，可以放下数数，只是安住在呼吸上。"),
      step(60, `Let the practice end. ${PALMS_CLOSE_EN} and look around before you stand up.`,
        `结束练习。${PALMS_CLOSE_ZH}，环顾四周后再站起来。`),
    ],
    extra_cautions: [],
    cultural_note: text(
      "Quiet sitting (jingzuo) was valued by Neo-Confucian scholars and in Daoist traditions; counting the breath is also the first stage of "
        + "Buddhist breath meditation. Here it is offered as a simple, secular practice.",
      "静坐为宋明理学家与道家传统所重视；数息也是佛教安般念(数息观)的入门方法。这里作为简单、不带宗教色彩的练习呈现。",
    ),
  },

  jingzuo_traditional_20: {
    breath_pace: null,
    steps: [
      step(60, "Sit upright on a cushion or the front of a chair, hands resting one on the other below the navel. Close your eyes gently.",
        "在坐垫或椅子前半部端坐，双手相叠放在肚脐下方。轻轻闭上眼睛。"),
      step(90, "Relax from the top of the head down to the feet: let the face, shoulders, chest and belly soften. Let the tongue rest lightly against the roof of the mouth.",
        "从头顶到双脚逐步放松：面部、肩膀、胸口和腹部都松下来。舌尖轻抵上腭。"),
      step(120, "Let the breath become natural, slow and quiet by itself, without guiding it.",
        "让呼吸自己变得自然、缓慢、安静，不去引导它。"),
      step(480, "Rest your attention lightly on the dantian, about three finger-widths below the navel. Do not press or imagine force there; keep a light awareness, as if watching something from a distance.",
        "意守丹田：把注意力轻轻放在肚脐下约三指处。不要用力，也不要想象气的冲动；似守非守，像远远地看着一样。"),
      step(300, "When thoughts arise, neither follow them nor push them away; return lightly to the dantian. If the attention grows heavy or uncomfortable, rest it on the breath instead, or open your eyes.",
        "念头生起时，不跟随也不排斥，轻轻回到丹田。如果注意力变得沉重或不适，就改为关注呼吸，或睁开眼睛。"),
      step(90, `Let the attention go. ${PALMS_CLOSE_EN}.`,
        `放下意守。${PALMS_CLOSE_ZH}。`),
      step(60, "Gently rub your face and your legs, then stand up slowly.",
        "轻轻按摩面部和双腿，然后慢慢站起来。"),
    ],
    extra_cautions: [
      text("Keep the focus light and never push the breath down into the belly. If you feel heat, pressure, strong images or unease, open your eyes and end the practice.",
        "意念要轻，不要把气往腹部压。如出现发热、压迫感、强烈的画面或不安，请睁开眼睛，结束练习。"),
    ],
    cultural_note: text(
      "Resting the mind on the dantian (yi shou dantian) is a core method of Daoist inner cultivation and of qigong. The traditional framing, "
        + "qi and the dantian, is presented as cultural heritage, not as a medical claim.",
      "意守丹田是道家内修与气功的核心方法之一。其中关于气与丹田的传统说法，在这里作为文化传承呈现，并非医疗主张。",
    ),
  },
} satisfies ScriptFamily;
