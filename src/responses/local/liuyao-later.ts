/**
 * How it goes later, or whether it will be regretted ("换了以后会不会后悔", "will I regret it in the long
 * run?"): tradition reads the course from the changed hexagram, and the asker's side from what the world
 * line turns into when it moves — helped back or advancing, controlled back or retreating, and so on.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { say } from "./text.ts";

type Words = readonly [zh: string, en: string];

/** Asking how it turns out in the end or whether it will be regretted. */
export const LATER = /会不会后悔|后不后悔|会后悔|后悔吗|长远|长期来看|最终|最后会|走向|后续发展|(?<![a-z])(?:regret|in the long run|long[- ]term|eventually|in the end|down the road)(?![a-z])/;

/** What a moving world line's transformation says of the asker's side later, the gravest first. */
const WORLD_TURNS: readonly (readonly [tag: string, reading: Words])[] = [
  ["回头克", ["传统上说你这一面日后受制、易生悔意，宜多留后路", "traditionally your side is held back later and regret comes easily, so keep a way back open"]],
  ["反吟", ["传统上说反复不定，日后容易来回折腾", "traditionally the matter swings back and forth later"]],
  ["伏吟", ["传统上说停滞不前，日后进退两难、心中郁结", "traditionally it stalls, and later it is hard to move either way"]],
  ["化退神", ["传统上说劲头渐退，日后热情与所得都会减弱", "traditionally your drive and what you gain lessen later"]],
  ["回头生", ["传统上说日后得助、越走越顺，不至后悔", "traditionally you are helped later and it goes better as it goes, with little to regret"]],
  ["化进神", ["传统上说日后渐进、越走越好", "traditionally it gets better as it goes"]],
  ["化泄", ["传统上说日后付出多于所得", "traditionally you give more than you get later"]],
  ["化耗", ["传统上说日后消耗较多", "traditionally it costs you more later"]],
];

/** The world line (you) in the course of the matter: still, or what it turns into and what that says. */
export function worldLaterSentence(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const lead = say(lang, "日后如何、会不会后悔，传统上看变卦，尤其看世爻（你）怎么变。", "How it goes later, and whether you will regret it, is traditionally read from the changed hexagram, above all from what the world line (you) turns into. ");
  const world = f.primary.world;
  if (!f.movingLines.includes(world)) return `${lead}${say(lang, `世爻第${world}爻安静，你这一面日后没有大的变化。`, `The world line, line ${world}, does not move: your side stays much as it is. `)}`;
  // A moving line is always among the changed hexagram's lines.
  const to = f.changed!.lines.find((l) => l.position === world)!;
  const tags = f.transforms.find((t) => t.startsWith(`${world}:`)) ?? "";
  const turn = WORLD_TURNS.find(([tag]) => tags.includes(tag));
  const [zh, en] = turn?.[1] ?? ["传统上说你这一面平稳", "traditionally your side stays steady"];
  const named = turn ? say(lang, `（${turn[0]}）`, ` (${turn[0]})`) : "";
  return `${lead}${say(lang, `世爻第${world}爻发动，化出${to.relative}${to.ganzhi}${named}：${zh}。`, `The world line, line ${world}, moves and becomes ${to.relative} ${to.ganzhi}${named}: ${en}. `)}`;
}
