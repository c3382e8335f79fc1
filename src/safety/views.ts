/**
 * The text is normalised once (width, case, curly quotes, Traditional →
 * Simplified: foldText; emoji that carry meaning become words) and read in
 * three views, each robust to something different:
 *  - zh: Han characters, Latin letters and digits only, no spaces, so
 *    "我 今天 又 cut 了！" reads "我今天又cut了" and spacing cannot split a phrase;
 *  - en: lower-case words separated by single spaces, apostrophes dropped
 *    ("don't" → "dont"), so "end. my. life." reads "end my life";
 *  - squashed: letters only, common digit substitutions undone ("k1ll  my s3lf"
 *    → "killmyself"), for a few stems that cannot be a fragment of a harmless word.
 */
import { foldText } from "../text/language.ts";

export interface Views {
  zh: string;
  en: string;
  squashed: string;
}

/** Emoji people use for what they will not write. */
const EMOJI_WORDS: Readonly<Record<string, string>> = {
  "🔪": " knife ",
  "🗡": " knife ",
  "💊": " pills ",
  "🪦": " grave ",
  "⚰": " coffin ",
  "🩸": " blood ",
  "🪢": " rope ",
  "🔫": " gun ",
  // Laughter: a death word beside it is a joke.
  "😂": " lol ",
  "🤣": " lol ",
};
const EMOJI = new RegExp(Object.keys(EMOJI_WORDS).join("|"), "gu");
/** Any character outside the Basic Multilingual Plane or in the symbol blocks: only then can an emoji be there. */
const MAYBE_EMOJI = /[\u2600-\u27bf\ud800-\udfff]/;
/** Han characters (CJK Unified Ideographs, Extension A, compatibility) after folding. */
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

const LEET: Readonly<Record<string, string>> = { "1": "i", "!": "i", "3": "e", "0": "o", "4": "a", "@": "a", $: "s", "5": "s" };
/** Undoes the substitutions: one native replaceAll per character present (a replace with a callback cost ~5 µs per 1,000 characters). */
function unleet(text: string): string {
  for (const from in LEET) if (text.includes(from)) text = text.replaceAll(from, LEET[from]!);
  return text;
}

/** Written Cantonese outside the Basic Multilingual Plane, read as the common character: 𠝹 (to cut) is 割. */
const CANTONESE_ASTRAL = /\u{20779}/gu;

export function views(text: string): Views {
  let folded = foldText(text);
  if (MAYBE_EMOJI.test(folded)) folded = folded.replace(EMOJI, (e) => EMOJI_WORDS[e]!).replace(CANTONESE_ASTRAL, "割");
  return {
    // Without a Han character no Chinese rule can match: an empty view skips them at no cost.
    zh: HAN.test(folded) ? folded.replace(/[^\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaffa-z0-9]+/g, "") : "",
    en: ` ${folded.replace(/'/g, "").replace(/[^a-z0-9]+/g, " ").trim()} `,
    squashed: unleet(folded.replace(/[^a-z1!304@$5]+/g, "")),
  };
}
