/**
 * Interactions (合冲刑害破) among a chart's pillars, and between a year's pillar and the chart:
 * which pillars take part, the classical name, and for combinations the element and whether
 * the conditions this service applies for it to transform (合化) hold. Pure: indices in, plain
 * data out. The tables are in interaction-tables.ts.
 *
 * Transformation is a school matter; the conditions applied here (stated in the chart's
 * `conventions.relations`): a stem combination (天干五合) or a branch six-combination transforms
 * when its two pillars are adjacent, the month branch's element is the combination's element,
 * and no third pillar competes for one of the pair (争合/妒合); a three-combination (三合局) or a
 * directional combination (三会) with all three branches present forms (成局); a half
 * combination (two of a three-combination, one of them its peak branch 子午卯酉) never does.
 */
import {
  CLASHES,
  DESTRUCTIONS,
  DIRECTIONAL_COMBINATIONS,
  HARMS,
  PUNISHMENTS,
  SIX_COMBINATIONS,
  STEM_COMBINATIONS,
  THREE_COMBINATIONS,
} from "./interaction-tables.ts";
import { elementName } from "./relations.ts";
import { BRANCH_ELEMENT, BRANCHES, type Element, ELEMENT_ZH, ELEMENTS_ZH, type ElementZh, STEMS } from "./tables.ts";

export const PILLAR_NAMES = ["year", "month", "day", "hour"] as const;
export type PillarName = (typeof PILLAR_NAMES)[number];

export const INTERACTION_TYPES = [
  "stem_combination",
  "six_combination",
  "three_combination",
  "half_combination",
  "directional_combination",
  "clash",
  "punishment",
  "harm",
  "destruction",
] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export interface Interaction {
  type: InteractionType;
  /** The chart's pillars taking part (for a year's interactions: the chart's pillars it meets). */
  members: PillarName[];
  /** The classical name, e.g. "子午冲", "甲己合土", "申子辰三合水局", "午午自刑". */
  name: string;
  /** Combinations: the element they combine towards. */
  element?: Element;
  /** Combinations: `element` in Chinese (tables.ts ELEMENT_ZH). */
  element_zh?: ElementZh;
  /** Natal combinations: whether the applied conditions for transforming hold. */
  transforms?: boolean;
}

/** A combination's element (an index) in both forms, as an interaction carries it. */
function combinesTo(element: number): { element: Element; element_zh: ElementZh } {
  const name = elementName(element);
  return { element: name, element_zh: ELEMENT_ZH[name] };
}

/** The table's pair holding branches a and b (in either order), named in the table's order. */
const pairOf = (pairs: readonly (readonly [number, number])[], a: number, b: number) => pairs.find(([x, y]) => (x === a && y === b) || (x === b && y === a));
const pairName = ([x, y]: readonly [number, number]) => BRANCHES[x] + BRANCHES[y];

/** Pairwise branch interactions of two branches (clash, six-combination, harm, destruction, punishment), named in the classical order. */
function deriveBranchPair(a: number, b: number): PairInteraction[] {
  const found: PairInteraction[] = [];
  const six = SIX_COMBINATIONS.find(({ branches }) => pairOf([branches], a, b));
  if (six) found.push({ type: "six_combination", name: `${pairName(six.branches)}合${ELEMENTS_ZH[six.element]}`, element: six.element });
  const clash = pairOf(CLASHES, a, b);
  if (clash) found.push({ type: "clash", name: `${pairName(clash)}冲` });
  const punishment = PUNISHMENTS.find((p) => (a === b ? p.branches.length === 1 && p.branches[0] === a : p.branches.includes(a) && p.branches.includes(b)));
  if (punishment) {
    const ordered = a === b ? [a, a] : punishment.branches.filter((x) => x === a || x === b);
    found.push({ type: "punishment", name: `${ordered.map((x) => BRANCHES[x]).join("")}${a === b ? "自刑" : "相刑"}` });
  }
  const harm = pairOf(HARMS, a, b);
  if (harm) found.push({ type: "harm", name: `${pairName(harm)}害` });
  const destruction = pairOf(DESTRUCTIONS, a, b);
  if (destruction) found.push({ type: "destruction", name: `${pairName(destruction)}破` });
  return found;
}

type PairInteraction = { type: InteractionType; name: string; element?: number };
/** Every pair of branches' interactions, derived once (a chart asks for ~450 pairs with its 100 years). */
const BRANCH_PAIRS: readonly (readonly PairInteraction[])[] = Array.from({ length: 144 }, (_, k) => deriveBranchPair(Math.floor(k / 12), k % 12));
const branchPair = (a: number, b: number) => BRANCH_PAIRS[a * 12 + b]!;

/** What two branches make between them: six combination, clash, punishment, harm, break (子丑合土, 丑午害), in the classical order. */
export function branchPairInteractions(a: number, b: number): readonly { type: InteractionType; name: string }[] {
  return branchPair(a, b).map(({ type, name }) => ({ type, name }));
}


/** The stem combination of two stems, if they combine (derived once per pair). */
const STEM_PAIRS = Array.from({ length: 100 }, (_, k) => STEM_COMBINATIONS.find(({ stems: [x, y] }) => (x === Math.floor(k / 10) && y === k % 10) || (y === Math.floor(k / 10) && x === k % 10)));
const stemCombination = (a: number, b: number) => STEM_PAIRS[a * 10 + b];

/** Pillar index pairs and triples, in chart order. */
const PAIRS = [0, 1, 2, 3].flatMap((i) => [0, 1, 2, 3].filter((j) => j > i).map((j) => [i, j] as const));
const TRIPLES = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]] as const;
const names = (indices: readonly number[]) => indices.map((i) => PILLAR_NAMES[i]!);

type SetType = "three_combination" | "directional_combination";
const SET_TABLES = [["three_combination", THREE_COMBINATIONS], ["directional_combination", DIRECTIONAL_COMBINATIONS]] as const;
/** "申子辰三合水局", "寅卯辰三会木方". */
const setName = (type: SetType, set: { branches: readonly number[]; element: number }) =>
  set.branches.map((b) => BRANCHES[b]).join("") + (type === "three_combination" ? `三合${ELEMENTS_ZH[set.element]}局` : `三会${ELEMENTS_ZH[set.element]}方`);
const stemCombinationName = ({ stems: [a, b], element }: { stems: readonly [number, number]; element: number }) => `${STEMS[a]}${STEMS[b]}合${ELEMENTS_ZH[element]}`;

/** Per branch pair: the half three-combination they form (two of it, one its peak), derived once. */
const HALVES: readonly ({ name: string; element: number } | null)[] = Array.from({ length: 144 }, (_, k) => {
  const [a, b] = [Math.floor(k / 12), k % 12];
  const set = THREE_COMBINATIONS.find((c) => a !== b && c.branches.includes(a) && c.branches.includes(b) && (a === c.branches[1] || b === c.branches[1]));
  return set ? { name: `${set.branches.filter((x) => x === a || x === b).map((x) => BRANCHES[x]).join("")}半合${ELEMENTS_ZH[set.element]}局`, element: set.element } : null;
});

/** Every interaction among the four pillars (stems and branches by pillar: year, month, day, hour). */
export function natalInteractions(stems: readonly number[], branches: readonly number[]): Interaction[] {
  const monthElement = BRANCH_ELEMENT[branches[1]!]!;
  /** Adjacent, supported by the month, and no third pillar holding either member again (争合). */
  const transforms = (values: readonly number[], i: number, j: number, element: number) =>
    j === i + 1 && monthElement === element && !values.some((v, k) => k !== i && k !== j && (v === values[i] || v === values[j]));
  const out: Interaction[] = [];
  for (const [i, j] of PAIRS) {
    const combination = stemCombination(stems[i]!, stems[j]!);
    if (combination) {
      const { element } = combination;
      out.push({ type: "stem_combination", members: names([i, j]), name: stemCombinationName(combination), ...combinesTo(element), transforms: transforms(stems, i, j, element) });
    }
  }
  // Complete sets: rare, so looked for only when the branches present (a bitmask) hold one.
  let present = 0;
  for (const b of branches) present |= 1 << b;
  const complete: { members: readonly number[]; branches: readonly number[] }[] = [];
  for (const [type, table] of SET_TABLES) {
    for (const set of table) {
      if (set.branches.some((b) => (present & (1 << b)) === 0)) continue;
      for (const triple of TRIPLES) {
        if (!set.branches.every((b) => triple.some((k) => branches[k] === b))) continue;
        complete.push({ members: triple, branches: set.branches });
        out.push({ type, members: names(triple), name: setName(type, set), ...combinesTo(set.element), transforms: true });
      }
    }
  }
  for (const [i, j] of PAIRS) {
    const [a, b] = [branches[i]!, branches[j]!];
    for (const found of branchPair(a, b)) {
      if (found.type === "six_combination") {
        out.push({ type: found.type, members: names([i, j]), name: found.name, ...combinesTo(found.element!), transforms: transforms(branches, i, j, found.element!) });
      } else out.push({ type: found.type, members: names([i, j]), name: found.name });
    }
    // Two of a three-combination, one of them its peak, not already inside a complete one.
    const half = HALVES[a * 12 + b];
    if (half && !complete.some((c) => c.members.includes(i) && c.members.includes(j) && c.branches.includes(a) && c.branches.includes(b))) {
      out.push({ type: "half_combination", members: names([i, j]), name: half.name, ...combinesTo(half.element), transforms: false });
    }
  }
  return out;
}

/** Per branch: the three-combinations and directional combinations it belongs to, with the two other branches. */
const SETS_BY_BRANCH = Array.from({ length: 12 }, (_, branch) =>
  SET_TABLES.flatMap(([type, table]) =>
    table
      .filter((set) => set.branches.includes(branch))
      .map((set) => ({ type, others: set.branches.filter((b) => b !== branch), name: setName(type, set), ...combinesTo(set.element) })),
  ),
);

/**
 * The interactions a visiting pillar — a year's (流年) or a month's (流月) — has with the chart: its stem combining with a natal
 * stem, its branch clashing, combining, punishing, harming or destroying a natal branch,
 * completing a three-combination or directional combination with two natal branches, or else
 * half-combining with one.
 */
export function yearInteractions(stem: number, branch: number, stems: readonly number[], branches: readonly number[]): Interaction[] {
  const out: Interaction[] = [];
  for (let k = 0; k < 4; k++) {
    const combination = stemCombination(stem, stems[k]!);
    if (combination) out.push({ type: "stem_combination", members: [PILLAR_NAMES[k]!], name: stemCombinationName(combination), ...combinesTo(combination.element) });
  }
  for (let k = 0; k < 4; k++) {
    for (const found of branchPair(branch, branches[k]!)) {
      out.push(found.element === undefined ? { type: found.type, members: [PILLAR_NAMES[k]!], name: found.name } : { type: found.type, members: [PILLAR_NAMES[k]!], name: found.name, ...combinesTo(found.element) });
    }
  }
  let completesThree = false;
  for (const set of SETS_BY_BRANCH[branch]!) {
    const first = branches.indexOf(set.others[0]!);
    const second = branches.indexOf(set.others[1]!);
    if (first < 0 || second < 0) continue;
    out.push({ type: set.type, members: [PILLAR_NAMES[first]!, PILLAR_NAMES[second]!], name: set.name, element: set.element, element_zh: set.element_zh });
    if (set.type === "three_combination") completesThree = true;
  }
  // Else a half of it with one natal branch (a branch belongs to one three-combination only).
  for (let k = 0; k < 4 && !completesThree; k++) {
    const half = HALVES[branch * 12 + branches[k]!];
    if (half) out.push({ type: "half_combination", members: [PILLAR_NAMES[k]!], name: half.name, ...combinesTo(half.element) });
  }
  return out;
}
