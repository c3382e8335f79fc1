/**
 * Simplified → Traditional for text the service writes (the local interpreter's answers), so a
 * person who writes in Traditional Chinese is answered in it. OpenCC's phrase dictionaries through
 * opencc-js: character tables alone get 发/后/干/面 wrong (頭髮 vs 發財). Hong Kong forms when the
 * person writes Cantonese, Taiwan forms otherwise. The dictionaries (~1 MB) load on first use.
 */
import * as OpenCC from "opencc-js/cn2t";

export type TraditionalVariant = "hk" | "tw";

const converters = new Map<TraditionalVariant, (text: string) => string>();

/** @example toTraditional("你的头发和发财", "tw") // "你的頭髮和發財" */
export function toTraditional(text: string, variant: TraditionalVariant): string {
  let convert = converters.get(variant);
  if (!convert) converters.set(variant, (convert = OpenCC.Converter({ from: "cn", to: variant })));
  return convert(text);
}
