/**
 * The documented shape of a stored chart's engine sections (src/bazi/chart.ts's ChartBody): birth,
 * solar, lunar, pillars, day master, palaces, conventions and warnings. Answers only: requests are
 * never validated with these. Every object is closed; fields added after the first chart are
 * optional, since charts stored before them are answered as stored.
 */
import { type TProperties, Type } from "@sinclair/typebox";
import { StringEnum } from "../platform/schemas.ts";
import { BIRTHPLACE_MAX_LENGTH, CALENDAR_TYPES, GENDERS, TIME_BASES, TIME_CONFIDENCES } from "./birth.ts";
import { YIN_YANG } from "./chart.ts";
import { SUMMER_TIME_KINDS } from "./summer-time.ts";
import { BRANCHES, DAY_MASTER_LABEL, ELEMENTS, ELEMENTS_ZH, GROWTH_STAGES, JIE_NAMES, NAYIN, STEMS, TEN_GODS } from "./tables.ts";

const closed = { additionalProperties: false } as const;
export const LATER = "Absent on charts stored before it was added.";

/** A 干支 name: a stem then a branch. */
export const Ganzhi = (description = "干支, e.g. 甲子.") => Type.String({ pattern: `^[${STEMS.join("")}][${BRANCHES.join("")}]$`, description });
const Stem = (description?: string) => StringEnum(STEMS, description ? { description } : {});
const Branch = (description?: string) => StringEnum(BRANCHES, description ? { description } : {});
const ElementName = (description?: string) => StringEnum(ELEMENTS, description ? { description } : {});
/** The Chinese name (木 火 土 金 水) beside an English element field `field` (tables.ts ELEMENT_ZH). */
export const ElementNameZh = (field: string, note = "") =>
  Type.Optional(StringEnum(ELEMENTS_ZH, { description: `\`${field}\` in Chinese: 木 wood, 火 fire, 土 earth, 金 metal, 水 water.${note ? ` ${note}` : ""} ${LATER}` }));
const Nayin = StringEnum(NAYIN, { description: "纳音 (the sound element of the 干支 pair), e.g. 海中金." });
/** The ten gods (十神) as the engine names them. */
export const TEN_GOD_NAMES = Object.values(TEN_GODS).flat();
export const DATE = "^\\d{4}-\\d{2}-\\d{2}$";
export const MINUTE_TIME = "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$";
const SECOND_TIME = "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$";
const MinuteTime = (description: string) => Type.String({ pattern: MINUTE_TIME, description: `${description} ("YYYY-MM-DD HH:MM").` });
const SecondTime = (description: string) => Type.String({ pattern: SECOND_TIME, description: `${description} ("YYYY-MM-DD HH:MM:SS", UTC+08:00).` });

/** The birth as given, defaults filled (src/bazi/birth.ts NormalizedBirth). */
export const BaziBirth = Type.Object(
  {
    year: Type.Integer({ minimum: 1900, maximum: 2100, description: "Year of birth in calendar_type's calendar." }),
    month: Type.Integer({ minimum: 1, maximum: 12, description: "Month of birth in calendar_type's calendar (a lunar month by its number)." }),
    day: Type.Integer({ minimum: 1, maximum: 31, description: "Day of the month in calendar_type's calendar." }),
    hour: Type.Integer({ minimum: 0, maximum: 23, description: "The wall-clock time at the birthplace (Beijing time without a recognised one)." }),
    minute: Type.Integer({ minimum: 0, maximum: 59, description: "Minute of the entered time; 0 when none was given." }),
    gender: StringEnum(GENDERS, { description: "男 (male) or 女 (female): it sets only the luck direction." }),
    calendar_type: StringEnum(CALENDAR_TYPES, { description: "The calendar of year, month and day: Gregorian (solar) or Chinese lunisolar (lunar)." }),
    is_leap_month: Type.Boolean({ description: "Lunar input: the month is the leap (闰) month." }),
    time_confidence: StringEnum(TIME_CONFIDENCES, { description: "exact, or approximate: the hour pillar is then flagged uncertain and its neighbouring periods listed." }),
    birthplace: Type.Optional(Type.String({ maxLength: BIRTHPLACE_MAX_LENGTH, description: "As given; absent when none was." })),
    time_basis: Type.Optional(StringEnum(TIME_BASES, { description: `What the day and hour pillars read: civil (local standard) or true solar time. ${LATER}` })),
  },
  { ...closed, $id: "BaziBirth", description: "The birth as given, every default filled in." },
);

/** The solar date and time of birth and the 节 that opened the BaZi month. */
export const BaziSolar = Type.Object(
  {
    date: Type.String({ pattern: DATE, description: "The Gregorian date of birth (YYYY-MM-DD): as entered, or converted from the lunar date." }),
    time: Type.String({ pattern: "^\\d{2}:\\d{2}$", description: "The clock time as entered (HH:MM)." }),
    month_term: Type.Object(
      { name: StringEnum(JIE_NAMES, { description: "The 节's name, e.g. 白露." }), time: SecondTime("Its exact instant") },
      { ...closed, description: "The 节 (solar term) that opened the BaZi month." },
    ),
  },
  {
    ...closed,
    $id: "BaziSolar",
    description: "The Gregorian date and clock time of birth as entered, and the 节 (solar term) that opened the BaZi month.",
    examples: [{ date: "1949-10-01", time: "15:00", month_term: { name: "白露", time: "1949-09-08 07:54:09" } }],
  },
);

/** The lunar (农历) date of birth. */
export const BaziLunar = Type.Object(
  {
    year: Type.Integer({ minimum: 1899, maximum: 2100, description: "The lunar year (a January 1900 birth falls in lunar 1899)." }),
    month: Type.Integer({ minimum: 1, maximum: 12, description: "The lunar month's number: 1 for 正月 … 12 for 腊月." }),
    day: Type.Integer({ minimum: 1, maximum: 30, description: "The lunar day: 1 for 初一 … 30 for 三十." }),
    is_leap_month: Type.Boolean({ description: "The month is the leap (闰) month repeating its number." }),
    text: Type.String({ description: "In Chinese, e.g. 一九四九年八月初十, 一九二二年闰五月初一." }),
  },
  { ...closed, $id: "BaziLunar", description: "The date of birth in the Chinese lunisolar calendar (农历)." },
);

/** A stem hidden in a branch (藏干). */
export const HiddenStem = Type.Object(
  {
    stem: Stem("The hidden stem (天干)."),
    element: ElementName("The hidden stem's element (五行)."),
    element_zh: ElementNameZh("element"),
    ten_god: StringEnum(TEN_GOD_NAMES, { description: "十神 of the hidden stem against the day master." }),
  },
  { ...closed, $id: "HiddenStem", description: "A stem hidden in the branch (藏干)." },
);

/** The fields a pillar's 干支 alone decides (also on neighbouring hours). */
const compactFields = {
  ganzhi: Ganzhi(),
  stem: Stem("天干 (heavenly stem) of the pillar."),
  branch: Branch("地支 (earthly branch) of the pillar."),
  stem_element: ElementName("The stem's element (五行)."),
  stem_element_zh: ElementNameZh("stem_element"),
  branch_element: StringEnum(ELEMENTS, { description: "The element of the branch's main qi (本气)." }),
  branch_element_zh: ElementNameZh("branch_element"),
  nayin: Nayin,
};

const pillarFields = {
  ...compactFields,
  ten_god: StringEnum([...TEN_GOD_NAMES, DAY_MASTER_LABEL], { description: "十神 of the stem against the day master; 日主 on the day pillar." }),
  hidden_stems: Type.Array(HiddenStem, { minItems: 1, maxItems: 3, description: "藏干, main qi (本气) first." }),
  growth_stage: StringEnum(GROWTH_STAGES, { description: "十二长生 stage of the day master at this branch." }),
  xun: Ganzhi("The 旬 (decade) holding the pillar, named by its 甲 head."),
  void: Type.Array(Branch(), { minItems: 2, maxItems: 2, description: "The two 空亡 (void) branches of that 旬." }),
};

/** One of the four pillars (src/bazi/pillar-view.ts). */
export const Pillar = Type.Object(pillarFields, {
  ...closed,
  $id: "Pillar",
  description: "One pillar (柱): its 干支, their elements, 纳音, 十神, hidden stems (藏干), growth stage and 旬空.",
  examples: [
    {
      ganzhi: "己丑",
      stem: "己",
      branch: "丑",
      stem_element: "earth",
      stem_element_zh: "土",
      branch_element: "earth",
      branch_element_zh: "土",
      nayin: "霹雳火",
      ten_god: "正财",
      hidden_stems: [
        { stem: "己", element: "earth", element_zh: "土", ten_god: "正财" },
        { stem: "癸", element: "water", element_zh: "水", ten_god: "正印" },
        { stem: "辛", element: "metal", element_zh: "金", ten_god: "正官" },
      ],
      growth_stage: "冠带",
      xun: "甲申",
      void: ["午", "未"],
    },
  ],
});

/** A neighbouring two-hour period (time_confidence "approximate"). */
const HourAlternative = Type.Object(
  {
    time_range: Type.String({ pattern: "^\\d{2}:00–\\d{2}:59$", description: "The two-hour period, e.g. 21:00–22:59." }),
    ...compactFields,
    day_pillar: Ganzhi("The day pillar in force then (another one when the period is on another day)."),
  },
  { ...closed, description: "A neighbouring two-hour period's pillar, without ten gods: on another day the day master changes too." },
);

/** The four pillars; the hour pillar says whether it is certain. */
export const BaziPillars = Type.Object(
  {
    year: Pillar,
    month: Pillar,
    day: Pillar,
    hour: Type.Object(
      {
        ...pillarFields,
        uncertain: Type.Boolean({ description: "The birth time is approximate (time_confidence approximate)." }),
        alternatives: Type.Optional(Type.Array(HourAlternative, { minItems: 2, maxItems: 2, description: "Only with an approximate time: the previous and the next two-hour period." })),
      },
      { ...closed, description: "The hour pillar: a pillar, flagged when the time is approximate." },
    ),
  },
  { ...closed, $id: "BaziPillars", description: "The four pillars (四柱): year, month, day and hour." },
);

/** The day master (日主): the day pillar's stem. */
export const DayMaster = Type.Object(
  {
    stem: Stem("The day stem (日干)."),
    element: ElementName("The day stem's element (五行)."),
    element_zh: ElementNameZh("element"),
    yin_yang: StringEnum(YIN_YANG, { description: "The day stem's polarity: yang (甲丙戊庚壬) or yin (乙丁己辛癸)." }),
  },
  { ...closed, $id: "DayMaster", description: "日主: the day pillar's stem, the self the ten gods are read against.", examples: [{ stem: "甲", element: "wood", element_zh: "木", yin_yang: "yang" }] },
);

/** 胎元, 命宫, 身宫: a pillar named only (src/bazi/palaces.ts). */
export const BaziPalace = Type.Object(
  { ganzhi: Ganzhi(), nayin: Nayin },
  {
    ...closed,
    $id: "BaziPalace",
    description: "A pillar given by name and nayin only: tai_yuan is 胎元 (the conception pillar), ming_gong 命宫 (the life palace), shen_gong 身宫 (the body palace); see conventions.palaces.",
  },
);

/** The conventions every chart states about itself (src/bazi/conventions.ts). */
export const BaziConventions = Type.Object(
  {
    time_zone: Type.String({ description: "Which clock the entered time is read on, and which pillars read local standard or true solar time." }),
    ephemeris: Type.String({ description: "The source of the solar terms and lunar months, and the supported date range." }),
    year_pillar: Type.String({ description: "The rule for the year pillar (年柱): where it changes." }),
    month_pillar: Type.String({ description: "The rule for the month pillar (月柱): where it changes and how its stem is found." }),
    day_pillar: Type.String({ description: "The rule for the day pillar (日柱): where the day changes and how 23:00–23:59 is read." }),
    hour_pillar: Type.String({ description: "The rule for the hour pillar (时柱): the two-hour periods and how its stem is found." }),
    elements: Type.String({ description: "How elements are named: English values, the Chinese beside them in `_zh` fields." }),
    ten_gods: Type.String({ description: "How 十神 (ten gods) are assigned against the day master." }),
    growth_stage: Type.String({ description: "How the 十二长生 (twelve growth stages) stage of each pillar is read." }),
    xun_void: Type.String({ description: "What xun (旬, decade) and void (空亡) name." }),
    five_elements: Type.String({ description: "The simple rule behind five_elements: counts, strong or weak, favourable elements, seasonal states." }),
    strength: Type.Optional(Type.String({ description: `How five_elements.strength is graded. ${LATER}` })),
    luck: Type.String({ description: "How the 大运 (luck pillars) direction, start age, years and ages are counted." }),
    palaces: Type.String({ description: "How 胎元, 命宫 and 身宫 are found." }),
    lunar_input: Type.String({ description: "How a lunar date of birth is converted, and when a disputed month start is warned of." }),
    relations: Type.Optional(Type.String({ description: `How relations are found. ${LATER}` })),
    shen_sha: Type.Optional(Type.String({ description: `How shen_sha are looked up. ${LATER}` })),
  },
  { ...closed, $id: "BaziConventions", description: "The rule each part of the chart follows, one statement per topic, as of the chart's creation." },
);

/** Four pillars by 干支 name. */
const FourPillarNames = (description?: string) =>
  Type.Object({ year: Ganzhi(), month: Ganzhi(), day: Ganzhi(), hour: Ganzhi() }, description ? { ...closed, description } : closed);

const warning = <C extends string, P extends TProperties = {}>(code: C, description: string, fields: P = {} as P) =>
  Type.Object({ code: Type.Literal(code, { description: `Always ${code}: the warning's kind, for programs.` }), message: Type.String({ description: "For people; the other fields are for programs." }), ...fields }, { ...closed, description });

/** One chart warning (src/bazi/warnings.ts): where another convention or a small time error would change a pillar. */
export const ChartWarning = Type.Union(
  [
    warning("ZI_HOUR_DAY_BOUNDARY", "Born 23:00–23:59 (子 hour): the school that starts the day at 23:00 gives another day pillar.", {
      sect1_day_pillar: Ganzhi("The day pillar under the 23:00 day change."),
    }),
    warning("NEAR_SOLAR_TERM", "Born within two hours of a 节: on its other side the month (at 立春 also the year) pillar differs.", {
      term: StringEnum(JIE_NAMES, { description: "The 节 (solar term) the birth is near, e.g. 立春." }),
      term_time: SecondTime("The 节's exact instant"),
      seconds_from_term: Type.Integer({ minimum: -7200, maximum: 7200, description: "Birth minus the term's instant; negative: born before it." }),
      other_side: Type.Object({ year: Ganzhi(), month: Ganzhi() }, { ...closed, description: "The year and month pillars on the other side of the term." }),
    }),
    warning("LUNAR_MONTH_START_DISPUTED", "Lunar input in a month whose first day other calendar computations put on another solar day.", {
      new_moon_time: SecondTime("The new moon opening the month"),
      alternative: Type.Union(
        [
          Type.Object(
            {
              solar_date: Type.String({ pattern: DATE, description: "The Gregorian date (YYYY-MM-DD) the lunar date falls on under the other computation." }),
              pillars: FourPillarNames("The four pillars on that date at the same clock time."),
            },
            closed,
          ),
          Type.Null(),
        ],
        { description: "The birth under the other computation, or null where that lunar day would not exist." },
      ),
    }),
    warning("APPROXIMATE_BIRTH_TIME", "The time is approximate: the hour pillar may be a neighbouring one (pillars.hour.alternatives)."),
    warning("CHINA_DAYLIGHT_SAVING_TIME", "A Beijing-time clock reading inside China's 1986–1991 summer time (no recognised birthplace): the chart reads it as standard time.", {
      kind: StringEnum(SUMMER_TIME_KINDS, { description: "summer: inside a period; skipped: 02:00–02:59 on its first day; repeated: 01:00–01:59 on its last." }),
      standard_time: Type.Union([MinuteTime("The standard time if the clock showed summer time"), Type.Null()], { description: "Null for a skipped time." }),
      alternative: Type.Union([FourPillarNames(), Type.Null()], { description: "The pillars at that standard time; null with it." }),
      pillars_change: Type.Boolean({ description: "Any of those pillars differs from the chart's." }),
    }),
    warning("BIRTHPLACE_NOT_RECOGNISED", "The gazetteer does not know the birthplace: the time is read as Beijing time."),
    warning("DAYLIGHT_SAVING_TIME_APPLIED", "The entered time was summer time at the birthplace: the pillars read standard time.", {
      entered_time: MinuteTime("As entered"),
      standard_time: MinuteTime("The standard time the pillars read"),
    }),
    warning("DAYLIGHT_SAVING_TIME_REPEATED", "Clocks at the birthplace showed the entered time twice: the chart reads the first.", {
      alternative_standard_time: MinuteTime("The second occurrence in standard time"),
      alternative: FourPillarNames("The four pillars at that second occurrence."),
    }),
    warning("TRUE_SOLAR_TIME_CHANGES_PILLARS", "The clock the chart did not read (true solar or civil time) gives another day or hour pillar.", {
      other_basis: StringEnum(TIME_BASES, { description: "The clock the chart did not read: true_solar, or civil when the chart reads true solar time." }),
      other_time: MinuteTime("That clock's time"),
      day: Ganzhi("The day pillar by it."),
      hour: Ganzhi("The hour pillar by it."),
    }),
  ],
  { $id: "ChartWarning", description: "Something about the birth data a reader should know (a time near a day or 节 boundary, an approximate time, summer time, an unknown birthplace…), by code, with what it changes." },
);
