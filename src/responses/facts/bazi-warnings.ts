/**
 * A chart's warnings in Chinese, for answers in Chinese. The engine words each warning in English
 * (`message`) and stores the facts behind it as fields (src/bazi/warnings.ts); this says the same
 * from those fields. A warning whose fields a chart stored before they existed lacks is left to its
 * English message (null here), rather than guessed.
 */
import type { ChartBody } from "../../bazi/index.ts";

type Warning = ChartBody["warnings"][number];
type Pillars = { year: string; month: string; day: string; hour: string };

/** What a warning's wording needs from the rest of the chart. */
export interface WarningContext {
  /** The chart's four pillars. */
  pillars: Pillars;
  /** The hour pillars of the neighbouring two-hour periods (an approximate time), if given. */
  hourAlternatives: readonly string[];
  /** The birthplace as entered, and the place it was recognised as. */
  birthplace: string | null;
  placeName: string | null;
  /** The birth's year, for China's summer time. */
  year: number;
}

const four = (p: Pillars) => `${p.year} ${p.month} ${p.day} ${p.hour}`;

/** "12分5秒", "1小时3分" */
function duration(seconds: number): string {
  const s = Math.abs(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}小时${m}分` : `${m}分${s % 60}秒`;
}

/** The warning in Chinese, or null when the chart does not carry what it needs. */
export function warningInChinese(w: Warning, chart: WarningContext): string | null {
  switch (w.code) {
    case "ZI_HOUR_DAY_BOUNDARY":
      return `生于23:00–23:59（子时）：本盘在00:00换日，日柱为${chart.pillars.day}；以23:00换日的流派则为${w.sect1_day_pillar}。`;
    case "NEAR_SOLAR_TERM": {
      const yearChanges = w.other_side.year !== chart.pillars.year;
      return `出生时间在${w.term}（北京时间${w.term_time}）${w.seconds_from_term < 0 ? "之前" : "之后"}${duration(w.seconds_from_term)}；在它的另一侧，${yearChanges ? `年柱为${w.other_side.year}、` : ""}月柱为${w.other_side.month}。请核对出生时间。`;
    }
    case "LUNAR_MONTH_START_DISPUTED":
      return `所填农历月的初一，本盘按朔（北京时间${w.new_moon_time}）定；另一些历法算法（1929年以前用北京地方时，或精度较低的算法）把初一定在另一天${w.alternative ? `，按其出生在${w.alternative.solar_date}，四柱为${four(w.alternative.pillars)}` : "，按其这个农历日不存在"}。`;
    case "APPROXIMATE_BIRTH_TIME":
      return `出生时间是约数：时柱${chart.pillars.hour}${chart.hourAlternatives.length ? `也可能是相邻的${chart.hourAlternatives.join("或")}` : "可能是相邻的时柱"}。`;
    case "CHINA_DAYLIGHT_SAVING_TIME": {
      if (w.kind === "skipped") return `${chart.year}年中国实行夏令时，当夜时钟从02:00拨到03:00：这个时间不曾出现在夏令时的钟上，因此按所填的标准时间（UTC+08:00）读取；若它读自夏令时的钟，请核对。`;
      if (w.standard_time === null || w.alternative === null) return null;
      const effect = w.pillars_change ? `四柱为${four(w.alternative)}，而非${four(chart.pillars)}` : "四柱不变";
      if (w.kind === "repeated") return `${chart.year}年中国夏令时在当夜结束，01:00–01:59出现了两次。本盘按第二次（标准时间，即所填）读取；第一次是标准时间${w.standard_time}，${effect}。`;
      return `出生在${chart.year}年中国夏令时期间：若时间读自夏令时的钟，标准时间是${w.standard_time}（早一小时），${effect}。本盘把所填的时间当作标准时间（UTC+08:00）读取。`;
    }
    case "BIRTHPLACE_NOT_RECOGNISED":
      return chart.birthplace === null ? null : `出生地“${chart.birthplace}”不在地名库中，所以按北京时间（UTC+08:00）读取，也不给出真太阳时。填城市、县或区的名称（如杭州、浙江省淳安县、Vancouver BC）即可识别。`;
    case "DAYLIGHT_SAVING_TIME_APPLIED":
      return `${w.entered_time}在${chart.placeName ?? "出生地"}是夏令时：日柱和时柱按标准时间${w.standard_time}读取。`;
    case "DAYLIGHT_SAVING_TIME_REPEATED":
      return `夏令时结束时，${chart.placeName ?? "出生地"}的钟两次显示这个时间。本盘按第一次读取；第二次是标准时间${w.alternative_standard_time}，四柱为${four(w.alternative)}。`;
    case "TRUE_SOLAR_TIME_CHANGES_PILLARS":
      return `按${w.other_basis === "true_solar" ? "真太阳时" : "民用时间"}（${w.other_time}），日柱将是${w.day}，时柱是${w.hour}。用哪种时间定日柱和时柱是流派的选择，由 birth.time_basis 决定。`;
  }
}
