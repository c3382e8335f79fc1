/**
 * The local interpreter's explanation of a recommended Healing Plan: the
 * protocol and its safety state first, then how to do it, its cautions, why it
 * fits, or its audio, as the question points. It never suggests another protocol.
 */
import type { HealingFacts, ProtocolFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import type { Eyes, LocalizedText, Movement, Posture, PreferredIntensity } from "../../healing/index.ts";
import { KIND, kindParagraph } from "./healing-kind.ts";
import { type Explanation, foldedInput, matchesTopic, say, sentences } from "./text.ts";
import { otherPracticeParagraph, practicesNamed, rankingSentences } from "./healing-choice.ts";
import { AFTER_MEAL, afterMealParagraph, ALCOHOL, alcoholParagraph, BREATH_WAY, breathWayParagraph, CONDITION, conditionParagraph, DROWSY, drowsyParagraph, INTERRUPTED, interruptedParagraph, RIGHT_AFTER, rightAfterParagraph } from "./healing-body.ts";
import { afterwardsParagraph, BENEFIT, benefitParagraph, ENOUGH, enoughParagraph, feelingsParagraph, MULTITASK, multitaskParagraph, NO_EFFECT, noEffectParagraph, OWN_MUSIC, ownMusicParagraph, PREPARE, prepareParagraph, RECORD, recordParagraph, RESULTS_WHEN, someoneElseParagraph, timeOfDayParagraph, wanderingParagraph, WORSE, worseParagraph } from "./healing-during.ts";

const pick = (lang: ReplyLanguage, t: LocalizedText) => (lang === "zh" ? t["zh-Hans"] : t.en);

/** The protocol's form in Chinese words: a Chinese answer never shows the English enum values. */
const FORM_ZH = {
  posture: { seated: "坐姿", standing: "站姿", either: "坐站皆可" } satisfies Record<Posture, string>,
  movement: { none: "无需动作", minimal: "少量动作", gentle: "轻柔动作", moderate: "适度动作" } satisfies Record<Movement, string>,
  eyes: { open: "睁眼", closed: "闭眼", optional: "睁闭皆可" } satisfies Record<Eyes, string>,
  intensity: { gentle: "温和", moderate: "适中" } satisfies Record<PreferredIntensity, string>,
} as const;

function opening(f: HealingFacts, p: ProtocolFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `你的疗愈方案推荐「${p.title["zh-Hans"]}」（${p.id}，版本${p.version}），时长${p.minutes}分钟。安全状态：未被安全规则拦截（${f.status}）。`,
    `Your Plan recommends "${p.title.en}" (${p.id}, version ${p.version}), ${p.minutes} minutes. Safety state: not blocked (${f.status}).`,
  );
}

/** "1:30" for 90 seconds. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function stepsParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const shown = p.steps.slice(0, 4).map((s, i) => `${i + 1}. (${clock(s.startSeconds)}–${clock(s.startSeconds + s.seconds)}) ${pick(lang, s.text)}`);
  const more = p.steps.length > shown.length ? say(lang, `之后还有${p.steps.length - shown.length}步，按方案中的脚本进行。`, `${p.steps.length - shown.length} more step(s) follow in the Plan's script.`) : "";
  return `${say(lang, `做法共${p.steps.length}步：`, `The practice has ${p.steps.length} steps:`)}\n${shown.join("\n")}\n${more}`.trim();
}

function formParagraph(f: HealingFacts, p: ProtocolFacts, lang: ReplyLanguage, why = false): string {
  const pace = p.breathPace ? say(lang, `，呼吸节奏吸${p.breathPace.inhale}秒、呼${p.breathPace.exhale}秒`, `, breathing ${p.breathPace.inhale} s in / ${p.breathPace.exhale} s out`) : "";
  const constraints = f.constraints.map((c) => pick(lang, c.text));
  const chosen = say(lang, f.selectionMode === "fallback" ? "由于没有其他练习通过筛选，方案选择了通用的稳定练习。" : "它是在通过全部安全与适配筛选的练习中得分最高的一项。", f.selectionMode === "fallback" ? "No other practice passed the filters, so the Plan chose the universal grounding practice." : "It scored highest among the practices that passed every safety and fit filter.");
  return sentences(
    lang,
    (why && rankingSentences(f, lang)) || chosen,
    say(lang, `形式：${FORM_ZH.posture[p.posture]}，${FORM_ZH.movement[p.movement]}，${FORM_ZH.eyes[p.eyes]}，强度${FORM_ZH.intensity[p.intensity]}${pace}。`, `Form: posture ${p.posture}, movement ${p.movement}, eyes ${p.eyes}, intensity ${p.intensity}${pace}.`),
    constraints.length ? say(lang, `方案还附加了这些约束：${constraints.join(" ")}`, `The Plan also applies: ${constraints.join(" ")}`) : "",
  );
}

function cautionsParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return `${say(lang, "练习时请注意：", "While practising:")} ${p.cautions.map((c) => pick(lang, c)).join(" ")}`;
}

const HEADPHONES = /耳机|耳筒|(?<![a-z])(?:head ?phones?|ear ?phones?|earbuds?|airpods)(?![a-z])/;

function audioParagraph(p: ProtocolFacts, lang: ReplyLanguage, input: string): string {
  // A Plan has no video: asked for one, say so first.
  const noVideo = matchesTopic(input, /视频|video/) ? say(lang, "方案没有视频，只有文字脚本", "A Plan has no video, only its written script") : "";
  const audio = p.availability === "available"
    ? say(lang, `这个练习配有可直接播放的音频（方案中的 asset_url，可拖动进度），全长约${p.minutes}分钟，只用来带出节奏；如果音乐让你分心，关掉它，照文字脚本做也一样。`, `This practice comes with audio you can play directly (the Plan's asset_url; you can seek in it), about ${p.minutes} minutes long. It only sets the pace: if it distracts you, turn it off and follow the written script instead.`)
    : say(lang, `这个练习没有配套音频：文字脚本会一步步带你做，准备一个${p.minutes}分钟的安静计时就够了。`, `This practice has no audio track: the written script guides you step by step, and a quiet ${p.minutes}-minute timer is all you need.`);
  // Headphones asked after: yes, low; said first.
  const headphones = matchesTopic(input, HEADPHONES) ? say(lang, "戴耳机听可以，音量放低就好。", "Headphones are fine, at a low volume. ") : "";
  return headphones + (noVideo ? say(lang, `${noVideo}${p.availability === "available" ? "和音频。" : "。"}${audio}`, `${noVideo}${p.availability === "available" ? " and its audio." : "."} ${audio}`) : audio);
}

/** A symptom during practice (dizzy, pain, short of breath): stop first, then the caution that covers it, and when to get help. */
function symptomParagraph(p: ProtocolFacts, lang: ReplyLanguage, input: string): string {
  const words = foldedInput(input);
  const related = p.cautions.map((c) => pick(lang, c)).filter((c) => /头晕|晕|疼|痛|不适|不舒服|dizz|faint|pain|hurt|unwell|uncomfortable/.test(c.toLowerCase()));
  return say(
    lang,
    `如果练习时出现${/头晕|晕/.test(words) ? "头晕" : "不适"}：马上停下，让呼吸回到平常的节奏，睁开眼睛，坐稳或躺下，等它过去。${related.length ? `方案本身也写明：${related[0]}` : ""}如果症状持续，或伴有胸痛、呼吸困难、快要晕倒，请立即就医或拨打急救电话。`,
    `If you feel ${/dizz|faint|lightheaded/.test(words) ? "dizzy" : "unwell"} while practising: stop at once, let your breath return to its normal pace, open your eyes, and sit or lie down until it passes. ${related.length ? `The Plan itself says: ${related[0]} ` : ""}If it persists, or comes with chest pain, trouble breathing or feeling faint, get medical help or call emergency services now.`,
  );
}

/** How long, and where the time goes: the longest step. */
function durationParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const longest = p.steps.reduce((a, b) => (b.seconds > a.seconds ? b : a), p.steps[0]!);
  const index = p.steps.indexOf(longest) + 1;
  return say(
    lang,
    `整个练习${p.minutes}分钟，分${p.steps.length}步；最长的是第${index}步（${clock(longest.startSeconds)}–${clock(longest.startSeconds + longest.seconds)}，约${Math.round(longest.seconds / 60)}分钟）。时间到了也可以提前结束，不必勉强做满。`,
    `The whole practice takes ${p.minutes} minutes in ${p.steps.length} steps; the longest is step ${index} (${clock(longest.startSeconds)}–${clock(longest.startSeconds + longest.seconds)}, about ${Math.round(longest.seconds / 60)} min). You can stop early; there is no need to push through to the end.`,
  );
}

/** Body position and eyes: what the protocol asks, in the asker's words. */
function postureParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const zh = { seated: "坐着做，背有支撑、双脚着地", standing: "站着做，双脚与肩同宽", either: "坐着或站着都可以" }[p.posture];
  const en = { seated: "seated, with your back supported and feet on the floor", standing: "standing, feet about shoulder-width apart", either: "either seated or standing" }[p.posture];
  return say(
    lang,
    `这个练习${zh}；${FORM_ZH.eyes[p.eyes]}，${FORM_ZH.movement[p.movement]}。方案不会改变它的姿势要求；如果身体不允许，请停止，并用新的签到创建新方案。`,
    `This practice is done ${en}; eyes ${p.eyes}, movement ${p.movement}. The Plan does not change its posture; if your body does not allow it, stop and create a new Plan from a new check-in.`,
  );
}

/** How strong the practice is: intensity, movement and the breathing pace. */
function intensityParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const pace = p.breathPace ? say(lang, `呼吸按吸${p.breathPace.inhale}秒、呼${p.breathPace.exhale}秒的节奏，呼气比吸气长`, `the breath follows ${p.breathPace.inhale} s in and ${p.breathPace.exhale} s out, the out-breath longer`) : say(lang, "呼吸保持自然", "the breath stays natural");
  return say(
    lang,
    `强度是${FORM_ZH.intensity[p.intensity]}：${FORM_ZH.movement[p.movement]}，${pace}。任何时候觉得吃力，都可以放慢或停下。`,
    `Its intensity is ${p.intensity}: movement ${p.movement}, and ${pace}. Whenever it feels like effort, slow down or stop.`,
  );
}

/** How often: a Plan is made for one check-in; another day's state gets its own Plan. */
function frequencyParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `这个方案是按你这一次签到时的状态定的，只安排这一次${p.minutes}分钟的练习。想再练时，请重新签到、创建新方案，让它按当时的状态和条件来选；不要自行加长时间或加大强度。`,
    `This Plan was made for the state you checked in with and sets this one ${p.minutes}-minute practice. To practise again, check in anew and create a new Plan, so it chooses for how you are then; do not lengthen it or make it stronger on your own.`,
  );
}

/** Where: what the practice needs around you, and where never. */
function placeParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const audio = p.availability === "available" ? say(lang, "能放音频（可用耳机）", "somewhere you can play its audio (headphones are fine)") : say(lang, "能安静看着脚本", "somewhere you can follow the script quietly");
  return say(
    lang,
    `需要一个能${FORM_ZH.posture[p.posture]}${p.minutes}分钟、不被打扰、${audio}的地方；${FORM_ZH.eyes[p.eyes]}。开车或操作机器时不要练习。`,
    `You need ${p.minutes} undisturbed minutes, a place to practise ${p.posture === "either" ? "seated or standing" : p.posture}, and ${audio}; eyes ${p.eyes}. Never practise while driving or operating machinery.`,
  );
}

const CLOSING = {
  zh: "这是日常身心练习与文化参考，不是医学诊断、心理治疗或急救；如有不适，请随时停止。",
  en: "This is everyday mind-body practice and cultural reference, not a medical diagnosis, psychotherapy or emergency help; stop at any time if you feel unwell.",
  zhShort: "日常练习，不是医疗；不适请停止。",
  enShort: "Everyday practice, not medical care; stop if unwell.",
};
const REDO_WORDING = { zh: "这个方案", en: "Plan", howZh: "提交新的签到，创建一个新方案", howEn: "create a new Plan from a new check-in" };

/** The practice's cultural background: in the first explanation, or the answer to a question about it. */
const culturalParagraph = (p: ProtocolFacts, lang: ReplyLanguage) => say(lang, `文化背景：${pick(lang, p.culturalNote)}`, `Cultural background: ${pick(lang, p.culturalNote)}`);

/** Tears or strong feelings on the way. */
const TEARS = /哭|流泪|掉眼?泪|情绪(?:上来|涌)|(?<![a-z])(?:cry|crying|cried|tears|tearful|emotional)(?![a-z])/;

const SYMPTOM = /头晕|晕|疼|痛|不舒服|喘不过气|胸闷|胸口闷|心慌|心悸|心跳(?:好|很|得)?快|手麻|发麻|恶心|想吐|喘不上|气短|(?<![a-z])(?:dizz\w*|faint|lightheaded|pain|hurts?|uncomfortable|out of breath|feel (?:sick|unwell|weird)|chest (?:feels )?(?:tight\w*|heavy)|tight chest|palpitations?|heart (?:is )?(?:racing|pounding)|short(?:ness)? of breath|nause\w*|numb\w*|tingl\w*)(?![a-z])/;

/**
 * What a question about a Plan can ask, in the order the paragraphs are written: a pattern on the folded
 * input (`unless`: another kind that takes its place) and the writer. Hong Kong Cantonese is folded to
 * Simplified too: 点做 (how), 几耐 (how long), 点解/拣 (why, choose), 瞓/坐低/企 (lie, sit, stand), 每日
 * (daily). A practice's name ("quiet sitting", "standing like a tree") asks about that practice, not posture.
 */
const PLAN_TOPICS: readonly { pattern: RegExp; unless?: RegExp; steps?: true; write: (f: HealingFacts, p: ProtocolFacts, lang: ReplyLanguage, input: string) => string }[] = [
  // The steps are not given once a constraint the Plan may not know is named: the answer has said not to practise it.
  { pattern: /怎么做|怎么练|点做|点练|步骤|开始|(?<![a-z])(?:how do i|how to|steps?|what do i do)(?![a-z])/, steps: true, write: (_f, p, lang) => stepsParagraph(p, lang) },
  // "How long until it works?" is a question of results, not of the practice's minutes.
  { pattern: /多久(?!(?:做|练)?一次)|多长时间|几分钟|几耐|几长时间|(?<![a-z])(?:how long|how many minutes|duration)(?![a-z])/, unless: RESULTS_WHEN, write: (_f, p, lang) => durationParagraph(p, lang) },
  { pattern: /为什么|为何|点解|适合|选|拣|(?<![a-z])(?:why|chosen|suit\w*|fits?|fitting)(?![a-z])/, write: (f, p, lang) => formParagraph(f, p, lang, true) },
  { pattern: /坐着|站着|躺|(?<!好啲|好点|好|易|难)瞓(?!着|咗|觉|得)|坐低|(?<!屋)企(?!业)|姿势|闭眼|睁眼|眼睛|(?<![a-z])eyes?(?![a-z])|(?<![a-z])(?:(?<!quiet )sitting|seated|standing(?! like a tree| eight brocades?)|lying|posture|sit down|stand up)(?![a-z])/, write: (_f, p, lang) => postureParagraph(p, lang) },
  { pattern: /强度|累不累|激烈|(?<![a-z])(?:intensity|intense|strenuous|hard is it)(?![a-z])/, write: (_f, p, lang) => intensityParagraph(p, lang) },
  { pattern: /多久(?:做|练)?一次|每天|每日|日日|几次|经常|两次|(?<![a-z])(?:how often|every day|daily|again tomorrow|repeat|twice|times a day|a day)(?![a-z])/, write: (_f, p, lang) => frequencyParagraph(p, lang) },
  { pattern: /在办公室|上班的时候|公司里|在家|外面|地铁|公交|公车|巴士|车上|飞机上|高铁|火车上|路上|哪里|什么地方|(?<![a-z])(?:at work|in the office|on (?:the|a) (?:train|bus|plane|subway|metro|tube)|in (?:the|a|my) car|commut\w*|outside|in public|where can i|where should i)(?![a-z])/, write: (_f, p, lang) => placeParagraph(p, lang) },
  { pattern: SYMPTOM, write: (_f, p, lang, input) => symptomParagraph(p, lang, input) },
  // A symptom's answer already says to stop; the cautions would only repeat it.
  { pattern: /安全|注意|危险|小心|副作用|风险|safe|caution|careful|risk|side[- ]effects?/, unless: SYMPTOM, write: (_f, p, lang) => cautionsParagraph(p, lang) },
  { pattern: new RegExp(`音乐|音频|声音|视频|audio|music|sound|track(?! of)|video|${HEADPHONES.source}`), unless: OWN_MUSIC, write: (_f, p, lang, input) => audioParagraph(p, lang, input) },
  { pattern: OWN_MUSIC, write: (_f, p, lang) => ownMusicParagraph(p, lang) },
  { pattern: /(?:练完|做完|之后|以后|过后).{0,8}(?:还|仍|仲|依然).{0,6}(?:紧张|焦虑|难受|不舒服|唔舒服|烦|慌)|(?<![a-z])(?:after(?:wards)?|when (?:i'?m|it'?s) done)\b.{0,40}\bstill\b|still (?:anxious|tense|nervous|stressed|upset|panick\w*)(?![a-z])/, write: (_f, _p, lang) => afterwardsParagraph(lang) },
  { pattern: /数乱了|数错了|数不过来|忘了数|(?<![a-z])(?:lose count|lost count|lose track of (?:the )?count\w*)(?![a-z])|走神|分心|胡思乱想|想东想西|静不下来|集中不了|专注不了|(?<![a-z])(?:mind (?:wanders|wandering|keeps wandering)|wandering mind|distracted|can'?t (?:focus|concentrate)|racing thoughts)(?![a-z])/, write: (_f, p, lang) => wanderingParagraph(p, lang) },
  { pattern: TEARS, write: (_f, _p, lang) => feelingsParagraph(lang) },
  { pattern: WORSE, write: (_f, _p, lang) => worseParagraph(lang) },
  { pattern: /睡前|睡觉前|临睡|早上|早晨|晚上|夜晚|中午|几点练|什么时候练|(?<![a-z])(?:before (?:bed|sleep|sleeping)|at night|in the (?:morning|evening)|bedtime|what time|time of day)(?![a-z])/, write: (_f, p, lang) => timeOfDayParagraph(p, lang) },
  { pattern: /(?:孩子|小孩|女儿|儿子|老公|老婆|朋友|家人|妈|爸|父母|老人|同事|室友|佢).{0,6}(?:一起|也|跟着|跟我)|一起练|一起做|陪我练|(?<![a-z])(?:my (?:daughter|son|kids?|child|children|partner|husband|wife|friend|mum|mom|dad|mother|father|parents|family|sister|brother)\b.{0,20}\b(?:do it|do this|try it|try this|join|practi[sc]e)|for my (?:daughter|son|kids?|child|children|mum|mom|dad|mother|father|parents)|with me|together|join me)(?![a-z])/, write: (_f, _p, lang) => someoneElseParagraph(lang) },
  { pattern: CONDITION, write: (_f, _p, lang) => conditionParagraph(lang) },
  { pattern: ALCOHOL, write: (_f, _p, lang) => alcoholParagraph(lang) },
  { pattern: AFTER_MEAL, write: (_f, p, lang) => afterMealParagraph(p, lang) },
  { pattern: RIGHT_AFTER, write: (_f, _p, lang) => rightAfterParagraph(lang) },
  { pattern: DROWSY, write: (_f, p, lang) => drowsyParagraph(p, lang) },
  { pattern: INTERRUPTED, write: (_f, p, lang) => interruptedParagraph(p, lang) },
  { pattern: NO_EFFECT, write: (_f, _p, lang) => noEffectParagraph(lang) },
  { pattern: new RegExp(`${BENEFIT.source}|${RESULTS_WHEN.source}`), unless: NO_EFFECT, write: (_f, p, lang, input) => benefitParagraph(p, lang, input) },
  { pattern: PREPARE, write: (_f, p, lang) => prepareParagraph(p, lang) },
  // Crying while listening is a feeling on the way, not doing two things at once.
  // Songs played while practising are the music's question ("边听歌边做"), not doing two things at once.
  { pattern: MULTITASK, unless: new RegExp(`${TEARS.source}|${OWN_MUSIC.source}`), write: (_f, p, lang) => multitaskParagraph(p, lang) },
  { pattern: BREATH_WAY, write: (_f, p, lang) => breathWayParagraph(p, lang) },
  { pattern: ENOUGH, write: (_f, p, lang) => enoughParagraph(p, lang) },
  { pattern: RECORD, write: (_f, _p, lang) => recordParagraph(lang) },
  { pattern: KIND, write: (_f, p, lang) => kindParagraph(p, lang) },
];

/** Asked about the practice's culture or origin: its cultural note is the answer (written after another practice named). */
const ASKS_CULTURE = /文化|传统|背景|来历|由来|culture|cultural|tradition|origin|history/;

/**
 * The explanation of the Plan for this input. A blocked Plan never gets here (409). With a
 * constraint the Plan may not know named (`constraintNamed`: the answer then opens by saying not to
 * practise it until a new Plan includes it), no question gets the steps, and one that asks nothing in
 * particular gets no overview.
 */
export function explainHealing(f: HealingFacts, input: string, lang: ReplyLanguage, constraintNamed = false): Explanation {
  const p = f.protocol;
  const closing = say(lang, CLOSING.zh, CLOSING.en);
  if (!p) return { opening: say(lang, "这个方案没有可解释的练习。", "This Plan has no practice to explain."), focus: [], closing, redo: REDO_WORDING };
  // The kinds of question the input names, in PLAN_TOPICS order, then another practice named.
  const focus = PLAN_TOPICS.filter((t) => matchesTopic(input, t.pattern) && !(t.unless && matchesTopic(input, t.unless)) && !(t.steps && constraintNamed)).map((t) => t.write(f, p, lang, input));
  const others = practicesNamed(input).filter((id) => id !== p.id);
  if (others.length > 0) focus.push(otherPracticeParagraph(f, lang, others.slice(0, 2)));
  const cultural = culturalParagraph(p, lang);
  if (matchesTopic(input, ASKS_CULTURE)) focus.push(cultural);
  const focused = focus.length > 0;
  if (!focused && !constraintNamed) focus.push(formParagraph(f, p, lang), stepsParagraph(p, lang));
  // The support notice is in every answer; the cultural background only where it belongs.
  const support = f.supportNotice ? [pick(lang, f.supportNotice)] : [];
  return {
    opening: opening(f, p, lang),
    focus,
    focused,
    notes: [...support, ...(focused || constraintNamed ? [] : [cultural])],
    closing,
    closingShort: say(lang, CLOSING.zhShort, CLOSING.enShort),
    redo: REDO_WORDING,
    lastingNotes: support,
    askable: {
      name: say(lang, `「${p.title["zh-Hans"]}」，${p.id}`, `"${p.title.en}", ${p.id}`),
      zh: "为什么选这个练习、怎么做、要多久、姿势、强度、多久练一次、在哪里练、什么时候练、注意事项、不舒服时怎么办、走神或流泪时怎么办、别人能不能一起练、文化背景，或音频",
      en: "why this practice, how to do it, how long, posture, intensity, how often, where and when to practise, its cautions, what to do if you feel unwell, a wandering mind or tears, someone joining you, its cultural background, or its audio",
    },
  };
}
