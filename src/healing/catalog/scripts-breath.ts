/**
 * Scripts of the breathing protocols: music-paced breathing, the longer out-breath and the
 * Liu Zi Jue sounds. Paces stay at or below 6 breaths a minute with the out-breath longest,
 * and no step ever pauses the breath.
 */
import {
  MOVEMENT_CAUTION, PACED_BREATH_CAUTION, STANDING_CAUTION, VOCAL_CAUTION, step, text,
  type ScriptFamily,
} from "./script-helpers.ts";

/** Four counts in, six out: the slow rhythm both paced protocols use. */
const SLOW_PACE = { inhale_seconds: 4, exhale_seconds: 6 };

export const BREATH_SCRIPTS = {
  music_breath_10: {
    breath_pace: SLOW_PACE,
    steps: [
      step(30, "Sit comfortably with your back supported and your feet on the floor. Start the music. Let your eyes close, or rest your gaze softly on one spot.",
        "舒适地坐好，背部有所依靠，双脚踏地。开始播放音乐。可以轻轻闭上眼睛，或把目光柔和地停在一个点上。"),
      step(60, "For the first minute, just listen. Breathe as you normally do and notice the sound arriving.",
        "第一分钟只是聆听。照常呼吸，留意声音一点点传来。"),
      step(120, "Let the music set a slow pace: breathe in gently through the nose for about four counts, then breathe out softly for about six. No pushing, no pausing between breaths.",
        "让音乐带出缓慢的节奏：用鼻子轻轻吸气约四拍，再柔和地呼气约六拍。不用力，呼吸之间也不停顿。"),
      step(180, "Keep following the rhythm. If counting feels like effort, drop it and simply let each out-breath be a little longer than the in-breath.",
        "继续跟随节奏。如果数拍让你费力，就放下数数，只让每次呼气比吸气稍长一点。"),
      step(120, "Let your shoulders and jaw soften on each out-breath. When your mind wanders, come back to the music without judging yourself.",
        "每次呼气时，让肩膀和下巴放松。走神时，不加评判地回到音乐上。"),
      step(60, "Let the breath return to its own natural rhythm while the music plays on.",
        "让呼吸回到它自然的节奏，音乐继续播放。"),
      step(30, "Open your eyes if they were closed, look around the room and notice how you feel now. Stop the music when you are ready.",
        "如果闭着眼睛，请慢慢睁开，环顾四周，留意此刻的感受。准备好后停止音乐。"),
    ],
    extra_cautions: [PACED_BREATH_CAUTION],
    cultural_note: text(
      "Slow breathing with a longer out-breath appears in many contemplative traditions and in everyday relaxation practice today. "
        + "The track is instrumental, without words; it only sets the pace.",
      "呼气长于吸气的缓慢呼吸见于许多静观传统，也是当今常见的日常放松方法。配乐为无歌词的纯音乐，只用来带出节奏。",
    ),
  },

  extended_exhale_3: {
    breath_pace: SLOW_PACE,
    steps: [
      step(20, "Sit or stand in a steady position. Let your eyes close, or lower your gaze if you prefer to keep them open.",
        "坐着或站稳。可以闭上眼睛；如果想睁着，就把目光放低。"),
      step(20, "Notice your breath as it is, without changing it.",
        "先觉察呼吸本来的样子，不去改变它。"),
      step(100, "Breathe in gently through the nose for about four counts, then breathe out slowly and softly through slightly parted lips for about six. Let the next breath come when it is ready.",
        "用鼻子轻轻吸气约四拍，再从微张的双唇间缓慢、柔和地呼气约六拍。下一次吸气自然到来时再吸。"),
      step(25, "Let the breath return to its natural rhythm.",
        "让呼吸回到自然的节奏。"),
      step(15, "Open your eyes or lift your gaze, and notice the space around you.",
        "睁开眼睛或抬起目光，留意身边的环境。"),
    ],
    extra_cautions: [PACED_BREATH_CAUTION],
    cultural_note: text(
      "Lengthening the out-breath is a simple, widely taught way to settle; it appears in yoga, in qigong and in modern stress-management practice.",
      "延长呼气是一种简单、流传很广的安定方法，见于瑜伽、气功和现代压力管理练习。",
    ),
  },

  liuzijue_xu_he_6: {
    breath_pace: null,
    steps: [
      step(30, "Sit near the front of the chair, feet flat, hands resting on your thighs. Let your eyes rest half-open or closed.",
        "坐在椅子前半部，双脚平放，双手放在大腿上。眼睛可以半睁或闭上。"),
      step(30, "Breathe naturally through the nose for a few breaths and let your shoulders drop.",
        "用鼻子自然呼吸几次，让肩膀沉下来。"),
      step(120, "Xu (嘘): breathe in gently through the nose. As you breathe out slowly, make a soft, quiet \"shü\" sound, lips slightly forward. Let the sound fade by itself, then breathe in normally. Repeat at your own pace, about six times.",
        "嘘字诀：用鼻子轻轻吸气；慢慢呼气时，轻声发出「嘘」(xū)音，嘴唇微微前送。让声音自然消失，再自然吸气。按自己的节奏重复约六次。"),
      step(30, "Rest for a few natural breaths and notice any change.",
        "自然呼吸几次，稍作休息，留意身体的变化。"),
      step(120, "He (呵): breathe in gently through the nose. As you breathe out slowly, make a soft, open \"huh\" sound, mouth relaxed, as if warming your hands. Let the sound fade, then breathe in normally. Repeat about six times.",
        "呵字诀：用鼻子轻轻吸气；慢慢呼气时，轻声发出「呵」(hē)音，口型放松，像往手上呵一口暖气。让声音自然消失，再自然吸气。重复约六次。"),
      step(30, "Let the sounds go. Breathe naturally, open your eyes and notice how you feel.",
        "放下发音，自然呼吸，睁开眼睛，留意此刻的感受。"),
    ],
    extra_cautions: [VOCAL_CAUTION],
    cultural_note: text(
      "Liu Zi Jue, the Six Healing Sounds, is a Chinese daoyin breathing practice first recorded by Tao Hongjing (5th–6th century) in "
        + "Yangxing Yanming Lu. Tradition links Xu with the liver and wood, and He with the heart and fire; here they are offered as gentle "
        + "breathing, not as medical treatment.",
      "六字诀是中国传统导引吐纳法，最早见于南北朝陶弘景的《养性延命录》。传统上「嘘」对应肝与木，「呵」对应心与火；这里只作为温和的呼吸练习，并非医疗。",
    ),
  },

  liuzijue_full_12: {
    breath_pace: null,
    steps: [
      step(45, "Stand with feet hip-width apart, knees soft, arms relaxed by your sides, eyes open and looking ahead. Check that you have room to move your arms.",
        "两脚与髋同宽站立，膝盖微屈，双臂自然下垂，双眼睁开平视前方。确认双臂活动的空间足够。"),
      step(45, "Opening: breathe naturally. Slowly float your hands up to the level of your navel, palms up, then turn them down and lower them. Three times.",
        "起势：自然呼吸。双手掌心向上缓缓托至肚脐高度，再翻掌下按。重复三次。"),
      step(100, "Xu (嘘), linked with the liver and wood: breathe in through the nose; as you breathe out slowly with a soft \"shü\", extend one hand forward at chest height, then draw it back. Alternate sides, about six times.",
        "嘘字诀(对应肝、木)：鼻吸气；轻声吐「嘘」慢慢呼气时，一手在胸前高度向前穿出，再收回。左右交替，约六次。"),
      step(100, "He (呵), linked with the heart and fire: breathe in; as you breathe out with a soft \"huh\", scoop your hands up in front of the chest, then turn them and press gently down toward the belly. About six times.",
        "呵字诀(对应心、火)：吸气；轻声吐「呵」呼气时，双手在胸前捧起，再翻掌缓缓下按至腹前。约六次。"),
      step(100, "Hu (呼), linked with the spleen and earth: breathe in; as you breathe out with a soft, round \"hoo\", let your hands open a little in front of the belly as if holding a ball, then bring them back. About six times.",
        "呼字诀(对应脾、土)：吸气；轻声吐「呼」呼气时，双手在腹前如抱球般微微外撑，再慢慢合回。约六次。"),
      step(100, "Si (呬), linked with the lungs and metal: breathe in; as you breathe out with a soft \"sss\", push your palms gently forward at shoulder height, then relax them back. About six times.",
        "呬字诀(对应肺、金)：吸气；轻声吐「呬」呼气时，双掌在肩前高度缓缓向前推出，再放松收回。约六次。"),
      step(100, "Chui (吹), linked with the kidneys and water: breathe in; as you breathe out with a soft \"chway\", slide your hands down the sides of the lower back and round to the front, bending the knees only slightly. About six times.",
        "吹字诀(对应肾、水)：吸气；轻声吐「吹」呼气时，双手沿腰侧向下、向前划弧，膝盖只微微弯曲。约六次。"),
      step(100, "Xi (嘻), linked with the triple burner: breathe in; as you breathe out with a soft \"shee\", raise your hands in front of the face, then part them out to the sides and down. About six times.",
        "嘻字诀(对应三焦)：吸气；轻声吐「嘻」呼气时，双手在面前上提，再向两侧分开落下。约六次。"),
      step(30, "Closing: rest your hands on your lower belly, breathe naturally and feel your feet on the ground.",
        "收势：双手轻放小腹，自然呼吸，感受双脚踩实地面。"),
    ],
    extra_cautions: [VOCAL_CAUTION, STANDING_CAUTION, MOVEMENT_CAUTION],
    cultural_note: text(
      "The full Six Healing Sounds come from the Chinese daoyin tradition recorded since Tao Hongjing (5th–6th century) and were "
        + "standardised as a Health Qigong routine in 2003. Each sound is traditionally paired with an organ and one of the five phases; "
        + "those pairings are cultural framing, not medical claims.",
      "六字诀全套源自中国导引传统，自陶弘景起即有记载，2003年被整理为健身气功功法之一。每个字音在传统上对应一个脏腑与五行之一；这些对应属于文化背景，并非医疗主张。",
    ),
  },
} satisfies ScriptFamily;
