/**
 * Two questions of a cast for a lost thing: where to look — the useful god's branch gives the
 * direction (地支方位) and its trigram how near (内卦 at home or close by, 外卦 outside or farther) — and
 * whether someone took it, read from 官鬼 (the thief's image): moving, someone had a hand in it; still,
 * more likely mislaid. Searching itself (a notice, the cameras, lost and found) is never left to a
 * hexagram, and whether a lost animal is alive is nothing a hexagram can tell.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { list, say } from "./text.ts";
import { BRANCH_DIRECTION } from "../data/branch-directions.ts";
import { GENERATES } from "./liuyao-elements.ts";

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
  // A lost animal is looked for where it goes, not where it was last used.
  const animal = g.basis === "animal";
  return say(
    lang,
    `${animal ? "走失的动物" : "失物"}的方向传统上看用神的地支：用神${line.relative}${line.ganzhi}在第${line.position}爻，${branch}属${zh}方；它在${inner ? `内卦（下三爻），传统上说${animal ? "它" : "东西"}多在家中或近处` : `外卦（上三爻），传统上说${animal ? "它" : "东西"}多在外面或较远处`}。这是传统的取象，找的时候还是先从${animal ? "它常去、最后出现的地方" : "最后用过它的地方"}找起。`,
    `Tradition reads where ${animal ? "a lost animal" : "a lost thing"} is from the useful god's branch: ${line.relative} ${line.ganzhi} on line ${line.position}; ${branch} points ${en}. It sits in the ${inner ? "inner trigram (the lower three lines): traditionally at home or close by" : "outer trigram (the upper three lines): traditionally outside or farther away"}. A traditional image; start looking ${animal ? "where it likes to go and was last seen" : "where you last had it"}.`,
  );
}

export const TAKEN = /被偷|偷走|被盗|小偷|被人(?:拿|抱|捡|带|牵|捉|抓)|被(?:拿|抱|捡|带|牵)走|有人(?:拿|抱|捡|带|牵)|(?<![a-z])(?:stolen|steal|stole|thief|someone (?:took|take|pick(?:ed)?|ha[sd]|kept|keep)|taken|picked (?:it|him|her) up)(?![a-z])/;

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

/** Searching for a lost thing or animal: a notice, the cameras, lost and found, asking around ("要不要贴寻猫启事", "should I check the CCTV?"). */
export const SEARCHING = /启事|寻猫|寻狗|寻物|寻人|贴告示|贴传单|看监控|调监控|查监控|失物招领|发朋友圈|发帖|问问邻居|问邻居|(?<![a-z])(?:flyer|poster|notice|cctv|camera|footage|lost.and.found|post (?:it |about it )?online|ask (?:the )?neighbo)/;

/** Said first when a cast for a lost thing is asked whether to search: do it, whatever the reading. */
export const searchFirst = (lang: ReplyLanguage) =>
  say(lang, "找东西这类事（贴启事、看监控、问失物招领、问问邻居）不必等卦象：能做就尽早去做。下面只是传统的参照。", "Searching — a notice, the cameras, lost and found, asking the neighbours — is never a matter for a hexagram: do it, and soon. What follows is only the tradition's reference. ");

/** Whether a lost animal is alive or safe ("它还活着吗", "is my cat still alive?"). */
export const ALIVE = /活着|还活|死了|平安|(?<![a-z])(?:alive|dead|died)(?![a-z])/;

/**
 * A lost animal alive or not: a hexagram cannot tell, said first; tradition reads only whether it is
 * found, from the useful god; then to search where it goes. Only for a cast whose matter is a lost animal.
 */
export function aliveParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string | null {
  const g = f.usefulGod;
  if (g?.matter !== "lost_item" || g.basis !== "animal") return null;
  const line = g.lines.length ? f.lines[g.lines[0]! - 1]! : null;
  const found = line
    ? say(lang, `传统上这一卦只看能不能找回，用神是${line.relative}${line.ganzhi}（第${line.position}爻）。`, `Tradition reads such a cast only for whether it is found, from the useful god ${line.relative} ${line.ganzhi} on line ${line.position}. `)
    : say(lang, `传统上这一卦只看能不能找回，而用神${g.relative}不上卦。`, `Tradition reads such a cast only for whether it is found, and the useful god ${g.relative} is on no line. `);
  return say(
    lang,
    `它是否平安，卦象断不了，也不该由卦象来断。${found}与其等卦，不如去它常去、能藏身的地方找，问问邻居，贴寻物启事；担心它受伤，也可以问问附近的宠物医院或救助站。`,
    `Whether it is alive or safe is nothing a hexagram can tell, nor should. ${found}Rather than wait on the cast, look where it likes to go and could hide, ask the neighbours, and put up notices; if you fear it is hurt, ask nearby vets and shelters.`,
  );
}

/** Whether it comes back by itself, or is brought back ("它会自己回来吗", "will someone return my wallet?"). */
export const COMES_BACK = /自己回来|自己回家|自己跑回|自己返嚟|自己返屋企|送回来|送回|还回来|还给我|(?<![a-z])(?:come (?:back|home) (?:on (?:its|his|her) own|by (?:itself|himself|herself))|find (?:its|his|her) way (?:back|home)|return (?:it|my \w+)|hand (?:it )?in|bring (?:it )?back)(?![a-z])/;

/**
 * Whether a lost thing comes back of itself: the useful god moving and generating the world line (you)
 * comes towards you — an animal home, a thing brought back; moving without it, on the move but not towards
 * you; still, it stays where it is and has to be found. Only for a cast whose matter is a lost thing.
 */
export function comesBackParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string | null {
  const g = f.usefulGod;
  if (g?.matter !== "lost_item") return null;
  const animal = g.basis === "animal";
  const rule = say(lang, `${animal ? "它会不会自己回来" : "会不会有人送回来"}，传统上看用神动静，以及它生不生世爻（你）。`, `Whether ${animal ? "it comes home by itself" : "it is brought back"} is traditionally read from whether the useful god moves, and whether it generates the world line (you). `);
  const line = g.lines.length ? f.lines[g.lines[0]! - 1]! : null;
  if (!line) return `${rule}${say(lang, `用神${g.relative}不上卦，传统上难以取象：还是要主动去找。`, `The useful god ${g.relative} is on no line, so tradition has nothing to read: go and look.`)}`;
  const world = f.lines[f.primary.world - 1]!;
  const at = say(lang, `用神${line.relative}${line.ganzhi}在第${line.position}爻`, `The useful god ${line.relative} ${line.ganzhi} is on line ${line.position}`);
  const reading = !line.moving
    ? say(lang, `，安静：传统上说${animal ? "它停在某处，不会自己回来" : "东西停在某处，不会自己回到你手上"}，要主动去找。`, ` and still: traditionally ${animal ? "it stays where it is and will not come home by itself" : "it stays where it is and will not find its way back to you"}, so go and look.`)
    : GENERATES[line.element] === world.element
      ? say(lang, `，发动而生世：传统上说${animal ? "它会自己回来，或被人送回" : "有望被人送回，或自己出现"}；找的事也别停。`, `, moving and generating the world line: traditionally ${animal ? "it comes home, or is brought back" : "it is brought back, or turns up"}; keep looking all the same.`)
      : say(lang, `，发动而不生世：传统上说${animal ? "它在走动，却未必朝你回来" : "东西在流转，却未必回到你手上"}，还是要主动去找。`, `, moving but not generating the world line: traditionally ${animal ? "it is on the move, not necessarily towards home" : "it is changing hands, not necessarily back to you"}, so go and look.`);
  return `${rule}${at}${reading}`;
}
