/** The LiuYao cast payload (spec: no extra properties) and the stored record's schema for the docs. */
import { Type, type Static } from "@sinclair/typebox";
import { EndUserId, Metadata, StringEnum } from "../platform/schemas.ts";

export const CastPayload = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: 1000, description: "The one matter this cast is about (stored verbatim)." }),
    method: StringEnum(["dayan", "manual_lines"] as const, { description: "`dayan`: the service draws the lines once (yarrow-stalk odds); `manual_lines`: you send them." }),
    lines: Type.Optional(
      Type.Array(StringEnumInt(), {
        minItems: 6,
        maxItems: 6,
        description: "Required with manual_lines, rejected with dayan: six values of 6/7/8/9, bottom line first.",
      }),
    ),
    cast_at: Type.Optional(Type.String({ format: "date-time", description: "RFC 3339 with an offset; the moment whose month and day govern the reading. Default: now." })),
    end_user_id: Type.Optional(EndUserId),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);

function StringEnumInt() {
  return Type.Union([Type.Literal(6), Type.Literal(7), Type.Literal(8), Type.Literal(9)]);
}

export type CastPayload = Static<typeof CastPayload>;

/** The stored cast as documented (the engine's reading plus the record fields). */
export const CastRecord = Type.Object(
  {
    id: Type.String({ pattern: "^lyc_" }),
    object: Type.Literal("liuyao.cast"),
    created_at: Type.String({ format: "date-time" }),
    question: Type.String(),
    method: StringEnum(["dayan", "manual_lines"] as const),
    lines: Type.Array(Type.Integer(), { minItems: 6, maxItems: 6 }),
    cast_at: Type.String(),
    end_user_id: Type.Union([Type.String(), Type.Null()]),
    metadata: Type.Union([Metadata, Type.Null()]),
    calendar: Type.Object({}, { additionalProperties: true }),
    primary: Type.Object({}, { additionalProperties: true }),
    changed: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
    moving_lines: Type.Array(Type.Integer()),
    hu: Type.Object({}, { additionalProperties: true }),
    cuo: Type.Object({}, { additionalProperties: true }),
    zong: Type.Object({}, { additionalProperties: true }),
    dayan: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false },
);
