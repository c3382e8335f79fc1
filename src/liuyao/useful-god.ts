/**
 * The useful god (用神): the 六亲 a cast is read from, chosen from what the question asks about
 * and whose matter it is (《增删卜易》·用神章; 《卜筮正宗》):
 * - another person's matter is read from that person's tie: parents, elders and teachers 父母;
 *   children and students 子孙; siblings, friends and colleagues 兄弟; a husband or boyfriend 官鬼;
 *   a wife or girlfriend 妻财 — whatever the matter (占父之病，以父母为用神);
 * - the asker's own matter from the matter: work, position and lawsuits 官鬼; money and lost
 *   things 妻财; study, exams, documents and homes 父母; a pregnancy 子孙 (whoever asks); a
 *   relationship from the partner named (官鬼 for a husband or boyfriend, 妻财 for a wife or
 *   girlfriend); a family matter from the one relative named; one's own health or journey
 *   from the world line (世爻) itself;
 * - an animal (a pet lost, ill or bought) from 子孙, whatever the matter and whoever's it is (六畜禽鸟
 *   以子孙为用神: a lost cat is not read as a lost wallet);
 * - then 原神 (the relative generating it), 忌神 (the one controlling it) and 仇神 (the one
 *   controlling 原神), each with the lines where it appears;
 * - a useful god absent from the six lines is looked for among the hidden spirits (伏神) of the
 *   palace's pure hexagram.
 * When the question names no matter and no person, several matters with different relatives, a
 * relationship without the partner's side, or family without saying who, there is no useful god,
 * and the reason says what is missing.
 */
import type { Matter } from "../matter/matter.ts";
import type { Tie } from "../matter/person.ts";
import { RELATIVES, type Relative } from "./ganzhi.ts";
import type { HiddenSpirit } from "./hexagrams.ts";

/** What the question said about its matter (src/matter): its matters and whose they are. */
export interface QuestionFrame {
  matters: readonly Matter[];
  owner: Tie | null;
  /** Every tie the question names (a relationship's partner, a family matter's member). */
  named: readonly Tie[];
  /** The question is about an animal (src/matter/animal.ts): read from 子孙. */
  animal?: boolean;
}

/** A relative with the positions of the primary lines that carry it. */
export interface RelativeLines {
  relative: Relative;
  lines: number[];
}

export interface UsefulGod extends RelativeLines {
  /** What chose it: a person's tie (the owner, or the partner or family member named), the matter, the asker (the world line), or an animal (子孙). */
  basis: "person" | "matter" | "self" | "animal";
  matter: Matter | null;
  owner: Tie | null;
  /** The hidden spirit (伏神) carrying it when no line does; otherwise null. */
  hidden: HiddenSpirit | null;
  yuan_shen: RelativeLines;
  ji_shen: RelativeLines;
  chou_shen: RelativeLines;
}

export const NO_USEFUL_GOD_CODES = ["NO_MATTER", "SEVERAL_MATTERS", "PARTNER_UNKNOWN", "FAMILY_MEMBER_UNKNOWN"] as const;
export interface NoUsefulGod {
  code: (typeof NO_USEFUL_GOD_CODES)[number];
  message: string;
}

const BY_TIE: Readonly<Record<Tie, Relative>> = { parent: "父母", child: "子孙", peer: "兄弟", husband: "官鬼", wife: "妻财" };

/** The asker's own matter: a relative, the world line, or what else must be known. */
const BY_MATTER: Readonly<Record<Matter, Relative | "world" | "partner" | "who">> = {
  career: "官鬼",
  lawsuit: "官鬼",
  money: "妻财",
  lost_item: "妻财",
  study: "父母",
  home: "父母",
  pregnancy: "子孙",
  relationship: "partner",
  health: "world",
  travel: "world",
  family: "who",
};

/** The relative `steps` along the generating cycle (兄弟 → 子孙 → 妻财 → 官鬼 → 父母 → 兄弟). */
const along = (r: Relative, steps: number): Relative => RELATIVES[(RELATIVES.indexOf(r) + steps + 5) % 5]!;

interface CastLines {
  lines: readonly { position: number; relative: Relative }[];
  world: number;
  hidden: readonly HiddenSpirit[];
}

const linesOf = (cast: CastLines, relative: Relative): RelativeLines => ({ relative, lines: cast.lines.filter((l) => l.relative === relative).map((l) => l.position) });

function resolved(cast: CastLines, relative: Relative, basis: UsefulGod["basis"], matter: Matter | null, frame: QuestionFrame, lines?: number[]): UsefulGod {
  const own = lines ?? linesOf(cast, relative).lines;
  return {
    relative,
    lines: own,
    basis,
    matter,
    owner: frame.owner,
    hidden: own.length === 0 ? (cast.hidden.find((h) => h.relative === relative) ?? null) : null,
    yuan_shen: linesOf(cast, along(relative, -1)),
    ji_shen: linesOf(cast, along(relative, -2)),
    chou_shen: linesOf(cast, along(relative, -3)),
  };
}

/**
 * The useful god of a cast for a question frame, or why there is none.
 * @example usefulGod(primary, { matters: ["career"], owner: null, partner: null }) // { relative: "官鬼", basis: "matter", … }
 */
export function usefulGod(cast: CastLines, frame: QuestionFrame): { useful_god: UsefulGod; reason: null } | { useful_god: null; reason: NoUsefulGod } {
  const ok = (g: UsefulGod) => ({ useful_god: g, reason: null }) as const;
  const none = (code: NoUsefulGod["code"], message: string) => ({ useful_god: null, reason: { code, message } }) as const;
  // 占功名以官鬼为用神: an interview, a civil-service exam or 上岸 is career and study at once, and the post
  // sought (官鬼) is what is asked; 父母 (the papers) is only its source (原神). 求财看妻财: rent, a deposit, a
  // price or a mortgage is money asked about in the setting of a home, so 妻财, not the house (父母).
  const onlyTwo = (a: Matter, b: Matter) => frame.matters.length === 2 && frame.matters.includes(a) && frame.matters.includes(b);
  // 官讼以官鬼为用神: a lawsuit over a home (against a landlord, a developer, the management) is asked as the lawsuit.
  const matters: readonly Matter[] = onlyTwo("career", "study") ? ["career"] : onlyTwo("home", "money") ? ["money"] : onlyTwo("home", "lawsuit") ? ["lawsuit"] : frame.matters;
  if (matters.includes("pregnancy")) return ok(resolved(cast, "子孙", "matter", "pregnancy", frame));
  if (frame.animal) return ok(resolved(cast, "子孙", "animal", matters.length === 1 ? matters[0]! : null, frame));
  if (frame.owner) return ok(resolved(cast, BY_TIE[frame.owner], "person", matters.length === 1 ? matters[0]! : null, frame));
  if (matters.length === 0) return none("NO_MATTER", "The question names no matter and no person, so no useful god is chosen; ask about one matter (work, money, an exam, a relationship, health…).");

  const partners = frame.named.filter((t) => t === "husband" || t === "wife");
  // A relationship's partner or a family matter's member, when the question names exactly one, is read from their tie.
  const byNamedTie = (m: Matter): Tie | null => {
    const rule = BY_MATTER[m];
    if (rule === "partner" && partners.length === 1) return partners[0]!;
    if (rule === "who" && frame.named.length === 1) return frame.named[0]!;
    return null;
  };
  const choices = matters.map((m) => {
    const tie = byNamedTie(m);
    return tie ? BY_TIE[tie] : BY_MATTER[m];
  });
  const distinct = [...new Set(choices)];
  if (distinct.length > 1) return none("SEVERAL_MATTERS", `The question names several matters (${matters.join(", ")}) read from different lines; a cast answers one matter.`);
  const choice = distinct[0]!;
  const matter = matters.length === 1 ? matters[0]! : null;
  if (choice === "partner") return none("PARTNER_UNKNOWN", "A relationship is read from 官鬼 for a husband or boyfriend and from 妻财 for a wife or girlfriend; the question does not say which.");
  if (choice === "who") return none("FAMILY_MEMBER_UNKNOWN", "A family matter is read from the member it concerns (父母 for parents, 子孙 for children, 兄弟 for siblings); the question does not say who.");
  if (choice === "world") {
    const world = cast.lines.find((l) => l.position === cast.world)!;
    return ok(resolved(cast, world.relative, "self", matter, frame, [cast.world]));
  }
  if (matters.some((m) => byNamedTie(m))) return ok(resolved(cast, choice, "person", matter, frame));
  return ok(resolved(cast, choice, "matter", matter, frame));
}
