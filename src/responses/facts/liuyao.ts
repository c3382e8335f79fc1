/**
 * The fact sheet of a LiuYao cast: the question, the day, both hexagrams and
 * every line, read from the stored cast. Nothing is recomputed here.
 */
import { type LineStrength, type NoUsefulGod, type Reading, type RelativeLines, type UsefulGod, usefulGod as chooseUsefulGod } from "../../liuyao/index.ts";
import type { FactSheetOf } from "./types.ts";
import { asksAfterPartner } from "../../matter/partner.ts";

export interface LineFacts {
  position: number;
  value: number;
  yang: boolean;
  moving: boolean;
  /** 干支 of the line, e.g. "己卯". */
  ganzhi: string;
  element: string;
  relative: string;
  spirit: string;
  mark: "世" | "应" | null;
  void: boolean;
  monthBreak: boolean;
  dayClash: boolean;
  /** 旺衰 against the month and the day; absent on casts stored before it was added. */
  strength?: LineStrength;
}

export interface LiuyaoFacts {
  question: string;
  castAt: string;
  monthPillar: string;
  dayPillar: string;
  void: string[];
  primary: { name: string; kingWen: number; palace: string; palaceElement: string; generation: string; world: number; response: number; liuchong: boolean; liuhe: boolean };
  /** 卦身: its branch and the lines carrying it (absent on casts stored before it was added). */
  guaShen?: { branch: string; positions: number[] };
  lines: LineFacts[];
  movingLines: number[];
  /** `lines`: what each moving line becomes, with its 六亲 counted from the primary palace. */
  changed: { name: string; kingWen: number; liuchong: boolean; liuhe: boolean; lines: { position: number; ganzhi: string; element: string; relative: string }[] } | null;
  /** One per moving line: "3: 亥→辰 (水→土) 回头克". */
  transforms: string[];
  hidden: string[];
  related: { hu: string; cuo: string; zong: string };
  /** The cast's useful god (用神) and why there is none; both absent on casts stored before it was added. */
  usefulGod?: UsefulGod | null;
  usefulGodReason?: NoUsefulGod | null;
  /**
   * A relationship cast whose question did not say who the partner is (PARTNER_UNKNOWN), or one that asks
   * after a him or a her with no matter named (NO_MATTER, "他还会回来找我吗"): the useful god for a male
   * partner (官鬼) and for a female one (妻财), for a follow-up (or the question) that says which.
   */
  partnerGods?: { male: UsefulGod; female: UsefulGod };
}

/** The stored cast as far as the fact sheet reads it. */
export type StoredCast = Pick<Reading, "question" | "cast_at" | "calendar" | "primary" | "changed" | "moving_lines" | "hu" | "cuo" | "zong"> & Partial<Pick<Reading, "useful_god" | "useful_god_reason">>;

const onLines = (r: RelativeLines) => `${r.relative} ${r.lines.length ? `on line ${r.lines.join(", ")}` : "on no line"}`;

/** @example "Useful god (用神): 官鬼 on line 4 (the matter: career); 原神 妻财 on no line, 忌神 子孙 on line 2, 仇神 兄弟 on line 3, 5" */
function usefulGodLine(g: UsefulGod | null | undefined, reason: NoUsefulGod | null | undefined): string | null {
  if (g === undefined) return null;
  if (g === null) return `Useful god (用神): none chosen (${reason?.code}): ${reason?.message}`;
  const why = g.basis === "self" ? "the asker's own matter: the world line" : g.basis === "person" ? `whose matter: ${g.owner ?? "the person named"}` : g.basis === "animal" ? `an animal's matter (${g.matter ?? "—"}): 子孙` : `the matter: ${g.matter ?? "—"}`;
  const hidden = g.hidden ? `, hidden (伏神) ${g.hidden.stem}${g.hidden.branch} under line ${g.hidden.position}` : "";
  return `Useful god (用神): ${onLines(g)}${hidden} (${why}); 原神 ${onLines(g.yuan_shen)}, 忌神 ${onLines(g.ji_shen)}, 仇神 ${onLines(g.chou_shen)}`;
}

/** How one line reads in the sheet: "line 2: yin 8, 己丑 土, 官鬼, 朱雀, 应, void". */
export function lineText(l: LineFacts): string {
  const flags = [l.mark, l.moving ? "moving" : null, l.void ? (l.moving ? "void but moving, so not void in effect (动不为空)" : l.dayClash ? "void but clashed by the day, so real (冲空则实)" : "void (旬空)") : null, l.monthBreak ? "month break (月破)" : null, l.dayClash ? "day clash (日冲)" : null];
  return [`line ${l.position}: ${l.yang ? "yang" : "yin"} ${l.value}`, `${l.ganzhi} ${l.element}`, l.relative, l.spirit, ...flags.filter(Boolean), ...(l.strength ? [strengthFlags(l.strength)] : [])].join(", ");
}

/** "month 相, day 克, 日破, 暗动, void in effect, tomb (day)": the line's 旺衰 for the model. */
function strengthFlags(s: LineStrength): string {
  const more = [s.day_break ? "日破" : null, s.hidden_moving ? "暗动" : null, s.effective_void ? "void in effect" : null, s.tomb ? `入墓 (${s.tomb})` : null].filter(Boolean);
  return [`month ${s.month}`, `day ${s.day}${s.day_branch ? ` (${s.day_branch})` : ""}`, ...more].join(", ");
}

/** "雷火丰 → 泽雷随", or the primary name alone when no line moves. */
/** ", 六冲卦" or ", 六合卦" after a hexagram's line, when it is one. */
const clashOrCombine = (h: { liuchong: boolean; liuhe: boolean }) => (h.liuchong ? ", 六冲卦 (its inner and outer branches clash)" : h.liuhe ? ", 六合卦 (its inner and outer branches combine)" : "");

export const hexagramsText = (f: LiuyaoFacts) => (f.changed ? `${f.primary.name} → ${f.changed.name}` : f.primary.name);

/** @example liuyaoFacts("lyc_x", cast).lines[2] // "Primary hexagram: 雷火丰 (King Wen 55), palace 坎 (水), 五世, world line 5, response line 2" */
export function liuyaoFacts(subjectId: string, cast: StoredCast): LiuyaoFactSheet {
  const p = cast.primary;
  const data: LiuyaoFacts = {
    question: cast.question,
    castAt: cast.cast_at,
    monthPillar: cast.calendar.month_pillar,
    dayPillar: cast.calendar.day_pillar,
    void: [...cast.calendar.void],
    primary: { name: p.name, kingWen: p.king_wen, palace: p.palace, palaceElement: p.palace_element, generation: p.generation, world: p.world, response: p.response, liuchong: p.liuchong, liuhe: p.liuhe },
    ...(p.gua_shen ? { guaShen: { branch: p.gua_shen.branch, positions: [...p.gua_shen.positions] } } : {}),
    lines: p.lines.map((l) => ({
      position: l.position,
      value: l.value,
      yang: l.yang,
      moving: l.moving,
      ganzhi: `${l.stem}${l.branch}`,
      element: l.element,
      relative: l.relative,
      spirit: l.spirit,
      mark: l.mark,
      void: l.void,
      monthBreak: l.month_break,
      dayClash: l.day_clash,
      ...(l.strength ? { strength: l.strength } : {}),
    })),
    movingLines: [...cast.moving_lines],
    changed: cast.changed
      ? {
          name: cast.changed.name,
          kingWen: cast.changed.king_wen,
          liuchong: cast.changed.liuchong,
          liuhe: cast.changed.liuhe,
          lines: cast.changed.lines.filter((l) => cast.moving_lines.includes(l.position)).map((l) => ({ position: l.position, ganzhi: `${l.stem}${l.branch}`, element: l.element, relative: l.relative })),
        }
      : null,
    transforms: (cast.changed?.transforms ?? []).map((t) => `${t.position}: ${t.from}→${t.to} (${t.from_element}→${t.to_element}) ${t.tags.join(" ")}`.trim()),
    hidden: p.hidden.map((h) => `${h.relative} ${h.stem}${h.branch} ${h.element} under line ${h.position}`),
    related: { hu: cast.hu.name, cuo: cast.cuo.name, zong: cast.zong.name },
    ...(cast.useful_god !== undefined ? { usefulGod: cast.useful_god, usefulGodReason: cast.useful_god_reason ?? null } : {}),
    // A relationship without the partner's side, or a him or a her asked after with no matter named ("他还会回来找我吗").
    ...(cast.useful_god_reason?.code === "PARTNER_UNKNOWN" || (cast.useful_god_reason?.code === "NO_MATTER" && asksAfterPartner(cast.question))
      ? { partnerGods: { male: partnerGod(p, "husband"), female: partnerGod(p, "wife") } }
      : {}),
  };
  const usefulGod = usefulGodLine(data.usefulGod, data.usefulGodReason);
  const moving = data.movingLines.length ? data.movingLines.join(", ") : "none";
  const lines = [
    `Subject: LiuYao cast ${subjectId}`,
    `Question (the one matter of this cast): ${data.question}`,
    `Cast at ${data.castAt}: month ${data.monthPillar}, day ${data.dayPillar}, void (旬空) ${data.void.join("")}`,
    `Primary hexagram: ${data.primary.name} (King Wen ${data.primary.kingWen}), palace ${data.primary.palace} (${data.primary.palaceElement}), ${data.primary.generation}, world line ${data.primary.world}, response line ${data.primary.response}${clashOrCombine(data.primary)}`,
    ...(data.guaShen ? [`卦身 (the hexagram's body): ${data.guaShen.branch}, ${data.guaShen.positions.length ? `on line ${data.guaShen.positions.join(", ")}` : "on no line"}`] : []),
    "Lines, bottom (1) to top (6):",
    ...data.lines.map(lineText),
    `Moving lines: ${moving}`,
    data.changed ? `Changed hexagram: ${data.changed.name} (King Wen ${data.changed.kingWen})${clashOrCombine(data.changed)}` : "Changed hexagram: none (no moving line)",
    ...(data.changed ? [`Changed lines (六亲 from the primary palace): ${data.changed.lines.map((l) => `line ${l.position} ${l.ganzhi} ${l.element} ${l.relative}`).join("; ")}`] : []),
    ...data.transforms.map((t) => `Transform of line ${t}`),
    ...data.hidden.map((h) => `Hidden spirit (伏神): ${h}`),
    ...(usefulGod ? [usefulGod] : []),
    ...(data.partnerGods ? [`If the partner is a man: ${usefulGodLine(data.partnerGods.male, null)}; if a woman: ${usefulGodLine(data.partnerGods.female, null)}`] : []),
    `Nuclear (互) ${data.related.hu}, opposite (错) ${data.related.cuo}, inverse (综) ${data.related.zong}`,
  ];
  return { capability: "liuyao", subjectId, headline: data.question, lines, data };
}

/** The useful god of a relationship whose partner is a husband or boyfriend, or a wife or girlfriend. */
function partnerGod(primary: StoredCast["primary"], tie: "husband" | "wife"): UsefulGod {
  const chosen = chooseUsefulGod(primary, { matters: ["relationship"], owner: null, named: [tie] });
  // The core calls it the named person's; here the partner is the relationship's own, so it is the matter's.
  return { ...chosen.useful_god!, basis: "matter", matter: "relationship" };
}

export type LiuyaoFactSheet = FactSheetOf<"liuyao", LiuyaoFacts>;
