/**
 * People of the matter whose stance tradition reads from how their relative meets the world line (you):
 * those above it — the judge, the court or the officials ("法官会偏向谁", "will the judge be on my side?"),
 * or a boss ("老板会不会同意", "will my manager back me?"), read from 官鬼 (authority) and, for the officials,
 * also against the response line (the other side) — and one's colleagues ("同事好相处吗"), read from 兄弟
 * (one's own kind). Generating a line favours it, controlling it presses it.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { list, say } from "./text.ts";
import { CONTROLS, GENERATES } from "./liuyao-elements.ts";

type Words = readonly [zh: string, en: string];

interface Person {
  pattern: RegExp;
  relative: "官鬼" | "兄弟";
  rule: Words;
  absent: Words;
  /** How the relative meets the world line (generating, controlling) and, where the other side has its own stake, the response line. */
  world: readonly [generates: Words, controls: Words];
  response: readonly [generates: Words, controls: Words] | null;
  neither: Words;
}

export const PEOPLE: readonly Person[] = [
  {
    relative: "官鬼",
    pattern: /法官|法院|官府|审判|判官|仲裁员|陪审|(?<![a-z])(?:judges?|the court|jury|arbitrators?)(?![a-z])/,
    rule: ["法官与官府传统上看官鬼爻，看它与世爻（你）、应爻（对方）的生克。", "A judge, the court or the officials are traditionally read from 官鬼, by how it meets the world line (you) and the response line (the other side). "],
    absent: ["本卦官鬼不上卦，传统上说官方的态度暂时不显。", "No 官鬼 line appears in this cast: traditionally the officials' stance does not show yet."],
    world: [["官鬼生世，传统上说官方倾向于你", "官鬼 generates the world line: traditionally the officials lean your way"], ["官鬼克世，传统上说官方对你有压力", "官鬼 controls the world line: traditionally the officials press on you"]],
    response: [["官鬼生应，传统上说官方倾向对方", "官鬼 generates the response line: traditionally they lean the other side's way"], ["官鬼克应，传统上说官方对对方不利", "官鬼 controls the response line: traditionally they press on the other side"]],
    neither: ["它与世、应都没有生克，传统上说官方居中", "官鬼 neither generates nor controls either side: traditionally the officials stand in the middle"],
  },
  {
    // 官鬼 is the official of old: a superior or an employer today, who may also make one's life hard (穿小鞋).
    relative: "官鬼",
    pattern: /老板|上司|领导|主管|老细|波士|上级|穿小鞋|(?<![a-z])(?:(?:my|the|new|future|our|his|her) (?:boss|manager|supervisor)|bosses)(?![a-z])/,
    rule: ["上司、老板传统上也看官鬼爻（管束之人），看它与世爻（你）的生克。", "A boss or a superior is traditionally read from 官鬼 too (those who hold authority), by how it meets the world line (you). "],
    absent: ["本卦官鬼不上卦，传统上说上司的态度暂时不显。", "No 官鬼 line appears in this cast: traditionally the boss's stance does not show yet."],
    world: [["官鬼生世，传统上说上司看重你、肯提携", "官鬼 generates the world line: traditionally the boss values you and will back you"], ["官鬼克世，传统上说上司对你要求严、管束多", "官鬼 controls the world line: traditionally the boss is demanding and keeps you on a short rein"]],
    response: null,
    neither: ["它与世爻没有生克，传统上说上司对你不偏不倚", "官鬼 neither generates nor controls the world line: traditionally the boss is even-handed with you"],
  },
  {
    // 兄弟 is one's own kind: peers, and at work the colleagues beside you.
    relative: "兄弟",
    pattern: /同事|同僚|(?<![a-z])(?:colleagues?|co-?workers?|teammates?)(?![a-z])/,
    rule: ["同事、同辈传统上看兄弟爻（同类之人），看它与世爻（你）的生克。", "Colleagues and peers are traditionally read from 兄弟 (one's own kind), by how it meets the world line (you). "],
    absent: ["本卦兄弟不上卦，传统上说同事一面牵涉不多。", "No 兄弟 line appears in this cast: traditionally colleagues play little part in it."],
    world: [["兄弟生世，传统上说同事肯帮你、好相处", "兄弟 generates the world line: traditionally colleagues help you and are easy to work with"], ["兄弟克世，传统上说同事之间有竞争、有摩擦", "兄弟 controls the world line: traditionally there is rivalry and friction among colleagues"]],
    response: null,
    neither: ["它与世爻没有生克，传统上说同事之间平平相处", "兄弟 neither generates nor controls the world line: traditionally colleagues are neither help nor hindrance"],
  },
];

/** The person's relative (the moving line first) against the world and, for the officials, the response lines: whom it generates or controls. */
export function personParagraph(f: LiuyaoFacts, lang: ReplyLanguage, a: Person): string {
  const rule = say(lang, ...a.rule);
  const lines = f.lines.filter((l) => l.relative === a.relative);
  if (lines.length === 0) return `${rule}${say(lang, ...a.absent)}`;
  const g = lines.find((l) => l.moving) ?? lines[0]!;
  const meets = (target: string, [generates, controls]: readonly [Words, Words]) => [GENERATES[g.element] === target ? say(lang, ...generates) : "", CONTROLS[g.element] === target ? say(lang, ...controls) : ""];
  const leans = [
    ...meets(f.lines[f.primary.world - 1]!.element, a.world),
    ...(a.response ? meets(f.lines[f.primary.response - 1]!.element, a.response) : []),
  ].filter(Boolean);
  const line = say(lang, `本卦${a.relative}在第${g.position}爻${g.ganzhi}${g.element}${g.moving ? "，发动" : ""}`, `This cast's ${a.relative} is line ${g.position}, ${g.ganzhi} ${g.element}${g.moving ? ", moving" : ""}`);
  const reading = leans.length ? leans : [say(lang, ...a.neither)];
  return say(lang, `${rule}${line}：${reading.join("；")}。`, `${rule}${line}. ${list("en", reading)}.`);
}
