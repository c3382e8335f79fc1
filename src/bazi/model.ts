/** The BaZi chart payload (spec: no extra properties at any level) and the chart's documented shape. */
import { Type, type Static } from "@sinclair/typebox";
import { EndUserId, Metadata, StringEnum } from "../platform/schemas.ts";

export const BirthPayload = Type.Object(
  {
    year: Type.Integer({ minimum: 1900, maximum: 2100 }),
    month: Type.Integer({ minimum: 1, maximum: 12 }),
    day: Type.Integer({ minimum: 1, maximum: 31, description: "Must exist in the given solar or lunar month." }),
    hour: Type.Integer({ minimum: 0, maximum: 23, description: "Civil UTC+08:00 time; no true-solar-time or DST correction." }),
    minute: Type.Optional(Type.Integer({ minimum: 0, maximum: 59, default: 0 })),
    gender: StringEnum(["男", "女"] as const),
    calendar_type: Type.Optional(StringEnum(["solar", "lunar"] as const, { default: "solar" })),
    is_leap_month: Type.Optional(Type.Boolean({ default: false, description: "Only with lunar input; the month must really be leap that year." })),
    birthplace: Type.Optional(Type.String({ maxLength: 120 })),
    time_confidence: Type.Optional(StringEnum(["exact", "approximate"] as const, { default: "exact" })),
  },
  { additionalProperties: false },
);

export const ChartPayload = Type.Object(
  {
    birth: BirthPayload,
    end_user_id: Type.Optional(EndUserId),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type ChartPayload = Static<typeof ChartPayload>;

const open = Type.Object({}, { additionalProperties: true });

/** The chart as documented: the binding top-level fields; inner objects are described in /docs. */
export const ChartRecord = Type.Object(
  {
    id: Type.String({ pattern: "^bzc_" }),
    object: Type.Literal("bazi.chart"),
    created_at: Type.String({ format: "date-time" }),
    end_user_id: Type.Union([Type.String(), Type.Null()]),
    metadata: Type.Union([Metadata, Type.Null()]),
    birth: open,
    solar: open,
    lunar: open,
    pillars: open,
    day_master: open,
    five_elements: open,
    tai_yuan: Type.Unknown(),
    ming_gong: Type.Unknown(),
    shen_gong: Type.Unknown(),
    luck: open,
    conventions: open,
    warnings: Type.Array(Type.Unknown()),
  },
  { additionalProperties: false },
);
