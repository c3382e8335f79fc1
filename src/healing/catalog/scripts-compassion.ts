/**
 * Scripts of the self-soothing and reflective protocols: the butterfly hug, the
 * self-compassion break and the four phrases inspired by Hawaiian ho'oponopono.
 */
import { step, text, type ScriptFamily } from "./script-helpers.ts";

export const COMPASSION_SCRIPTS = {
  butterfly_hug_3: {
    breath_pace: null,
    steps: [
      step(20, "Sit or stand comfortably. Cross your arms over your chest so each hand rests near the opposite shoulder or upper arm.",
        "舒适地坐着或站着。双臂在胸前交叉，两手分别搭在对侧肩膀或上臂附近。"),
      step(20, "Let your eyes close, or rest your gaze on the floor. Breathe naturally.",
        "可以闭上眼睛，或把目光落在地面上。自然呼吸。"),
      step(100, "Tap your hands gently and slowly, left then right, like the wings of a butterfly. Notice whatever you feel without trying to change it.",
        "双手轻轻地左右交替拍打，节奏缓慢，像蝴蝶扇动翅膀。留意此刻的感受，不必试图改变它。"),
      step(25, "Let the tapping slow down and stop. Leave your hands where they are for a few breaths.",
        "让拍打慢下来，停下。双手停留在原处，呼吸几次。"),
      step(15, "Open your eyes or lift your gaze and notice how you feel now.",
        "睁开眼睛或抬起目光，留意此刻的感受。"),
    ],
    extra_cautions: [
      text("If the tapping stirs up strong memories or feelings, stop tapping and look around the room.",
        "如果拍打唤起强烈的回忆或情绪，请停止拍打，环顾四周。"),
    ],
    cultural_note: text(
      "The Butterfly Hug was developed by Lucina Artigas with Ignacio Jarero in Mexico in the late 1990s to support survivors of "
        + "Hurricane Pauline. Here it is used only as a simple self-soothing practice, not as therapy.",
      "蝴蝶拍由露西娜·阿蒂加斯(Lucina Artigas)与伊格纳西奥·哈雷罗(Ignacio Jarero)于1990年代末在墨西哥发展出来，用于帮助宝琳飓风的受灾者。这里仅作为简单的自我安抚练习，而非治疗。",
    ),
  },

  self_compassion_break_5: {
    breath_pace: null,
    steps: [
      step(30, "Sit or stand comfortably. Bring to mind the situation that is troubling you, only as much as feels manageable.",
        "舒适地坐着或站着。想一想让你困扰的事情，只想到你能承受的程度即可。"),
      step(60, "Acknowledge it: say to yourself, \"This is a moment of difficulty\" or \"This hurts.\" Notice where you feel it in your body.",
        "承认它：对自己说「这是一个困难的时刻」或「这让我很难受」。留意身体哪里有感觉。"),
      step(60, "Remember you are not alone: \"Difficulty is part of life; other people feel this too.\"",
        "记得你并不孤单：「困难是生活的一部分，别人也会有这样的感受。」"),
      step(45, "Place a hand on your heart, your cheek or wherever feels comforting, and feel its warmth.",
        "把一只手放在心口、脸颊或任何让你感到安慰的地方，感受手的温度。"),
      step(75, "Offer yourself kindness: \"May I be kind to myself,\" or the words you would say to a good friend in your place.",
        "给自己一些善意：「愿我善待自己」，或者说出你会对处境相同的好友说的话。"),
      step(30, "Let the words go, breathe naturally and notice how you feel now.",
        "放下这些话语，自然呼吸，留意此刻的感受。"),
    ],
    extra_cautions: [],
    cultural_note: text(
      "Adapted from the self-compassion break described by the psychologist Kristin Neff, which joins mindfulness, common humanity and self-kindness.",
      "改编自心理学家克里斯汀·内夫(Kristin Neff)提出的「自我关怀暂停」，包含正念、共通人性与善待自己三个部分。",
    ),
  },

  hooponopono_reflection_8: {
    breath_pace: null,
    steps: [
      step(45, "Sit comfortably with your feet on the floor. Let your eyes close, or rest your gaze softly. Breathe naturally.",
        "舒适地坐好，双脚踩地。可以闭上眼睛，或柔和地垂下目光。自然呼吸。"),
      step(60, "Bring to mind a relationship or situation you would like to be at peace with. Choose something manageable, not the hardest thing in your life.",
        "想一段你希望与之和解的关系或情境。选一件你能承受的事，而不是生命中最沉重的那件。"),
      step(75, "Silently say the first phrase, \"I'm sorry\", as an acknowledgement that something hurts, not as blame. Let it rest for a few breaths.",
        "在心里默念第一句「对不起」，它是承认有些事令人难过，而不是责怪。让它停留几次呼吸的时间。"),
      step(75, "Say the second phrase, \"Please forgive me.\" If it feels wrong, soften it to \"I wish for peace here.\"",
        "默念第二句「请原谅我」。如果感觉不合适，可以改成「愿这里得到安宁」。"),
      step(75, "Say the third phrase, \"Thank you\", for whatever this situation has taught you, or simply for being here.",
        "默念第三句「谢谢你」，感谢这件事带给你的体会，或仅仅感谢自己此刻在这里。"),
      step(75, "Say the fourth phrase, \"I love you\", toward yourself, the other person or life as it is, whichever feels true.",
        "默念第四句「我爱你」，送给自己、对方或生活本身，选择你觉得真实的那一个。"),
      step(45, "Repeat the four phrases slowly once or twice, in any order that feels right.",
        "按你觉得合适的顺序，慢慢把四句话再默念一两遍。"),
      step(30, "Let the phrases go. Open your eyes, look around and notice how you feel.",
        "放下这些话语。睁开眼睛，环顾四周，留意此刻的感受。"),
    ],
    extra_cautions: [
      text("These phrases are not an admission of fault. If they bring more blame or shame, stop and choose a gentler practice.",
        "这些话语不是认错。如果它们让你更加自责或羞愧，请停下来，换一个更温和的练习。"),
    ],
    cultural_note: text(
      "Inspired by ho'oponopono, a Hawaiian practice of reconciliation and forgiveness traditionally held within the family and guided by "
        + "an elder or healer. The four phrases come from later, popular adaptations. This exercise borrows them with respect and credits "
        + "their Hawaiian origin; it is not the traditional practice itself.",
      "本练习受到夏威夷传统和解与宽恕仪式荷欧波诺波诺(ho'oponopono)的启发。该仪式传统上在家族内部进行，由长者或疗愈者引导；四句话来自后来流行的改编版本。本练习怀着尊重借用这四句话，并说明其夏威夷起源；它并不是传统仪式本身。",
    ),
  },
} satisfies ScriptFamily;
