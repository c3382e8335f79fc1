import { TRIGRAMS, TRIGRAM_NAMES, type TrigramName } from "./trigrams.ts";

/** The eight generations of a palace, in the order they are produced. */
export const GENERATIONS = ["本宫", "一世", "二世", "三世", "四世", "五世", "游魂", "归魂"] as const;
export type Generation = (typeof GENERATIONS)[number];

/** Where one hexagram sits in the 京房八宫 scheme. */
export interface PalaceSlot {
  readonly bits: string;
  readonly palace: TrigramName;
  readonly generation: Generation;
  /** 世爻 position, 1..6. */
  readonly world: number;
  /** 应爻 position, always three lines from the world. */
  readonly response: number;
}

/** Flips the yin/yang of the given 1-based positions of a bottom-first bit string. */
export function flipLines(bits: string, positions: readonly number[]): string {
  return [...bits].map((b, i) => (positions.includes(i + 1) ? (b === "1" ? "0" : "1") : b)).join("");
}

/**
 * The line positions flipped from the pure hexagram, and the world line, for each
 * generation: 一世…五世 change lines 1..k from the bottom; 游魂 turns line 4 of 五世
 * back; 归魂 then restores the whole inner trigram, leaving only line 5 changed.
 * The world sits on the last changed line (本宫 on 6, 游魂 on 4, 归魂 on 3).
 */
const GENERATION_RULES: ReadonlyArray<{ generation: Generation; flips: number[]; world: number }> = [
  { generation: "本宫", flips: [], world: 6 },
  { generation: "一世", flips: [1], world: 1 },
  { generation: "二世", flips: [1, 2], world: 2 },
  { generation: "三世", flips: [1, 2, 3], world: 3 },
  { generation: "四世", flips: [1, 2, 3, 4], world: 4 },
  { generation: "五世", flips: [1, 2, 3, 4, 5], world: 5 },
  { generation: "游魂", flips: [1, 2, 3, 5], world: 4 },
  { generation: "归魂", flips: [5], world: 3 },
];

/** The eight hexagrams of one palace, in generation order. */
export function palaceMembers(palace: TrigramName): PalaceSlot[] {
  const t = TRIGRAMS[palace].bits;
  const pure = t + t;
  return GENERATION_RULES.map(({ generation, flips, world }) => ({
    bits: flipLines(pure, flips),
    palace,
    generation,
    world,
    response: world > 3 ? world - 3 : world + 3,
  }));
}

/** All 64 palace slots keyed by hexagram bits. */
export const PALACE_SLOTS: ReadonlyMap<string, PalaceSlot> = new Map(
  TRIGRAM_NAMES.flatMap((p) => palaceMembers(p)).map((slot) => [slot.bits, slot]),
);
