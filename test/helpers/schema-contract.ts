/**
 * What every capability's documented schemas promise, as one suite its unit tests run (each with
 * its own schemas and samples of its engine's real output):
 *   - every property says what it is (a description, its own or that of the named schema it uses):
 *     the OpenAPI document and /docs are generated from these, nothing else documents a field;
 *   - every object is closed (`additionalProperties: false`): the spec allows no extra properties in
 *     a request, and an answer documented closed lets a typed client reject drift;
 *   - the named schemas (OpenAPI components, `$id`) are the ones listed: generated clients name
 *     their types after them, so renaming one, or one losing its name, breaks those clients;
 *   - every named schema says what it is, as a whole, and so does each object alternative of a union;
 *   - a description begins with what it describes (not a bare format note or a blank);
 *   - every pattern is anchored at its start (`^…`): unanchored, it accepts any text containing a match;
 *   - every example validates against the schema that carries it (they are shown as real), a list of
 *     examples is never empty, and every default is valid;
 *   - each sample of real output validates, and stops validating with a property added or a required one
 *     taken away (so the schema describes what the engine returns, not merely something looser).
 */
import { describe, expect, test } from "bun:test";
import { Kind, type TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
// The service's formats (date-time as RFC 3339), registered where requests are validated.
import "../../src/platform/validation.ts";

export interface SchemaSample {
  /** What the sample is, in the test's name. */
  name: string;
  schema: TSchema;
  /** A value the capability really produced or accepts. */
  value: unknown;
}

interface Visit {
  path: string;
  schema: TSchema;
}

/** Every schema reachable from the roots, once each, with the first path it was reached by. */
export function visitSchemas(roots: Record<string, TSchema>): Visit[] {
  const seen = new Set<TSchema>();
  const out: Visit[] = [];
  const walk = (schema: TSchema, path: string) => {
    if (!schema || typeof schema !== "object" || seen.has(schema)) return;
    seen.add(schema);
    out.push({ path, schema });
    for (const [key, property] of Object.entries<TSchema>(schema.properties ?? {})) walk(property, `${path}.${key}`);
    for (const key of ["anyOf", "allOf", "oneOf"] as const) (schema[key] ?? []).forEach((s: TSchema, i: number) => walk(s, `${path}<${i}>`));
    if (schema.items && typeof schema.items === "object") walk(schema.items, `${path}[]`);
    if (schema.patternProperties) for (const s of Object.values<TSchema>(schema.patternProperties)) walk(s, `${path}{}`);
  };
  for (const [name, schema] of Object.entries(roots)) walk(schema, name);
  return out;
}

/** A property's description: its own, else that of the named schema it is (or is a nullable of). */
function descriptionOf(property: TSchema): string | undefined {
  if (property.description) return property.description;
  const named = [property, ...(property.anyOf ?? [])].find((s: TSchema) => s.$id && s.description);
  return named?.description;
}

export function describeSchemaContract(capability: string, roots: Record<string, TSchema>, samples: readonly SchemaSample[], components: readonly string[]): void {
  const visits = visitSchemas(roots);
  const objects = visits.filter((v) => v.schema[Kind] === "Object");

  describe(`${capability}: the documented schemas`, () => {
    test("every property is described", () => {
      const undescribed = objects.flatMap(({ path, schema }) =>
        Object.entries<TSchema>(schema.properties).filter(([, p]) => !descriptionOf(p)?.trim()).map(([key]) => `${path}.${key}`),
      );
      expect(undescribed).toEqual([]);
    });

    test("the named schemas are the components clients know", () => {
      expect(visits.flatMap((v) => (v.schema.$id ? [v.schema.$id as string] : [])).sort()).toEqual([...components].sort());
    });

    test("every named schema is described", () => {
      expect(visits.filter((v) => v.schema.$id && !v.schema.description?.trim()).map((v) => v.path)).toEqual([]);
    });

    test("every description begins with what it describes, not with a format note or a blank", () => {
      expect(visits.filter((v) => typeof v.schema.description === "string" && /^(\s|\(")/u.test(v.schema.description)).map((v) => `${v.path}: ${v.schema.description}`)).toEqual([]);
    });

    test("each alternative of a union of objects says when it is the one", () => {
      // A nullable object (one object or null) is described by the union; several objects each need their own.
      const objectAlternatives = (schema: TSchema): TSchema[] => (schema.anyOf ?? []).filter((s: TSchema) => s.type === "object");
      const alternatives = visits.flatMap(({ path, schema }) => (objectAlternatives(schema).length > 1 ? objectAlternatives(schema).map((s, i) => ({ path: `${path}<${i}>`, schema: s })) : []));
      expect(alternatives.filter(({ schema }) => !schema.$id && !schema.description?.trim()).map((v) => v.path)).toEqual([]);
    });

    test("every pattern is anchored at its start", () => {
      const patterns = visits.flatMap(({ path, schema }) => [
        ...(typeof schema.pattern === "string" ? [{ path, pattern: schema.pattern as string }] : []),
        ...Object.keys(schema.patternProperties ?? {}).map((pattern) => ({ path: `${path}{}`, pattern })),
      ]);
      expect(patterns.filter(({ pattern }) => !pattern.startsWith("^"))).toEqual([]);
    });

    test("every object is closed", () => {
      expect(objects.filter((v) => v.schema.additionalProperties !== false).map((v) => v.path)).toEqual([]);
    });

    test("every example is valid against the schema that carries it", () => {
      const invalid = visits.flatMap(({ path, schema }) =>
        (schema.examples ?? []).flatMap((example: unknown, i: number) => (Value.Check(schema, example) ? [] : [`${path} example ${i}: ${[...Value.Errors(schema, example)].map((e) => `${e.path} ${e.message}`).join("; ")}`])),
      );
      expect(invalid).toEqual([]);
    });

    test("a list of examples holds at least one, and every default is valid against its schema", () => {
      expect(visits.filter(({ schema }) => Array.isArray(schema.examples) && schema.examples.length === 0).map((v) => v.path)).toEqual([]);
      expect(visits.filter(({ schema }) => "default" in schema && !Value.Check(schema, schema.default)).map((v) => `${v.path} default ${JSON.stringify(v.schema.default)}`)).toEqual([]);
    });

    test.each(samples.map((s) => [s.name, s] as const))("%s: valid, and not with a property added or a required one removed", (_, sample) => {
      const errors = [...Value.Errors(sample.schema, sample.value)].map((e) => `${e.path} ${e.message}`);
      expect(errors).toEqual([]);
      expect(Value.Check(sample.schema, { ...(sample.value as object), not_documented: true })).toBe(false);
      for (const key of sample.schema.required ?? []) {
        const { [key]: _removed, ...rest } = sample.value as Record<string, unknown>;
        expect({ key, valid: Value.Check(sample.schema, rest) }).toEqual({ key, valid: false });
      }
    });
  });
}
