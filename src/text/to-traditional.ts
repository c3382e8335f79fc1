/**
 * Simplified → Traditional for text the service writes (the local interpreter's answers), so a
 * person who writes in Traditional Chinese is answered in it. OpenCC's phrase dictionaries through
 * opencc-js: character tables alone get 发/后/干/面 wrong (頭髮 vs 發財). Hong Kong forms when the
 * person writes Cantonese, Taiwan forms otherwise. The dictionaries (~1 MB) load on first use.
 */
import * as OpenCC from "opencc-js/cn2t";

export type TraditionalVariant = "hk" | "tw";

const converters = new Map<TraditionalVariant, (text: string) => string>();

/**
 * The practitioners' forms OpenCC's general dictionaries get wrong in this vocabulary: 干 of a stem
 * stays 干 (藏干, 月干 — OpenCC writes 藏幹), a branch clash is 沖 (子午沖, 日沖, 逢沖) as 六沖 already is,
 * the branch 丑 stays 丑 (OpenCC writes 醜, "ugly", outside a pillar: 丑未沖, 年支丑; the answers never
 * mean "ugly"), and 疗愈 is 療癒 as 治愈 is 治癒 (OpenCC's phrases lack it and write 療愈).
 */
const DOMAIN_FIXES: readonly [RegExp, string][] = [
  [/([藏月時年日天十])幹/g, "$1干"],
  [/醜/g, "丑"],
  [/療愈/g, "療癒"],
  [/([子丑寅卯辰巳午未申酉戌亥日逢相六月受被])衝/g, "$1沖"],
];

/** @example toTraditional("你的头发和发财，藏干", "tw") // "你的頭髮和發財，藏干" */
export function toTraditional(text: string, variant: TraditionalVariant): string {
  let convert = converters.get(variant);
  if (!convert) converters.set(variant, (convert = OpenCC.Converter({ from: "cn", to: variant })));
  return DOMAIN_FIXES.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), convert(text));
}
