/**
 * The judge, the court or the officials of a matter ("法官会偏向谁", "will the judge be on my side?"):
 * tradition reads authority from 官鬼, and whom it favours from how it meets the world line (you) and the
 * response line (the other side) — generating one favours them, controlling one presses them.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { list, say } from "./text.ts";
import { CONTROLS, GENERATES } from "./liuyao-elements.ts";

export const JUDGE = /法官|法院|官府|审判|判官|仲裁员|陪审|(?<![a-z])(?:judges?|the court|jury|arbitrators?)(?![a-z])/;

/** 官鬼 (the moving one first) against the world and the response lines: whom it generates or controls. */
export function judgeParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const rule = say(lang, "法官与官府传统上看官鬼爻，看它与世爻（你）、应爻（对方）的生克。", "A judge, the court or the officials are traditionally read from 官鬼, by how it meets the world line (you) and the response line (the other side). ");
  const officials = f.lines.filter((l) => l.relative === "官鬼");
  if (officials.length === 0) return `${rule}${say(lang, "本卦官鬼不上卦，传统上说官方的态度暂时不显。", "No 官鬼 line appears in this cast: traditionally the officials' stance does not show yet.")}`;
  const g = officials.find((l) => l.moving) ?? officials[0]!;
  const w = f.lines[f.primary.world - 1]!.element;
  const r = f.lines[f.primary.response - 1]!.element;
  const leans = [
    GENERATES[g.element] === w ? say(lang, "官鬼生世，传统上说官方倾向于你", "官鬼 generates the world line: traditionally the officials lean your way") : "",
    CONTROLS[g.element] === w ? say(lang, "官鬼克世，传统上说官方对你有压力", "官鬼 controls the world line: traditionally the officials press on you") : "",
    GENERATES[g.element] === r ? say(lang, "官鬼生应，传统上说官方倾向对方", "官鬼 generates the response line: traditionally they lean the other side's way") : "",
    CONTROLS[g.element] === r ? say(lang, "官鬼克应，传统上说官方对对方不利", "官鬼 controls the response line: traditionally they press on the other side") : "",
  ].filter(Boolean);
  const line = say(lang, `本卦官鬼在第${g.position}爻${g.ganzhi}${g.element}${g.moving ? "，发动" : ""}`, `This cast's 官鬼 is line ${g.position}, ${g.ganzhi} ${g.element}${g.moving ? ", moving" : ""}`);
  const reading = leans.length ? leans : [say(lang, "它与世、应都没有生克，传统上说官方居中", "官鬼 neither generates nor controls either side: traditionally the officials stand in the middle")];
  return say(lang, `${rule}${line}：${reading.join("；")}。`, `${rule}${line}. ${list("en", reading)}.`);
}
