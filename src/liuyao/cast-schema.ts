/**
 * The exact schemas of a stored LiuYao reading (src/liuyao/types.ts and the engine files it
 * draws from), for the OpenAPI document and the answer checks; requests never go through them.
 * Every object is closed. A schema with an `$id` is a named component of the document.
 * The type checks at the end keep each schema equal to the engine type it documents.
 */
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { ELEMENTS as ELEMENTS_EN } from "../bazi/tables.ts";
import { StringEnum } from "../platform/schemas.ts";
import { CONVENTION_FLAGS, type CastCalendar } from "./calendar.ts";
import type { DayanProvenance } from "./dayan.ts";
import { BRANCHES, ELEMENTS, RELATIVES, SIX_SPIRITS, STEMS } from "./ganzhi.ts";
import type { HexagramRef as HexagramRefType, HiddenSpirit } from "./hexagrams.ts";
import { GENERATIONS } from "./palaces.ts";
import { DAY_BRANCH_RELATIONS, DAY_ELEMENT_RELATIONS, MONTH_STATES, TOMB_PLACES, type LineStrength } from "./strength.ts";
import { TRANSFORM_TAGS } from "./transforms.ts";
import { TRIGRAM_NAMES } from "./trigrams.ts";
import { LINE_MARKS, type ChangedHexagram, type ChangedLine, type LineTransform, type PrimaryHexagram, type PrimaryLine } from "./types.ts";

const closed = { additionalProperties: false } as const;
const LATER = "Absent on casts stored before it was added.";

const Position = (description = "Line position, 1 = bottom.") => Type.Integer({ minimum: 1, maximum: 6, description });
const Positions = (description: string) => Type.Array(Position(), { maxItems: 6, description });
const Stem = (description?: string) => StringEnum(STEMS, description ? { description } : {});
const Branch = (description?: string) => StringEnum(BRANCHES, description ? { description } : {});
const Element = (description?: string) => StringEnum(ELEMENTS, description ? { description } : {});
/** The English name beside a Chinese element field `field` (the shared table, src/bazi/tables.ts ELEMENT_ZH). */
const ElementEn = (field: string) =>
  Type.Optional(StringEnum(ELEMENTS_EN, { description: `\`${field}\` in English: wood 木, fire 火, earth 土, metal 金, water 水. ${LATER}` }));
const Relative = (description?: string) => StringEnum(RELATIVES, description ? { description } : {});
const Trigram = (description: string) => StringEnum(TRIGRAM_NAMES, { description });
const LineValueSchema = Type.Union([Type.Literal(6), Type.Literal(7), Type.Literal(8), Type.Literal(9)], {
  description: "6 old yin (moving), 7 young yang, 8 young yin, 9 old yang (moving).",
});
const Pillar = (description: string) => Type.String({ pattern: `^[${STEMS.join("")}][${BRANCHES.join("")}]$`, description });
const Bits = Type.String({ pattern: "^[01]{6}$", description: "The six lines bottom first, 1 = yang, 0 = yin." });
const KingWen = Type.Integer({ minimum: 1, maximum: 64, description: "Number in the King Wen (文王) order, 1–64." });

/** A compact pointer to another hexagram (互/错/综). */
export const HexagramRef = Type.Object(
  {
    bits: Bits,
    name: Type.String({ description: "Full name, e.g. 泽风大过." }),
    king_wen: KingWen,
  },
  {
    ...closed,
    $id: "HexagramRef",
    description: "Another hexagram, by its bits, name and number: hu (互卦, lines 2–4 and 3–5 as the trigrams), cuo (错卦, every line flipped), zong (综卦, turned upside down).",
    examples: [{ bits: "011110", name: "泽风大过", king_wen: 28 }],
  },
);

/** A 伏神: a relative missing from the hexagram, found in its palace's pure hexagram. */
export const LiuyaoHiddenSpirit = Type.Object(
  {
    position: Position("Position of the line it lies under, 1 = bottom."),
    relative: Relative("The 六亲 missing from the hexagram."),
    stem: Stem("Its 纳甲 stem in the palace's pure hexagram."),
    branch: Branch("Its branch in the palace's pure hexagram."),
    element: Element("Its element (五行), from its branch."),
    element_en: ElementEn("element"),
    fei_branch: Branch("Branch of the 飞神, the visible line it lies under."),
    fei_relative: Relative("六亲 of the 飞神."),
    ambiguous: Type.Boolean({ description: "True if the relative occurs twice in the pure hexagram (never for the 64; kept for schema stability)." }),
  },
  { ...closed, $id: "LiuyaoHiddenSpirit", description: "伏神 (hidden spirit): a 六亲 missing from the hexagram, taken from the same position of its palace's pure hexagram." },
);

/** 旺衰 of a primary line against the month and the day (src/liuyao/strength.ts). */
export const LiuyaoLineStrength = Type.Object(
  {
    month: StringEnum(MONTH_STATES, { description: "旺相休囚死 of the line's element in the month (prosperous, strong, resting, imprisoned, dead)." }),
    day: StringEnum(DAY_ELEMENT_RELATIONS, {
      description: "The day branch's element against the line's: 生 (generates it), 克 (controls it), 比 (same), 泄 (the line generates the day's), 耗 (the line controls the day's).",
    }),
    day_branch: Type.Union([StringEnum(DAY_BRANCH_RELATIONS), Type.Null()], { description: "The day branch clashes (冲) or combines with (合) the line's branch; null for neither." }),
    day_break: Type.Boolean({ description: "日破: still, clashed by the day, weak (休囚死) in the month." }),
    hidden_moving: Type.Boolean({ description: "暗动 (hidden movement): still, clashed by the day, strong (旺相) in the month." }),
    effective_void: Type.Boolean({ description: "In the day's 旬空 and void in effect: not moving (动不为空) and not clashed by the day (冲空则实)." }),
    tomb: Type.Union([StringEnum(TOMB_PLACES), Type.Null()], {
      description: "Where the line enters its tomb (入墓): day (入日墓), month (入月墓), changed (化入墓, a moving line into its changed line); null for none.",
    }),
  },
  {
    ...closed,
    $id: "LiuyaoLineStrength",
    description: "The line's strength (旺衰) against the month and the day, and what follows from it. Absent on casts stored before it was added.",
  },
);

/** A line of the primary hexagram with its day-dependent states. */
export const LiuyaoLine = Type.Object(
  {
    position: Position(),
    value: LineValueSchema,
    yang: Type.Boolean({ description: "True for a yang (solid) line." }),
    moving: Type.Boolean({ description: "An old line (6 or 9), which changes (动爻)." }),
    stem: Stem("纳甲 stem."),
    branch: Branch("纳甲 branch (纳支)."),
    element: Element("The branch's element (五行)."),
    element_en: ElementEn("element"),
    relative: Relative("六亲 (six relatives) from the palace element."),
    spirit: StringEnum(SIX_SPIRITS, { description: "六神 (six spirits), laid from line 1 by the day stem." }),
    mark: Type.Union([StringEnum(LINE_MARKS), Type.Null()], { description: "世 (world line) or 应 (response line), or null." }),
    void: Type.Boolean({ description: "The branch is in the day's 旬空 (void)." }),
    month_break: Type.Boolean({ description: "月破: the branch clashes the month branch." }),
    day_clash: Type.Boolean({ description: "日冲: the branch clashes the day branch." }),
    strength: Type.Optional(LiuyaoLineStrength),
  },
  {
    ...closed,
    $id: "LiuyaoLine",
    description: "A line of the primary (本) hexagram, with its 纳甲 and its states on the day of the cast.",
    examples: [
      {
        position: 3, yang: true, stem: "己", branch: "亥", element: "水", element_en: "water", relative: "兄弟", value: 9, moving: true, spirit: "勾陈", mark: null, void: false, month_break: false, day_clash: false,
        strength: { month: "囚", day: "泄", day_branch: null, day_break: false, hidden_moving: false, effective_void: false, tomb: "changed" },
      },
    ],
  },
);

/** The facts a reading repeats from the 64-hexagram table (both the primary and the changed hexagram). */
const hexagramFacts = {
  bits: Bits,
  name: Type.String({ description: "Full name, e.g. 雷火丰." }),
  short_name: Type.String({ description: "Short name, e.g. 丰." }),
  king_wen: KingWen,
  palace: Trigram("The 八宫 palace the hexagram belongs to."),
  palace_element: Element("The palace's element; the 六亲 are counted from it."),
  palace_element_en: ElementEn("palace_element"),
  generation: StringEnum(GENERATIONS, { description: "Place in the palace: 本宫 (the pure hexagram), 一世…五世, 游魂 (wandering soul), 归魂 (returning soul)." }),
  world: Position("Position of the 世 (world) line."),
  response: Position("Position of the 应 (response) line."),
  liuchong: Type.Boolean({ description: "六冲卦: each inner line's branch clashes its outer counterpart's (1–4, 2–5, 3–6)." }),
  liuhe: Type.Boolean({ description: "六合卦: each inner line's branch combines with its outer counterpart's (1–4, 2–5, 3–6)." }),
};

/** The primary (本) hexagram of a reading. */
export const LiuyaoPrimaryHexagram = Type.Object(
  {
    ...hexagramFacts,
    upper: Trigram("The outer (upper) trigram."),
    lower: Trigram("The inner (lower) trigram."),
    gua_shen: Type.Object(
      {
        branch: Branch("阴世则从午月起, 阳世还从子月生: counted from 子 (yang world line) or 午 (yin) at line 1 up to the world line."),
        positions: Positions("Lines carrying that branch; empty when none does."),
      },
      { ...closed, description: "卦身 (the hexagram's body, 月卦身)." },
    ),
    lines: Type.Array(LiuyaoLine, { minItems: 6, maxItems: 6, description: "The six lines, bottom first." }),
    hidden: Type.Array(LiuyaoHiddenSpirit, { description: "伏神 of the 六亲 missing from the hexagram; empty when all five are present." }),
  },
  { ...closed, $id: "LiuyaoPrimaryHexagram", description: "The primary (本) hexagram, as cast." },
);

/** A line of the changed hexagram. */
export const LiuyaoChangedLine = Type.Object(
  {
    position: Position(),
    yang: Type.Boolean({ description: "True for a yang (solid) line." }),
    stem: Stem("纳甲 stem."),
    branch: Branch("纳甲 branch (纳支)."),
    element: Element("The branch's element (五行)."),
    element_en: ElementEn("element"),
    relative: Relative("六亲 from the ORIGINAL (primary) palace element, the standard rule."),
    relative_own_palace: Relative("六亲 from the changed hexagram's own palace (minority convention, for reference)."),
  },
  { ...closed, $id: "LiuyaoChangedLine", description: "A line of the changed (变) hexagram with its 纳甲." },
);

/** What a moving line turns into. */
export const LiuyaoLineTransform = Type.Object(
  {
    position: Position("Position of the moving line, 1 = bottom."),
    from: Branch("Branch of the moving line."),
    to: Branch("Branch of the line it changes into."),
    from_element: Element("Element of the moving line's branch."),
    from_element_en: ElementEn("from_element"),
    to_element: Element("Element of the branch it changes into."),
    to_element_en: ElementEn("to_element"),
    tags: Type.Array(StringEnum(TRANSFORM_TAGS), {
      minItems: 1,
      maxItems: 2,
      description:
        "In this order: 化进神/化退神 (advancing/retreating) if any; exactly one element relation of the changed line to the moving one (回头生 generates it back, 回头克 controls it back, 比和 same, 化泄 drains, 化耗 consumes); then 伏吟 (same branch), 反吟 (clashing branch) or 化合 (combining branch) if any.",
    }),
  },
  { ...closed, $id: "LiuyaoLineTransform", description: "What a moving line turns into (动爻化出)." },
);

/** The changed (变) hexagram; palace, generation, world and response are its own. */
export const LiuyaoChangedHexagram = Type.Object(
  {
    ...hexagramFacts,
    lines: Type.Array(LiuyaoChangedLine, { minItems: 6, maxItems: 6, description: "The six lines, bottom first." }),
    transforms: Type.Array(LiuyaoLineTransform, { minItems: 1, maxItems: 6, description: "One per moving line, bottom first." }),
  },
  { ...closed, $id: "LiuyaoChangedHexagram", description: "The changed (变) hexagram the moving lines turn the primary into; its palace, generation, world and response are its own." },
);

const JieInstant = (description: string) =>
  Type.Object(
    { name: Type.String({ description: "The 节 (solar term), e.g. 芒种." }), at: Type.String({ format: "date-time", description: "Its instant, written in cast_at's offset." }) },
    { ...closed, description },
  );

/** The month and day that govern a reading (src/liuyao/calendar.ts). */
export const LiuyaoCalendar = Type.Object(
  {
    cast_at: Type.String({ format: "date-time", description: "The cast instant, written in its own offset." }),
    month_pillar: Pillar("月建: the month pillar, changing at the exact 节 instant."),
    month_stem: Stem("The month pillar's stem."),
    month_branch: Branch("月建's branch: lines are judged 旺相休囚死 against its element."),
    day_pillar: Pillar("日辰: the day pillar, changing at 00:00 on cast_at's wall clock."),
    day_stem: Stem("日辰's stem: it sets the six spirits."),
    day_branch: Branch("日辰's branch: lines are judged against it (生, 克, 冲, 合)."),
    xun: Type.String({ pattern: `^甲[${BRANCHES.join("")}]$`, description: "旬: the 甲 pillar opening the day pillar's decade." }),
    void: Type.Array(Branch(), { minItems: 2, maxItems: 2, description: "旬空: the two branches the decade leaves out; lines with them are void." }),
    month_break: Branch("The branch clashing the month branch: lines with it are 月破."),
    day_clash: Branch("The branch clashing the day branch: lines with it are 日冲."),
    six_spirits: Type.Array(StringEnum(SIX_SPIRITS), { minItems: 6, maxItems: 6, description: "六神 for lines 1–6, starting from the day stem's spirit." }),
    prev_jie: JieInstant("The last 节 at or before the cast."),
    next_jie: JieInstant("The next 节 after the cast."),
    conventions: Type.Object(
      {
        timezone: Type.String({ pattern: "^UTC[+-][0-9]{2}:[0-9]{2}$", description: "The offset whose wall clock gives the day: cast_at's own (default UTC+08:00), e.g. UTC-04:00." }),
        month_boundary: Type.Literal("exact_jie_instant", { description: "The month changes at the exact 节 instant (not at the start of the 节's calendar day)." }),
        day_boundary: Type.Literal("00:00", { description: "The day changes at 00:00 (not at 23:00, 子初换日)." }),
        void: Type.Literal("day_pillar_xun", { description: "旬空 is taken from the day pillar's decade." }),
      },
      { ...closed, description: "Which calendar rules produced the pillars." },
    ),
    month_pillar_by_day: Pillar("The month pillar if the month changed at the start of the 节's calendar day."),
    day_pillar_23h_rule: Pillar("The day pillar if the day changed at 23:00 (子初换日)."),
    convention_sensitive: Type.Array(StringEnum(CONVENTION_FLAGS), { maxItems: 3, description: "Why a pillar could differ under another common convention; empty when none would." }),
    notes: Type.Array(Type.String(), { description: "Human-readable remarks, one per convention that would change a pillar." }),
  },
  { ...closed, $id: "LiuyaoCalendar", description: "The month and day that govern the reading, with the alternatives a reader may expect." },
);

const DayanChange = Type.Object(
  {
    stalks: Type.Integer({ minimum: 1, description: "Stalks in play before this change (49, then 44/40, …)." }),
    left_remainder: Type.Integer({ minimum: 1, maximum: 4, description: "Remainder of the left heap counted off by fours, 1–4." }),
    right_remainder: Type.Integer({ minimum: 1, maximum: 4, description: "Remainder of the right heap counted off by fours, 1–4 (fixed by the left one)." }),
    removed: Type.Integer({ minimum: 4, maximum: 9, description: "Stalks set aside: both remainders plus the one hung between the fingers (5/9, then 4/8)." }),
    count: Type.Union([Type.Literal(2), Type.Literal(3)], { description: "3 for the small removal (5 or 4), 2 for the large one (9 or 8); the three counts sum to the line value." }),
  },
  { ...closed, description: "One of the three changes (变) that make a line." },
);

/** The provenance of a dayan cast (src/liuyao/dayan.ts). */
export const DayanDraw = Type.Object(
  {
    method: Type.Literal("dayan", { description: "Always dayan: only a dayan cast carries its draw." }),
    model: Type.Literal("yarrow_remainders", { description: "Each change's left-heap remainder is uniform on 1–4, as in the hand method." }),
    lines: Type.Array(
      Type.Object(
        {
          position: Position("Position of the line drawn, 1 = bottom."),
          changes: Type.Array(DayanChange, { minItems: 3, maxItems: 3, description: "The three changes (三变) that made the line, in order." }),
          remaining: Type.Integer({ minimum: 24, maximum: 36, description: "Stalks left after three changes: 36, 32, 28 or 24 = 4 × value." }),
          value: LineValueSchema,
        },
        { ...closed, description: "How one line was drawn." },
      ),
      { minItems: 6, maxItems: 6, description: "The six lines, bottom first." },
    ),
  },
  { ...closed, $id: "DayanDraw", description: "The draw of a dayan cast (大衍筮法, 49 yarrow stalks), every remainder recorded; only on dayan casts." },
);

// Each schema is the engine type it documents: a field added to one and not the other fails the type check.
type Plain<T> = T extends readonly (infer E)[] ? Plain<E>[] : T extends object ? { -readonly [K in keyof T]: Plain<T[K]> } : T;
/** Identical types (not only mutually assignable, which would let an optional field go missing on one side). */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
const same = <S extends TSchema, T>(ok: Same<Plain<Static<S>>, Plain<T>>) => ok;
/**
 * Fields the engine always writes but casts stored before them lack: a line's `strength` and every
 * `_en` element name. The schemas make them optional, at any depth; everything else is as the engine types say.
 */
type AddedLater = "strength" | `${string}_en`;
type Stored<T> = T extends readonly (infer E)[]
  ? Stored<E>[]
  : T extends object
    ? { [K in keyof T as K extends AddedLater ? never : K]: Stored<T[K]> } & { [K in keyof T as K extends AddedLater ? K : never]?: Stored<T[K]> }
    : T;
same<typeof HexagramRef, HexagramRefType>(true);
same<typeof LiuyaoHiddenSpirit, Stored<HiddenSpirit>>(true);
same<typeof LiuyaoLineStrength, LineStrength>(true);
same<typeof LiuyaoLine, Stored<PrimaryLine>>(true);
same<typeof LiuyaoPrimaryHexagram, Stored<PrimaryHexagram>>(true);
same<typeof LiuyaoChangedLine, Stored<ChangedLine>>(true);
same<typeof LiuyaoLineTransform, Stored<LineTransform>>(true);
same<typeof LiuyaoChangedHexagram, Stored<ChangedHexagram>>(true);
same<typeof LiuyaoCalendar, CastCalendar>(true);
same<typeof DayanDraw, DayanProvenance>(true);
