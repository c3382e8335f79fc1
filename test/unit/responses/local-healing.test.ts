/**
 * The local interpreter's answers about a Healing Plan, and the Plan's fact sheet: the
 * question picks what is explained (steps, length, why, posture, intensity, frequency,
 * place, a symptom, cautions, audio), in the asker's language, from the protocol snapshot.
 */
import { describe, expect, test } from "bun:test";
import { explainHealing } from "../../../src/responses/local/healing.ts";
import { explain } from "../../../src/responses/local-interpreter.ts";
import { healingFacts, type ProtocolFacts } from "../../../src/responses/facts/index.ts";
import type { Explanation } from "../../../src/responses/local/text.ts";
import { createPlanBody, FILTER_NAMES, getProtocol, PROTOCOL_IDS, type PlanDependencies, type ProtocolId } from "../../../src/healing/index.ts";
import { detectLanguage, detectScript } from "../../../src/text/language.ts";
import { DEPS, input as planInput } from "../healing/fixtures.ts";
import { json } from "../../helpers/stored-json.ts";

const NO_AUDIO: PlanDependencies = { bazi: null, assetUrlFor: () => null };
type PlanOverrides = Parameters<typeof planInput>[0];
const sheet = (overrides: PlanOverrides, deps = NO_AUDIO) => healingFacts("hpl_1", json(createPlanBody(planInput(overrides), deps)));
/** A Plan that can only choose `id`: every other protocol is excluded, and traditional framing is welcome. */
const planOf = (id: ProtocolId, deps = NO_AUDIO) =>
  sheet({ preferences: { spiritual_language: "traditional", excluded_protocol_ids: PROTOCOL_IDS.filter((x) => x !== id) } }, deps);

// A very intense feeling: 3-minute "Longer out-breath" (either posture, eyes optional, 4 s in / 6 s out,
// five steps, no audio), with the eyes-open constraint and the support notice.
const intense = sheet({ check_in: { intensity: 9 } });
// The 10-minute seated music-paced breathing, its audio available.
const music = planOf("music_breath_10", DEPS);
// Nothing passes the filters: the universal one-minute orienting practice (four steps, no pace).
const fallback = sheet({ check_in: { available_minutes: 1 }, preferences: { excluded_protocol_ids: ["grounding_orient_1"] } });
const standing = planOf("zhanzhuang_5");
const blocked = sheet({ safety: { immediate_danger: true } });

type Sheet = ReturnType<typeof healingFacts>;
const ask = (s: Sheet, q: string) => explainHealing(s.data, q, detectLanguage(q));
const focusOf = (s: Sheet, q: string) => ask(s, q).focus.join("\n\n");
/** The same Plan with some of its protocol's members replaced. */
const withProtocol = (s: Sheet, p: Partial<ProtocolFacts>): Sheet => ({ ...s, data: { ...s.data, protocol: { ...s.data.protocol!, ...p } } });
const protocolOf = (s: Sheet) => s.data.protocol!;

/** What each focus paragraph is about, told by words only that paragraph uses. */
const KINDS: [string, RegExp][] = [
  ["steps", /The practice has|做法共/], ["duration", /The whole practice takes|整个练习/], ["why", /Form: posture|形式：/],
  ["posture", /does not change its posture|不会改变它的姿势/], ["intensity", /Its intensity is|强度是/],
  ["frequency", /made for the state you checked in|只安排这一次/], ["place", /undisturbed minutes|不被打扰/],
  ["symptom", /stop at once|马上停下/], ["cautions", /While practising:|练习时请注意：/], ["audio", /audio track|配套音频/],
];
const kinds = (e: Explanation) => e.focus.map((p) => KINDS.find(([, re]) => re.test(p))?.[0] ?? `unknown: ${p.slice(0, 40)}`);

describe("the question picks what is explained", () => {
  // English words are matched as whole words, wherever they stand in the sentence.
  test.each([
    ["Tell me how to do it.", "steps"], ["What is the first step?", "steps"], ["怎么做？", "steps"],
    ["And how long is it?", "duration"], ["要练多久？", "duration"],
    ["Why this one?", "why"], ["为什么选这个？", "why"],
    ["Can I do it sitting?", "posture"], ["可以躺着做吗？", "posture"],
    ["Is it intense?", "intensity"], ["强度大吗？", "intensity"],
    ["Should I repeat it?", "frequency"], ["每天都要做吗？", "frequency"],
    // "How long between sessions" is frequency, not length.
    ["多久一次？", "frequency"], ["多久练一次？", "frequency"],
    ["Can I do this at work?", "place"], ["在办公室能做吗？", "place"],
    ["Can I do it on the bus?", "place"], ["坐公交的时候能做吗？", "place"], ["Can I do it in the car while my husband drives?", "place"],
    ["On a plane?", "place"], ["What about on the subway", "place"], ["while commuting?", "place"], ["In my car?", "place"], ["飞机上可以吗？", "place"],
    ["I feel dizzy, what now?", "symptom"], ["The dizziness scares me.", "symptom"], ["My knee hurt.", "symptom"], ["练的时候头晕怎么办？", "symptom"],
    ["Is it safe?", "cautions"], ["要注意什么？", "cautions"],
    ["Is there music?", "audio"], ["有音乐吗？", "audio"],
  ])("%p → only the %s paragraph", (q, kind) => {
    const e = ask(intense, q);
    expect(kinds(e)).toEqual([kind]);
    expect(e.focused).toBe(true);
  });

  test("two questions get both answers, in the Plan's order; a symptom replaces the general cautions", () => {
    expect(kinds(ask(intense, "How long is it, and is there music?"))).toEqual(["duration", "audio"]);
    // Feeling unwell is answered with "stop first", not with the list of cautions.
    expect(kinds(ask(intense, "Is it safe if I feel dizzy?"))).toEqual(["symptom"]);
  });

  test("no specific question: why this practice and its steps, then the support notice and the cultural background", () => {
    const e = ask(intense, "hello");
    expect(e.focused).toBe(false);
    expect(kinds(e)).toEqual(["why", "steps"]);
    expect(e.notes).toEqual([intense.data.supportNotice!.en, `Cultural background: ${protocolOf(intense).culturalNote.en}`]);
    const zh = ask(intense, "你好");
    expect(zh.notes).toEqual([intense.data.supportNotice!["zh-Hans"], `文化背景：${protocolOf(intense).culturalNote["zh-Hans"]}`]);
  });

  test("the cultural background comes only with the overview or as the answer to a question about it; no notice without one", () => {
    expect(ask(music, "And how long is it?").notes).toEqual([]);
    const asked = ask(music, "And how long is it, and what is its cultural origin?");
    expect(asked.notes).toEqual([]);
    expect(asked.focus.at(-1)).toBe(`Cultural background: ${protocolOf(music).culturalNote.en}`);
    expect(asked.focused).toBe(true);
    // Asked alone, it is the answer: a follow-up gets it, not the offer.
    expect(ask(music, "What is the cultural background?").focus).toEqual([`Cultural background: ${protocolOf(music).culturalNote.en}`]);
    expect(ask(music, "Tell me about it").notes).toEqual([`Cultural background: ${protocolOf(music).culturalNote.en}`]);
  });
});

describe("each answer, from the protocol snapshot", () => {
  test("steps: the first four with their times (m:ss) in the asker's language, then how many follow", () => {
    // Longer out-breath: 20, 20, 100, 25 and 15 seconds.
    const lines = focusOf(intense, "Tell me how to do it.").split("\n");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe("The practice has 5 steps:");
    expect(lines[1]).toBe(`1. (0:00–0:20) ${protocolOf(intense).steps[0]!.text.en}`);
    expect(lines[3]).toStartWith("3. (0:40–2:20) Breathe in gently");
    expect(lines[4]).toStartWith("4. (2:20–2:45) ");
    expect(lines[5]).toBe("1 more step(s) follow in the Plan's script.");
    const zh = focusOf(intense, "怎么做？");
    expect(zh).toContain(`1. (0:00–0:20) ${protocolOf(intense).steps[0]!.text["zh-Hans"]}`);
    expect(zh).toContain("之后还有1步，按方案中的脚本进行。");
    expect(zh).not.toContain(protocolOf(intense).steps[0]!.text.en);
    expect(zh).not.toContain("5. (");
  });

  test("steps: four steps are all shown, with nothing after the last", () => {
    const steps = focusOf(fallback, "Tell me how to do it.");
    expect(steps.split("\n")).toHaveLength(5);
    expect(steps.endsWith(protocolOf(fallback).steps[3]!.text.en)).toBe(true);
    expect(steps).not.toContain("more step");
  });

  test("duration: the length and the longest step, the first of equally long ones", () => {
    expect(focusOf(intense, "And how long is it?")).toContain("The whole practice takes 3 minutes in 5 steps; the longest is step 3 (0:40–2:20, about 2 min).");
    expect(focusOf(intense, "要练多久？")).toContain("整个练习3分钟，分5步；最长的是第3步（0:40–2:20，约2分钟）");
    // Xu and He sounds: 30, 30, 120, 30, 120, 30 seconds; steps 3 and 5 tie.
    expect(focusOf(planOf("liuzijue_xu_he_6"), "And how long is it?")).toContain("the longest is step 3 (1:00–3:00, about 2 min)");
  });

  test("why: the highest score or the fallback, the form with the breathing pace, and the applied constraints", () => {
    const why = focusOf(intense, "Why this one?");
    // Its own ranking: the score, the runner-up and where they differ most, and what the hard filters left out.
    expect(why).toStartWith(`Of the practices that passed every safety and fit filter, it scored highest, ${(intense.data.ranking!.candidates[0]!.total / 100).toFixed(1)} of 100, ahead of`);
    expect(why).toMatch(/ahead of "[^"]+" at \d+\.\d; they differ most in fit with [a-z' ]+ \(\d+ against \d+\)\. \d+ other practices were left out first: /);
    expect(why).toContain("Form: posture either, movement none, eyes optional, intensity gentle, breathing 4 s in / 6 s out.");
    expect(why).toContain(`The Plan also applies: ${intense.data.constraints[0]!.text.en}`);
    const zh = focusOf(intense, "为什么选这个？");
    expect(zh).toStartWith("在通过全部安全与适配筛选的练习中，它的匹配分最高，为");
    expect(zh).toContain("形式：坐站皆可，无需动作，睁闭皆可，强度温和，呼吸节奏吸4秒、呼6秒。");
    expect(zh).toContain(`方案还附加了这些约束：${intense.data.constraints[0]!.text["zh-Hans"]}`);
    // The orienting practice has no pace, and the fallback Plan no constraints: the form ends the paragraph.
    const fb = focusOf(fallback, "Why this one?");
    expect(fb).toStartWith("No other practice passed the filters, so the Plan chose the universal grounding practice.");
    expect(fb).toEndWith("Form: posture either, movement none, eyes open, intensity gentle.");
    const fbZh = focusOf(fallback, "为什么选这个？");
    expect(fbZh).toStartWith("由于没有其他练习通过筛选，方案选择了通用的稳定练习。");
    expect(fbZh).toEndWith("形式：坐站皆可，无需动作，睁眼，强度温和。");
  });

  test("why: every constraint the Plan applies, one after another", () => {
    // A very intense feeling keeps the eyes open; a check-in that can only sit keeps the practice seated.
    const both = sheet({ check_in: { intensity: 9, posture_available: "seated" } });
    const [eyes, seated] = both.data.constraints;
    expect([eyes!.code, seated!.code]).toEqual(["eyes_open", "stay_seated"]);
    expect(focusOf(both, "Why this one?")).toContain(`The Plan also applies: ${eyes!.text.en} ${seated!.text.en}`);
  });

  test("cautions: every caution of the protocol, in the asker's language", () => {
    const [first, second] = protocolOf(intense).cautions;
    expect(focusOf(intense, "Is it safe?")).toBe(`While practising: ${first!.en} ${second!.en}`);
    const zh = focusOf(intense, "要注意什么？");
    expect(zh).toStartWith("练习时请注意：");
    expect(zh).toContain(first!["zh-Hans"]);
    expect(zh).toContain(second!["zh-Hans"]);
  });

  test("audio: playable audio of the practice's length, or a quiet timer when there is none", () => {
    expect(focusOf(music, "Is there music?")).toContain("This practice comes with audio you can play directly");
    expect(focusOf(music, "Is there music?")).toContain("about 10 minutes long");
    expect(focusOf(music, "有音乐吗？")).toContain("这个练习配有可直接播放的音频");
    expect(focusOf(music, "有音乐吗？")).toContain("全长约10分钟");
    expect(focusOf(intense, "Is there music?")).toContain("This practice has no audio track");
    expect(focusOf(intense, "Is there music?")).toContain("a quiet 3-minute timer");
    expect(focusOf(intense, "有音乐吗？")).toContain("这个练习没有配套音频");
    expect(focusOf(intense, "有音乐吗？")).toContain("准备一个3分钟的安静计时");
  });
});

describe("a symptom during practice", () => {
  test.each([
    ["I feel dizzy, what now?", "If you feel dizzy while practising: stop at once"],
    ["My knee hurt.", "If you feel unwell while practising: stop at once"],
    ["练的时候头晕怎么办？", "如果练习时出现头晕：马上停下"],
    ["腿有点疼", "如果练习时出现不适：马上停下"],
  ])("%p: stop first (%p), then when to get help", (q, start) => {
    const answer = focusOf(intense, q);
    expect(answer).toStartWith(start);
    expect(answer).toMatch(/call emergency services now\.|请立即就医或拨打急救电话。/);
  });

  test("quotes the Plan's own caution that covers the symptom", () => {
    const shared = protocolOf(intense).cautions[0]!;
    expect(focusOf(intense, "I feel dizzy, what now?")).toContain(`until it passes. The Plan itself says: ${shared.en} If it persists`);
    expect(focusOf(intense, "练的时候头晕怎么办？")).toContain(`等它过去。方案本身也写明：${shared["zh-Hans"]}如果症状持续`);
  });

  // Ho'oponopono's own caution (phrases are not an admission of fault) says nothing about feeling unwell.
  const [shared, fault] = getProtocol("hooponopono_reflection_8")!.cautions;
  test("picks the covering caution even when it is not listed first", () => {
    const f = withProtocol(intense, { cautions: [fault!, shared!] });
    expect(focusOf(f, "I feel dizzy, what now?")).toContain(`The Plan itself says: ${shared!.en}`);
    expect(focusOf(f, "练的时候头晕怎么办？")).toContain(`方案本身也写明：${shared!["zh-Hans"]}`);
  });

  test("quotes nothing when no caution covers it", () => {
    const f = withProtocol(intense, { cautions: [fault!] });
    expect(focusOf(f, "I feel dizzy, what now?")).toContain("until it passes. If it persists");
    expect(focusOf(f, "练的时候头晕怎么办？")).toContain("等它过去。如果症状持续");
  });
});

describe("posture, intensity, frequency and place", () => {
  test.each([
    [music, "seated, with your back supported and feet on the floor; eyes optional, movement none.", "这个练习坐着做，背有支撑、双脚着地；睁闭皆可，无需动作。"],
    [standing, "standing, feet about shoulder-width apart; eyes open, movement none.", "这个练习站着做，双脚与肩同宽；睁眼，无需动作。"],
    [intense, "either seated or standing; eyes optional, movement none.", "这个练习坐着或站着都可以；睁闭皆可，无需动作。"],
  ])("posture as the protocol asks: %#", (f, enText, zhText) => {
    expect(focusOf(f, "Can I do it sitting?")).toContain(`This practice is done ${enText}`);
    expect(focusOf(f, "可以躺着做吗？")).toContain(zhText);
  });

  test("intensity with the breathing pace, or a natural breath when the protocol has none", () => {
    expect(focusOf(intense, "Is it intense?")).toContain("Its intensity is gentle: movement none, and the breath follows 4 s in and 6 s out, the out-breath longer.");
    expect(focusOf(intense, "强度大吗？")).toContain("强度是温和：无需动作，呼吸按吸4秒、呼6秒的节奏，呼气比吸气长。");
    expect(focusOf(fallback, "Is it intense?")).toContain("and the breath stays natural.");
    expect(focusOf(fallback, "强度大吗？")).toContain("强度是温和：无需动作，呼吸保持自然。");
  });

  test("frequency: one practice per Plan; practising again takes a new check-in", () => {
    expect(focusOf(intense, "Should I repeat it?")).toContain("sets this one 3-minute practice. To practise again, check in anew and create a new Plan");
    expect(focusOf(intense, "每天都要做吗？")).toContain("只安排这一次3分钟的练习。想再练时，请重新签到、创建新方案");
  });

  test("place: room for the posture, for the audio or the script, and never while driving", () => {
    const withAudio = focusOf(music, "Can I do this at work?");
    expect(withAudio).toContain("You need 10 undisturbed minutes, a place to practise seated, and somewhere you can play its audio (headphones are fine); eyes optional.");
    expect(withAudio).toContain("Never practise while driving or operating machinery.");
    expect(focusOf(music, "在办公室能做吗？")).toContain("需要一个能坐姿10分钟、不被打扰、能放音频（可用耳机）的地方；睁闭皆可。开车或操作机器时不要练习。");
    expect(focusOf(intense, "Can I do this at work?")).toContain("a place to practise seated or standing, and somewhere you can follow the script quietly;");
    expect(focusOf(intense, "在办公室能做吗？")).toContain("不被打扰、能安静看着脚本的地方");
  });
});

describe("the frame of every Healing answer", () => {
  const answer = (q: string, followUp = false) =>
    explain({ facts: intense, input: q, language: detectLanguage(q), script: detectScript(q), topics: [], constraints: [], summary: "", now: 0, followUp });

  test("ends with: everyday practice, not medical care (a short form in follow-ups)", () => {
    expect(answer("Is it safe?").at(-1)).toContain("not a medical diagnosis, psychotherapy or emergency help");
    expect(answer("要注意什么？").at(-1)).toContain("不是医学诊断、心理治疗或急救");
    expect(answer("Is it safe?", true).at(-1)).toContain("not medical care; stop if unwell");
    expect(answer("要注意什么？", true).at(-1)).toContain("不是医疗；不适请停止");
  });

  test("asked for another protocol, it says the Plan is fixed and a new check-in makes a new one", () => {
    const enText = answer("Can you change the protocol?").join("\n");
    expect(enText).toContain("The Plan was computed by deterministic code and is fixed");
    expect(enText).toContain("create a new Plan from a new check-in");
    const zhText = answer("能换个方案吗？").join("\n");
    expect(zhText).toContain("这个方案由确定性的程序计算后已经固定");
    expect(zhText).toContain("请提交新的签到，创建一个新方案");
  });

  test("the opening names the protocol and its safety state", () => {
    expect(ask(intense, "hello").opening).toBe('Your Plan recommends "Longer out-breath" (extended_exhale_3, version 1.0.0), 3 minutes. Safety state: not blocked (recommended).');
  });

  test("a Plan without a protocol has nothing to explain, only the frame", () => {
    const e = ask(blocked, "How do I do it?");
    expect(e.opening).toBe("This Plan has no practice to explain.");
    expect(e.focus).toEqual([]);
    expect(e.closing).toContain("not a medical diagnosis");
    expect(e.redo.howEn).toBe("create a new Plan from a new check-in");
    expect(ask(blocked, "怎么做？").opening).toBe("这个方案没有可解释的练习。");
  });
});

describe("why this practice: the Plan's own ranking", () => {
  // The base check-in (15 minutes, anxiety, calm, medium arousal, no spiritual language): music-paced breathing
  // 35·100 + 20·100 + 15·100 + 15·66 + 10·100 + 5·50 = 9,240; the longer out-breath 8,400, its 3 minutes filling
  // 20 of the time's 100. Seven traditional practices fail the spiritual-language filter, the 20-minute one the time.
  const base = sheet({}, DEPS);

  test("the score, the runner-up and where they differ most, and what the filters left out", () => {
    expect(focusOf(base, "Why this one?")).toStartWith(
      'Of the practices that passed every safety and fit filter, it scored highest, 92.4 of 100, ahead of "Longer out-breath" at 84.0; they differ most in fit with the time you have (66 against 20). 8 other practices were left out first: 7 (more spiritual language than your setting allows) and 1 (longer than the time you have). Form:',
    );
    expect(focusOf(base, "为什么选这个？")).toStartWith("在通过全部安全与适配筛选的练习中，它的匹配分最高，为92.4（满分100），排第二的「延长呼气」是84.0；差距最大的是与你可用的时间的契合（66对20）。另有8项练习先被筛掉：7项因为精神性语言超出你的设置，1项因为比你可用的时间长。形式：");
  });

  test("the only survivor says so; the overview keeps the short reason", () => {
    expect(focusOf(standing, "Why this one?")).toMatch(/^It was the only practice that passed every safety and fit filter, scoring \d+\.\d of 100\. \d+ other practices were left out first: \d+ \(you excluded it\)/);
    expect(focusOf(base, "Tell me about it")).toContain("It scored highest among the practices that passed every safety and fit filter.");
  });

  test("every hard filter has words in both languages", () => {
    const everyFilter = { ...base.data, ranking: { ...base.data.ranking!, rejected: Object.fromEntries(FILTER_NAMES.map((f, i) => [`p${i}`, f])) } };
    const en = explainHealing(everyFilter, "Why this one?", "en").focus[0]!;
    const zh = explainHealing(everyFilter, "为什么选这个？", "zh").focus[0]!;
    expect(en).toContain(`${FILTER_NAMES.length} other practices were left out first: `);
    expect(en).not.toMatch(/\([a-z]+_[a-z_]+\)/);
    expect(zh).not.toMatch(/[a-z]_[a-z]/);
  });
});

describe("music of one's own, when it helps, and a constraint the Plan may not know", () => {
  test("one's own music: yes, slow and instrumental, with the track or without one", () => {
    for (const q of ["Can I listen to my own music instead?", "can I use my playlist?", "能换首歌吗", "可以听自己的歌吗", "可以换歌吗", "my own track?", "my own song?", "can I play different music?"]) {
      expect({ q, a: focusOf(music, q) }).toEqual({ q, a: detectLanguage(q) === "zh" ? "可以。配乐只用来带出节奏，换成你自己的音乐也行：选节奏舒缓、没有歌词、不会突然变响的纯音乐，音量放低，跟着脚本的节奏做就好。" : "Yes. The track only sets the pace, so your own music works too: choose something slow and instrumental, without lyrics or sudden loud parts, keep the volume low, and follow the script's pace." });
    }
    expect(focusOf(intense, "能听自己的音乐吗")).toBe("这个练习本来不用音乐；如果安静的背景音乐让你更放松，也可以轻轻放着：选没有歌词的纯音乐，音量放低，别让它盖过脚本的节奏。");
    expect(focusOf(intense, "what about a different song?")).toBe("This practice needs no music; if a quiet background helps you relax, play some softly: instrumental, without lyrics, low enough not to set a pace of its own.");
    // The Plan's own track is still the audio answer.
    expect(focusOf(music, "这个音频能下载吗")).toStartWith("这个练习配有可直接播放的音频");
  });

  test("how soon it helps is no question of the practice's minutes; the minutes still are", () => {
    for (const q of ["How long until I see results?", "when will it start working?", "how soon will I notice a difference?", "when will I see a result?", "when will I feel better?"]) expect({ q, a: focusOf(music, q) }).toEqual({ q, a: expect.stringMatching(/^As for when: some feel a little easier after this one practice, others notice a change only after several; .* with no course to finish and no promise; noticing how you feel after each practice, compared with before, is the best guide\.$/) });
    for (const q of ["多久能见效", "练多久才有用", "什么时候有效果"]) expect({ q, a: focusOf(music, q) }).toEqual({ q, a: "至于多久见效：有的人这一次练完就觉得松一些，有的人要练上几次才留意到变化，因人因时而异。这是日常的身心练习，不是治疗，没有疗程，也不承诺效果；每次练完留意一下自己和练之前有什么不同，就是最好的判断。" });
    expect(focusOf(music, "how long is it?")).toStartWith("The whole practice takes 10 minutes");
    expect(focusOf(music, "does it work?")).toStartWith("This is an everyday mind-body practice, not a treatment, and it promises nothing.");
    expect(focusOf(music, "will I get any result?")).toStartWith("This is an everyday mind-body practice, not a treatment, and it promises nothing.");
  });

  test("with a constraint the Plan may not know named, no steps and no overview follow the line that says not to practise it", () => {
    const said = (q: string) => explainHealing(music.data, q, detectLanguage(q), true);
    expect(said("我有哮喘，能做吗").focus).toEqual([]);
    expect(said("我有哮喘，能做吗").notes).toEqual([]);
    expect(said("I'm pregnant, how do I do it?").focus).toEqual([]);
    // Another question is still answered.
    expect(said("I'm pregnant, how long is it?").focus.join("")).toStartWith("The whole practice takes 10 minutes");
    // Without one, the same questions get the overview and the steps.
    expect(explainHealing(music.data, "I'm fine, how do I do it?", "en").focus.join("")).toContain("The practice has 7 steps");
    expect(explainHealing(music.data, "能做吗", "zh").notes!.length).toBe(1);
  });
});

describe("feeling worse, and twice a day", () => {
  test("worse for the practice: stop for now, ordinary breathing, no pushing through, help if it stays, another practice from a new check-in", () => {
    for (const q of ["练完反而更焦虑了", "练完越来越觉得难受", "做完之后越来越难受", "练了以后更紧张", "反而更难受了", "练习后反而更烦"]) expect({ q, a: focusOf(music, q) }).toMatchObject({ q, a: expect.stringContaining("练完反而更难受，就先停下这个练习：让呼吸回到平常的样子，睁开眼看看四周，喝点水。") });
    for (const q of ["I feel worse after doing it", "feeling worse since I started", "it made me feel worse", "I felt worse than before", "worse after the practice", "it made things worse", "I feel worse now"]) expect({ q, a: focusOf(music, q) }).toMatchObject({ q, a: expect.stringContaining("If you feel worse, stop this practice for now") });
    // Feeling worse in general, before any practice, is not this.
    for (const q of ["我最近越来越焦虑，适合做这个吗", "I feel worse today, can I do it?", "is it worse to do it standing?"]) expect({ q, a: focusOf(music, q) }).not.toMatchObject({ q, a: expect.stringContaining("stop this practice for now") });
    expect(focusOf(music, "我最近越来越焦虑，适合做这个吗")).not.toContain("练完反而更难受");
  });

  test("twice a day is a question of how often", () => {
    for (const q of ["Is it okay to do this twice a day?", "three times a day?", "can I do it once a day", "一天可以练两次吗"]) expect({ q, a: focusOf(music, q) }).toMatchObject({ q, a: expect.stringMatching(/^(?:This Plan was made for the state you checked in with|这个方案是按你这一次签到时的状态定的)/) });
  });
});

describe("the Healing fact sheet", () => {
  test("the ranking: weights, each candidate's score and components, and the filters that removed the rest", () => {
    const base = sheet({}, DEPS);
    expect(base.lines).toContain("Ranking (weights in %: goal 35, emotion 20, arousal 15, time 15, preference 10, bazi 5): music_breath_10 92.4 of 100 (goal 100, emotion 100, arousal 100, time 66, preference 100, bazi 50); extended_exhale_3 84.0 of 100 (goal 100, emotion 100, arousal 90, time 20, preference 100, bazi 50); grounding_54321_5 79.0 of 100 (goal 80, emotion 100, arousal 90, time 33, preference 100, bazi 50)");
    expect(base.lines).toContain("Removed by the hard filters (first failing filter): spiritual_language: baduanjin_seated_8, baduanjin_standing_12, hooponopono_reflection_8, jingzuo_10, liuzijue_full_12, liuzijue_xu_he_6, zhanzhuang_5; available_minutes: jingzuo_traditional_20");
    expect(blocked.data.ranking).toBeNull();
    // A blocked Plan's sheet is its subject and safety state, nothing more.
    expect(blocked.lines).toEqual(["Subject: Healing Plan hpl_1 (policy " + blocked.data.policyVersion + ")", "Safety state: BLOCKED (IMMEDIATE_DANGER)"]);
    // A ranking with no candidate and nothing removed says so.
    const plan = json(createPlanBody(planInput({}), DEPS));
    const empty = healingFacts("hpl_e", { ...plan, selection: { ...plan.selection!, candidates: [], rejected: {} } });
    expect(empty.lines.filter((l) => /^(Ranking|Removed)/.test(l))).toEqual(["Ranking (weights in %: goal 35, emotion 20, arousal 15, time 15, preference 10, bazi 5): no candidate", "Removed by the hard filters (first failing filter): none"]);
  });

  test("a recommended Plan: protocol, form with the pace, timed steps, cautions, note, constraints and notice", () => {
    const { lines, data, headline } = intense;
    expect(headline).toBe("Healing Plan extended_exhale_3 (Longer out-breath)");
    expect(data.blockReasons).toEqual([]);
    expect(data.selectionMode).toBe("scored");
    // The catalog paces this practice 4 s in, 6 s out.
    expect(data.protocol!.breathPace).toEqual({ inhale: 4, exhale: 6 });
    expect(lines[0]).toBe(`Subject: Healing Plan hpl_1 (policy ${data.policyVersion})`);
    expect(lines).toContain("Form: posture either, movement none, eyes optional, breath extended_exhale (4 s in / 6 s out), intensity gentle, delivery script_only");
    expect(lines).toContain(`Step 1 (0–20 s): ${protocolOf(intense).steps[0]!.text.en} / ${protocolOf(intense).steps[0]!.text["zh-Hans"]}`);
    expect(lines.some((l) => l.startsWith("Step 3 (40–140 s): Breathe in gently"))).toBe(true);
    expect(lines).toContain(`Cultural note: ${protocolOf(intense).culturalNote.en} / ${protocolOf(intense).culturalNote["zh-Hans"]}`);
    const c = data.constraints[0]!;
    expect(lines).toContain(`Applied constraint eyes_open: ${c.text.en} / ${c.text["zh-Hans"]}`);
    expect(lines.at(-1)).toBe(`Support notice: ${data.supportNotice!.en} / ${data.supportNotice!["zh-Hans"]}`);
  });

  test("an unpaced protocol has no pace in its form line", () => {
    expect(fallback.lines.find((l) => l.startsWith("Form:"))).toMatch(/, breath natural, intensity gentle, delivery script_only$/);
    expect(fallback.data.selectionMode).toBe("fallback");
  });

  test("a blocked Plan: its red-line reasons, no protocol, no selection", () => {
    expect(blocked.headline).toBe("Healing Plan (blocked)");
    expect(blocked.data.blockReasons).toEqual(["IMMEDIATE_DANGER"]);
    expect(blocked.data.selectionMode).toBeNull();
    expect(blocked.lines).toContain("Safety state: BLOCKED (IMMEDIATE_DANGER)");
  });
});

describe("what it is for, sleep, songs and side effects, in everyday words", () => {
  const BENEFIT_ZH = "这是日常的身心练习，不是治疗，也不承诺效果。很多人练完这10分钟，会觉得呼吸和心情都缓下来一些，但因人因时而异；练完留意一下自己和练之前有什么不同，就是最好的判断。";
  test("what it is for: the benefit, which promises nothing", () => {
    for (const q of ["这个练习有什么用", "呢個練習有咩用", "有啥好处", "这个练习有什么作用", "What is it good for?", "what's this for"]) expect({ q, benefit: /^(?:这是日常的身心练习，不是治疗|This is an everyday mind-body practice, not a treatment)/.test(focusOf(music, q)) }).toEqual({ q, benefit: true });
    expect(focusOf(music, "这个练习有什么用")).toBe(BENEFIT_ZH);
  });

  test("sleeping better: the benefit, that it may settle one for sleep and treats no sleeplessness", () => {
    expect(focusOf(music, "做完会睡得更好吗")).toBe(`${BENEFIT_ZH}睡前练，有的人更容易放松入睡；但它不是失眠的治疗，睡不好持续一段时间，请找医生聊聊。`);
    expect(focusOf(music, "will it help me sleep?")).toEndWith("Practised before bed, it helps some people settle into sleep; it is no treatment for sleeplessness, and sleep that stays poor is worth a word with a doctor.");
    for (const q of ["做完會唔會好啲瞓", "瞓得好啲嗎", "能助眠吗", "能睡得好吗", "I want to sleep better", "something to help me sleep", "this helps sleep, right"]) expect({ q, sleep: /入睡|settle into sleep/.test(focusOf(music, q)) }).toEqual({ q, sleep: true });
    // Lying down to practise is still the posture.
    expect(focusOf(music, "瞓低做得唔得")).toStartWith("这个练习坐着做");
  });

  test("songs played while practising are the music's answer, not doing two things at once", () => {
    const songs = focusOf(music, "我可唔可以邊聽歌邊做");
    expect(songs).toBe(focusOf(music, "可以听自己的歌吗"));
    expect(focusOf(music, "可以一边做饭一边练吗")).toStartWith("这个练习要的正是这10分钟的专注");
  });

  test("side effects: the cautions", () => {
    expect(focusOf(music, "有没有副作用")).toStartWith("练习时请注意：");
    expect(focusOf(music, "有没有副作用")).not.toContain("不承诺效果");
    expect(focusOf(music, "any side effects?")).toStartWith("While practising:");
    expect(focusOf(music, "is there a side-effect")).toStartWith("While practising:");
  });
});
