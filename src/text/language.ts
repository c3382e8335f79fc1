/**
 * Language utilities shared by the Responses text modules: which language to
 * answer in, and one text folding step so every lexicon matches the same form.
 */
import { SIMPLIFIED_ONLY_CHARS, TRADITIONAL_PAIRS } from "./traditional-chars.ts";
import { stringOfUnits } from "./units.ts";

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
/**
 * The table by UTF-16 unit (0: unchanged), so simplifying is one array read per unit: the
 * mapped characters are all in the Basic Multilingual Plane (checked when it is built).
 */
const SIMPLIFIED_UNIT: Uint16Array = (() => {
  const table = new Uint16Array(0x10000);
  for (const [traditional, simplified] of TRAD_TO_SIMP) {
    if (traditional.length !== 1 || simplified.length !== 1) throw new Error(`traditional-chars.ts: ${traditional} → ${simplified} is outside the BMP`);
    table[traditional.charCodeAt(0)] = simplified.charCodeAt(0);
  }
  return table;
})();
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

/** Characters only Simplified text uses. */
const SIMPLIFIED_ONLY: ReadonlySet<string> = new Set(SIMPLIFIED_ONLY_CHARS);
/** Written Cantonese, which Hong Kong writes in Traditional script. */
const CANTONESE = /[喺唔咗佢嘢冇嚟啲畀俾攰係嗰噉咁乜嘅]|點樣|点样|點解|点解|邊個|边个|邊度|边度/u;

/** Whether a text holds written Cantonese (answered with Hong Kong Traditional forms). */
export const writesCantonese = (text: string) => CANTONESE.test(text);

/** The script to answer fixed texts in. */
export type Script = "en" | "zh-Hans" | "zh-Hant";

/**
 * "zh-Hant" when a Chinese input has more Traditional-only characters (and
 * written-Cantonese ones) than Simplified-only ones, "zh-Hans" otherwise;
 * "en" for an English input.
 * @example detectScript("我覺得好累") // "zh-Hant"
 */
export function detectScript(text: string, undecided: "zh-Hans" | "zh-Hant" = "zh-Hans"): Script {
  if (detectLanguage(text) === "en") return "en";
  let traditional = 0;
  let simplified = 0;
  for (const ch of text.normalize("NFKC")) {
    if (TRAD_TO_SIMP.has(ch) || CANTONESE.test(ch)) traditional++;
    else if (SIMPLIFIED_ONLY.has(ch)) simplified++;
  }
  // No character tells the scripts apart ("那2027年呢？", "世爻在哪一爻？"): the conversation's script holds.
  if (traditional === simplified) return undecided;
  return traditional > simplified ? "zh-Hant" : "zh-Hans";
}

/** Maps Traditional characters to Simplified ones (data/traditional-chars.ts). */
export function toSimplified(text: string): string {
  const units = new Uint16Array(text.length);
  let changed = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const simplified = SIMPLIFIED_UNIT[unit]!;
    units[i] = simplified === 0 ? unit : simplified;
    if (simplified !== 0) changed = true;
  }
  return changed ? stringOfUnits(units) : text;
}

/**
 * The one form every lexicon matches against: NFKC (full-width letters and
 * punctuation become ASCII), lower case, curly apostrophes straightened, and
 * traditional characters simplified. Length may change, so callers must not
 * map offsets back to the original text.
 */
export function foldText(text: string): string {
  // Plain ASCII has nothing to normalise, straighten or simplify.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return narrowAndSimplify(text) ?? toSimplified(text.normalize("NFKC")).toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'");
}

/**
 * The whole fold in one pass, for the text most input is: ASCII, CJK ideographs, the CJK full
 * stop and comma and brackets, curly quotes, and full-width ASCII (FF01–FF5E, which NFKC maps
 * to ASCII by subtracting 0xFEE0); null when any other unit is present (NFKC may change it:
 * foldText then calls normalize, ~6 µs per 1,000 characters). Only A–Z has a lower case among
 * these, and only ‘ ’ are straightened, so both happen here too (toLowerCase on a 1,000-character
 * Chinese string cost ~3.5 µs).
 */
function narrowAndSimplify(text: string): string | null {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    let unit = text.charCodeAt(i);
    if (unit >= 0xff01 && unit <= 0xff5e) unit -= 0xfee0;
    if (unit < 0x80) units[i] = unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit;
    else if ((unit >= 0x4e00 && unit <= 0x9fff) || (unit >= 0x3400 && unit <= 0x4dbf)) units[i] = SIMPLIFIED_UNIT[unit]! || unit;
    else if (unit === 0x2018 || unit === 0x2019) units[i] = 0x27;
    else if (unit === 0x3001 || unit === 0x3002 || (unit >= 0x3008 && unit <= 0x3011) || unit === 0x201c || unit === 0x201d) units[i] = unit;
    else return null;
  }
  return stringOfUnits(units);
}

const NON_ASCII = /[^\x00-\x7f]/;
