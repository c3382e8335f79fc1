/**
 * The conventions every chart states about itself, so a reader (or the AI interpreter) never has
 * to guess which school a pillar follows.
 */
import { FIVE_ELEMENT_RULE } from "./five-elements.ts";
import { STRENGTH_RULE } from "./strength.ts";

/** Convention statements included in every chart. */
export interface Conventions {
  time_zone: string;
  ephemeris: string;
  year_pillar: string;
  month_pillar: string;
  day_pillar: string;
  hour_pillar: string;
  elements: string;
  ten_gods: string;
  growth_stage: string;
  xun_void: string;
  five_elements: string;
  strength: string;
  luck: string;
  palaces: string;
  lunar_input: string;
  relations: string;
  shen_sha: string;
}

/** The service's conventions (see each chart's `conventions`). */
export const CONVENTIONS: Readonly<Conventions> = Object.freeze({
  time_zone:
    "The time is the wall clock at the birthplace. Without a recognised birthplace it is Beijing time (UTC+08:00) as entered, and a time inside China's 1986–1991 summer time carries a CHINA_DAYLIGHT_SAVING_TIME warning with the standard-time alternative. A recognised place in mainland China means Beijing time (as birth records use, Xinjiang included) with that summer time taken off; any other place (Hong Kong, Macau, Taiwan, abroad) its IANA zone with its history. The day and hour pillars read local standard time (or true solar time with birth.time_basis true_solar: longitude and equation of time); the month and year pillars, the 节 distance and the luck cycle follow the birth instant.",
  ephemeris:
    "Solar terms and lunar months from lunar-typescript 1.8.6 (寿星万年历 algorithms, historical-almanac corrections before 1960). Supported: 1900-01-01 to 2100-12-31.",
  year_pillar: "Changes at the exact 立春 instant.",
  month_pillar: "Changes at the exact instant of each 节; stem by 五虎遁 from the year stem.",
  day_pillar:
    "Changes at 00:00. 23:00–23:59 belongs to the next day's 子 hour for the hour stem only; the day pillar stays (lunar-typescript EightChar sect 2). A ZI_HOUR_DAY_BOUNDARY warning gives the day pillar of the 23:00 day-change school.",
  hour_pillar: "Two-hour periods: 子 23:00–00:59, 丑 01:00–02:59 … 亥 21:00–22:59; stem by 五鼠遁 from the day stem.",
  elements:
    "Element values are English lowercase: wood, fire, earth, metal, water; beside each element field X, X_zh gives the Chinese name (木, 火, 土, 金, 水; a list in the same order). Objects keyed by element (five_elements.counts, seasonal_state) have the English keys only. Stems, branches and other names are simplified Chinese.",
  ten_gods: "十神 by element relation and polarity to the day stem; the day pillar's own stem is labelled 日主.",
  growth_stage: "十二长生 stage of the day master at each pillar's branch (yang stems forward, yin backward; 戊 with 丙, 己 with 丁).",
  xun_void: "xun: the 旬 of the pillar, named by its 甲 head; void: that 旬's two 空亡 branches.",
  five_elements: FIVE_ELEMENT_RULE,
  strength: STRENGTH_RULE,
  luck:
    "阳男阴女 forward, otherwise backward (year polarity by 立春). Start age from birth to the next 节 (forward) or from the previous 节 to birth (backward): 3 days = 1 year, 1 day = 4 months, one two-hour period = 10 days (lunar-typescript Yun sect 1). start_year is the Gregorian year the pillar starts; ages are nominal (虚岁, 1 in the birth year).",
  palaces: "胎元: month stem +1, branch +3. 命宫 and 身宫 by the classical month/hour counts with stems by 五虎遁, as lunar-typescript computes them.",
  relations:
    "合冲刑害破 among the four pillars by the classical tables (天干五合, 六合, 三合, 三会, 六冲, 三刑 and 自刑 辰午酉亥, 六害, 六破; 午未合 counted fire). A stem combination or six-combination transforms when its pillars are adjacent, the month branch's element is the combination's and no third pillar competes for it (争合); a complete 三合 or 三会 forms; a half combination (two of a 三合, one its peak 子午卯酉) never transforms. Stem clashes are not listed.",
  shen_sha:
    "天乙贵人, 文昌, 禄神 and 羊刃 (yang day stems only) looked up from the day stem and again from the year stem; 驿马, 桃花, 华盖 and 将星 from the year branch and again from the day branch (by their three-combination), not marked on the pillar looked up from; 红鸾, 天喜, 孤辰 and 寡宿 from the year branch; 空亡: pillars whose branch is in the day pillar's 旬空. 辛's 贵人 are 寅 and 午 (六辛逢马虎). Each entry names its pillar and basis.",
  lunar_input:
    "A lunar date is converted with the same lunar calendar; its clock time is civil UTC+08:00 on the resulting solar day. If other computations start that lunar month on another day, a LUNAR_MONTH_START_DISPUTED warning gives the alternative.",
});

/**
 * The conventions as every chart serialises them: the storage keeps this block once and charts
 * refer to it (src/db/record-fragments.ts). A new text is a new block; stored charts keep theirs.
 */
export const CONVENTIONS_JSON = JSON.stringify(CONVENTIONS);
