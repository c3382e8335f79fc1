/** The BaZi chart payload (spec: no extra properties at any level) and the chart's documented shape. */
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { EndUserId, Metadata, StringEnum } from "../platform/schemas.ts";
import { INTERACTION_TYPES, PILLAR_NAMES } from "./interactions.ts";
import { TIME_BASES } from "./birth.ts";
import { BaziBirth, BaziConventions, BaziLunar, BaziPalace, BaziPillars, BaziSolar, ChartWarning, DATE, DayMaster, ElementNameZh, Ganzhi, LATER, MINUTE_TIME, TEN_GOD_NAMES } from "./chart-schema.ts";
import { SHEN_SHA_NAMES } from "./shen-sha.ts";
import { SEASONAL_STATES } from "./seasons.ts";
import { QI_RANKS, STRENGTH_BANDS } from "./strength.ts";
import { BRANCHES, ELEMENTS, ELEMENTS_ZH, STEMS } from "./tables.ts";

export const BirthPayload = Type.Object(
  {
    year: Type.Integer({ minimum: 1900, maximum: 2100, description: "Year of birth in calendar_type's calendar: Gregorian, or the lunar year." }),
    month: Type.Integer({ minimum: 1, maximum: 12, description: "Month of birth in calendar_type's calendar (a lunar month by its number; see is_leap_month)." }),
    day: Type.Integer({ minimum: 1, maximum: 31, description: "Must exist in the given solar or lunar month." }),
    hour: Type.Integer({ minimum: 0, maximum: 23, description: "The wall-clock time at the birthplace (Beijing time, UTC+08:00, without a recognised one). Summer time at a recognised birthplace is taken off; see conventions.time_zone." }),
    minute: Type.Optional(Type.Integer({ minimum: 0, maximum: 59, default: 0, description: "Minute of the wall-clock time at the birthplace." })),
    gender: StringEnum(["男", "女"] as const, { description: "男 (male) or 女 (female): it sets only the luck direction (阳男阴女 forward)." }),
    calendar_type: Type.Optional(StringEnum(["solar", "lunar"] as const, { default: "solar", description: "The calendar of year, month and day: Gregorian (`solar`) or Chinese lunisolar, 农历 (`lunar`)." })),
    is_leap_month: Type.Optional(Type.Boolean({ default: false, description: "Only with lunar input; the month must really be leap that year." })),
    birthplace: Type.Optional(Type.String({ maxLength: 120, description: "A city, county or district (杭州, 浙江省淳安县, 臺北, Vancouver BC, New York, USA). When the gazetteer recognises it, the chart reads the time in its time zone and gives `place` and `true_solar_time`." })),
    time_confidence: Type.Optional(
      StringEnum(["exact", "approximate"] as const, {
        default: "exact",
        description: "`approximate` flags the hour pillar uncertain, lists the neighbouring two-hour periods (pillars.hour.alternatives) and adds an APPROXIMATE_BIRTH_TIME warning.",
      }),
    ),
    time_basis: Type.Optional(StringEnum(TIME_BASES, { default: "civil", description: "What the day and hour pillars read: local standard time (`civil`) or true solar time at the birthplace (`true_solar`, which needs a recognised birthplace). The month and year always follow the birth instant." })),
  },
  { additionalProperties: false, description: "The birth to chart." },
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

/** One 神煞 on a pillar (src/bazi/shen-sha.ts). */
export const ShenShaEntry = Type.Object(
  {
    name: StringEnum(SHEN_SHA_NAMES, { description: `${SHEN_SHA_NAMES.slice(0, -1).join(", ")} or ${SHEN_SHA_NAMES.at(-1)}.` }),
    pillar: StringEnum(PILLAR_NAMES, { description: "The pillar whose branch carries it." }),
    basis: StringEnum(["day_stem", "year_stem", "year_branch", "day_branch", "day_pillar"] as const, { description: "What it was looked up from." }),
  },
  { additionalProperties: false, examples: [{ name: "天乙贵人", pillar: "month", basis: "day_stem" }] },
);

/** An interaction's name: two or three stems or branches, then 合 (and the element), 冲, 害, 破, 相刑, 自刑, 半合…局, 三合…局 or 三会…方. */
const ELEMENT_ZH_CLASS = `[${ELEMENTS_ZH.join("")}]`;
const RELATION_NAME = `^[${STEMS.join("")}${BRANCHES.join("")}]{2,3}(合${ELEMENT_ZH_CLASS}|冲|害|破|相刑|自刑|半合${ELEMENT_ZH_CLASS}局|三合${ELEMENT_ZH_CLASS}局|三会${ELEMENT_ZH_CLASS}方)$`;

/** One interaction among a chart's pillars (src/bazi/interactions.ts). */
export const Relation = Type.Object(
  {
    type: StringEnum(INTERACTION_TYPES, {
      description: "The kind: stem_combination 天干五合, six_combination 六合, three_combination 三合局, half_combination 半合, directional_combination 三会, clash 六冲, punishment 刑 (三刑, 相刑, 自刑), harm 六害, destruction 六破.",
    }),
    members: Type.Array(StringEnum(PILLAR_NAMES), { description: "The pillars whose stems (stem_combination) or branches take part." }),
    name: Type.String({ pattern: RELATION_NAME, description: "The classical name: the stems or branches met, then what they do, e.g. 子午冲, 甲己合土, 申子辰三合水局, 子辰半合水局, 寅卯辰三会木方, 寅巳相刑, 午午自刑." }),
    element: Type.Optional(StringEnum(ELEMENTS, { description: "Combinations: the element they combine towards." })),
    element_zh: ElementNameZh("element", "Combinations, with `element`."),
    transforms: Type.Optional(Type.Boolean({ description: "Combinations: whether the conditions applied for transforming (合化) hold." })),
  },
  { additionalProperties: false, examples: [{ type: "clash", members: ["month", "day"], name: "子午冲" }, { type: "stem_combination", members: ["year", "month"], name: "甲己合土", element: "earth", element_zh: "土", transforms: true }] },
);

/** One year's pillar read against the chart (流年 or 小运; src/bazi/annual.ts). */
export const YearPillarSchema = Type.Object(
  {
    year: Type.Integer({ description: "Gregorian year; its pillar starts at that year's 立春." }),
    age: Type.Integer({ description: "Nominal age (虚岁) that year, as the luck pillars count it: 1 in the birth year." }),
    ganzhi: Ganzhi("The year's pillar (干支): the year's own for 流年, the hour pillar stepped in the luck direction for 小运."),
    ten_god: StringEnum(TEN_GOD_NAMES, { description: "十神 of the year's stem against the day master." }),
    relations: Type.Array(Relation, { description: "How the year's stem and branch meet the chart: `members` are the natal pillars met (no `transforms`)." }),
  },
  {
    additionalProperties: false,
    examples: [{ year: 2026, age: 37, ganzhi: "丙午", ten_god: "七杀", relations: [{ type: "clash", members: ["day"], name: "子午冲" }] }],
  },
);

/** One ten-year luck pillar (大运). */
export const LuckPillarSchema = Type.Object(
  {
    ganzhi: Ganzhi("The luck pillar's 干支: the month pillar stepped one place per pillar in the luck direction."),
    start_year: Type.Integer({ description: "Gregorian year it starts; the first pillar's is start_date's year." }),
    end_year: Type.Integer({ description: "Gregorian year it ends: start_year + 9." }),
    start_age: Type.Integer({ description: "Nominal age (虚岁): 1 in the birth year." }),
    end_age: Type.Integer({ description: "Nominal age (虚岁) in end_year: start_age + 9." }),
    years: Type.Optional(Type.Array(YearPillarSchema, { minItems: 10, maxItems: 10, description: "Its ten annual pillars (流年), start_year to end_year: only when read with `include=luck.years`." })),
  },
  { additionalProperties: false },
);

/** The luck section (src/bazi/luck.ts; lunar-typescript's getYun(gender, 1)). */
export const LuckSection = Type.Object(
  {
    direction: StringEnum(["forward", "backward"] as const, { description: "顺行 forward for a yang year and a man or a yin year and a woman (阳男阴女), else 逆行 backward; the year's polarity by 立春." }),
    start_age: Type.Object(
      {
        years: Type.Integer({ minimum: 0, description: "Whole years." }),
        months: Type.Integer({ minimum: 0, maximum: 11, description: "Months beyond the years." }),
        days: Type.Integer({ minimum: 0, description: "Days beyond the months." }),
      },
      { additionalProperties: false, description: "Time from birth until the first luck pillar starts." },
    ),
    start_date: Type.String({ pattern: DATE, description: "YYYY-MM-DD the first luck pillar starts." }),
    pillars: Type.Array(LuckPillarSchema, { minItems: 10, maxItems: 10, description: "The ten 大运 in order, a decade each." }),
    xiao_yun: Type.Optional(Type.Array(YearPillarSchema, { description: "小运: each year from the birth year until the first luck pillar starts (the hour pillar stepped a place a year in the luck direction); only when read with `include=luck.years`." })),
  },
  {
    additionalProperties: false,
    description: "大运 (luck pillars): their direction, when they start and the ten ten-year pillars.",
    // The luck of 1922-06-25 17:16, male (壬戌 year, 丙午 month).
    examples: [
      {
        direction: "forward",
        start_age: { years: 4, months: 2, days: 0 },
        start_date: "1926-08-25",
        pillars: ["丁未", "戊申", "己酉", "庚戌", "辛亥", "壬子", "癸丑", "甲寅", "乙卯", "丙辰"].map((ganzhi, i) => ({
          ganzhi,
          start_year: 1926 + 10 * i,
          end_year: 1935 + 10 * i,
          start_age: 5 + 10 * i,
          end_age: 14 + 10 * i,
        })),
      },
    ],
  },
);

/** GET /v1/bazi/charts/{chart_id}: what to derive beside the stored chart. */
export const ChartReadQuery = Type.Object(
  {
    include: Type.Optional(
      Type.Array(StringEnum(["luck.years"] as const), {
        description: "Derived sections to add: `luck.years` — each luck pillar's ten annual pillars (`luck.pillars[i].years`) and `luck.xiao_yun`. Comma-separated or repeated.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** An object keyed by element: the keys are the English names (wood 木, fire 火, earth 土, metal 金, water 水), with no Chinese copy. */
const ByElement = <T extends TSchema>(value: (element: string) => T, description: string) =>
  Type.Object({ wood: value("wood (木)"), fire: value("fire (火)"), earth: value("earth (土)"), metal: value("metal (金)"), water: value("water (水)") }, { additionalProperties: false, description: `${description} Keyed by the English element names: wood (木), fire (火), earth (土), metal (金), water (水).` });

/** The graded day-master strength (src/bazi/strength.ts; conventions.strength). */
export const GradedStrength = Type.Object(
  {
    score: Type.Number({ minimum: 0, maximum: 100, description: "Weight of the supporting characters among the seven others, one decimal." }),
    band: StringEnum(STRENGTH_BANDS, { description: "Under 25 very_weak, under 45 weak, 45–55 balanced (中和), up to 75 strong, above very_strong." }),
    basis: Type.Object(
      {
        de_ling: Type.Object(
          {
            held: Type.Boolean({ description: "Whether 得令 holds." }),
            month_state: StringEnum(SEASONAL_STATES, { description: "The day master element's 旺相休囚死 state in the birth month." }),
          },
          { additionalProperties: false, description: "得令: the day master is 旺 or 相 in the month." },
        ),
        de_di: Type.Object(
          {
            held: Type.Boolean({ description: "Whether 得地 holds: a root outside the month branch." }),
            roots: Type.Array(
              Type.Object(
                {
                  pillar: StringEnum(PILLAR_NAMES, { description: "The pillar whose branch holds it." }),
                  stem: Type.String({ description: "The hidden stem (藏干) of the day master's element." }),
                  qi: StringEnum(QI_RANKS, { description: "Its place in the branch: main 本气, middle 中气 or residual 余气." }),
                },
                { additionalProperties: false },
              ),
              { description: "Every root (根) in the four branches, the month's included." },
            ),
          },
          { additionalProperties: false, description: "得地: a root (hidden stem of the day master's element) in the year, day or hour branch; a month root is listed but counts under 得令." },
        ),
        de_shi: Type.Object(
          {
            held: Type.Boolean({ description: "Whether 得势 holds." }),
            supporting_stems: Type.Array(StringEnum(PILLAR_NAMES), { description: "The pillars among year, month and hour whose stem is of the day master's element or its resource (比劫 or 印)." }),
          },
          { additionalProperties: false, description: "得势: two or more of the year, month and hour stems support it." },
        ),
      },
      { additionalProperties: false, description: "The three classical bases: 得令 (the month), 得地 (roots in the branches), 得势 (support among the stems)." },
    ),
    hint: Type.Union([Type.Literal("从弱"), Type.Literal("专旺"), Type.Null()], { description: "从弱 under 15 with no root, 专旺 at 85 and over: hints, not a pattern judgement." }),
  },
  { additionalProperties: false, description: "日主强弱 (day-master strength) graded 0–100 with its three bases; see conventions.strength. Absent on charts stored before it was added." },
);

/** The five-element section (src/bazi/five-elements.ts; conventions.five_elements). */
export const FiveElementsSection = Type.Object(
  {
    counts: ByElement((element) => Type.Integer({ minimum: 0, maximum: 8, description: `Characters of ${element} among the eight.` }), "Characters of each element among the eight (4 stems, 4 branch main qi)."),
    seasonal_state: Type.Optional(ByElement((element) => StringEnum(SEASONAL_STATES, { description: `The state of ${element}: 旺, 相, 休, 囚 or 死.` }), "旺相休囚死 of each element in the birth month.")),
    day_master_strength: StringEnum(["strong", "weak"] as const, { description: "身强 or 身弱 by the simple rule: support 5 or more strong, 3 or less weak, 4 : 4 decided by the month branch." }),
    strength: Type.Optional(GradedStrength),
    support: Type.Integer({ minimum: 0, maximum: 8, description: "Characters of the day master's element (the day stem included) or its resource (印) among the eight." }),
    drain: Type.Integer({ minimum: 0, maximum: 8, description: "The other characters (output, wealth, officer): 8 − support." }),
    favorable_elements: Type.Array(StringEnum(ELEMENTS), { description: "喜用 by the simple rule: resource then companion for a weak day master; output, wealth, officer for a strong one." }),
    favorable_elements_zh: Type.Optional(Type.Array(StringEnum(ELEMENTS_ZH), { description: `\`favorable_elements\` in Chinese (木 火 土 金 水), same order. ${LATER}` })),
    unfavorable_elements: Type.Array(StringEnum(ELEMENTS), { description: "忌 by the simple rule: the other group (output, wealth, officer when weak; resource, companion when strong)." }),
    unfavorable_elements_zh: Type.Optional(Type.Array(StringEnum(ELEMENTS_ZH), { description: `\`unfavorable_elements\` in Chinese, same order. ${LATER}` })),
  },
  { additionalProperties: false, description: "Counts, seasonal states and the simple strong/weak rule that decides the favourable elements; `strength` grades it. Fields added later are absent on charts stored before them." },
);

/** The birthplace as the gazetteer knows it (src/place). */
export const ChartPlaceSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, description: "The full Chinese name for a Chinese place (杭州市), else the English one." }),
    country: Type.String({ pattern: "^[A-Z]{2}$", description: "ISO 3166-1 alpha-2." }),
    province: Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: "The province-level division of a Chinese place (浙江省), else its state or region (New York); null where the gazetteer has none (香港)." }),
    longitude: Type.Number({ minimum: -180, maximum: 180, description: "Degrees, east positive." }),
    latitude: Type.Number({ minimum: -90, maximum: 90, description: "Degrees, north positive." }),
    time_zone: Type.String({ pattern: "^[A-Za-z]+(/[A-Za-z0-9_+-]+)+$", description: "The IANA zone the entered time is read in; Asia/Shanghai (Beijing time) for all of mainland China." }),
    approximate: Type.Boolean({ description: "The coordinates are the prefecture's, not the place's own." }),
  },
  { additionalProperties: false, examples: [{ name: "杭州市", country: "CN", province: "浙江省", longitude: 120.1614, latitude: 30.2937, time_zone: "Asia/Shanghai", approximate: false }] },
);

/** True solar time at the birthplace. */
export const TrueSolarTimeSchema = Type.Object(
  {
    time: Type.String({ pattern: MINUTE_TIME, description: "YYYY-MM-DD HH:MM: local standard time plus the correction." }),
    correction_minutes: Type.Number({ description: "Minutes added to local standard time to give true solar time: the longitude and equation-of-time corrections together, one decimal." }),
    longitude_minutes: Type.Number({ description: "(longitude − the zone's meridian) × 4." }),
    equation_of_time_minutes: Type.Number({ description: "The equation of time at the birth instant (apparent minus mean solar time), minutes, one decimal." }),
  },
  // 杭州 (the place example), 1990-11-03 08:00.
  { additionalProperties: false, examples: [{ time: "1990-11-03 08:17", correction_minutes: 17.1, longitude_minutes: 0.6, equation_of_time_minutes: 16.5 }] },
);

/** The chart as stored and answered, every section closed (the engine sections: chart-schema.ts). */
export const ChartRecord = Type.Object(
  {
    id: Type.String({ pattern: "^bzc_", description: "The chart's id (bzc_…)." }),
    object: Type.Literal("bazi.chart", { description: "Always bazi.chart." }),
    created_at: Type.String({ format: "date-time", description: "When the chart was created (UTC)." }),
    end_user_id: Type.Union([Type.String(), Type.Null()], { description: "The end_user_id sent with the chart, or null." }),
    metadata: Type.Union([Metadata, Type.Null()], { description: "The metadata sent with the chart, or null." }),
    birth: BaziBirth,
    solar: BaziSolar,
    lunar: BaziLunar,
    pillars: BaziPillars,
    day_master: DayMaster,
    five_elements: FiveElementsSection,
    tai_yuan: BaziPalace,
    ming_gong: BaziPalace,
    shen_gong: BaziPalace,
    luck: LuckSection,
    place: Type.Optional(Type.Union([ChartPlaceSchema, Type.Null()], { description: "The recognised birthplace, or null. Absent on charts stored before it was added." })),
    true_solar_time: Type.Optional(Type.Union([TrueSolarTimeSchema, Type.Null()], { description: "True solar time at the recognised birthplace, or null. Absent on charts stored before it was added." })),
    relations: Type.Optional(Type.Array(Relation, { description: "Every interaction (合冲刑害破) among the four pillars; see conventions.relations. Absent on charts stored before it was added." })),
    shen_sha: Type.Optional(Type.Array(ShenShaEntry, { description: "The core 神煞 on the pillars; see conventions.shen_sha. Absent on charts stored before it was added." })),
    conventions: BaziConventions,
    warnings: Type.Array(ChartWarning, { description: "Where another convention, or a few minutes' error in the birth time, would change a pillar; empty when none does." }),
  },
  { $id: "BaziChart", additionalProperties: false, description: "A stored BaZi chart: the birth as sent and as read, the four pillars and everything computed from them." },
);
