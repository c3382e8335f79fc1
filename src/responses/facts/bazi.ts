/**
 * The fact sheet of a BaZi chart: the four pillars and what the engine derived
 * from them, read from the stored chart. Nothing is recomputed here.
 */
import { annualPillars, type ChartBody, type GradedStrength, type MonthPillar, monthPillars, natalChartOf, type NatalChart, type YearPillar } from "../../bazi/index.ts";
import type { Interaction } from "../../bazi/interactions.ts";
import { type ShenSha, type ShenShaBasis, starBranches } from "../../bazi/shen-sha.ts";
import { monthStructure, type MonthStructure, wealthStorehouse } from "../../bazi/structure.ts";
import { BRANCHES, STEMS } from "../../bazi/tables.ts";
import type { FactSheetOf } from "./types.ts";
import { warningInChinese } from "./bazi-warnings.ts";

export const PILLAR_NAMES = ["year", "month", "day", "hour"] as const;
export type PillarName = (typeof PILLAR_NAMES)[number];

export interface PillarFacts {
  ganzhi: string;
  stem_element: string;
  branch_element: string;
  nayin: string;
  ten_god: string;
  /** 藏干 with their ten gods, e.g. "己(正财)". */
  hidden: string[];
  /** 十二长生 of the day master at this branch, its 旬 and that 旬's two void branches (absent on the oldest charts). */
  growthStage?: string;
  xun?: string;
  void?: string[];
}

/** A pillar given by name and 纳音 only (胎元, 命宫, 身宫). */
export interface Palace {
  ganzhi: string;
  nayin: string;
}

export interface BaziFacts {
  pillars: Record<PillarName, PillarFacts>;
  dayMaster: ChartBody["day_master"];
  strength: ChartBody["five_elements"]["day_master_strength"];
  /** The graded strength and its bases; absent on charts stored before it was added. */
  graded?: GradedStrength;
  counts: ChartBody["five_elements"]["counts"];
  favorable: string[];
  unfavorable: string[];
  gender: string;
  solar: { date: string; time: string };
  lunarText: string;
  timeConfidence: string;
  luck: { direction: string; startDate: string; startAge: ChartBody["luck"]["start_age"] | null; pillars: { ganzhi: string; startYear: number; endYear: number }[] };
  /** 合冲刑害破 among the four pillars; null on charts stored before they were found. */
  relations: Pick<Interaction, "type" | "name" | "members" | "element" | "transforms">[] | null;
  /** The core 神煞 on the pillars; null on charts stored before they were looked up. */
  shenSha: ShenSha[] | null;
  /** 胎元, 命宫 and 身宫 by name and 纳音; absent on charts stored before they were added. */
  palaces?: { taiYuan: Palace; mingGong: Palace; shenGong: Palace };
  /**
   * The chart's own warnings (conventions or time uncertainty that could change a pillar): the
   * engine's English message, and the same in Chinese (the English one where an old chart lacks a field).
   */
  warnings: { en: string; zh: string }[];
}

/** The stored chart as far as the fact sheet reads it. */
export type StoredChart = Pick<ChartBody, "birth" | "solar" | "lunar" | "pillars" | "day_master" | "luck" | "warnings"> &
  Partial<Pick<ChartBody, "place" | "true_solar_time" | "relations" | "shen_sha" | "tai_yuan" | "ming_gong" | "shen_gong" | "conventions">> & {
  five_elements: Omit<ChartBody["five_elements"], "strength"> & Partial<Pick<ChartBody["five_elements"], "strength">>;
};

function pillarFacts(p: ChartBody["pillars"][PillarName]): PillarFacts {
  return {
    ganzhi: p.ganzhi,
    stem_element: p.stem_element,
    branch_element: p.branch_element,
    nayin: p.nayin,
    ten_god: p.ten_god,
    hidden: p.hidden_stems.map((h) => `${h.stem}(${h.ten_god})`),
    ...(p.growth_stage ? { growthStage: p.growth_stage } : {}),
    ...(p.xun ? { xun: p.xun, void: [...p.void] } : {}),
  };
}

/** The four pillars as one string, year first: "己丑 癸酉 甲子 壬申". */
export const pillarsText = (f: BaziFacts) => PILLAR_NAMES.map((n) => f.pillars[n].ganzhi).join(" ");

/** @example baziFacts("bzc_x", chart).lines[1] // "Four pillars (year month day hour): 己丑 癸酉 甲子 壬申" */
export function baziFacts(subjectId: string, chart: StoredChart): BaziFactSheet {
  const fe = chart.five_elements;
  const context = warningContext(chart);
  const data: BaziFacts = {
    pillars: Object.fromEntries(PILLAR_NAMES.map((n) => [n, pillarFacts(chart.pillars[n])])) as Record<PillarName, PillarFacts>,
    dayMaster: chart.day_master,
    strength: fe.day_master_strength,
    ...(fe.strength ? { graded: fe.strength } : {}),
    counts: fe.counts,
    favorable: [...fe.favorable_elements],
    unfavorable: [...fe.unfavorable_elements],
    gender: chart.birth.gender,
    solar: { date: chart.solar.date, time: chart.solar.time },
    lunarText: chart.lunar.text,
    timeConfidence: chart.birth.time_confidence,
    luck: {
      direction: chart.luck.direction,
      startDate: chart.luck.start_date,
      startAge: chart.luck.start_age ?? null,
      pillars: chart.luck.pillars.map((p) => ({ ganzhi: p.ganzhi, startYear: p.start_year, endYear: p.end_year })),
    },
    warnings: chart.warnings.map((w) => ({ en: w.message, zh: warningInChinese(w, context) ?? w.message })),
    relations: chart.relations?.map(({ type, name, members, element, transforms }) => ({ type, name, members, ...(element ? { element } : {}), ...(transforms !== undefined ? { transforms } : {}) })) ?? null,
    shenSha: chart.shen_sha ?? null,
    ...(chart.tai_yuan && chart.ming_gong && chart.shen_gong
      ? { palaces: { taiYuan: { ...chart.tai_yuan }, mingGong: { ...chart.ming_gong }, shenGong: { ...chart.shen_gong } } }
      : {}),
  };
  const lines = [
    `Subject: BaZi chart ${subjectId}`,
    `Four pillars (year month day hour): ${pillarsText(data)}`,
    `Birth (${chart.place ? `local time at ${chart.place.name}, ${chart.place.country}, ${chart.place.time_zone}` : "Beijing time, UTC+08:00"}): ${data.solar.date} ${data.solar.time}, gender ${data.gender}, lunar ${data.lunarText}, time ${data.timeConfidence}`,
    ...(chart.true_solar_time ? [`True solar time at the birthplace: ${chart.true_solar_time.time} (correction ${chart.true_solar_time.correction_minutes} min); the day and hour pillars read ${chart.birth.time_basis === "true_solar" ? "true solar time" : "local standard time"}`] : []),
    ...PILLAR_NAMES.map((n) => {
      const p = data.pillars[n];
      return `${n} pillar ${p.ganzhi}: stem ${p.stem_element}, branch ${p.branch_element}, 纳音 ${p.nayin}, 十神 ${p.ten_god}, 藏干 ${p.hidden.join(" ")}`;
    }),
    `Day master: ${data.dayMaster.stem} (${data.dayMaster.yin_yang} ${data.dayMaster.element}), ${data.strength}`,
    ...(data.graded ? [gradedStrengthLine(data.graded)] : []),
    `Five-element counts: ${Object.entries(data.counts).map(([e, n]) => `${e} ${n}`).join(", ")}`,
    `Favorable elements: ${data.favorable.join(", ")}; unfavorable: ${data.unfavorable.join(", ")}`,
    `Luck pillars (${data.luck.direction}, from ${data.luck.startDate}${data.luck.startAge ? `, ${data.luck.startAge.years} y ${data.luck.startAge.months} m ${data.luck.startAge.days} d after birth` : ""}): ${data.luck.pillars.map((p) => `${p.ganzhi} ${p.startYear}–${p.endYear}`).join(", ")}`,
    ...chartDetailLines(data, chart),
    ...data.warnings.map((w) => `Warning: ${w.en}`),
  ];
  return { capability: "bazi", subjectId, headline: `BaZi chart ${pillarsText(data)}`, lines, data };
}

/** The conventions a question about a pillar turns on ("why is my day pillar 甲子 and not 乙丑?"). */
const PILLAR_CONVENTIONS = ["year_pillar", "month_pillar", "day_pillar", "hour_pillar", "luck"] as const;

/**
 * Relations, 神煞, growth stages, 旬 and void, the palaces and the pillars' conventions: what people ask
 * about after the pillars. Each line only when the stored chart has it (older charts lack some).
 */
function chartDetailLines(data: BaziFacts, chart: StoredChart): string[] {
  const pillarsOf = (members: readonly string[]) => `${members.join(" and ")} pillar${members.length > 1 ? "s" : ""}`;
  const relation = (r: NonNullable<BaziFacts["relations"]>[number]) => `${r.name} (${pillarsOf(r.members)}${r.element ? `; towards ${r.element}${r.transforms === undefined ? "" : r.transforms ? ", transformed" : ", not transformed"}` : ""})`;
  const stars = new Map<string, string[]>();
  for (const s of data.shenSha ?? []) stars.set(`${s.name} on the ${s.pillar} pillar`, [...(stars.get(`${s.name} on the ${s.pillar} pillar`) ?? []), s.basis.replace("_", " ")]);
  const staged = PILLAR_NAMES.filter((n) => data.pillars[n].growthStage);
  const xun = PILLAR_NAMES.filter((n) => data.pillars[n].xun);
  const palaces = [["胎元", chart.tai_yuan], ["命宫", chart.ming_gong], ["身宫", chart.shen_gong]] as const;
  return [
    ...(data.relations ? [`Relations among the pillars (合冲刑害破): ${data.relations.map(relation).join("; ") || "none"}`] : []),
    ...(data.shenSha ? [`神煞: ${[...stars].map(([star, bases]) => `${star} (by the ${bases.join(", by the ")})`).join("; ") || "none"}`] : []),
    ...(staged.length ? [`Growth stages (十二长生) of the day master: ${staged.map((n) => `${n} ${data.pillars[n].growthStage}`).join(", ")}`] : []),
    ...(xun.length ? [`旬 and void (空亡) of each pillar: ${xun.map((n) => `${n} ${data.pillars[n].xun}旬 (void ${data.pillars[n].void!.join("")})`).join(", ")}`] : []),
    ...(palaces.every(([, p]) => p) ? [`Palaces: ${palaces.map(([name, p]) => `${name} ${p!.ganzhi} (${p!.nayin})`).join(", ")}`] : []),
    frameLine(data),
    ...(chart.conventions ? PILLAR_CONVENTIONS.map((k) => `Convention (${k.replace("_", " ")}): ${chart.conventions![k]}`) : []),
  ];
}

/** The chart's frame as practitioners name it: its structure (格局) by the month's command, and its wealth storehouse (财库). */
export interface ChartFrame {
  structure: MonthStructure;
  /** The storehouse's branch, and the pillars whose branch it is. */
  storehouse: { branch: string; on: PillarName[] };
}

export function frameOf(f: BaziFacts): ChartFrame {
  const natal = natalOf(f);
  const branch = BRANCHES[wealthStorehouse(natal.stems[2]!)]!;
  return { structure: monthStructure(natal.stems, natal.branches), storehouse: { branch, on: PILLAR_NAMES.filter((n) => f.pillars[n].ganzhi[1] === branch) } };
}

/** @example "Structure (格局, by the month's command 月令取格): 食神格, from 戊 (食神), the month branch's main qi; no hidden stem of another element shows on the year, month or hour stem; wealth storehouse (财库): 丑, on the year branch" */
function frameLine(f: BaziFacts): string {
  const { structure: s, storehouse } = frameOf(f);
  const how = {
    lu: "the month branch is the day stem's 禄",
    blade: "the month branch is the day stem's 羊刃",
    revealed: `from ${STEMS[s.stem!]} (${s.tenGod}) of the month branch, showing on the ${PILLAR_NAMES[s.shownOn ?? 0]} stem`,
    main_qi: `from ${STEMS[s.stem!]} (${s.tenGod}), the month branch's main qi; no hidden stem of another element shows on the year, month or hour stem`,
  }[s.basis];
  const where = storehouse.on.length ? `on the ${storehouse.on.join(" and ")} branch${storehouse.on.length > 1 ? "es" : ""}` : "not in the chart";
  return `Structure (格局, by the month's command 月令取格): ${s.name ?? "none of the eight (the month holds only the day master's own element)"}, ${how}; wealth storehouse (财库): ${storehouse.branch}, ${where}`;
}

/** What the Chinese wording of a warning reads from the rest of the chart. */
function warningContext(chart: StoredChart) {
  const name = (n: PillarName) => chart.pillars[n].ganzhi;
  return {
    pillars: { year: name("year"), month: name("month"), day: name("day"), hour: name("hour") },
    hourAlternatives: chart.pillars.hour.alternatives?.map((a) => a.ganzhi) ?? [],
    birthplace: chart.birth.birthplace ?? null,
    placeName: chart.place?.name ?? null,
    year: Number(chart.solar.date.slice(0, 4)),
  };
}

/** @example "Graded strength: 40.4/100 weak; 得令 no (死 in the month); 得地 no (no root); 得势 yes (month, hour stems)" */
function gradedStrengthLine(g: GradedStrength): string {
  const { de_ling, de_di, de_shi } = g.basis;
  const yes = (held: boolean) => (held ? "yes" : "no");
  const roots = de_di.roots.length ? de_di.roots.map((r) => `${r.stem} in the ${r.pillar} branch (${r.qi} qi)`).join(", ") : "no root";
  return `Graded strength: ${g.score}/100 ${g.band}${g.hint ? ` (${g.hint} hint)` : ""}; 得令 ${yes(de_ling.held)} (${de_ling.month_state} in the month); 得地 ${yes(de_di.held)} (${roots}); 得势 ${yes(de_shi.held)} (${de_shi.supporting_stems.join(", ") || "no"} stems supporting)`;
}

/**
 * This year's and next year's pillars (流年) against the chart. They depend on the date, so each
 * turn works them out (pure: from the sheet's pillars and birth year); the sheet stays the same.
 */
export function yearPillarsAround(f: BaziFacts, year: number): YearPillar[] {
  return yearPillarsBetween(f, year, year + 1);
}

/** The year pillars from `first` to `last`, inclusive, against the chart. */
export const yearPillarsBetween = (f: BaziFacts, first: number, last: number): YearPillar[] => annualPillars(natalOf(f), first, last);

/** The year at `now` on the clock the chart's years follow: Beijing time (UTC+8). */
export const beijingYear = (now: number) => new Date(now + 8 * 3_600_000).getUTCFullYear();

/** How far ahead "when?" looks: one full cycle of the ten stems and some, enough to meet each star twice. */
export const COMING_YEARS = 12;

/** The year pillars of the coming years, this one first. */
export const comingYearPillars = (f: BaziFacts, now: number): YearPillar[] => yearPillarsBetween(f, beijingYear(now), beijingYear(now) + COMING_YEARS - 1);

/** The branches that carry 神煞 `name` for this chart (by every basis it is looked up from, or by `basis` alone), in branch order. */
export function starBranchNames(f: BaziFacts, name: string, basis?: ShenShaBasis): string[] {
  const natal = natalOf(f);
  const targets = new Set(starBranches(name, natal.stems, natal.branches).filter((b) => basis === undefined || b.basis === basis).flatMap((b) => b.targets));
  return BRANCHES.filter((_, b) => targets.has(b));
}

/** A year's months (流月) against the chart, worked out like yearPillarsAround. */
export const monthPillarsOf = (f: BaziFacts, year: number): MonthPillar[] => monthPillars(natalOf(f), year);

const natalOf = (f: BaziFacts): NatalChart =>
  natalChartOf(Object.fromEntries(PILLAR_NAMES.map((n) => [n, f.pillars[n].ganzhi])) as Record<PillarName, string>, Number(f.solar.date.slice(0, 4)));

/** @example yearPillarsLine(facts, 2025) // "Year pillars (流年) against this chart: 2025 乙巳 (stem 劫财; …); 2026 丙午 (…)" */
export function yearPillarsLine(f: BaziFacts, year: number): string {
  const one = (y: YearPillar) =>
    `${y.year} ${y.ganzhi} (stem ${y.ten_god}${y.relations.map((r) => `; ${r.name} with the ${r.members.join(" and ")} pillar${r.members.length > 1 ? "s" : ""}`).join("")})`;
  return `Year pillars (流年) against this chart: ${yearPillarsAround(f, year).map(one).join("; ")}`;
}

export type BaziFactSheet = FactSheetOf<"bazi", BaziFacts>;
