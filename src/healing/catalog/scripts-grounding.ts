/**
 * Scripts of the grounding protocols: orienting, the five senses, standing like a tree and
 * mindful walking. All keep the eyes open, so none of them asks the person to close them.
 */
import { MOVEMENT_CAUTION, STANDING_CAUTION, step, text, type ScriptFamily } from "./script-helpers.ts";

export const GROUNDING_SCRIPTS = {
  grounding_orient_1: {
    breath_pace: null,
    steps: [
      step(10, "Keep your eyes open. Feel where your body touches the chair, the floor or the ground.",
        "保持睁眼。感受身体与椅子、地面接触的地方。"),
      step(25, "Slowly turn your head and let your eyes wander around you. Name to yourself three things you can see.",
        "慢慢转动头部，让目光在周围游走。在心里说出你看到的三样东西。"),
      step(15, "Notice one sound near you and one sound further away.",
        "留意一个近处的声音和一个远处的声音。"),
      step(10, "Say to yourself where you are and what day it is. Notice how you feel now.",
        "在心里说出你现在在哪里、今天是哪一天。留意此刻的感受。"),
    ],
    extra_cautions: [],
    cultural_note: text(
      "Orienting, letting the eyes and head explore the surroundings, comes from contemporary body-based approaches to stress; "
        + "it builds on the everyday reflex of looking around to check that a place is safe.",
      "环顾定向来自当代以身体为基础的压力调适方法，借助的是人们本能地环顾四周、确认环境安全的日常反应。",
    ),
  },

  grounding_54321_5: {
    breath_pace: null,
    steps: [
      step(30, "Keep your eyes open and sit or stand comfortably. Take one ordinary breath.",
        "保持睁眼，舒适地坐着或站着。正常地呼吸一次。"),
      step(75, "Look around and name five things you can see. Take your time with each: its colour, shape and size.",
        "环顾四周，说出你能看到的五样东西。慢慢看：它的颜色、形状和大小。"),
      step(60, "Notice four things you can feel: your feet on the floor, the fabric of your clothes, the air on your skin, something in your hand.",
        "留意四种身体能感受到的东西：双脚下的地面、衣服的质地、皮肤上的空气、手里的物件。"),
      step(50, "Listen for three sounds, near and far.",
        "聆听三种声音，近的和远的。"),
      step(35, "Notice two things you can smell. If nothing comes, recall two smells you like.",
        "留意两种气味。如果闻不到，就回想两种你喜欢的气味。"),
      step(25, "Notice one thing you can taste, or simply the feeling inside your mouth.",
        "留意一种味道，或者只是感受口腔里的感觉。"),
      step(25, "Take one more ordinary breath and notice how you feel now compared with the start.",
        "再正常地呼吸一次，对比开始时，留意此刻的感受。"),
    ],
    extra_cautions: [],
    cultural_note: text(
      "The 5-4-3-2-1 senses exercise is a grounding skill widely shared in modern coping-skills teaching and counselling; its exact origin is unclear.",
      "5-4-3-2-1五感着陆法是现代应对技巧教学和心理辅导中广泛使用的着陆方法，确切起源不详。",
    ),
  },

  zhanzhuang_5: {
    breath_pace: null,
    steps: [
      step(40, "Stand with your feet about shoulder-width apart, near a wall or chair you could reach. Keep your eyes open, gaze soft and level.",
        "在伸手可及墙壁或椅子的地方站立，双脚约与肩同宽。保持睁眼，目光柔和平视。"),
      step(40, "Unlock the knees slightly, let the tailbone drop and imagine the crown of your head lightly lifted.",
        "膝盖微微放松、不锁死，尾骨自然下垂，想象头顶被轻轻向上提起。"),
      step(30, "Let your arms hang loosely by your sides, shoulders and elbows relaxed.",
        "双臂自然垂于身体两侧，肩膀和手肘放松。"),
      step(150, "Stand still like a tree, breathing naturally. Feel your weight spread through both feet. When you notice tension, let it soften on an out-breath. A little swaying is fine.",
        "像一棵树一样静静站着，自然呼吸。感受体重均匀落在双脚上。发现紧张时，在呼气时让它放松。轻微的晃动没有关系。"),
      step(40, "Gently shake out your hands, take a few steps and notice how your body feels.",
        "轻轻甩甩双手，走几步，留意身体的感觉。"),
    ],
    extra_cautions: [
      STANDING_CAUTION,
      text("Keep the knees only slightly bent; if your legs tire or shake strongly, rest.",
        "膝盖只需微屈；如果双腿疲劳或明显发抖，请休息。"),
    ],
    cultural_note: text(
      "Zhan zhuang, \"standing like a post\", is a foundational practice of Chinese internal martial arts and qigong. "
        + "The wuji stance is its simplest form: standing still, relaxed and upright.",
      "站桩是中国内家拳与气功的基础功法。无极桩是其中最简单的形式：安静、放松、中正地站立。",
    ),
  },

  walking_mindful_10: {
    breath_pace: null,
    steps: [
      step(45, "Find a clear, level path a few steps long, indoors or outside. Stand at one end, eyes open, and feel your feet on the ground.",
        "找一段平坦、无障碍、几步长的路，室内室外都可以。站在一端，保持睁眼，感受双脚踩在地面上。"),
      step(90, "Begin walking slowly. Notice the lift, the forward movement and the placing of each foot.",
        "开始慢慢行走。留意每只脚的抬起、向前移动和落下。"),
      step(120, "At the end of the path, pause, turn around slowly and walk back. Keep your gaze a few steps ahead.",
        "走到尽头时停一下，慢慢转身，再走回来。目光落在前方几步远的地方。"),
      step(150, "Let the breath be natural. When your mind wanders, notice where it went and return to the feeling of your feet.",
        "让呼吸保持自然。走神时，留意它去了哪里，再回到双脚的感觉上。"),
      step(120, "Widen your attention to the sounds, light and air around you as you keep walking at an easy pace.",
        "继续以轻松的步速行走，把注意力扩展到周围的声音、光线和空气。"),
      step(75, "Come to a stop. Stand for a moment and notice how your body feels after walking.",
        "停下来，站立片刻，留意行走之后身体的感觉。"),
    ],
    extra_cautions: [
      MOVEMENT_CAUTION,
      text("Walk only where the path is safe and clear, away from traffic, stairs and edges. If you feel unsteady, stop and sit down.",
        "只在安全、无障碍的路面上行走，远离车辆、楼梯和边缘。如感到站不稳，请停下来坐下。"),
    ],
    cultural_note: text(
      "Walking meditation is practised across Buddhist traditions, for example kinhin in Zen and walking practice in Theravada monasteries, "
        + "and was popularised in the West by Thich Nhat Hanh. Here it is offered as a secular attention practice.",
      "行禅见于各佛教传统，例如禅宗的经行和南传上座部寺院中的行走修习，一行禅师将其推广至西方。这里作为不带宗教色彩的专注练习呈现。",
    ),
  },
} satisfies ScriptFamily;
