/**
 * Schema pieces every payload shares. Limits are the spec's; metadata bounds
 * (50 keys, values ≤ 500 characters) are our decision where the spec is silent.
 */
import { Type, type TLiteral, type TUnion } from "@sinclair/typebox";

export const EndUserId = Type.String({ maxLength: 128, description: "Your identifier for the end user (max 128 characters)." });

export const Metadata = Type.Record(Type.String(), Type.String({ maxLength: 500 }), {
  maxProperties: 50,
  description: "Your own key-value pairs; values are strings (at most 50 keys, values at most 500 characters).",
});

/** A closed set of string values (rendered as `anyOf` of consts in the docs, checked strictly). */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as unknown as TUnion<TLiteral<T[number]>[]>;
}

/** The common fields of every stored record's answer. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Marks an array whose items must not repeat. The handler checks it (its answer names the
 * repeated item and where it first appeared), so the request validator must not; the document
 * still says `uniqueItems: true`.
 */
export const DOCUMENTED_UNIQUE_ITEMS = "x-lingshu-unique-items";
