import { InputRefused, type ValidationDetail } from "../input-refused.ts";
import { castCalendar, type CastCalendar } from "./calendar.ts";
import { yarrowLine, type DayanProvenance } from "./dayan.ts";
import { branchesClash, relativeOf } from "./ganzhi.ts";
import { hexagramByBits, type Hexagram } from "./hexagrams.ts";
import { transformTags } from "./transforms.ts";
import type { CastInput, ChangedHexagram, LineValue, PrimaryHexagram, Reading } from "./types.ts";
import { lineStrength } from "./strength.ts";
import { usefulGod } from "./useful-god.ts";
import { classifyMatter } from "../matter/matter.ts";
import { whose } from "../matter/person.ts";
import { namesAnimal } from "../matter/animal.ts";

const LINE_VALUES: readonly number[] = [6, 7, 8, 9];

function invalid(details: ValidationDetail[]): never {
  throw new InputRefused(details);
}

/** Checks the six line values; returns them typed. */
function validateLines(lines: unknown): LineValue[] {
  if (!Array.isArray(lines) || lines.length !== 6) {
    invalid([{ path: "lines", message: "must be exactly 6 values of 6/7/8/9, bottom line first" }]);
  }
  const bad = lines.flatMap((v, i) =>
    LINE_VALUES.includes(v) ? [] : [{ path: `lines[${i}]`, message: "must be 6, 7, 8 or 9" }],
  );
  if (bad.length) invalid(bad);
  return [...lines] as LineValue[];
}

/** True when a stored draw re-derives to exactly these lines. */
function drawMatches(p: DayanProvenance, lines: readonly LineValue[]): boolean {
  try {
    return (
      p.method === "dayan" &&
      p.lines.length === 6 &&
      p.lines.every((d, i) => {
        const left = d.changes.map((c) => c.left_remainder) as [number, number, number];
        return d.changes.length === 3 && d.value === lines[i] && d.position === i + 1 && yarrowLine(i + 1, left).value === d.value;
      })
    );
  } catch {
    // A malformed draw (wrong shapes, remainders outside 1..4) simply does not match.
    return false;
  }
}

/** A dayan reading must carry its draw, and the draw must really yield these lines. */
function validateProvenance(input: CastInput, lines: readonly LineValue[]): DayanProvenance | undefined {
  const p = input.provenance;
  if (input.method === "manual_lines") {
    if (p) invalid([{ path: "provenance", message: "only a dayan cast carries a draw provenance" }]);
    return undefined;
  }
  if (input.method !== "dayan") invalid([{ path: "method", message: "must be manual_lines or dayan" }]);
  if (!p || !drawMatches(p, lines)) invalid([{ path: "provenance", message: "a dayan cast needs the draw that produced exactly these lines" }]);
  return p;
}

/** The primary hexagram at the cast's month and day; `changed` (the changed hexagram, if any) gives moving lines' 化入墓. */
function primaryOf(hex: Hexagram, lines: readonly LineValue[], cal: CastCalendar, changed: Hexagram | null): PrimaryHexagram {
  return {
    bits: hex.bits,
    name: hex.name,
    short_name: hex.short_name,
    king_wen: hex.king_wen,
    upper: hex.upper,
    lower: hex.lower,
    palace: hex.palace,
    palace_element: hex.palace_element,
    palace_element_en: hex.palace_element_en,
    generation: hex.generation,
    world: hex.world,
    response: hex.response,
    liuchong: hex.liuchong,
    liuhe: hex.liuhe,
    gua_shen: hex.gua_shen,
    lines: hex.najia.map((l, i) => {
      const moving = lines[i] === 6 || lines[i] === 9;
      const isVoid = cal.void.includes(l.branch);
      return {
        ...l,
        value: lines[i],
        moving,
        spirit: cal.six_spirits[i],
        mark: l.position === hex.world ? "世" : l.position === hex.response ? "应" : null,
        void: isVoid,
        month_break: branchesClash(l.branch, cal.month_branch),
        day_clash: branchesClash(l.branch, cal.day_branch),
        strength: lineStrength({ branch: l.branch, moving, void: isVoid, changedBranch: moving && changed ? changed.najia[i]!.branch : null }, cal.month_branch, cal.day_branch),
      };
    }),
    hidden: hex.hidden,
  };
}

function changedOf(primary: Hexagram, changed: Hexagram, moving: readonly number[]): ChangedHexagram {
  return {
    bits: changed.bits,
    name: changed.name,
    short_name: changed.short_name,
    king_wen: changed.king_wen,
    palace: changed.palace,
    palace_element: changed.palace_element,
    palace_element_en: changed.palace_element_en,
    generation: changed.generation,
    world: changed.world,
    response: changed.response,
    liuchong: changed.liuchong,
    liuhe: changed.liuhe,
    lines: changed.najia.map((l) => ({
      position: l.position,
      yang: l.yang,
      stem: l.stem,
      branch: l.branch,
      element: l.element,
      element_en: l.element_en,
      // The standard rule: the changed lines are kin of the ORIGINAL palace.
      relative: relativeOf(primary.palace_element, l.element),
      relative_own_palace: l.relative,
    })),
    transforms: moving.map((pos) => {
      const from = primary.najia[pos - 1];
      const to = changed.najia[pos - 1];
      return {
        position: pos,
        from: from.branch,
        to: to.branch,
        from_element: from.element,
        from_element_en: from.element_en,
        to_element: to.element,
        to_element_en: to.element_en,
        tags: transformTags(from.branch, to.branch),
      };
    }),
  };
}

/**
 * Builds the full reading of six line values at an instant. Pure and deterministic:
 * the same input always gives the same reading.
 * @throws InputRefused (details with paths `lines[i]`, `cast_at`, `method`, `provenance`).
 */
export function castReading(input: CastInput): Reading {
  const lines = validateLines(input.lines);
  const provenance = validateProvenance(input, lines);
  if (typeof input.question !== "string") invalid([{ path: "question", message: "must be a string" }]);
  const calendar = castCalendar(input.castAt, input.castAtOffset);

  const bits = lines.map((v) => (v === 7 || v === 9 ? "1" : "0")).join("");
  const moving = lines.flatMap((v, i) => (v === 6 || v === 9 ? [i + 1] : []));
  const changedBits = lines.map((v, i) => (v === 6 ? "1" : v === 9 ? "0" : bits[i])).join("");
  const primary = hexagramByBits(bits);
  const changedHexagram = moving.length ? hexagramByBits(changedBits) : null;

  const primaryHexagram = primaryOf(primary, lines, calendar, changedHexagram);
  const chosen = usefulGod(primaryHexagram, { matters: classifyMatter(input.question), ...whose(input.question), animal: namesAnimal(input.question) });
  const reading: Reading = {
    question: input.question,
    method: input.method,
    lines,
    cast_at: calendar.cast_at,
    calendar,
    primary: primaryHexagram,
    changed: changedHexagram ? changedOf(primary, changedHexagram, moving) : null,
    moving_lines: moving,
    hu: primary.hu,
    cuo: primary.cuo,
    zong: primary.zong,
    useful_god: chosen.useful_god,
    useful_god_reason: chosen.reason,
  };
  return provenance ? { ...reading, dayan: provenance } : reading;
}
