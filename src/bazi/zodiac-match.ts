/**
 * Folk zodiac matching (生肖配对): two people's animals are their year branches, and the pair is
 * read by what the two branches make. A six combination (六合: 子丑, 寅亥…) or two of one three
 * combination (三合: 申子辰 — rat, monkey and dragon) is a good match; a clash (六冲) or a harm (六害)
 * a poor one; a punishment or a break alone, some friction; anything else, neither. It is the
 * coarsest layer of matching two charts (合婚), and the answer says so. Pure: branch indices in.
 */
import { branchPairInteractions, type InteractionType } from "./interactions.ts";
import { THREE_COMBINATIONS } from "./interaction-tables.ts";
import { BRANCHES, ELEMENTS_ZH } from "./tables.ts";

export type ZodiacVerdict = "good" | "poor" | "friction" | "neutral";

export interface ZodiacMatch {
  verdict: ZodiacVerdict;
  /** The relations named classically (丑午害, 申辰 of 申子辰三合水局), in the order they weigh. */
  relations: readonly string[];
}

/**
 * How two year branches (0 子 … 11 亥) match in the folk reading.
 * @example zodiacMatch(1, 6) // { verdict: "poor", relations: ["丑午害"] } — Ox and Horse
 * @example zodiacMatch(8, 4) // { verdict: "good", relations: ["申子辰三合水局"] } — Monkey and Dragon
 */
export function zodiacMatch(a: number, b: number): ZodiacMatch {
  const pair = branchPairInteractions(a, b);
  const three = a === b ? undefined : THREE_COMBINATIONS.find((c) => c.branches.includes(a) && c.branches.includes(b));
  const threeName = three ? `${three.branches.map((x) => BRANCHES[x]).join("")}三合${ELEMENTS_ZH[three.element]}局` : null;
  const relations = [...pair.map((r) => r.name), ...(threeName ? [threeName] : [])];
  const has = (type: InteractionType) => pair.some((r) => r.type === type);
  const verdict: ZodiacVerdict =
    has("six_combination") || three ? "good" : has("clash") || has("harm") ? "poor" : has("punishment") || has("destruction") ? "friction" : "neutral";
  return { verdict, relations };
}
