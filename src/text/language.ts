/**
 * Language utilities shared by the Responses text modules: which language to
 * answer in, and one text folding step so every lexicon matches the same form.
 */
import { TRADITIONAL_PAIRS } from "./data/traditional-chars.ts";

/** Reply languages the service supports. */
export type ReplyLanguage = "zh" | "en";

const TRAD_TO_SIMP: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  const chars = Array.from(TRADITIONAL_PAIRS);
  for (let i = 0; i + 1 < chars.length; i += 2) {
    if (chars[i] !== chars[i + 1]) map.set(chars[i]!, chars[i + 1]!);
  }
  return map;
})();

const HAN = /\p{Script=Han}/gu;
const LATIN_LETTER = /[a-z]/gi;

/**
 * Weight of one Han character against Latin letters. A Chinese character
 * carries about a word's worth of meaning, so a few Han characters inside an
 * English sentence ("What does 初九 mean?") must not flip it, while a Chinese
 * sentence with an English word ("我能拿到这个offer吗") stays Chinese.
 */
const HAN_WEIGHT = 3;

/**
 * The language to answer in: "zh" when Han characters, weighted ×3, outweigh
 * Latin letters; otherwise (including empty or symbol-only text) "en".
 */
export function detectLanguage(text: string): ReplyLanguage {
  const normalized = text.normalize("NFKC");
  const han = normalized.match(HAN)?.length ?? 0;
  if (han === 0) return "en";
  const latin = normalized.match(LATIN_LETTER)?.length ?? 0;
  return han * HAN_WEIGHT >= latin ? "zh" : "en";
}

/** Maps the traditional characters our lexicons care about to simplified ones. */
export function toSimplified(text: string): string {
  let out = "";
  for (const ch of text) out += TRAD_TO_SIMP.get(ch) ?? ch;
  return out;
}

/**
 * The one form every lexicon matches against: NFKC (full-width letters and
 * punctuation become ASCII), lower case, curly apostrophes straightened, and
 * traditional characters simplified. Length may change, so callers must not
 * map offsets back to the original text.
 */
export function foldText(text: string): string {
  return toSimplified(text.normalize("NFKC").toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'"));
}
