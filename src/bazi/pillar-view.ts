/**
 * Rendering of a sexagenary index as a chart pillar (names, elements, nayin, ten gods, hidden
 * stems, growth stage, xun, void). Everything not depending on the day master is prepared once
 * per index, so building a pillar is a handful of array reads.
 */
import {
  branchOf,
  elementName,
  ganzhiName,
  growthStage,
  nayinOf,
  stemOf,
  tenGod,
  voidBranches,
  xunHead,
} from "./relations.ts";
import { BRANCH_ELEMENT, BRANCHES, DAY_MASTER_LABEL, type Element, ELEMENT_ZH, type ElementZh, HIDDEN_STEMS, STEM_ELEMENT, STEMS } from "./tables.ts";

/** A stem hidden in a branch, with its ten god relative to the day master. */
export interface HiddenStem {
  stem: string;
  element: Element;
  /** `element` in Chinese (tables.ts ELEMENT_ZH). */
  element_zh: ElementZh;
  ten_god: string;
}

/** One pillar of a chart. */
export interface Pillar {
  /** 干支, e.g. "甲子". */
  ganzhi: string;
  stem: string;
  branch: string;
  stem_element: Element;
  /** `stem_element` in Chinese (tables.ts ELEMENT_ZH). */
  stem_element_zh: ElementZh;
  branch_element: Element;
  /** `branch_element` in Chinese. */
  branch_element_zh: ElementZh;
  /** 纳音, e.g. "海中金". */
  nayin: string;
  /** 十神 of the stem relative to the day master; "日主" for the day pillar. */
  ten_god: string;
  /** 藏干, main qi first. */
  hidden_stems: HiddenStem[];
  /** 十二长生 stage of the day master at this pillar's branch. */
  growth_stage: string;
  /** 旬 containing this pillar, named by its head (e.g. "甲子"). */
  xun: string;
  /** The two 空亡 branches of that 旬. */
  void: [string, string];
}

/** What depends on the 干支 alone (precomputed for all 60); `void` is kept as two strings. */
type StaticPart = Pick<Pillar, "ganzhi" | "stem" | "branch" | "stem_element" | "stem_element_zh" | "branch_element" | "branch_element_zh" | "nayin" | "xun"> & { void0: string; void1: string };

const STATIC: readonly StaticPart[] = Array.from({ length: 60 }, (_, jz) => {
  const [v0, v1] = voidBranches(jz);
  const stemElement = elementName(STEM_ELEMENT[stemOf(jz)]);
  const branchElement = elementName(BRANCH_ELEMENT[branchOf(jz)]);
  return {
    ganzhi: ganzhiName(jz),
    stem: STEMS[stemOf(jz)],
    branch: BRANCHES[branchOf(jz)],
    stem_element: stemElement,
    stem_element_zh: ELEMENT_ZH[stemElement],
    branch_element: branchElement,
    branch_element_zh: ELEMENT_ZH[branchElement],
    nayin: nayinOf(jz),
    xun: ganzhiName(xunHead(jz)),
    void0: BRANCHES[v0],
    void1: BRANCHES[v1],
  };
});

/**
 * Build the pillar for sexagenary index `jz` in a chart whose day stem is `dayStem`.
 * `isDayPillar` labels the stem "日主" instead of a ten god (it would otherwise read 比肩).
 * @example pillarView(0, 0, true).ten_god // "日主"
 */
export function pillarView(jz: number, dayStem: number, isDayPillar = false): Pillar {
  const s = STATIC[jz];
  const branch = branchOf(jz);
  const hidden = HIDDEN_STEMS[branch];
  const hiddenStems: HiddenStem[] = [];
  for (let i = 0; i < hidden.length; i++) {
    const h = hidden[i];
    const element = elementName(STEM_ELEMENT[h]);
    hiddenStems.push({ stem: STEMS[h], element, element_zh: ELEMENT_ZH[element], ten_god: tenGod(dayStem, h) });
  }
  return {
    // The same leading fields, in the same order, as a neighbouring hour's compact pillar.
    ...compactPillar(jz),
    ten_god: isDayPillar ? DAY_MASTER_LABEL : tenGod(dayStem, stemOf(jz)),
    hidden_stems: hiddenStems,
    growth_stage: growthStage(dayStem, branch),
    xun: s.xun,
    void: [s.void0, s.void1],
  };
}

/** A pillar's names and elements without day-master relations (for neighbouring hours). */
export interface CompactPillar {
  ganzhi: string;
  stem: string;
  branch: string;
  stem_element: Element;
  stem_element_zh: ElementZh;
  branch_element: Element;
  branch_element_zh: ElementZh;
  nayin: string;
}

/** Names, elements and nayin of a sexagenary index. */
export function compactPillar(jz: number): CompactPillar {
  const s = STATIC[jz];
  return {
    ganzhi: s.ganzhi,
    stem: s.stem,
    branch: s.branch,
    stem_element: s.stem_element,
    stem_element_zh: s.stem_element_zh,
    branch_element: s.branch_element,
    branch_element_zh: s.branch_element_zh,
    nayin: s.nayin,
  };
}

/** A pillar shown only by name and nayin (胎元, 命宫, 身宫). */
export interface NamedPillar {
  ganzhi: string;
  nayin: string;
}

/** Name and nayin of a sexagenary index. */
export function namedPillar(jz: number): NamedPillar {
  return { ganzhi: STATIC[jz].ganzhi, nayin: STATIC[jz].nayin };
}
