/**
 * How strong a line is, as tradition weighs it (旺衰): in words from its stored strength, and strong or
 * weak on balance.
 */
import type { LineFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { list, say } from "./text.ts";

const MONTH_EN: Readonly<Record<string, string>> = { 旺: "prosperous", 相: "rising", 休: "resting", 囚: "confined", 死: "dead" };
const DAY_EN: Readonly<Record<string, string>> = { 生: "fed by the day (生)", 克: "controlled by the day (克)", 比: "matched by the day (比)", 泄: "drained into the day (泄)", 耗: "spent on the day (耗)" };

/**
 * A line's 旺衰 in words, from its stored strength (absent on older casts), opened by "；" (or "，" after a
 * list of the line's states: `inList`). `voidAndBreakSaid`: the caller has already glossed the void and
 * the month break, so they are not named twice.
 */
export function strengthText(l: LineFacts, lang: ReplyLanguage, { voidAndBreakSaid = false, inList = false } = {}): string {
  const s = l.strength;
  if (!s) return "";
  const flags = [s.day_break ? say(lang, "日破", "broken by the day") : "", s.hidden_moving ? say(lang, "暗动", "stirred in secret (暗动)") : "", s.effective_void && !voidAndBreakSaid ? say(lang, "真空", "void in effect") : "", s.tomb ? say(lang, "入墓", "entering its tomb") : "", l.monthBreak && !voidAndBreakSaid ? say(lang, "月破", "broken by the month") : ""].filter(Boolean);
  const lead = inList ? say(lang, "，", ", ") : say(lang, "；", "; ");
  return lead + say(lang, `在月令为${s.month}，日辰对它为${s.day}${flags.length ? `，${flags.join("、")}` : ""}`, `${s.month} (${MONTH_EN[s.month]}) in the month, ${DAY_EN[s.day]}${flags.length ? `, ${list("en", flags)}` : ""}`);
}

/** Strong or weak, as tradition weighs a line: the month first, then the day, then what breaks or empties it. */
export function isStrong(l: LineFacts): boolean | null {
  const s = l.strength;
  if (!s) return null;
  if (s.day_break || s.effective_void || l.monthBreak) return false;
  const month = s.month === "旺" || s.month === "相";
  const day = s.day === "生" || s.day === "比";
  return month || day;
}
