/**
 * Element-name pairs in an answer (BaZi: English `X` beside Chinese `X_zh`; LiuYao: Chinese `X`
 * beside English `X_en`), checked against the five-entry table written out here, not against the
 * service's own table (src/bazi/tables.ts ELEMENT_ZH), which the tests compare with this one.
 */
import { expect } from "bun:test";

/** The five elements: English → Chinese. */
export const ZH_OF: Readonly<Record<string, string>> = { wood: "木", fire: "火", earth: "土", metal: "金", water: "水" };
/** Chinese → English. */
export const EN_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(ZH_OF).map(([en, zh]) => [zh, en]));

/** Which form the answer's own fields carry, and the suffix of the field beside each. */
export const BAZI = { own: ZH_OF, suffix: "_zh" } as const;
export const LIUYAO = { own: EN_OF, suffix: "_en" } as const;
type Forms = typeof BAZI | typeof LIUYAO;

export interface PairReport {
  /** Paths of the element-valued fields found, array indices written `[]`, e.g. `$.primary.lines[].element`. */
  paths: Set<string>;
  /** Every field without its pair, with a pair that disagrees, or a pair without its field. */
  problems: string[];
}

/** A field's value names elements in the answer's own form: one name, or a list of them (a list under an `…elements` key may be empty). */
function elementValued(key: string, value: unknown, forms: Forms): boolean {
  const isName = (v: unknown) => typeof v === "string" && v in forms.own;
  if (isName(value)) return true;
  return Array.isArray(value) && (value.length > 0 || /elements$/.test(key)) && value.every(isName);
}

/**
 * Walks `value` (an answer as JSON) and checks every element-valued field against its pair.
 * Objects keyed by element (five_elements.counts, seasonal_state) are keys, not values, and are not paired.
 */
export function elementPairs(value: unknown, forms: Forms, path = "$", report: PairReport = { paths: new Set(), problems: [] }): PairReport {
  if (Array.isArray(value)) {
    for (const item of value) elementPairs(item, forms, `${path}[]`, report);
    return report;
  }
  if (value === null || typeof value !== "object") return report;
  const object = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(object)) {
    const at = `${path}.${key}`;
    if (key.endsWith(forms.suffix)) {
      if (!(key.slice(0, -forms.suffix.length) in object)) report.problems.push(`${at}: a pair without its field`);
      continue;
    }
    if (elementValued(key, v, forms)) {
      report.paths.add(at);
      const expected = Array.isArray(v) ? v.map((e) => forms.own[e as string]) : forms.own[v as string];
      const pair = object[key + forms.suffix];
      if (JSON.stringify(pair) !== JSON.stringify(expected)) report.problems.push(`${at} = ${JSON.stringify(v)}: ${key}${forms.suffix} is ${JSON.stringify(pair)}, expected ${JSON.stringify(expected)}`);
      continue;
    }
    // A field named like one (element, stem_element, favorable_elements …) must hold element names; `conventions` holds sentences.
    const namedLikeOne = /element$|elements$/.test(key) && (typeof v === "string" || Array.isArray(v)) && path !== "$.conventions";
    if (namedLikeOne) report.problems.push(`${at} = ${JSON.stringify(v)}: named like an element field but holds no element name`);
    elementPairs(v, forms, at, report);
  }
  return report;
}

/** `value` as a record stored before the pairs were added: every pair field removed, at any depth. */
export function withoutPairs<T>(value: T, forms: Forms): T {
  if (Array.isArray(value)) return value.map((v) => withoutPairs(v, forms)) as T;
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(object)
      .filter(([key]) => !(key.endsWith(forms.suffix) && key.slice(0, -forms.suffix.length) in object))
      .map(([key, v]) => [key, withoutPairs(v, forms)]),
  ) as T;
}

/**
 * The element-valued fields found across `records`, sorted; each record must pair every one of them
 * (a failure names the record by `label`, e.g. its birth or its lines).
 */
export function pairedElementPaths(records: readonly Record<string, unknown>[], forms: Forms, label: (record: Record<string, unknown>) => unknown): string[] {
  const found = new Set<string>();
  for (const record of records) {
    const { paths, problems } = elementPairs(record, forms);
    expect({ record: label(record), problems }).toEqual({ record: label(record), problems: [] });
    for (const p of paths) found.add(p);
  }
  return [...found].sort();
}
