/**
 * Those above the matter — the judge, the court or the officials ("法官会偏向谁", "will the judge be on my
 * side?"), or a boss ("老板会不会同意", "will my manager back me?"): tradition reads authority from 官鬼, and
 * whom it favours from how it meets the world line (you) and, for the officials, the response line (the
 * other side) — generating one favours them, controlling one presses them.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { list, say } from "./text.ts";
import { CONTROLS, GENERATES } from "./liuyao-elements.ts";

type Words = readonly [zh: string, en: string];

interface Authority {
  pattern: RegExp;
  rule: Words;
  absent: Words;
  /** How 官鬼 meets the world line (generating, controlling) and, where the other side has its own stake, the response line. */
  world: readonly [generates: Words, controls: Words];
  response: readonly [generates: Words, controls: Words] | null;
  neither: Words;
}

export const AUTHORITIES: readonly Authority[] = [
  {
    pattern: /法官|法院|官府|审判|判官|仲裁员|陪审|(?<![a-z])(?:judges?|the court|jury|arbitrators?)(?![a-z])/,
    rule: ["法官与官府传统上看官鬼爻，看它与世爻（你）、应爻（对方）的生克。", "A judge, the court or the officials are traditionally read from 官鬼, by how it meets the world line (you) and the response line (the other side). "],
    absent: ["本卦官鬼不上卦，传统上说官方的态度暂时不显。", "No 官鬼 line appears in this cast: traditionally the officials' stance does not show yet."],
    world: [["官鬼生世，传统上说官方倾向于你", "官鬼 generates the world line: traditionally the officials lean your way"], ["官鬼克世，传统上说官方对你有压力", "官鬼 controls the world line: traditionally the officials press on you"]],
    response: [["官鬼生应，传统上说官方倾向对方", "官鬼 generates the response line: traditionally they lean the other side's way"], ["官鬼克应，传统上说官方对对方不利", "官鬼 controls the response line: traditionally they press on the other side"]],
    neither: ["它与世、应都没有生克，传统上说官方居中", "官鬼 neither generates nor controls either side: traditionally the officials stand in the middle"],
  },
  {
    // 官鬼 is the official of old: a superior or an employer today.
    pattern: /老板|上司|领导|主管|老细|波士|上级|(?<![a-z])(?:(?:my|the|new|future|our|his|her) (?:boss|manager|supervisor)|bosses)(?![a-z])/,
    rule: ["上司、老板传统上也看官鬼爻（管束之人），看它与世爻（你）的生克。", "A boss or a superior is traditionally read from 官鬼 too (those who hold authority), by how it meets the world line (you). "],
    absent: ["本卦官鬼不上卦，传统上说上司的态度暂时不显。", "No 官鬼 line appears in this cast: traditionally the boss's stance does not show yet."],
    world: [["官鬼生世，传统上说上司看重你、肯提携", "官鬼 generates the world line: traditionally the boss values you and will back you"], ["官鬼克世，传统上说上司对你要求严、管束多", "官鬼 controls the world line: traditionally the boss is demanding and keeps you on a short rein"]],
    response: null,
    neither: ["它与世爻没有生克，传统上说上司对你不偏不倚", "官鬼 neither generates nor controls the world line: traditionally the boss is even-handed with you"],
  },
];

/** 官鬼 (the moving one first) against the world and, for the officials, the response lines: whom it generates or controls. */
export function authorityParagraph(f: LiuyaoFacts, lang: ReplyLanguage, a: Authority): string {
  const rule = say(lang, ...a.rule);
  const officials = f.lines.filter((l) => l.relative === "官鬼");
  if (officials.length === 0) return `${rule}${say(lang, ...a.absent)}`;
  const g = officials.find((l) => l.moving) ?? officials[0]!;
  const meets = (target: string, [generates, controls]: readonly [Words, Words]) => [GENERATES[g.element] === target ? say(lang, ...generates) : "", CONTROLS[g.element] === target ? say(lang, ...controls) : ""];
  const leans = [
    ...meets(f.lines[f.primary.world - 1]!.element, a.world),
    ...(a.response ? meets(f.lines[f.primary.response - 1]!.element, a.response) : []),
  ].filter(Boolean);
  const line = say(lang, `本卦官鬼在第${g.position}爻${g.ganzhi}${g.element}${g.moving ? "，发动" : ""}`, `This cast's 官鬼 is line ${g.position}, ${g.ganzhi} ${g.element}${g.moving ? ", moving" : ""}`);
  const reading = leans.length ? leans : [say(lang, ...a.neither)];
  return say(lang, `${rule}${line}：${reading.join("；")}。`, `${rule}${line}. ${list("en", reading)}.`);
}
