/**
 * Two questions of a cast for a lost thing: where to look — the useful god's branch gives the
 * direction (地支方位) and its trigram how near (内卦 at home or close by, 外卦 outside or farther) — and
 * whether someone took it, read from 官鬼 (the thief's image): moving, someone had a hand in it; still,
 * more likely mislaid.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { list, say } from "./text.ts";

/** Each branch's direction, as the tradition lays the twelve round the compass. */
export const BRANCH_DIRECTION: Readonly<Record<string, readonly [zh: string, en: string]>> = {
  子: ["北", "north"], 丑: ["东北", "northeast"], 寅: ["东北", "northeast"], 卯: ["东", "east"],
  辰: ["东南", "southeast"], 巳: ["东南", "southeast"], 午: ["南", "south"], 未: ["西南", "southwest"],
  申: ["西南", "southwest"], 酉: ["西", "west"], 戌: ["西北", "northwest"], 亥: ["西北", "northwest"],
};

export const WHERE_LOST = /方向|方位|在哪|哪里找|去哪找|哪里可以找|(?<![a-z])(?:which direction|where (?:is it|could it be|should i look|to look|might it be|did i (?:leave|lose|put) it))(?![a-z])/;

/** Where a lost thing is, by the useful god's branch and trigram; only for a cast whose matter is a lost thing. */
export function whereLostParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string | null {
  const g = f.usefulGod;
  if (g?.matter !== "lost_item") return null;
  const line = g.lines.length ? f.lines[g.lines[0]! - 1]! : null;
  if (!line) return say(lang, `用神${g.relative}不上卦，传统上方向难以取象；可以先从最后用过它的地方找起。`, `The useful god ${g.relative} is on no line, so tradition has no direction to read; start where you last had it.`);
  const branch = line.ganzhi[1]!;
  const [zh, en] = BRANCH_DIRECTION[branch]!;
  const inner = line.position <= 3;
  return say(
    lang,
    `失物的方向传统上看用神的地支：用神${line.relative}${line.ganzhi}在第${line.position}爻，${branch}属${zh}方；它在${inner ? "内卦（下三爻），传统上说东西多在家中或近处" : "外卦（上三爻），传统上说东西多在外面或较远处"}。这是传统的取象，找的时候还是先从最后用过它的地方找起。`,
    `Tradition reads where a lost thing is from the useful god's branch: ${line.relative} ${line.ganzhi} on line ${line.position}; ${branch} points ${en}. It sits in the ${inner ? "inner trigram (the lower three lines): traditionally at home or close by" : "outer trigram (the upper three lines): traditionally outside or farther away"}. A traditional image; start looking where you last had it.`,
  );
}

export const TAKEN = /被偷|偷走|被盗|小偷|被人拿|被拿走|有人拿|(?<![a-z])(?:stolen|steal|stole|thief|someone took|taken)(?![a-z])/;

/** Whether someone took it: 官鬼 moving, someone had a hand in it; still, mislaid; on no line, nobody shows. */
export function takenParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  const officers = f.lines.filter((l) => l.relative === "官鬼");
  const rule = say(lang, "是不是被人拿走，传统上看官鬼（盗贼之象）。", "Whether someone took it is traditionally read from 官鬼 (the image of a thief). ");
  if (officers.length === 0) return `${rule}${say(lang, "本卦官鬼不上卦，传统上说不像被人拿走。", "No 官鬼 line appears in this cast: traditionally it does not look taken.")}`;
  const at = list(lang, officers.map((l) => say(lang, `第${l.position}爻${l.ganzhi}`, `line ${l.position} (${l.ganzhi})`)));
  return officers.some((l) => l.moving)
    ? `${rule}${say(lang, `官鬼在${at}，发动，传统上说有人经手。`, `官鬼 is on ${at} and moves: traditionally someone had a hand in it.`)}`
    : `${rule}${say(lang, `官鬼在${at}，安静，传统上说多是自己遗落或放错了地方。`, `官鬼 is on ${at} and still: traditionally it is more likely mislaid.`)}`;
}
