/**
 * An English answer keeps the tradition's own words (劫财, 官鬼, 丑未冲, 雷火丰): they are what a
 * practitioner or another book calls them. An English reader gets each one's English name at its
 * first use in the answer ("劫财 (rob wealth)", "丑未冲 (clash)", "雷火丰 (Abundance, hexagram 55, …)"),
 * from the glossary and data/english-names.ts. Pure; the writers stay as they are.
 */
import { ELEMENT_EN, type ElementZh } from "../../bazi/index.ts";
import { HEXAGRAMS } from "../../liuyao/hexagrams.ts";
import { GLOSSARY } from "../data/glossary.ts";
import { HEXAGRAM_EN, LIUYAO_TERMS_EN, RELATION_KIND_EN } from "../data/english-names.ts";

/** The glossary's names, then the table's, which win where both name a term (the later entry of a Map). */
const NAMES: ReadonlyMap<string, string> = new Map([
  ...GLOSSARY.map((g) => [g.term, g.en[0]!] as const),
  ...Object.entries(LIUYAO_TERMS_EN),
  ...HEXAGRAMS.map((h) => [h.name, HEXAGRAM_EN[h.king_wen - 1]!] as const),
]);

/** 乙庚合金, 丑未冲, 丑戌相刑, 午午自刑, 午未合火, 午戌半合火局, 寅午戌三合火局, 亥子丑三会水方: the names the engine gives (interactions.ts). */
const RELATION = /^(?:[甲乙丙丁戊己庚辛壬癸]{2}|[子丑寅卯辰巳午未申酉戌亥]{2,3})(冲|相刑|自刑|害|破|半合|三合|三会|合)([木火土金水])?[局方]?$/u;

/** The English name of one run of Chinese characters, if it is a term this module names. */
export function englishName(term: string): string | undefined {
  const named = NAMES.get(term);
  if (named) return named;
  const relation = RELATION.exec(term);
  if (!relation) return undefined;
  const element = relation[2] ? ELEMENT_EN[relation[2] as ElementZh] : undefined;
  return element ? `${RELATION_KIND_EN[relation[1]!]} towards ${element}` : RELATION_KIND_EN[relation[1]!];
}

const HAN_RUN = /\p{Script=Han}+/gu;
/** How far back an English name already said counts ("the adversary (忌神)"). */
const LOOK_BACK = 40;
/** A parenthesis this long after a term explains more than it names ("比和 (回头克 or 化退 weaken …)"): the term waits for its next use. */
const SHORT_PARENTHESIS = 40;

/**
 * Each named term's English at its first use across the paragraphs: in the parenthesis that follows
 * it if there is one ("雷火丰 (Abundance, hexagram 55)"), beside it inside the parenthesis it stands
 * in ("癸(正官, direct officer)"), else after it ("劫财 (rob wealth)"). Not where the English is
 * already said just before or in that parenthesis.
 * @example glossTerms(["2027 is a 丁未 year (its stem your 劫财)."]) // ["2027 is a 丁未 year (its stem your 劫财 (rob wealth))."]
 */
export function glossTerms(paragraphs: readonly string[]): string[] {
  const seen = new Set<string>();
  return paragraphs.map((text) => {
    let out = "";
    let from = 0;
    for (const hit of text.matchAll(HAN_RUN)) {
      const term = hit[0];
      const en = englishName(term);
      if (!en || seen.has(term)) continue;
      const at = hit.index;
      const end = at + term.length;
      const key = en.toLowerCase().replace(/^the /, "");
      const following = /^ ?\(([^)]*)\)/.exec(text.slice(end));
      if (following && following[1]!.length > SHORT_PARENTHESIS) continue;
      seen.add(term);
      if (text.slice(Math.max(0, at - LOOK_BACK), at).toLowerCase().includes(key) || following?.[1]!.toLowerCase().includes(key)) continue;
      const enclosed = text[at - 1] === "(" && text[end] === ")";
      out += text.slice(from, end);
      if (enclosed) out += `, ${en}`;
      else if (following) {
        // Into the parenthesis that follows: "雷火丰 (hexagram 55…)" → "雷火丰 (Abundance, hexagram 55…)".
        out += text.slice(end, end + following[0].indexOf("(") + 1) + `${en}, `;
        from = end + following[0].indexOf("(") + 1;
        continue;
      } else out += ` (${en})`;
      from = end;
    }
    return out + text.slice(from);
  });
}
