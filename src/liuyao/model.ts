/** The LiuYao cast payload (spec: no extra properties) and the stored record's schema for the docs. */
import { Type, type Static } from "@sinclair/typebox";
import { MATTERS } from "../matter/matter.ts";
import { TIES } from "../matter/person.ts";
import { EndUserId, Metadata, StringEnum } from "../platform/schemas.ts";
import { DayanDraw, HexagramRef, LiuyaoCalendar, LiuyaoChangedHexagram, LiuyaoHiddenSpirit, LiuyaoPrimaryHexagram } from "./cast-schema.ts";
import { RELATIVES } from "./ganzhi.ts";
import { NO_USEFUL_GOD_CODES } from "./useful-god.ts";

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

const RelativeLines = (description: string) =>
  Type.Object(
    { relative: StringEnum(RELATIVES, { description: "The 六亲." }), lines: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), { description: "Positions (1 = bottom) of the primary lines carrying it." }) },
    { additionalProperties: false, description },
  );

/** The useful god of the question (src/liuyao/useful-god.ts). */
export const UsefulGodSchema = Type.Object(
  {
    relative: StringEnum(RELATIVES, { description: "The 六亲 the matter is read from." }),
    lines: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), { description: "Primary lines carrying it (the world line alone when basis is self); empty when only a hidden spirit does." }),
    basis: StringEnum(["person", "matter", "self", "animal"] as const, { description: "person: another person's matter, by their tie; matter: the asker's own matter; self: the asker's own health or journey, read from the world line; animal: an animal's matter (a pet lost, ill or bought), read from 子孙 whatever the matter." }),
    matter: Type.Union([StringEnum(MATTERS), Type.Null()], { description: "The matter the question was read as (career, wealth, marriage…); null unless the question names exactly one (a person alone, or career and study read together, give null)." }),
    owner: Type.Union([StringEnum(TIES), Type.Null()], { description: "Whose matter it is when not the asker's." }),
    hidden: Type.Union([LiuyaoHiddenSpirit, Type.Null()], { description: "The hidden spirit (伏神) carrying it when no line does." }),
    yuan_shen: RelativeLines("原神: the relative generating the useful god."),
    ji_shen: RelativeLines("忌神: the relative controlling the useful god."),
    chou_shen: RelativeLines("仇神: the relative controlling 原神."),
  },
  {
    additionalProperties: false,
    examples: [{ relative: "官鬼", lines: [3], basis: "matter", matter: "career", owner: null, hidden: null, yuan_shen: { relative: "妻财", lines: [2] }, ji_shen: { relative: "子孙", lines: [] }, chou_shen: { relative: "兄弟", lines: [1, 4] } }],
  },
);

/** The stored cast as documented (the engine's reading plus the record fields). */
export const CastRecord = Type.Object(
  {
    id: Type.String({ pattern: "^lyc_", description: "The cast's id (lyc_…)." }),
    object: Type.Literal("liuyao.cast", { description: "Always liuyao.cast." }),
    created_at: Type.String({ format: "date-time", description: "When the cast was created (UTC)." }),
    question: Type.String({ description: "The question as sent, verbatim: the one matter this cast answers." }),
    method: StringEnum(["dayan", "manual_lines"] as const, { description: "dayan: the service drew the lines (see dayan); manual_lines: the caller sent them." }),
    lines: Type.Array(StringEnumInt(), { minItems: 6, maxItems: 6, description: "The six line values 6/7/8/9, bottom line first." }),
    cast_at: Type.String({ format: "date-time", description: "The cast instant, written in its own offset (default UTC+08:00)." }),
    end_user_id: Type.Union([Type.String(), Type.Null()], { description: "The end_user_id sent with the cast, or null." }),
    metadata: Type.Union([Metadata, Type.Null()], { description: "The metadata sent with the cast, or null." }),
    calendar: LiuyaoCalendar,
    primary: LiuyaoPrimaryHexagram,
    changed: Type.Union([LiuyaoChangedHexagram, Type.Null()], { description: "The changed (变) hexagram; null when no line moves." }),
    moving_lines: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), { maxItems: 6, description: "Positions of the moving lines (6 and 9), bottom first." }),
    hu: HexagramRef,
    cuo: HexagramRef,
    zong: HexagramRef,
    useful_god: Type.Optional(Type.Union([UsefulGodSchema, Type.Null()], { description: "The useful god (用神) of the question; null when it cannot be chosen (see useful_god_reason). Absent on casts stored before it was added." })),
    useful_god_reason: Type.Optional(
      Type.Union(
        [
          Type.Object(
            { code: StringEnum(NO_USEFUL_GOD_CODES, { description: "Why, as a code." }), message: Type.String({ description: "Why, in English, naming what the question lacked." }) },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description: "Why there is no useful god: NO_MATTER, SEVERAL_MATTERS, PARTNER_UNKNOWN or FAMILY_MEMBER_UNKNOWN; null when there is one. Absent on casts stored before it was added.",
        },
      ),
    ),
    dayan: Type.Optional(DayanDraw),
  },
  { $id: "LiuyaoCast", additionalProperties: false, description: "A stored LiuYao cast: the question, the six lines, the governing month and day, the primary and changed hexagrams with every line's 纳甲 and strength, and the useful god." },
);
