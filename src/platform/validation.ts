/**
 * Strict payload validation with TypeBox: schemas carry additionalProperties:false,
 * nothing is coerced ("1990" is not 1990) and nothing is stripped. Errors become
 * the spec's `details` list of {path, message}, with paths like `birth.year` or `lines[2]`.
 */
import { FormatRegistry, type TSchema, type Static } from "@sinclair/typebox";
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import type { ValidationDetail } from "./errors.ts";

/** RFC 3339 date-time with a mandatory offset ("Z" or ±hh:mm). */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** True for a real RFC 3339 instant with an offset (rejects 2023-02-30T…, 25:00, missing offsets). */
export function isRfc3339DateTime(value: string): boolean {
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return false;
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d < 1 || d > daysInMonth) return false;
  const offset = m[8]!;
  if (offset.length === 6 && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4, 6)) > 59)) return false;
  return true;
}

// Always ours: Elysia registers a lenient "date-time" in TypeBox's shared registry (it accepts 2024-02-30).
FormatRegistry.Set("date-time", isRfc3339DateTime);

function toPath(pointer: string): string {
  if (pointer === "") return "(body)";
  return pointer
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), "");
}

function enumValues(schema: TSchema): unknown[] | null {
  const options = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!options || !options.every((o) => "const" in o)) return null;
  return options.map((o) => (o as unknown as { const: unknown }).const);
}

function describe(error: ValueError): string {
  const s = error.schema as Record<string, unknown>;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return "is required";
    case ValueErrorType.ObjectAdditionalProperties:
      return "is not an allowed property";
    case ValueErrorType.Integer:
      return "must be an integer";
    case ValueErrorType.Number:
      return "must be a number";
    case ValueErrorType.String:
      return "must be a string";
    case ValueErrorType.Boolean:
      return "must be a boolean";
    case ValueErrorType.Object:
      return "must be an object";
    case ValueErrorType.Array:
      return "must be an array";
    case ValueErrorType.StringMaxLength:
      return `must be at most ${s.maxLength} characters`;
    case ValueErrorType.StringMinLength:
      return `must be at least ${s.minLength} character${s.minLength === 1 ? "" : "s"}`;
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `must be at least ${s.minimum}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `must be at most ${s.maximum}`;
    case ValueErrorType.ArrayMinItems:
      return `must have at least ${s.minItems} item${s.minItems === 1 ? "" : "s"}`;
    case ValueErrorType.ArrayMaxItems:
      return `must have at most ${s.maxItems} item${s.maxItems === 1 ? "" : "s"}`;
    case ValueErrorType.ArrayUniqueItems:
      return "must not repeat an item";
    case ValueErrorType.StringPattern:
      return `must match the pattern ${s.pattern}`;
    case ValueErrorType.StringFormat: {
      const lengths = CODE_POINT_FORMAT.exec(String(s.format));
      if (!lengths) return s.format === "date-time" ? "must be an RFC 3339 date-time with an offset, e.g. 2024-05-01T09:30:00+08:00" : `must be a valid ${s.format}`;
      const [min, max] = [Number(lengths[1]), lengths[2] === "" ? undefined : Number(lengths[2])];
      const tooLong = max !== undefined && typeof error.value === "string" && codePoints(error.value) > max;
      return tooLong ? `must be at most ${max} characters` : `must be at least ${min} character${min === 1 ? "" : "s"}`;
    }
    case ValueErrorType.Literal:
      return `must be ${JSON.stringify(s.const)}`;
    case ValueErrorType.Union: {
      const values = enumValues(error.schema);
      return values ? `must be one of ${values.map((v) => JSON.stringify(v)).join(", ")}` : "does not match any allowed shape";
    }
    default:
      return error.message.charAt(0).toLowerCase() + error.message.slice(1);
  }
}

export interface Validator<T extends TSchema> {
  schema: T;
  /** Returns the details of every problem (empty when valid). */
  check(value: unknown): ValidationDetail[];
  is(value: unknown): value is Static<T>;
}

/**
 * Compiles a schema once.
 * @example const v = compile(ChartPayload); v.check({}) // [{path:"birth", message:"is required"}]
 */
/**
 * Paths of strings (values and keys) that cannot be stored as sent:
 * - not well-formed UTF-16: JSON may carry lone surrogates ("\ud800"), which SQLite's UTF-8 turns
 *   into U+FFFD, so two different ids sent would be one id stored;
 * - holding U+0000: PostgreSQL's text cannot store it at all ("invalid byte sequence"), so the same
 *   request would succeed on SQLite and fail on PostgreSQL. Both are refused on every backend.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = "\u0000";

function unstorable(text: string): string | null {
  if (LONE_SURROGATE.test(text)) return "well-formed Unicode (it contains a lone surrogate)";
  if (text.includes(NUL)) return "free of the NUL character U+0000";
  return null;
}

function illFormedStrings(value: unknown, path: string, found: ValidationDetail[]): void {
  if (found.length >= 50) return;
  if (typeof value === "string") {
    const problem = unstorable(value);
    if (problem) found.push({ path: path || "(body)", message: `must be ${problem}` });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => illFormedStrings(item, `${path}[${i}]`, found));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      const problem = unstorable(key);
      if (problem) found.push({ path: at, message: `property names must be ${problem}` });
      illFormedStrings(item, at, found);
    }
  }
}

/** True when a path parameter could name a stored resource (no U+0000: see illFormedStrings). */
export function storableParam(value: string): boolean {
  return !value.includes(NUL);
}

/**
 * String lengths in characters, as JSON Schema counts them (code points: 61 emoji are 61
 * characters, not 122): TypeBox compares UTF-16 units, so each string's minLength/maxLength is
 * checked by a registered format instead ("codepoints:min-max"), on a copy of the schema compiled
 * for checking; the declared schema (and the OpenAPI document) keeps maxLength as written.
 */
const CODE_POINT_FORMAT = /^codepoints:(\d+)-(\d*)$/;

function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

function codePointFormat(min: number, max: number | undefined): string {
  const name = `codepoints:${min}-${max ?? ""}`;
  if (!FormatRegistry.Has(name)) {
    FormatRegistry.Set(name, (value) => {
      const n = codePoints(value);
      return n >= min && (max === undefined || n <= max);
    });
  }
  return name;
}

/** A copy of the schema (symbols and all) whose string lengths are counted in code points. */
function withCodePointLengths(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withCodePointLengths);
  if (node === null || typeof node !== "object" || node instanceof RegExp) return node;
  const copy: Record<string | symbol, unknown> = {};
  for (const key of Reflect.ownKeys(node)) copy[key] = withCodePointLengths((node as Record<string | symbol, unknown>)[key]);
  const { type, format, minLength, maxLength } = copy as { type?: unknown; format?: unknown; minLength?: number; maxLength?: number };
  if (type === "string" && format === undefined && (minLength !== undefined || maxLength !== undefined)) {
    copy.format = codePointFormat(minLength ?? 0, maxLength);
    delete copy.minLength;
    delete copy.maxLength;
  }
  return copy;
}

export function compile<T extends TSchema>(schema: T): Validator<T> {
  const checker: TypeCheck<T> = TypeCompiler.Compile(withCodePointLengths(schema) as T);
  return {
    schema,
    is: (value): value is Static<T> => checker.Check(value),
    check(value) {
      if (checker.Check(value)) {
        // After the schema passed, so the walk is bounded by the schema's depth.
        const illFormed: ValidationDetail[] = [];
        illFormedStrings(value, "", illFormed);
        return illFormed;
      }
      const seen = new Set<string>();
      const details: ValidationDetail[] = [];
      for (const error of checker.Errors(value)) {
        const path = toPath(error.path);
        // One message per path: the first is the most specific (a type error before its consequences).
        if (seen.has(path)) continue;
        seen.add(path);
        details.push({ path, message: describe(error) });
        if (details.length >= 50) break;
      }
      return details;
    },
  };
}
