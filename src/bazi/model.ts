/** The BaZi chart payload (spec: no extra properties at any level) and the chart's documented shape. */
import { Type, type Static } from "@sinclair/typebox";
import { EndUserId, Metadata, StringEnum } from "../platform/schemas.ts";
import { INTERACTION_TYPES, PILLAR_NAMES } from "./interactions.ts";
import { ELEMENTS } from "./tables.ts";

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

/** One 神煞 on a pillar (src/bazi/shen-sha.ts). */
export const ShenShaEntry = Type.Object(
  {
    name: Type.String({ description: "天乙贵人, 文昌, 禄神, 羊刃, 驿马, 桃花, 华盖, 将星, 红鸾, 天喜, 孤辰, 寡宿 or 空亡." }),
    pillar: StringEnum(PILLAR_NAMES, { description: "The pillar whose branch carries it." }),
    basis: StringEnum(["day_stem", "year_stem", "year_branch", "day_branch", "day_pillar"] as const, { description: "What it was looked up from." }),
  },
  { additionalProperties: false, examples: [{ name: "天乙贵人", pillar: "month", basis: "day_stem" }] },
);

/** One interaction among a chart's pillars (src/bazi/interactions.ts). */
export const Relation = Type.Object(
  {
    type: StringEnum(INTERACTION_TYPES),
    members: Type.Array(StringEnum(PILLAR_NAMES), { description: "The pillars whose stems (stem_combination) or branches take part." }),
    name: Type.String({ description: "The classical name, e.g. 子午冲, 甲己合土, 申子辰三合水局, 午午自刑." }),
    element: Type.Optional(StringEnum(ELEMENTS, { description: "Combinations: the element they combine towards." })),
    transforms: Type.Optional(Type.Boolean({ description: "Combinations: whether the conditions applied for transforming (合化) hold." })),
  },
  { additionalProperties: false, examples: [{ type: "clash", members: ["month", "day"], name: "子午冲" }, { type: "stem_combination", members: ["year", "month"], name: "甲己合土", element: "earth", transforms: true }] },
);

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
    relations: Type.Optional(Type.Array(Relation, { description: "Every interaction (合冲刑害破) among the four pillars; see conventions.relations. Absent on charts stored before it was added." })),
    shen_sha: Type.Optional(Type.Array(ShenShaEntry, { description: "The core 神煞 on the pillars; see conventions.shen_sha. Absent on charts stored before it was added." })),
    conventions: open,
    warnings: Type.Array(Type.Unknown()),
  },
  { additionalProperties: false },
);
