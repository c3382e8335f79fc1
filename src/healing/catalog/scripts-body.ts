/**
 * Scripts of the body protocols: the seated and standing Eight Brocades, gentle
 * tense-and-release and the seated body scan. Every movement is "as far as is comfortable".
 */
import { MOVEMENT_CAUTION, STANDING_CAUTION, step, text, type ScriptFamily } from "./script-helpers.ts";

/** The Eight Brocades' history, shared by its seated and standing forms. */
const BADUANJIN_HISTORY = text(
  "The Eight Brocades (Ba Duan Jin) is a Chinese qigong set recorded since the Song dynasty (12th century).",
  "八段锦是中国传统气功功法，自宋代(12世纪)起即有记载。",
);

export const BODY_SCRIPTS = {
  baduanjin_seated_8: {
    breath_pace: null,
    steps: [
      step(30, "Sit near the front of a stable chair, feet flat, back upright, eyes open. Check that you have room to lift and stretch your arms.",
        "坐在稳固椅子的前半部，双脚平放，腰背挺直，双眼睁开。确认有足够空间举臂和伸展。"),
      step(60, "Holding up the sky: interlace your fingers and slowly raise your hands overhead, palms up, as you breathe in; lower them as you breathe out. Four times.",
        "两手托天理三焦：十指交叉，吸气时掌心向上缓缓上托过头，呼气时慢慢放下。做四次。"),
      step(60, "Drawing the bow: turn your head and extend one arm to the side as if drawing a bow, then relax. Alternate sides, twice each.",
        "左右开弓似射雕：转头，一臂向侧方伸展，像拉弓一样，再放松。左右交替，各两次。"),
      step(60, "Separating heaven and earth: raise one hand, palm up, while the other presses down beside the hip, then switch. Twice each side.",
        "调理脾胃须单举：一手掌心向上举起，另一手在髋旁下按，然后换边。每侧两次。"),
      step(60, "Looking back: slowly turn your head to look over one shoulder, only as far as is comfortable, then return. Alternate, twice each side.",
        "五劳七伤往后瞧：慢慢转头向一侧肩后看，只转到舒适的幅度，再转回。左右交替，各两次。"),
      step(60, "Gentle circling: with your hands on your knees, let the upper body circle slowly and slightly, a few times in each direction.",
        "摇头摆尾去心火(简化)：双手扶膝，上身缓慢、小幅地画圈，每个方向几次。"),
      step(60, "Reaching down: as you breathe out, slide your hands down your thighs toward your knees or shins, then roll up slowly. Three times, only as far as is comfortable.",
        "两手攀足固肾腰(简化)：呼气时双手沿大腿向膝盖或小腿滑下，再慢慢卷起坐直。三次，只做到舒适的幅度。"),
      step(45, "Extending the fists: make loose fists at your waist, slowly extend one forward and open the hand, then draw it back. Alternate, three times each side.",
        "攒拳怒目增气力(简化)：双手在腰间轻握拳，一拳慢慢向前伸出并张开手掌，再收回。左右交替，各三次。"),
      step(45, "Closing: rest your hands on your lap, sit tall, lift and lower your heels gently a few times, then breathe naturally.",
        "背后七颠百病消(坐式)：双手放在腿上，坐直，轻轻提起、放下脚跟几次，然后自然呼吸。"),
    ],
    extra_cautions: [
      MOVEMENT_CAUTION,
      text("Keep your feet flat and the chair steady; skip any movement that strains your neck or back.",
        "保持双脚平放、椅子稳固；任何让颈部或背部吃力的动作都可以跳过。"),
    ],
    cultural_note: text(
      `${BADUANJIN_HISTORY.en} Seated forms have a long history of their own; this is a simplified seated adaptation.`,
      `${BADUANJIN_HISTORY["zh-Hans"]}坐式八段锦也有悠久的传承，本练习为简化的坐式改编。`,
    ),
  },

  baduanjin_standing_12: {
    breath_pace: null,
    steps: [
      step(40, "Stand with feet hip-width apart in a clear space, knees soft, eyes open, arms relaxed. Check that you can reach out in every direction.",
        "在无障碍的空间里站立，两脚与髋同宽，膝盖放松，双眼睁开，双臂自然下垂。确认四周伸手都不会碰到东西。"),
      step(80, "1. Holding up the sky: interlace your fingers, raise your palms overhead as you breathe in and lower them as you breathe out. Six times.",
        "一、两手托天理三焦：十指交叉，吸气时双掌上托过头，呼气时放下。六次。"),
      step(80, "2. Drawing the bow: bend your knees a little into an easy horse stance and draw an imaginary bow to each side. Three times each side.",
        "二、左右开弓似射雕：双膝微屈成轻松的马步，向两侧做拉弓动作。每侧三次。"),
      step(80, "3. Separating heaven and earth: one hand pushes up, the other presses down; then switch. Three times each side.",
        "三、调理脾胃须单举：一手上撑，一手下按，然后换边。每侧三次。"),
      step(80, "4. Looking back: arms by your sides, slowly turn your head and upper chest to look behind, only as far as is comfortable. Three times each side.",
        "四、五劳七伤往后瞧：双臂垂于体侧，慢慢转头和上胸向后看，只转到舒适的幅度。每侧三次。"),
      step(80, "5. Swaying: in an easy horse stance with hands on your thighs, shift your weight and lean slowly from side to side in a small arc. Three times each side.",
        "五、摇头摆尾去心火：轻松马步，双手扶大腿，重心左右移动，上身缓慢小幅摆动。每侧三次。"),
      step(80, "6. Reaching for the feet: slide your hands down the backs of your legs only as far as is comfortable, then roll up slowly. Four times, knees soft.",
        "六、两手攀足固肾腰：双手沿腿后侧向下滑，只到舒适的位置，再慢慢卷起站直。四次，膝盖放松。"),
      step(80, "7. Extending the fists: in an easy horse stance, slowly extend one fist forward with a steady gaze, then draw it back. Three times each side.",
        "七、攒拳怒目增气力：轻松马步，目光专注，一拳缓缓向前伸出，再收回。每侧三次。"),
      step(80, "8. Rising on the toes: lift your heels gently and lower them softly to the floor. Seven times; rest a hand on a chair if you like.",
        "八、背后七颠百病消：轻轻提起脚跟，再柔和地落下。七次；可以一手扶椅。"),
      step(40, "Closing: rest your hands on your lower belly, breathe naturally and feel your feet on the ground.",
        "收势：双手轻放小腹，自然呼吸，感受双脚踩实地面。"),
    ],
    extra_cautions: [STANDING_CAUTION, MOVEMENT_CAUTION],
    cultural_note: text(
      `${BADUANJIN_HISTORY.en} The standing form is the best known; China's Health Qigong Management Centre published a standardised version in 2003.`,
      `${BADUANJIN_HISTORY["zh-Hans"]}站式是最广为人知的形式；国家体育总局健身气功管理中心于2003年推出了标准化版本。`,
    ),
  },

  pmr_short_7: {
    breath_pace: null,
    steps: [
      step(30, "Sit comfortably with your feet on the floor. You will gently tense each area at about half strength for a slow count of five, then let go. Keep breathing normally the whole time.",
        "舒适地坐好，双脚踩地。接下来每个部位只用约一半力气轻轻收紧，慢数五下，然后放松。全程保持正常呼吸。"),
      step(60, "Hands and forearms: make gentle fists for a count of five, then let go and notice the difference for a few breaths. Twice.",
        "双手和前臂：轻轻握拳，数五下，然后松开，用几次呼吸感受前后的不同。做两次。"),
      step(60, "Upper arms: bend your elbows and draw them gently toward your sides for a count of five, then release. Twice.",
        "上臂：屈肘，轻轻向身体两侧收拢，数五下，然后放松。做两次。"),
      step(60, "Shoulders: lift them gently toward your ears for a count of five, then let them drop. Twice.",
        "肩膀：轻轻向耳朵方向耸起，数五下，然后放下。做两次。"),
      step(60, "Face: gently scrunch your forehead and eyes for a count of five, then let your face go soft. Twice.",
        "面部：轻轻皱起额头和眼睛，数五下，然后让面部放松。做两次。"),
      step(60, "Legs: press your feet lightly into the floor and feel your thighs firm up for a count of five, then release. Twice.",
        "双腿：双脚轻轻踩向地面，感受大腿收紧，数五下，然后放松。做两次。"),
      step(60, "Let your whole body rest. Scan from head to feet and let any remaining tension soften with each out-breath.",
        "让全身休息。从头到脚扫视一遍，让残留的紧张随着每次呼气放松下来。"),
      step(30, "Open your eyes if they were closed, wiggle your fingers and toes and notice how you feel.",
        "如果闭着眼睛，请睁开，动一动手指和脚趾，留意此刻的感受。"),
    ],
    extra_cautions: [
      text("Tense only gently, at about half strength, and keep breathing throughout; skip any area that is painful or injured.",
        "只需轻度用力(约一半力气)，全程保持呼吸；跳过任何疼痛或受伤的部位。"),
    ],
    cultural_note: text(
      "Progressive muscle relaxation was developed by the American physician Edmund Jacobson in the 1920s and 1930s; this is a short, gentle version.",
      "渐进式肌肉放松由美国医生埃德蒙·雅各布森(Edmund Jacobson)于20世纪二三十年代提出；这里是一个简短、温和的版本。",
    ),
  },

  body_scan_8: {
    breath_pace: null,
    steps: [
      step(40, "Sit comfortably with your back supported. Let your eyes close, or rest your gaze on the floor. Breathe naturally.",
        "舒适地坐好，背部有所依靠。可以闭上眼睛，或把目光落在地面上。自然呼吸。"),
      step(50, "Bring your attention to your feet: the contact with the floor, warmth or coolness, any tingling. Just notice.",
        "把注意力带到双脚：与地面的接触、温暖或凉意、任何麻麻的感觉。只是觉察。"),
      step(60, "Move your attention up through your ankles, calves and knees, then your thighs and the places where you touch the chair.",
        "让注意力向上移动，经过脚踝、小腿和膝盖，再到大腿以及与椅子接触的地方。"),
      step(60, "Notice your belly and chest moving with the breath, and your back against the chair.",
        "留意腹部和胸口随呼吸起伏，以及背部与椅背的接触。"),
      step(60, "Bring your attention to your hands, arms and shoulders. If you find tension, let it soften on an out-breath, or simply let it be.",
        "把注意力带到双手、手臂和肩膀。如果发现紧张，在呼气时让它放松，或者只是让它在那里。"),
      step(60, "Notice your neck, jaw, face and the top of your head.",
        "留意颈部、下巴、面部和头顶。"),
      step(110, "Now feel the body as a whole, sitting and breathing. When your mind wanders, gently return to any sensation you can feel.",
        "现在感受整个身体，正坐着、呼吸着。走神时，温和地回到任何你能感受到的感觉上。"),
      step(40, "Let the scan end. Wiggle your fingers and toes, open your eyes and look around the room.",
        "结束扫描。动一动手指和脚趾，睁开眼睛，环顾四周。"),
    ],
    extra_cautions: [
      text("If attending to an area brings discomfort or distress, move your attention to your feet or to the room around you.",
        "如果关注某个部位带来不适或痛苦，就把注意力移到双脚或周围的环境上。"),
    ],
    cultural_note: text(
      "The body scan was popularised by Jon Kabat-Zinn's Mindfulness-Based Stress Reduction programme (1979), which draws on Buddhist "
        + "insight meditation; here it is a secular attention practice.",
      "身体扫描因乔·卡巴金(Jon Kabat-Zinn)的正念减压课程(1979年)而广为人知，该课程借鉴了佛教内观禅修；这里作为不带宗教色彩的专注练习呈现。",
    ),
  },
} satisfies ScriptFamily;
