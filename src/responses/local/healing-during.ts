/**
 * What people ask about doing the practice, beyond its form: a wandering mind, tears or strong feelings
 * on the way, the time of day, someone else joining, and still feeling tense when it is over. Each answer
 * keeps to the Plan as it is: it never changes the protocol, and anyone else needs their own Plan.
 */
import type { ProtocolFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { foldedInput, say } from "./text.ts";

/** The practice's own anchor for attention: the music, the breath's pace, or the script's steps. */
export function anchor(p: ProtocolFacts, lang: ReplyLanguage): string {
  if (p.availability === "available") return say(lang, "音乐和呼吸", "the music and the breath");
  if (p.breathPace) return say(lang, `吸${p.breathPace.inhale}秒、呼${p.breathPace.exhale}秒的节奏`, `the ${p.breathPace.inhale}-in, ${p.breathPace.exhale}-out rhythm`);
  return say(lang, "脚本的这一步", "the step of the script you are on");
}

/** A wandering mind is the practice, not a failure of it. */
export function wanderingParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `走神很正常，几乎每个人都会。发现自己走神了，不用责怪自己，轻轻把注意力带回${anchor(p, lang)}上就好；一次次地带回来，本身就是这个练习的一部分。`,
    `A wandering mind is normal; almost everyone's does. When you notice it, there is nothing to fix: gently bring your attention back to ${anchor(p, lang)}. Coming back, again and again, is part of the practice.`,
  );
}

/** Tears or strong feelings on the way: allowed, how to pause, when to stop and reach out. */
export function feelingsParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "练习时流泪或情绪涌上来，是常有的事，不代表做错了。可以先停一停，睁开眼睛，让呼吸回到平常的节奏；觉得太多了，就结束这次练习。如果情绪强烈得难以承受，或者出现伤害自己的念头，请马上联系身边信任的人或当地的求助热线。",
    "Tears or strong feelings can come up while practising; it does not mean you are doing it wrong. Pause, open your eyes and let your breath return to its own pace; if it is too much, end the practice there. If the feelings become overwhelming, or thoughts of harming yourself come, reach out now to someone you trust or a local helpline.",
  );
}

/** The time of day: any time with the minutes and a safe place; a still, gentle practice also suits the evening. */
export function timeOfDayParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const calming = p.intensity === "gentle" && (p.movement === "none" || p.movement === "minimal");
  return say(
    lang,
    `只要有${p.minutes}分钟、一个安全安静的地方，什么时候练都可以。${calming ? "这个练习温和、几乎不用动，睡前用来放松也合适；练完若有困意，顺其自然。" : "这个练习有一定的动作，最好别安排在临睡前，白天或傍晚更合适。"}开车或操作机器时不要练。`,
    `Any time you have ${p.minutes} minutes and a safe, quiet place will do. ${calming ? "This one is gentle and nearly still, so it also suits winding down before sleep; if you get drowsy, let it happen." : "This one involves some movement, so earlier in the day suits it better than just before sleep."} Never while driving or operating machinery.`,
  );
}

/** Someone else joining: the Plan is the asker's; another person, a child especially, needs their own. */
export function someoneElseParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "这个方案是按你这一次的签到和安全回答定的，只适用于你。别人想一起练，尤其是孩子（年龄不同，适用的规则也不同），请让他们用自己的签到创建自己的方案；一起练的时候，各自照各自的方案做。",
    "This Plan was made from your check-in and your safety answers, so it is yours alone. Someone who wants to join, a child especially (the age rules differ), should have their own Plan from their own check-in; practising side by side, each follows their own.",
  );
}

/** Still tense when the practice is over: common, what to do now, and when to talk to someone. */
export function afterwardsParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "练完仍然紧张并不少见：一次短短的练习只是一点帮助，不保证马上见效。先休息一下、喝点水；想再练，请按你现在的状态重新签到、创建新方案。如果紧张一直不退、越来越重，或影响到睡眠和生活，请找信任的人或专业人士（医生、心理咨询师）聊聊。",
    "Still feeling tense afterwards is common: one short practice is a small help, not a promise. Rest a moment and have some water; to practise again, check in anew so a new Plan fits how you are now. If the tension stays, grows, or gets in the way of sleep or daily life, talk with someone you trust or a professional (a doctor or a counsellor).",
  );
}

/** Feeling worse for the practice ("练完反而更难受", "I feel worse after doing it"). */
export const WORSE = /(?:练完|做完|练了|做了|练习后|之后)[^。？?]{0,6}(?:更|反而|越来越)[^。？?]{0,4}(?:难受|焦虑|紧张|糟|差|不舒服|烦|慌)|反而更(?:难受|焦虑|紧张|糟|差|不舒服|烦|慌)|(?<![a-z])(?:(?:feel|feels|feeling|felt) worse (?:after|since|than before|now)|made (?:me|it|things) (?:feel )?worse|worse (?:after|than before))(?![a-z])/;

/** Worse, not better: stop for now, come back to ordinary breathing, don't push through; help if it stays; another practice from a new check-in. */
export function worseParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "练完反而更难受，就先停下这个练习：让呼吸回到平常的样子，睁开眼看看四周，喝点水。一个练习不一定适合每个人的每个时刻，不必硬撑着再练。如果难受一直不退、越来越重，请找信任的人或专业人士（医生、心理咨询师）聊聊；想换个练习，可以重新签到，让新方案按你现在的状态来选。",
    "If you feel worse, stop this practice for now: let your breathing go back to normal, open your eyes and look around, have some water. No practice suits everyone at every moment, and there is no need to push through it again. If the bad feeling stays or grows, talk with someone you trust or a professional (a doctor or a counsellor); for another practice, check in anew so a new Plan is chosen for how you are now.",
  );
}

export const BENEFIT = /好处|有用吗|有没有用|有效吗|有冇用|管用|效果|见效|有(?:什么|啥|咩|乜|何)(?:用|好处|作用)|(?<!副)作用|睡得(?:更)?(?:好|着|香)|好(?:啲|点|一点)瞓|瞓得(?:好|着)|助眠|(?<![a-z])(?:does (?:this|it) (?:actually |really )?work|benefits?|is it effective|will it help|does it help|results?|take effect|start working|notice a difference|what(?:'s| is) (?:it|this) (?:good )?for|helps? (?:me )?sleep|sleep better)(?![a-z])/;
/** When it helps ("多久见效", "how long until I see results?"): asked with "how long" or "when", it is no question of the practice's minutes. */
export const RESULTS_WHEN = /(?:多久|多长时间|什么时候|几时|几耐).{0,6}(?:见效|有效|有效果|有用|看到效果|有变化)|(?:how (?:long|soon)|when)(?![a-z]).{0,30}(?<![a-z])(?:results?|take effect|start working|(?:notice|see|feel) (?:a |any )?(?:difference|change|better)|work)(?![a-z])/;

/** It seems not to work ("我感觉没什么用", "it's not working"): a question of its own, not whether it works in general. */
export const NO_EFFECT = /(?<!有)没(?:什么|啥)?(?:用|效果|感觉|变化)|(?<!有)没有(?:效果|感觉|变化)|冇(?:乜)?(?:用|效|感觉)|无效|(?<![a-z])(?:not working|(?:doesn'?t|does not|didn'?t|did not) (?:seem to )?(?:work|help|do anything)|useless|no (?:effect|difference|change)|feel nothing|nothing (?:happened|changed))(?![a-z])/;

/** Nothing felt: common and no failure; a few more times without waiting for it; another practice from a new check-in; not a treatment. */
export function noEffectParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "没感觉到什么变化很常见，并不说明你做错了。可以再给它一两次，练的时候只管跟着做，不去等效果；几次之后仍觉得不适合你，下次签到时说明，方案会换一种练习。它不是治疗：想解决的是持续的失眠、焦虑或身体不适，请找医生或专业人士。",
    "Feeling no change is common and does not mean you did it wrong. Give it another time or two, following along without waiting for an effect; if after a few times it still does not suit you, say so at your next check-in and the Plan will choose another practice. It is not a treatment: for lasting sleeplessness, anxiety or discomfort, please see a doctor or a professional.",
  );
}

/** What the practice does: an everyday practice, no promise and no treatment; what people often notice; when, if asked. */
/** Sleeping better asked as the benefit: it may settle one for sleep, and is no treatment for sleeplessness. */
const SLEEP_BETTER = /睡|瞓|眠|(?<![a-z])sleep/;

export function benefitParagraph(p: ProtocolFacts, lang: ReplyLanguage, input: string): string {
  const sleep = SLEEP_BETTER.test(foldedInput(input))
    ? say(lang, "睡前练，有的人更容易放松入睡；但它不是失眠的治疗，睡不好持续一段时间，请找医生聊聊。", " Practised before bed, it helps some people settle into sleep; it is no treatment for sleeplessness, and sleep that stays poor is worth a word with a doctor.")
    : "";
  if (RESULTS_WHEN.test(foldedInput(input))) {
    return say(
      lang,
      "至于多久见效：有的人这一次练完就觉得松一些，有的人要练上几次才留意到变化，因人因时而异。这是日常的身心练习，不是治疗，没有疗程，也不承诺效果；每次练完留意一下自己和练之前有什么不同，就是最好的判断。",
      "As for when: some feel a little easier after this one practice, others notice a change only after several; it varies from person to person and day to day. This is an everyday mind-body practice, not a treatment, with no course to finish and no promise; noticing how you feel after each practice, compared with before, is the best guide.",
    );
  }
  return say(
    lang,
    `这是日常的身心练习，不是治疗，也不承诺效果。很多人练完这${p.minutes}分钟，会觉得呼吸和心情都缓下来一些，但因人因时而异；练完留意一下自己和练之前有什么不同，就是最好的判断。${sleep}`,
    `This is an everyday mind-body practice, not a treatment, and it promises nothing. Many people find their breath and mood a little slower after these ${p.minutes} minutes, but it varies from person to person and day to day; noticing how you feel afterwards, compared with before, is the best guide.${sleep}`,
  );
}

/** Playing one's own music instead ("能听自己的音乐吗", "can I use my own playlist?"). */
export const OWN_MUSIC = /自己的(?:音乐|歌|歌单)|(?:听|播|放)(?:着)?歌|换(?:一首|首|个|一个)?(?:别的)?(?:歌|音乐)|听别的(?:歌|音乐)|别的音乐|(?<![a-z])(?:my own (?:music|songs?|playlist|tracks?)|other music|(?:a )?different (?:music|song|track)|my playlist|spotify)(?![a-z])/;

/** One's own music: yes, slow instrumental music at a low volume; it only keeps the pace (or, without a track, a quiet background). */
export function ownMusicParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return p.availability === "available"
    ? say(lang, "可以。配乐只用来带出节奏，换成你自己的音乐也行：选节奏舒缓、没有歌词、不会突然变响的纯音乐，音量放低，跟着脚本的节奏做就好。", "Yes. The track only sets the pace, so your own music works too: choose something slow and instrumental, without lyrics or sudden loud parts, keep the volume low, and follow the script's pace.")
    : say(lang, "这个练习本来不用音乐；如果安静的背景音乐让你更放松，也可以轻轻放着：选没有歌词的纯音乐，音量放低，别让它盖过脚本的节奏。", "This practice needs no music; if a quiet background helps you relax, play some softly: instrumental, without lyrics, low enough not to set a pace of its own.");
}

export const PREPARE = /准备什么|要准备|需要什么|要带什么|垫子|瑜伽垫|坐垫|蒲团|器材|(?<![a-z])(?:what do i need|do i need (?:a|an|any) (?:mat|cushion|chair|equipment|gear)|(?:yoga )?mat|cushion|equipment|what should i (?:prepare|bring|get ready)|how do i prepare|prepare for it)(?![a-z])/;

/** What to have ready, from the Plan's form: the minutes, a seat or room to stand, the audio or a timer, a phone on silent. */
export function prepareParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const place = p.posture === "seated" ? say(lang, "一把能靠背的椅子", "a chair with a back") : p.posture === "standing" ? say(lang, "一块能站稳、四周空出来的地方", "a clear spot where you can stand steadily") : say(lang, "一把椅子或一块能站稳的空地", "a chair, or a clear spot to stand");
  const sound = p.availability === "available" ? say(lang, "能播放音频的手机或音箱（耳机也行）", "a phone or speaker for the audio (headphones are fine)") : say(lang, `一个${p.minutes}分钟的计时`, `a ${p.minutes}-minute timer`);
  return say(
    lang,
    `只需要${p.minutes}分钟不被打扰的时间、${place}、${sound}；手机调成静音。不需要任何器材或经验。`,
    `All it needs: ${p.minutes} undisturbed minutes, ${place}, ${sound}, and your phone on silent. No equipment or experience.`,
  );
}

export const MULTITASK = /边.{0,6}边|一边|同时做|顺便|(?<![a-z])(?:while (?:i'?m )?(?:doing|cooking|cleaning|working|walking)|at the same time|multitask\w*)(?![a-z])/;

/** Doing something else at the same time: the practice is the attention; its minutes, on their own. */
export function multitaskParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `这个练习要的正是这${p.minutes}分钟的专注：一边做别的事一边听，就只是背景音乐，不再是这个练习了。先练完，再去做事；开车或操作机器时更不要练。`,
    `What this practice asks for is ${p.minutes} minutes of attention: listened to while doing something else, it is only background sound, not the practice. Practise first, then get on with things; and never while driving or operating machinery.`,
  );
}

/** Whether the minutes are enough ("10分钟够吗", "is 10 minutes enough?"). */
export const ENOUGH = /够不够|够吗|够唔够|足够|太短|(?<![a-z])(?:enough|too short|long enough)(?![a-z])/;

/** The Plan's minutes are the practice's own length, within the time the check-in gave; short counts; more is a new check-in. */
export function enoughParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `${p.minutes}分钟是这个练习本身的长度，也在你签到时说的可用时间之内。短短的练习同样算数，重要的是这几分钟专心做完；想多练，请重新签到、创建新方案，不要自行加长。`,
    `${p.minutes} minutes is this practice's own length, within the time you said you had at check-in. A short practice counts; what matters is giving those minutes your attention. For more, check in again for a new Plan rather than stretching this one.`,
  );
}

/** Keeping a record afterwards ("练完要记录什么吗", "should I journal?"). */
export const RECORD = /记录|记下|写下|写日记|日记|打卡|(?<![a-z])(?:journal\w*|write (?:it |anything |something )?down|keep (?:a )?(?:log|record|diary))(?![a-z])/;

/** No record is needed; a word or a 0–10 number before and after helps the next check-in. */
export function recordParagraph(lang: ReplyLanguage): string {
  return say(
    lang,
    "不需要记录什么。想的话，可以在练前练后各记一句感受，或给紧张程度打个0到10分；下次签到时，它能帮你把状态说清楚。",
    "No record is needed. If you like, note a word on how you feel before and after, or rate your tension from 0 to 10; it helps you describe your state at the next check-in.",
  );
}

