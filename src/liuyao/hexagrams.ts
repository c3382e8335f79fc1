import {
  BRANCHES,
  BRANCH_ELEMENT,
  ELEMENT_EN,
  RELATIVES,
  branchesClash,
  branchesCombine,
  relativeOf,
  type Branch,
  type Element,
  type ElementEn,
  type Relative,
  type Stem,
} from "./ganzhi.ts";
import { KING_WEN_SEQUENCE } from "./king-wen.ts";
import { PALACE_SLOTS, type Generation } from "./palaces.ts";
import { TRIGRAMS, trigramByBits, type TrigramName } from "./trigrams.ts";

/** One line with its 纳甲 stem/branch and its 六亲 from the hexagram's own palace. */
export interface NajiaLine {
  readonly position: number;
  readonly yang: boolean;
  readonly stem: Stem;
  readonly branch: Branch;
  readonly element: Element;
  /** `element` in English (the shared table, src/bazi/tables.ts). */
  readonly element_en: ElementEn;
  readonly relative: Relative;
}

/** A 伏神: a relative missing from the hexagram, found in the palace's pure hexagram. */
export interface HiddenSpirit {
  readonly position: number;
  readonly relative: Relative;
  readonly stem: Stem;
  readonly branch: Branch;
  readonly element: Element;
  /** `element` in English. */
  readonly element_en: ElementEn;
  /** Branch of the 飞神, the visible line the hidden spirit lies under. */
  readonly fei_branch: Branch;
  readonly fei_relative: Relative;
  /** True if the relative occurs twice in the pure hexagram (never for the 64; kept for schema stability). */
  readonly ambiguous: boolean;
}

/** A compact pointer to another hexagram (互/错/综). */
export interface HexagramRef {
  readonly bits: string;
  readonly name: string;
  readonly king_wen: number;
}

/** Everything about a hexagram that does not depend on the day of the cast. */
export interface Hexagram {
  /** Bottom-first, '1' = yang; [0:3] inner/lower, [3:6] outer/upper. */
  readonly bits: string;
  readonly king_wen: number;
  readonly name: string;
  readonly short_name: string;
  readonly upper: TrigramName;
  readonly lower: TrigramName;
  readonly palace: TrigramName;
  readonly palace_element: Element;
  /** `palace_element` in English. */
  readonly palace_element_en: ElementEn;
  readonly generation: Generation;
  readonly world: number;
  readonly response: number;
  readonly liuchong: boolean;
  readonly liuhe: boolean;
  readonly najia: readonly NajiaLine[];
  readonly hidden: readonly HiddenSpirit[];
  readonly gua_shen: { readonly branch: Branch; readonly positions: readonly number[] };
  readonly hu: HexagramRef;
  readonly cuo: HexagramRef;
  readonly zong: HexagramRef;
}

/** Full name: 乾为天 for the pure ones, otherwise upper image + lower image + short name. */
function fullName(short: string, upper: TrigramName, lower: TrigramName): string {
  const u = TRIGRAMS[upper];
  return upper === lower ? `${short}为${u.image}` : `${u.image}${TRIGRAMS[lower].image}${short}`;
}

/** 纳甲 of six lines: the inner trigram's inner stem/branches, then the outer trigram's outer ones. */
export function najiaOf(bits: string, palaceElement: Element): NajiaLine[] {
  const lower = trigramByBits(bits.slice(0, 3));
  const upper = trigramByBits(bits.slice(3, 6));
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const inner = i < 3;
    const branch = inner ? lower.innerBranches[i] : upper.outerBranches[i - 3];
    const element = BRANCH_ELEMENT[branch];
    return {
      position: i + 1,
      yang: bits[i] === "1",
      stem: inner ? lower.innerStem : upper.outerStem,
      branch,
      element,
      element_en: ELEMENT_EN[element],
      relative: relativeOf(palaceElement, element),
    };
  });
}

/** True when each line of the inner trigram relates to its outer counterpart (1–4, 2–5, 3–6) by `rel`. */
function pairwise(lines: readonly NajiaLine[], rel: (a: Branch, b: Branch) => boolean): boolean {
  return [0, 1, 2].every((i) => rel(lines[i].branch, lines[i + 3].branch));
}

/** 伏神: for each relative absent from `lines`, the pure palace hexagram's line(s) with it, same position. */
function hiddenOf(lines: readonly NajiaLine[], pure: readonly NajiaLine[]): HiddenSpirit[] {
  const present = new Set(lines.map((l) => l.relative));
  return RELATIVES.filter((r) => !present.has(r)).flatMap((relative) => {
    const sources = pure.filter((l) => l.relative === relative);
    return sources.map((src) => {
      const fei = lines[src.position - 1];
      return {
        position: src.position,
        relative,
        stem: src.stem,
        branch: src.branch,
        element: src.element,
        element_en: src.element_en,
        fei_branch: fei.branch,
        fei_relative: fei.relative,
        ambiguous: sources.length > 1,
      };
    });
  });
}

/** 卦身 (月卦身): 阴世则从午月起, 阳世还从子月生 — count from 子/午 at line 1 up to the world line. */
function guaShenOf(bits: string, world: number, lines: readonly NajiaLine[]): Hexagram["gua_shen"] {
  const start = bits[world - 1] === "1" ? 0 : 6;
  const branch = BRANCHES[(start + world - 1) % 12];
  return { branch, positions: lines.filter((l) => l.branch === branch).map((l) => l.position) };
}

/** 互卦 bits: lines 2-3-4 become the lower trigram, lines 3-4-5 the upper. */
export function huBits(bits: string): string {
  return bits.slice(1, 4) + bits.slice(2, 5);
}
/** 错卦 bits: every line flipped. */
export function cuoBits(bits: string): string {
  return [...bits].map((b) => (b === "1" ? "0" : "1")).join("");
}
/** 综卦 bits: the hexagram turned upside down. */
export function zongBits(bits: string): string {
  return [...bits].reverse().join("");
}

type Core = Omit<Hexagram, "hu" | "cuo" | "zong" | "hidden">;

function buildCore([short, upper, lower]: (typeof KING_WEN_SEQUENCE)[number], index: number): Core {
  const bits = TRIGRAMS[lower].bits + TRIGRAMS[upper].bits;
  const slot = PALACE_SLOTS.get(bits);
  if (!slot) throw new Error(`no palace for ${bits}`);
  const palaceElement = TRIGRAMS[slot.palace].element;
  const najia = najiaOf(bits, palaceElement);
  return {
    bits,
    king_wen: index + 1,
    name: fullName(short, upper, lower),
    short_name: short,
    upper,
    lower,
    palace: slot.palace,
    palace_element: palaceElement,
    palace_element_en: ELEMENT_EN[palaceElement],
    generation: slot.generation,
    world: slot.world,
    response: slot.response,
    liuchong: pairwise(najia, branchesClash),
    liuhe: pairwise(najia, branchesCombine),
    najia,
    gua_shen: guaShenOf(bits, slot.world, najia),
  };
}

function buildTable(): Hexagram[] {
  const cores = KING_WEN_SEQUENCE.map(buildCore);
  const byBits = new Map(cores.map((c) => [c.bits, c]));
  const ref = (bits: string): HexagramRef => {
    const c = byBits.get(bits);
    if (!c) throw new Error(`no hexagram for ${bits}`);
    return { bits, name: c.name, king_wen: c.king_wen };
  };
  return cores.map((c) => {
    const pure = byBits.get(TRIGRAMS[c.palace].bits.repeat(2));
    if (!pure) throw new Error(`no pure hexagram for palace ${c.palace}`);
    return {
      ...c,
      hidden: hiddenOf(c.najia, pure.najia),
      hu: ref(huBits(c.bits)),
      cuo: ref(cuoBits(c.bits)),
      zong: ref(zongBits(c.bits)),
    };
  });
}

/** The 64 hexagrams in King Wen order (index = king_wen − 1), built from the rules. */
export const HEXAGRAMS: readonly Hexagram[] = buildTable();

const BY_BITS: ReadonlyMap<string, Hexagram> = new Map(HEXAGRAMS.map((h) => [h.bits, h]));

/** The hexagram with these six bottom-first bits ('1' = yang). */
export function hexagramByBits(bits: string): Hexagram {
  const h = BY_BITS.get(bits);
  if (!h) throw new Error(`not a hexagram: ${bits}`);
  return h;
}
