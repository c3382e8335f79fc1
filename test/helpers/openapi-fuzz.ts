/**
 * fast-check arbitraries driven by the service's own OpenAPI document, so an
 * endpoint added later is fuzzed without touching the tests:
 *
 * - operationsOf(doc): every business operation (method, path, id patterns,
 *   Idempotency-Key, request-body schema, declared statuses and error codes);
 * - validValue(schema): values the schema accepts, leaning on its limits (exact
 *   minLength/maxLength/minimum/maximum/minItems/maxItems) and odd Unicode;
 * - invalidValue(schema): a valid value with one mutation that the schema is sure
 *   to reject (wrong type, null, missing or extra property at any level, one past a
 *   limit, a pattern or format broken, deep nesting, a huge array), with a label.
 *
 * Only the JSON Schema keywords the document uses are understood; an unknown one
 * makes operationsOf throw, so a new keyword cannot silently weaken the fuzzing.
 */
import fc from "fast-check";

export type JsonSchema = Record<string, any>;

export interface Operation {
  method: string;
  /** OpenAPI template, e.g. /v1/healing/sessions/{session_id} */
  template: string;
  /** Matches concrete paths of this template (one segment per parameter, optional trailing slash). */
  matcher: RegExp;
  params: { name: string; prefix: string | null; pattern: RegExp | null }[];
  idempotent: boolean;
  body: JsonSchema | null;
  /** Declared status → error codes (null for success statuses). */
  responses: Map<number, Set<string> | null>;
}

const KNOWN_KEYWORDS = new Set([
  "type", "properties", "required", "additionalProperties", "patternProperties", "items", "anyOf", "oneOf", "not", "const", "enum",
  "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "maxProperties", "pattern", "format", "default",
  "description", "title", "examples", "uniqueItems",
]);

function checkKeywords(schema: unknown, where: string): void {
  if (Array.isArray(schema)) return schema.forEach((s, i) => checkKeywords(s, `${where}[${i}]`));
  if (!schema || typeof schema !== "object") return;
  for (const [k, v] of Object.entries(schema)) {
    if (!KNOWN_KEYWORDS.has(k)) throw new Error(`fuzzer does not understand the schema keyword "${k}" at ${where}`);
    if (k === "properties" || k === "patternProperties") for (const [name, s] of Object.entries(v as object)) checkKeywords(s, `${where}.${name}`);
    else if (["items", "anyOf", "oneOf", "not"].includes(k)) checkKeywords(v, `${where}.${k}`);
  }
}

function resolve(doc: any, node: any): any {
  if (node && typeof node === "object" && typeof node.$ref === "string") {
    const parts = node.$ref.replace(/^#\//, "").split("/");
    return parts.reduce((acc: any, p: string) => acc?.[p], doc);
  }
  return node;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A template's shape as a RegExp over concrete paths. */
export function templateMatcher(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map(escapeRegExp);
  return new RegExp(`^${parts.join("[^/]+")}/?$`);
}

/** Every operation under /v1 (the business endpoints). */
export function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries<any>(doc.paths)) {
    if (!template.startsWith("/v1/")) continue;
    for (const [method, raw] of Object.entries<any>(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const parameters = (raw.parameters ?? []).map((p: any) => resolve(doc, p));
      const params = parameters
        .filter((p: any) => p.in === "path")
        .map((p: any) => {
          const pattern = p.schema?.pattern as string | undefined;
          const prefix = pattern && /^\^[A-Za-z0-9_]+$/.test(pattern) ? pattern.slice(1) : null;
          return { name: p.name, prefix, pattern: pattern ? new RegExp(pattern) : null };
        });
      const idempotent = parameters.some((p: any) => p.in === "header" && p.name.toLowerCase() === "idempotency-key" && p.required);
      const body = raw.requestBody ? resolve(doc, raw.requestBody).content?.["application/json"]?.schema ?? null : null;
      if (body) checkKeywords(body, `${method.toUpperCase()} ${template}`);
      const responses = new Map<number, Set<string> | null>();
      for (const [status, r] of Object.entries<any>(raw.responses ?? {})) {
        const enumCodes = resolve(doc, r)?.content?.["application/json"]?.schema?.properties?.error?.properties?.code?.enum as string[] | undefined;
        responses.set(Number(status), enumCodes ? new Set(enumCodes) : null);
      }
      ops.push({ method: method.toUpperCase(), template, matcher: templateMatcher(template), params, idempotent, body, responses });
    }
  }
  return ops;
}

// ── odd strings ─────────────────────────────────────────────────────────────

/** Pieces that have broken string handling somewhere: surrogates, bidi, zero-width, NUL, emoji, line separators. */
export const ODD_PIECES = [
  "\uD800", // lone high surrogate
  "\uDFFF", // lone low surrogate
  "\uDBFF\uDFFF", // U+10FFFF
  "\u202E", // right-to-left override
  "\u200F", // right-to-left mark
  "\u2066", // left-to-right isolate
  "שלום",
  "مرحبا",
  "\u200B\u200C\u200D\uFEFF", // zero-width space, non-joiner, joiner, BOM
  "\u0000",
  "\u0001\u001F\u007F",
  "\u0085\u2028\u2029",
  "😀",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "e\u0301\u0301\u0301",
  "灵枢八字",
  "Ｆｕｌｌ",
  "\uFFFE\uFFFF",
  "𝕏",
  "'\"\\`${}<script>",
  "%s%n%x",
  "../../etc/passwd",
  "' OR 1=1 --",
  "\t\r\n ",
  "null",
  "0",
  " ",
];

/** Strings made of odd pieces and arbitrary code units. */
export const oddText = fc.oneof(
  fc.array(fc.constantFrom(...ODD_PIECES), { minLength: 1, maxLength: 6 }).map((a) => a.join("")),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ unit: "binary-ascii", maxLength: 12 }),
);

/** Exactly `length` UTF-16 code units, repeating `seed` (cutting through a pair may leave a lone surrogate: also odd). */
export function toLength(seed: string, length: number): string {
  if (length <= 0) return "";
  const base = seed.length > 0 ? seed : "x";
  return base.repeat(Math.ceil(length / base.length)).slice(0, length);
}

// ── schema helpers ──────────────────────────────────────────────────────────

type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

function jsonType(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v as JsonType;
}

function branches(s: JsonSchema): JsonSchema[] {
  return s.anyOf ?? [s];
}

/** Whether a value of this JSON type could satisfy the schema (ignoring other keywords). */
export function allowsType(s: JsonSchema, t: JsonType): boolean {
  return branches(s).some((b) => {
    if ("const" in b) return jsonType(b.const) === t || (t === "number" && jsonType(b.const) === "integer");
    if (b.enum) return b.enum.some((e: unknown) => jsonType(e) === t);
    if (b.type === undefined) return true;
    const types: string[] = Array.isArray(b.type) ? b.type : [b.type];
    return types.includes(t) || (t === "integer" && types.includes("number"));
  });
}

function constants(s: JsonSchema): unknown[] | null {
  if ("const" in s) return [s.const];
  if (s.enum) return s.enum;
  if (s.anyOf && s.anyOf.every((b: JsonSchema) => "const" in b)) return s.anyOf.map((b: JsonSchema) => b.const);
  return null;
}

/** Names a oneOf branch forbids through `not: {required}` / `not: {anyOf: [{required}]}`. */
function forbiddenBy(branch: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  const not = branch?.not;
  if (!not) return out;
  for (const r of not.required ?? []) out.add(r);
  for (const b of not.anyOf ?? []) for (const r of b.required ?? []) out.add(r);
  return out;
}

/** Whether an object with these keys fits the presence rules (required, oneOf, additionalProperties, maxProperties). */
export function keysFit(s: JsonSchema, keys: string[]): boolean {
  const present = new Set(keys);
  for (const r of s.required ?? []) if (!present.has(r)) return false;
  if (s.maxProperties !== undefined && keys.length > s.maxProperties) return false;
  if (s.additionalProperties === false) {
    for (const k of keys) if (!(s.properties && k in s.properties) && !patternSchema(s, k)) return false;
  }
  if (s.oneOf) {
    const fitting = s.oneOf.filter((b: JsonSchema) => (b.required ?? []).every((r: string) => present.has(r)) && ![...forbiddenBy(b)].some((f) => present.has(f)));
    if (fitting.length !== 1) return false;
  }
  return true;
}

function patternSchema(s: JsonSchema, key: string): JsonSchema | null {
  for (const [p, ps] of Object.entries<JsonSchema>(s.patternProperties ?? {})) if (new RegExp(p).test(key)) return ps;
  return null;
}

/** A simple valid value: the first constant, the minimum, the shortest string. */
export function minimalValid(s: JsonSchema): unknown {
  const c = constants(s);
  if (c) return c[0];
  const b = branches(s)[0]!;
  switch (b.type) {
    case "string":
      if (b.pattern && /^\^[A-Za-z0-9_]+$/.test(b.pattern)) return `${b.pattern.slice(1)}x`;
      if (b.format === "date-time") return "2024-05-01T09:30:00+08:00";
      return "a".repeat(b.minLength ?? 0);
    case "integer":
    case "number":
      return b.minimum ?? 0;
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: b.minItems ?? 0 }, () => minimalValid(b.items ?? {}));
    case "object": {
      const out: Record<string, unknown> = {};
      const required = new Set([...(b.required ?? []), ...(b.oneOf?.[0]?.required ?? [])]);
      for (const r of required) out[r] = minimalValid(b.properties?.[r] ?? {});
      return out;
    }
    default:
      return null;
  }
}

// ── valid values ────────────────────────────────────────────────────────────

export interface IdSource {
  /** Existing ids with this prefix ("bzc_"), or of every kind when prefix is null. */
  ids(prefix: string | null): string[];
}

const NO_IDS: IdSource = { ids: () => [] };

function lengthArb(min: number, max: number): fc.Arbitrary<number> {
  const options: fc.Arbitrary<number>[] = [fc.constant(min), fc.constant(max), fc.integer({ min, max: Math.min(max, min + 16) })];
  if (max > min) options.push(fc.integer({ min, max }));
  return fc.oneof(...options);
}

function intArb(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? -1_000_000;
  const max = s.maximum ?? 1_000_000;
  const edges = [min, max, Math.min(max, min + 1), Math.max(min, max - 1)];
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...edges) }, { weight: 3, arbitrary: fc.integer({ min, max }) });
}

const dateTime = fc.oneof(
  { weight: 4, arbitrary: fc.date({ min: new Date("1901-02-20T00:00:00Z"), max: new Date("2099-12-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString()) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.date({ min: new Date("1901-02-20T00:00:00Z"), max: new Date("2099-12-01T00:00:00Z"), noInvalidDate: true }), fc.constantFrom("+08:00", "-12:00", "+14:00", "+00:00", "+05:45", "z"))
      .map(([d, off]) => d.toISOString().replace(/\.\d{3}Z$/, "") + off),
  },
  // Valid RFC 3339 at the ends of the calendar: years 0000 and 9999, leap days.
  { weight: 1, arbitrary: fc.constantFrom("0000-01-01T00:00:00Z", "9999-12-31T23:59:59+23:59", "1900-01-01T00:00:00+08:00", "2100-12-31T23:59:59Z", "2024-02-29T12:00:00.123456789Z", "1582-10-10T00:00:00Z") },
);

const NAME_HINTS: [string, string][] = [["response", "resp_"], ["chart", "bzc_"], ["cast", "lyc_"], ["plan", "hpl_"], ["session", "hsn_"], ["subject", "bzc_"], ["subject", "lyc_"], ["subject", "hpl_"]];

function stringArb(s: JsonSchema, name: string, ids: IdSource): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  if (s.format === "date-time") return dateTime;
  if (s.pattern) {
    const prefix = /^\^([A-Za-z0-9_]+)$/.exec(s.pattern)?.[1];
    if (!prefix) throw new Error(`fuzzer cannot generate strings for the pattern ${s.pattern}`);
    const known = ids.ids(prefix);
    const fresh = fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 40 }).map((t) => prefix + t);
    return known.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fresh }) : fresh;
  }
  const free = fc.tuple(oddText, lengthArb(min, max)).map(([seed, n]) => toLength(seed, n));
  if (/_id$/.test(name)) {
    const known = ids.ids(null).filter((id) => id.length >= min && id.length <= max);
    // Prefer ids whose kind the name suggests (response_id → resp_…), then any id, then free text.
    const hinted = known.filter((id) => NAME_HINTS.some(([word, prefix]) => name.includes(word) && id.startsWith(prefix)));
    const options: fc.WeightedArbitrary<string>[] = [{ weight: 1, arbitrary: free }];
    if (known.length) options.push({ weight: 2, arbitrary: fc.constantFrom(...known) });
    if (hinted.length) options.push({ weight: 4, arbitrary: fc.constantFrom(...hinted) });
    return fc.oneof(...options);
  }
  return free;
}

/** Values the schema accepts. `name` is the property name (ids are drawn from `ids` when it ends in _id). */
export function validValue(s: JsonSchema, ids: IdSource = NO_IDS, name = ""): fc.Arbitrary<unknown> {
  const c = constants(s);
  if (c) return fc.constantFrom(...c);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((b: JsonSchema) => validValue(b, ids, name)));
  switch (s.type) {
    case "string":
      return stringArb(s, name, ids);
    case "integer":
      return intArb(s);
    case "number":
      return fc.oneof(intArb(s), fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true }));
    case "boolean":
      return fc.boolean();
    case "array": {
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? 6, 20);
      const item = validValue(s.items ?? {}, ids, name);
      const c2 = constants(s.items ?? {});
      // Closed item sets are sent without repeats (the business rules refuse repeats); sometimes with.
      if (c2 && c2.length >= min) {
        const unique = fc.uniqueArray(fc.constantFrom(...c2), { minLength: min, maxLength: Math.min(max, c2.length) });
        const all = fc.constant(c2.slice(0, Math.min(max, c2.length)));
        return fc.oneof({ weight: 6, arbitrary: unique }, { weight: 1, arbitrary: all }, { weight: 1, arbitrary: fc.array(item, { minLength: min, maxLength: max }) });
      }
      return fc.oneof(fc.array(item, { minLength: min, maxLength: max }), fc.array(item, { minLength: max, maxLength: max }));
    }
    case "object":
      return objectArb(s, ids);
    default:
      return fc.constant(null);
  }
}

function objectArb(s: JsonSchema, ids: IdSource): fc.Arbitrary<Record<string, unknown>> {
  if (!s.properties && s.patternProperties) {
    const [, valueSchema] = Object.entries<JsonSchema>(s.patternProperties)[0]!;
    const maxKeys = s.maxProperties ?? 20;
    // Keys never contain line terminators (`.` in ^(.*)$ does not match them).
    const key = oddText.map((k) => k.replace(/[\n\r\u2028\u2029]/g, "_"));
    const valueMax = valueSchema.maxLength ?? 100;
    const shortValue = fc.tuple(oddText, fc.integer({ min: 0, max: Math.min(valueMax, 24) })).map(([seed, n]) => toLength(seed, n));
    return fc.oneof(
      fc.dictionary(key, validValue(valueSchema, ids), { maxKeys: 4 }),
      // Exactly the key limit, short values; or one value at its length limit.
      fc.array(shortValue, { minLength: maxKeys, maxLength: maxKeys }).map((vals) => Object.fromEntries(vals.map((v, i) => [`k${i}`, v]))),
      fc.tuple(key, oddText).map(([k, seed]) => ({ [k]: toLength(seed, valueMax) })),
    );
  }
  const variants = s.oneOf ?? [undefined];
  return fc.oneof(
    ...variants.map((branch: JsonSchema | undefined) => {
      const forbidden = forbiddenBy(branch);
      const required = new Set<string>([...(s.required ?? []), ...(branch?.required ?? [])]);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, ps] of Object.entries<JsonSchema>(s.properties ?? {})) if (!forbidden.has(k)) model[k] = validValue(ps, ids, k);
      return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
    }),
  ) as fc.Arbitrary<Record<string, unknown>>;
}

// ── invalid values ──────────────────────────────────────────────────────────

export interface Mutated {
  value: unknown;
  label: string;
}

type Path = (string | number)[];

interface Site {
  path: Path;
  schema: JsonSchema;
  value: unknown;
}

function sitesOf(s: JsonSchema, value: unknown, path: Path = []): Site[] {
  const out: Site[] = [{ path, schema: s, value }];
  const b = s.anyOf ? null : s;
  if (b?.type === "object" && value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const ps = b.properties?.[k] ?? patternSchema(b, k);
      if (ps) out.push(...sitesOf(ps, v, [...path, k]));
    }
  }
  if (b?.type === "array" && Array.isArray(value) && b.items) value.forEach((v, i) => out.push(...sitesOf(b.items, v, [...path, i])));
  return out;
}

function clone<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as any;
  let node = copy;
  for (const p of path.slice(0, -1)) node = node[p];
  const last = path[path.length - 1]!;
  if (last === "__proto__") Object.defineProperty(node, last, { value, enumerable: true, configurable: true, writable: true });
  else node[last] = value;
  return copy;
}

function pathText(path: Path): string {
  return path.length === 0 ? "(body)" : path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("").replace(/^\./, "");
}

/** Nested arrays (or objects) `depth` deep, as a value. */
function nested(depth: number, kind: "array" | "object"): unknown {
  let v: unknown = kind === "array" ? [] : {};
  for (let i = 0; i < depth; i++) v = kind === "array" ? [v] : { a: v };
  return v;
}

const WRONG_TYPE_CANDIDATES: unknown[] = [0, -1, 1.5, 1e300, "text", "", "0", "true", true, false, [], [1, 2], {}, { a: 1 }];
const EXTRA_KEYS = ["extra", "__proto__", "constructor", "", " ", "😀", "a\u0000b", "\u200B", "x".repeat(300)];

/** One mutation of `value` (valid for `s`) that `s` must reject, chosen by the numbers in `choice`. */
export function mutate(s: JsonSchema, value: unknown, choice: number[]): Mutated | null {
  const sites = sitesOf(s, value);
  const site = sites[choice[0]! % sites.length]!;
  const at = pathText(site.path);
  const options: (() => Mutated | null)[] = [];
  const ss = site.schema;
  const put = (v: unknown, label: string): Mutated => ({ value: setAt(value, site.path, v), label: `${at}: ${label}` });

  if (!allowsType(ss, "null")) options.push(() => put(null, "null"));
  options.push(() => {
    const wrong = WRONG_TYPE_CANDIDATES.filter((c) => !allowsType(ss, jsonType(c)));
    if (wrong.length === 0) return null;
    const w = wrong[choice[1]! % wrong.length];
    return put(w, `wrong type ${JSON.stringify(w)}`);
  });
  const consts = constants(ss);
  if (consts && consts.every((c) => typeof c === "string")) {
    options.push(() => {
      const base = String(consts[choice[1]! % consts.length]);
      const cands = [base.toUpperCase(), `${base} `, `${base}\u200B`, `${base}\u0000`, "other-value", base.normalize("NFKD") + "\u0301"].filter((c) => !consts.includes(c));
      const c = cands[choice[2]! % cands.length]!;
      return put(c, `not one of the allowed values ${JSON.stringify(c)}`);
    });
  }
  if (consts && consts.every((c) => typeof c === "number")) {
    options.push(() => {
      const nums = consts as number[];
      const cands = [Math.min(...nums) - 1, Math.max(...nums) + 1, nums[0]! + 0.5, -nums[0]!, 0].filter((c) => !nums.includes(c));
      const c = cands[choice[1]! % cands.length]!;
      return put(c, `not one of the allowed numbers (${c})`);
    });
  }
  const b = ss.anyOf ? null : ss;
  if (b && (b.type === "integer" || b.type === "number")) {
    if (b.minimum !== undefined) options.push(() => put(b.minimum - 1, `minimum−1 (${b.minimum - 1})`), () => put(-1e21, "far below the minimum"));
    if (b.maximum !== undefined) options.push(() => put(b.maximum + 1, `maximum+1 (${b.maximum + 1})`), () => put(Number.MAX_SAFE_INTEGER + 2, "2^53+1"));
    if (b.type === "integer") options.push(() => put((b.minimum ?? 0) + 0.5, "not an integer"));
  }
  if (b?.type === "string") {
    if (b.maxLength !== undefined) {
      options.push(() => put(toLength(ODD_PIECES[choice[1]! % ODD_PIECES.length]!, b.maxLength + 1), `maxLength+1 (${b.maxLength + 1} code units)`));
      options.push(() => put(toLength("长", Math.min(b.maxLength * 8 + 7, 20_000)), "far over maxLength"));
    }
    if (b.minLength) options.push(() => put(toLength("x", b.minLength - 1), `minLength−1 (${b.minLength - 1})`));
    if (b.pattern) {
      const re = new RegExp(b.pattern);
      options.push(() => {
        const cands = ["", "x", "BZC_x", " bzc_x", "bzc-x", "hpl", "\u0000hpl_x", "ｂｚｃ_x", `${String(site.value).toUpperCase()}`].filter((c) => !re.test(c));
        const c = cands[choice[1]! % cands.length]!;
        return put(c, `does not match ${b.pattern}: ${JSON.stringify(c)}`);
      });
    }
    if (b.format === "date-time") {
      options.push(() => {
        const cands = ["not a date", "", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T09:30:00", "2024-05-01", "1714555800", "2024-05-01T09:30:00+25:00"];
        const c = cands[choice[1]! % cands.length]!;
        return put(c, `not an RFC 3339 date-time: ${JSON.stringify(c)}`);
      });
    }
  }
  if (b?.type === "array" && Array.isArray(site.value)) {
    const items = site.value as unknown[];
    const filler = items.length ? items[0] : minimalValid(b.items ?? {});
    if (b.maxItems !== undefined) {
      options.push(() => put([...items, ...Array.from({ length: b.maxItems + 1 - items.length }, () => clone(filler))], `maxItems+1 (${b.maxItems + 1} items)`));
      options.push(() => {
        const per = Math.max(2, JSON.stringify(filler).length + 1);
        const n = Math.max(b.maxItems + 1, Math.min(20_000, Math.floor(50_000 / per)));
        return put(Array.from({ length: n }, () => clone(filler)), `huge array (${n} items)`);
      });
    }
    if (b.minItems) options.push(() => put(items.slice(0, b.minItems - 1), `minItems−1 (${b.minItems - 1} items)`));
  }
  if (b?.type === "object" && site.value && typeof site.value === "object" && !Array.isArray(site.value)) {
    const obj = site.value as Record<string, unknown>;
    const keys = Object.keys(obj);
    options.push(() => {
      const removable = keys.filter((k) => !keysFit(b, keys.filter((x) => x !== k)));
      if (removable.length === 0) return null;
      const k = removable[choice[1]! % removable.length]!;
      const copy = clone(obj);
      delete copy[k];
      return put(copy, `required "${k}" removed`);
    });
    options.push(() => {
      const cands = [...EXTRA_KEYS, ...keys.map((k) => k.toUpperCase()), ...keys.map((k) => `${k} `)].filter((k) => !keysFit(b, [...keys, k]) && !keys.includes(k));
      if (cands.length > 0) {
        const k = cands[choice[1]! % cands.length]!;
        const copy = clone(obj);
        Object.defineProperty(copy, k, { value: "x", enumerable: true, configurable: true, writable: true });
        return put(copy, `extra property ${JSON.stringify(k).slice(0, 40)}`);
      }
      // Open maps (metadata): a non-string value under a new key.
      const k = `k${keys.length}-extra`;
      const ps = patternSchema(b, k);
      if (!ps || allowsType(ps, "integer")) return null;
      return put({ ...obj, [k]: 42 }, `extra entry ${k} with a number value`);
    });
    if (b.oneOf) {
      options.push(() => {
        const other = b.oneOf.flatMap((br: JsonSchema) => br.required ?? []).filter((k: string) => !keys.includes(k) && !keysFit(b, [...keys, k]));
        if (other.length === 0) return null;
        const k = other[choice[1]! % other.length]!;
        return put({ ...obj, [k]: minimalValid(b.properties?.[k] ?? {}) }, `both shapes at once (added "${k}")`);
      });
    }
    if (b.maxProperties !== undefined) {
      options.push(() => put(Object.fromEntries(Array.from({ length: b.maxProperties + 1 }, (_, i) => [`k${i}`, "v"])), `maxProperties+1 (${b.maxProperties + 1} keys)`));
    }
  }
  if (!allowsType(ss, "array") || (b?.type === "array" && b.items && !allowsType(b.items, "array"))) {
    options.push(() => {
      const depth = [64, 1000, 20_000][choice[1]! % 3]!;
      return put(nested(depth, "array"), `arrays nested ${depth} deep`);
    });
  }
  if (!allowsType(ss, "object") || (b?.type === "object" && b.additionalProperties === false && !b.properties?.a)) {
    options.push(() => {
      const depth = [64, 1000, 5000][choice[1]! % 3]!;
      return put(nested(depth, "object"), `objects nested ${depth} deep`);
    });
  }

  for (let i = 0; i < options.length; i++) {
    const m = options[(choice[3]! + i) % options.length]!();
    if (m) return m;
  }
  return null;
}

// ── every limit, deterministically ──────────────────────────────────────────

/** A valid value with every optional property present (one per oneOf branch), ids from `ids`. */
export function fullValid(s: JsonSchema, ids: IdSource = NO_IDS, branch = 0): unknown {
  const c = constants(s);
  if (c) return c[0];
  const b = branches(s)[0]!;
  if (b.type === "string" && b.pattern) {
    const prefix = /^\^([A-Za-z0-9_]+)$/.exec(b.pattern)?.[1];
    return (prefix && ids.ids(prefix)[0]) ?? minimalValid(b);
  }
  if (b.type === "array") {
    const itemConsts = constants(b.items ?? {});
    const n = Math.max(b.minItems ?? 0, 1);
    return Array.from({ length: Math.min(n, b.maxItems ?? n) }, (_, i) => (itemConsts ? itemConsts[i % itemConsts.length] : fullValid(b.items ?? {}, ids)));
  }
  if (b.type === "object") {
    if (!b.properties && b.patternProperties) return { k0: fullValid(Object.values<JsonSchema>(b.patternProperties)[0]!, ids) };
    const forbidden = forbiddenBy(b.oneOf?.[branch]);
    const out: Record<string, unknown> = {};
    for (const [k, ps] of Object.entries<JsonSchema>(b.properties ?? {})) if (!forbidden.has(k)) out[k] = fullValid(ps, ids);
    return out;
  }
  return minimalValid(b);
}

export interface LimitCase {
  label: string;
  /** At the limit: the schema accepts it. */
  inside: unknown;
  /** One past the limit: the schema refuses it. */
  outside: unknown;
}

/**
 * For every limit in the schema (minLength/maxLength, minimum/maximum, minItems/maxItems,
 * maxProperties, at any depth): a value exactly at it and one just past it.
 */
export function limitCases(root: JsonSchema, ids: IdSource = NO_IDS): LimitCase[] {
  const out: LimitCase[] = [];
  const seen = new Set<string>();
  const bases = (root.oneOf ?? [undefined]).map((_: unknown, i: number) => fullValid(root, ids, i));
  bases.forEach((base: unknown, bi: number) => {
    const walk = (s: JsonSchema, path: Path) => {
      const b = s.anyOf ? null : s;
      if (!b) return;
      const at = pathText(path);
      const add = (what: string, inside: unknown, outside: unknown) => {
        const label = `${at} ${what}`;
        if (seen.has(label)) return;
        // Only where the path exists in this base (a oneOf branch may forbid it).
        if (!hasPath(base, path)) return;
        out.push({ label, inside: setAt(base, path, inside), outside: setAt(base, path, outside) });
        seen.add(label);
      };
      const odd = ODD_PIECES[(out.length * 7 + bi) % ODD_PIECES.length]!;
      if (b.type === "string") {
        if (b.maxLength !== undefined) add(`maxLength ${b.maxLength}`, toLength(odd, b.maxLength), toLength(odd, b.maxLength + 1));
        if (b.minLength) add(`minLength ${b.minLength}`, toLength("m", b.minLength), toLength("m", b.minLength - 1));
      }
      if (b.type === "integer" || b.type === "number") {
        if (b.minimum !== undefined) add(`minimum ${b.minimum}`, b.minimum, b.minimum - 1);
        if (b.maximum !== undefined) add(`maximum ${b.maximum}`, b.maximum, b.maximum + 1);
      }
      if (b.type === "array") {
        const itemConsts = constants(b.items ?? {});
        const items = (n: number) => Array.from({ length: n }, (_, i) => (itemConsts ? itemConsts[i % itemConsts.length] : fullValid(b.items ?? {}, ids)));
        if (b.maxItems !== undefined) add(`maxItems ${b.maxItems}`, items(b.maxItems), items(b.maxItems + 1));
        if (b.minItems) add(`minItems ${b.minItems}`, items(b.minItems), items(b.minItems - 1));
        if (b.items) walk(b.items, [...path, 0]);
      }
      if (b.type === "object") {
        if (b.maxProperties !== undefined) {
          const map = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));
          add(`maxProperties ${b.maxProperties}`, map(b.maxProperties), map(b.maxProperties + 1));
        }
        for (const [k, ps] of Object.entries<JsonSchema>(b.properties ?? {})) walk(ps, [...path, k]);
        if (!b.properties && b.patternProperties) walk(Object.values<JsonSchema>(b.patternProperties)[0]!, [...path, "k0"]);
      }
    };
    walk(root, []);
  });
  return out;
}

function hasPath(root: unknown, path: Path): boolean {
  let node: any = root;
  for (const p of path) {
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, p)) return false;
    node = node[p];
  }
  return true;
}

/** A valid value with one mutation the schema must reject. */
export function invalidValue(s: JsonSchema, ids: IdSource = NO_IDS): fc.Arbitrary<Mutated> {
  return fc
    .tuple(validValue(s, ids), fc.array(fc.nat(), { minLength: 4, maxLength: 4 }))
    .map(([v, choice]) => mutate(s, v, choice))
    .filter((m): m is Mutated => m !== null);
}
