/**
 * src/platform/validation.ts on its own: the RFC 3339 `date-time` format (sections 5.6 and 5.7:
 * month/day/hour/minute/second ranges, days in the month with leap years, the offset ±hh:mm), and
 * the spec's `details` entries {path, message} (interface spec, error shape; guide, "Errors": paths
 * like `birth.day`, `include[0]`; lengths counted in Unicode code points; strings well-formed and
 * without U+0000). Schemas are small TypeBox schemas built here.
 */
import { describe, expect, test } from "bun:test";
import { FormatRegistry, Type } from "@sinclair/typebox";
import { compile, isRfc3339DateTime } from "../../../src/platform/validation.ts";
import { StringEnum } from "../../../src/platform/schemas.ts";

const strict = <P extends Parameters<typeof Type.Object>[0]>(props: P) => Type.Object(props, { additionalProperties: false });
const one = (schema: Parameters<typeof compile>[0], value: unknown) => {
  const details = compile(schema).check(value);
  expect(details).toHaveLength(1);
  return details[0]!;
};

describe("isRfc3339DateTime (RFC 3339 section 5.6, with a mandatory offset)", () => {
  test.each([
    "2024-05-01T09:30:00+08:00",
    "2024-05-01T09:30:00Z",
    "2024-05-01t09:30:00z",
    "2024-05-01T09:30:00.123456-05:30",
    "2024-01-01T00:00:00Z",
    "2024-12-31T23:59:59Z",
    "2024-01-31T12:00:00Z",
    "2024-04-30T12:00:00Z",
    "2024-02-29T12:00:00Z", // leap year (divisible by 4)
    "2000-02-29T12:00:00Z", // leap year (divisible by 400)
    "2023-02-28T12:00:00Z",
    "2024-05-01T09:30:00+23:00",
    "2024-05-01T09:30:00-00:59",
    "2024-05-01T09:30:00+23:59",
  ])("accepts %s", (value) => {
    expect(isRfc3339DateTime(value)).toBe(true);
  });

  test.each([
    ["x2024-05-01T09:30:00Z", "text before"],
    ["2024-05-01T09:30:00Zx", "text after"],
    ["2024-05-01T09:30:00+08:00 ", "trailing space"],
    ["2024-05-01T09:30:00", "no offset"],
    ["2024-00-01T09:30:00Z", "month 00"],
    ["2024-13-01T09:30:00Z", "month 13"],
    ["2024-05-01T24:00:00Z", "hour 24"],
    ["2024-05-01T09:60:00Z", "minute 60"],
    ["2024-05-01T09:30:61Z", "second 61"],
    ["2024-05-01T09:30:99Z", "second 99"],
    ["2024-05-00T09:30:00Z", "day 00"],
    ["2024-01-32T09:30:00Z", "January 32"],
    ["2024-04-31T09:30:00Z", "April 31"],
    ["2023-02-29T09:30:00Z", "February 29 of a common year"],
    ["1900-02-29T09:30:00Z", "February 29 of 1900 (divisible by 100, not 400)"],
    ["2024-02-30T09:30:00Z", "February 30"],
    ["2024-05-01T09:30:00+24:00", "offset hour 24"],
    ["2024-05-01T09:30:00-99:00", "offset hour 99"],
    ["2024-05-01T09:30:00+05:60", "offset minute 60"],
    ["2024-05-01T09:30:00+0800", "offset without colon"],
  ])("refuses %s (%s)", (value) => {
    expect(isRfc3339DateTime(value)).toBe(false);
  });

  test("each field is checked on its own (one bad field among good ones)", () => {
    expect(isRfc3339DateTime("2024-13-15T10:10:10Z")).toBe(false);
    expect(isRfc3339DateTime("2024-06-15T24:10:10Z")).toBe(false);
    expect(isRfc3339DateTime("2024-06-15T10:60:10Z")).toBe(false);
    expect(isRfc3339DateTime("2024-06-15T10:10:61Z")).toBe(false);
    expect(isRfc3339DateTime("2024-06-15T10:10:10+24:30")).toBe(false);
    expect(isRfc3339DateTime("2024-06-15T10:10:10+10:60")).toBe(false);
  });

  test("a schema's date-time format uses it, with a message naming RFC 3339 and an example", () => {
    const v = compile(strict({ at: Type.String({ format: "date-time" }) }));
    expect(v.check({ at: "2024-02-29T12:00:00+08:00" })).toEqual([]);
    const d = one(strict({ at: Type.String({ format: "date-time" }) }), { at: "2023-02-29T12:00:00Z" });
    expect(d.path).toBe("at");
    expect(d.message).toContain("RFC 3339");
    expect(d.message).toContain("offset");
  });
});

describe("details paths", () => {
  test("a problem with the whole body is at (body)", () => {
    expect(one(strict({ a: Type.String() }), 5)).toEqual({ path: "(body)", message: "must be an object" });
  });

  test("nested properties join with dots, array items take [index]", () => {
    const schema = strict({ birth: strict({ year: Type.Integer() }), lines: Type.Array(Type.Integer()) });
    const lines = Array.from({ length: 13 }, () => 1) as unknown[];
    lines[12] = "x";
    lines[2] = 1.5;
    const details = compile(schema).check({ birth: { year: "1990" }, lines });
    expect(details).toEqual([
      { path: "birth.year", message: "must be an integer" },
      { path: "lines[2]", message: "must be an integer" },
      { path: "lines[12]", message: "must be an integer" },
    ]);
  });

  test("property names with digits are not indexes; '/' and '~' stay as written", () => {
    const schema = strict({ a: strict({ x1: Type.String(), "1x": Type.String(), "a/b": Type.String(), "c~d": Type.String() }) });
    const paths = compile(schema).check({ a: {} }).map((d) => d.path).sort();
    expect(paths).toEqual(["a.1x", "a.a/b", "a.c~d", "a.x1"].sort());
  });

  test("required and extra properties", () => {
    const schema = strict({ birth: strict({ year: Type.Integer(), day: Type.Integer() }) });
    expect(compile(schema).check({ birth: { year: 1990, day: 1, hour: 3 } })).toEqual([{ path: "birth.hour", message: "is not an allowed property" }]);
    expect(compile(schema).check({ birth: { year: 1990 } })).toEqual([{ path: "birth.day", message: "is required" }]);
  });

  test("at most 50 details", () => {
    const props: Record<string, ReturnType<typeof Type.String>> = {};
    for (let i = 0; i < 60; i++) props[`f${i}`] = Type.String();
    expect(compile(strict(props)).check({})).toHaveLength(50);
  });
});

describe("details messages", () => {
  test("wrong types", () => {
    expect(one(strict({ n: Type.Number() }), { n: "1" })).toEqual({ path: "n", message: "must be a number" });
    expect(one(strict({ n: Type.Integer() }), { n: "1990" })).toEqual({ path: "n", message: "must be an integer" });
    expect(one(strict({ s: Type.String() }), { s: 1 })).toEqual({ path: "s", message: "must be a string" });
    expect(one(strict({ b: Type.Boolean() }), { b: "true" })).toEqual({ path: "b", message: "must be a boolean" });
    expect(one(strict({ o: strict({}) }), { o: [] })).toEqual({ path: "o", message: "must be an object" });
    expect(one(strict({ a: Type.Array(Type.String()) }), { a: "x" })).toEqual({ path: "a", message: "must be an array" });
    expect(one(strict({ l: Type.Literal("yes") }), { l: "no" })).toEqual({ path: "l", message: 'must be "yes"' });
  });

  test("other TypeBox errors keep TypeBox's message, starting lower case", () => {
    const d = one(strict({ z: Type.Null() }), { z: 1 });
    expect(d.path).toBe("z");
    expect(d.message).toBe("expected null");
  });

  test("numbers out of range", () => {
    const schema = strict({ i: Type.Integer({ minimum: 1, maximum: 12 }), n: Type.Number({ minimum: 0.5, maximum: 2.5 }) });
    expect(compile(schema).check({ i: 0, n: 3 })).toEqual([
      { path: "i", message: "must be at least 1" },
      { path: "n", message: "must be at most 2.5" },
    ]);
    expect(compile(schema).check({ i: 13, n: 0 })).toEqual([
      { path: "i", message: "must be at most 12" },
      { path: "n", message: "must be at least 0.5" },
    ]);
  });

  test("string lengths, in characters (code points)", () => {
    const schema = strict({ a: Type.String({ minLength: 1 }), b: Type.String({ minLength: 3 }), c: Type.String({ maxLength: 1 }), d: Type.String({ maxLength: 5 }) });
    expect(compile(schema).check({ a: "", b: "ab", c: "ab", d: "abcdef" })).toEqual([
      { path: "a", message: "must be at least 1 character" },
      { path: "b", message: "must be at least 3 characters" },
      { path: "c", message: "must be at most 1 characters" },
      { path: "d", message: "must be at most 5 characters" },
    ]);
    expect(compile(schema).check({ a: "x", b: "abc", c: "a", d: "abcde" })).toEqual([]);
    const ten = strict({ t: Type.String({ minLength: 10, maxLength: 12 }) });
    expect(compile(ten).check({ t: "abc" })).toEqual([{ path: "t", message: "must be at least 10 characters" }]);
    expect(compile(ten).check({ t: "abcdefghijklm" })).toEqual([{ path: "t", message: "must be at most 12 characters" }]);
  });

  test("a string of exactly the maximum is never reported as too long", () => {
    // min above max: every string fails, and one of max characters fails for being short.
    const d = one(strict({ s: Type.String({ minLength: 5, maxLength: 3 }) }), { s: "abc" });
    expect(d).toEqual({ path: "s", message: "must be at least 5 characters" });
  });

  test("emoji count as one character each; UTF-16 units do not", () => {
    const max1 = compile(strict({ s: Type.String({ maxLength: 1 }) }));
    for (const ok of ["😀", "\uD800\uDC00", "\uDBFF\uDFFF", "\uDBFF\uDC00", "\uD800\uDFFF"]) expect(max1.check({ s: ok })).toEqual([]);
    expect(max1.check({ s: "😀😀" })).toEqual([{ path: "s", message: "must be at most 1 characters" }]);
    // Two characters each (lone surrogates or a high surrogate not followed by a low one): too long first.
    for (const two of ["a\uDC00", "\uDC00\uDC00", "\uD800a", "\uD800\uE000", "\uE000\uDFFF", "\uDBFF\uDBFF"]) {
      expect(max1.check({ s: two })).toEqual([{ path: "s", message: "must be at most 1 characters" }]);
    }
    const min2 = compile(strict({ s: Type.String({ minLength: 2 }) }));
    expect(min2.check({ s: "😀" })).toEqual([{ path: "s", message: "must be at least 2 characters" }]);
    expect(min2.check({ s: "😀😀" })).toEqual([]);
    const min2max3 = compile(strict({ s: Type.String({ minLength: 2, maxLength: 3 }) }));
    expect(min2max3.check({ s: "😀" })).toEqual([{ path: "s", message: "must be at least 2 characters" }]);
    expect(min2max3.check({ s: "😀😀😀" })).toEqual([]);
  });

  test("a length limit on a date-time string keeps the format check", () => {
    const v = compile(strict({ at: Type.String({ format: "date-time", minLength: 20, maxLength: 40 }) }));
    expect(v.check({ at: "2024-05-01T09:30:00Z" })).toEqual([]);
    const bad = v.check({ at: "2024-02-30T09:30:00Z" });
    expect(bad).toHaveLength(1);
    expect(bad[0]!.path).toBe("at");
    expect(bad[0]!.message).toContain("RFC 3339");
    expect(v.check({ at: "2024" })).toEqual([{ path: "at", message: "must be at least 20 characters" }]);
    const one1 = compile(strict({ at: Type.String({ format: "date-time", minLength: 1 }) }));
    expect(one1.check({ at: "" })).toEqual([{ path: "at", message: "must be at least 1 character" }]);
    const long = compile(strict({ at: Type.String({ format: "date-time", maxLength: 5 }) }));
    expect(long.check({ at: "2024-05-01T09:30:00Z" })).toEqual([{ path: "at", message: "must be at most 5 characters" }]);
  });

  test("other formats are named", () => {
    if (!FormatRegistry.Has("test-even-length")) FormatRegistry.Set("test-even-length", (v) => v.length % 2 === 0);
    expect(one(strict({ s: Type.String({ format: "test-even-length" }) }), { s: "abc" })).toEqual({ path: "s", message: "must be a valid test-even-length" });
    // Formats merely resembling the internal code-point length formats are still named as formats.
    for (const name of ["x-codepoints:2-4", "codepoints:2-4x"]) {
      if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, () => false);
      expect(one(strict({ s: Type.String({ format: name }) }), { s: "a" })).toEqual({ path: "s", message: `must be a valid ${name}` });
    }
  });

  test("pattern", () => {
    expect(one(strict({ id: Type.String({ pattern: "^app_[a-z]+$" }) }), { id: "app_1" })).toEqual({ path: "id", message: "must match the pattern ^app_[a-z]+$" });
  });

  test("array sizes and repeated items", () => {
    const schema = strict({
      a: Type.Array(Type.Integer(), { minItems: 1 }),
      b: Type.Array(Type.Integer(), { minItems: 2 }),
      c: Type.Array(Type.Integer(), { maxItems: 1 }),
      d: Type.Array(Type.Integer(), { maxItems: 2 }),
      u: Type.Array(Type.Integer(), { uniqueItems: true }),
    });
    expect(compile(schema).check({ a: [], b: [1], c: [1, 2], d: [1, 2, 3], u: [1, 2, 1] })).toEqual([
      { path: "a", message: "must have at least 1 item" },
      { path: "b", message: "must have at least 2 items" },
      { path: "c", message: "must have at most 1 item" },
      { path: "d", message: "must have at most 2 items" },
      { path: "u", message: "must not repeat an item" },
    ]);
  });

  test("enums list their values; other unions say no shape matched", () => {
    expect(one(strict({ g: StringEnum(["male", "female"]) }), { g: "x" })).toEqual({ path: "g", message: 'must be one of "male", "female"' });
    expect(one(strict({ u: Type.Union([Type.Literal("a"), Type.Integer()]) }), { u: true })).toEqual({ path: "u", message: "does not match any allowed shape" });
    expect(one(strict({ u: Type.Union([strict({ a: Type.String() }), strict({ b: Type.Integer() })]) }), { u: { c: 1 } })).toEqual({
      path: "u",
      message: "does not match any allowed shape",
    });
  });
});

describe("strings that cannot be stored", () => {
  test("NUL and lone surrogates in values, by path", () => {
    expect(compile(Type.String()).check("a\u0000")).toEqual([{ path: "(body)", message: "must be free of the NUL character U+0000" }]);
    const schema = strict({ a: strict({ b: Type.String() }), l: Type.Array(Type.String()) });
    expect(compile(schema).check({ a: { b: "x\uD800" }, l: ["ok", "\u0000"] })).toEqual([
      { path: "a.b", message: "must be well-formed Unicode (it contains a lone surrogate)" },
      { path: "l[1]", message: "must be free of the NUL character U+0000" },
    ]);
  });

  test("property names", () => {
    const v = compile(strict({ m: Type.Record(Type.String(), Type.String()) }));
    expect(v.check({ m: { "k\uDC00": "v" } })).toEqual([{ path: "m.k\uDC00", message: "property names must be well-formed Unicode (it contains a lone surrogate)" }]);
    expect(v.check({ m: { ok: "v" } })).toEqual([]);
  });

  test("values that are not strings, arrays or objects have nothing to check, undefined included", () => {
    const v = compile(strict({ n: Type.Number(), b: Type.Boolean(), z: Type.Null(), left: Type.Optional(Type.String()), any: Type.Unknown() }));
    expect(v.check({ n: 1, b: true, z: null, left: undefined, any: undefined })).toEqual([]);
  });

  test("at most 50", () => {
    const v = compile(Type.Array(Type.String()));
    expect(v.check(Array.from({ length: 60 }, () => "\u0000"))).toHaveLength(50);
  });
});

describe("compile", () => {
  test("is() says whether a value matches", () => {
    const v = compile(strict({ n: Type.Integer() }));
    expect(v.is({ n: 1 })).toBe(true);
    expect(v.is({ n: "1" })).toBe(false);
  });

  test("properties named like the length keywords (minLength, maxLength) are properties like any other", () => {
    const v = compile(strict({ minLength: Type.Integer(), maxLength: Type.Integer({ maximum: 9 }) }));
    expect(v.check({ minLength: 1, maxLength: 2 })).toEqual([]);
    expect(v.check({ minLength: "1", maxLength: 10 })).toEqual([
      { path: "minLength", message: "must be an integer" },
      { path: "maxLength", message: "must be at most 9" },
    ]);
  });

  test("a schema holding null (a default) compiles", () => {
    const v = compile(strict({ n: Type.Union([Type.String({ maxLength: 2 }), Type.Null()], { default: null }) }));
    expect(v.check({ n: null })).toEqual([]);
    expect(v.is({ n: "abc" })).toBe(false);
  });
});
