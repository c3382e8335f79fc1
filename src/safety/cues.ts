/**
 * Cues: literal strings a match of a pattern must contain, read off the
 * pattern's source. Each top-level alternative of a pattern becomes its own
 * expression, tried only when its requirement (an and/or of cues) holds in the
 * text, which a one-pass cue index (src/text/cue-index.ts) tells far more cheaply than
 * running a broad alternation over 1,000 characters. The requirements must be
 * exact (never false where the alternative can match): a part a cue cannot be
 * derived for requires nothing. A test checks on real text that every rule
 * fires with its requirements exactly where it fires without them.
 *
 * The source is read as: alternatives of sequences of atoms; an atom is a
 * literal character, a group (its own alternatives), or anything else (a
 * class, an escape, `.`). An atom quantified to allow zero occurrences is not
 * required. A sequence requires every run of required literal characters (a
 * cue, when selective enough) and every required group's requirement; a group
 * or a pattern requires one of its alternatives' requirements.
 */

type Atom = { kind: "literal"; char: string; required: boolean; repeated: boolean } | { kind: "group"; alternatives: Atom[][]; required: boolean; zeroWidth: boolean } | { kind: "other" };

/** One Han character is selective enough; Latin cues need two characters. */
const selective = (run: string) => run.length >= 2 || /[\u3400-\u9fff]/u.test(run);

/** The source's alternatives as atoms, and the top-level ones' source text. */
function parse(source: string): { alternatives: Atom[][]; texts: string[] } {
  let i = 0;
  const bars: number[] = [];
  /** Reads a quantifier after an atom: whether there was one, and whether it allows zero occurrences. */
  function quantifier(): { present: boolean; allowsZero: boolean } {
    const m = /^(?:\?|\*|\+|\{(\d+)(?:,\d*)?\})\??/.exec(source.slice(i));
    if (!m) return { present: false, allowsZero: false };
    i += m[0].length;
    return { present: true, allowsZero: m[0][0] === "?" || m[0][0] === "*" || (m[1] !== undefined && Number(m[1]) === 0) };
  }
  function alternatives(): Atom[][] {
    const alts: Atom[][] = [[]];
    while (i < source.length && source[i] !== ")") {
      const ch = source[i]!;
      if (ch === "|") {
        if (depth === 0) bars.push(i);
        i++;
        alts.push([]);
        continue;
      }
      let atom: Atom;
      if (ch === "(") {
        const head = /^\((\?:|\?=|\?!|\?<=|\?<!|\?<[a-zA-Z_]\w*>)?/.exec(source.slice(i))![0];
        const zeroWidth = /^\(\?(?:=|!|<=|<!)/.test(head);
        i += head.length;
        depth++;
        const inner = alternatives();
        depth--;
        i++; // ")"
        atom = { kind: "group", alternatives: inner, zeroWidth, required: true };
      } else if (ch === "[") {
        const end = /^\[(?:\\.|[^\]\\])*\]/.exec(source.slice(i))![0];
        i += end.length;
        atom = { kind: "other" };
      } else if (ch === "\\") {
        i += source[i + 1] === "u" && source[i + 2] === "{" ? source.indexOf("}", i) - i + 1 : source[i + 1] === "u" ? 6 : 2;
        atom = { kind: "other" };
      } else if (ch === "." || ch === "^" || ch === "$") {
        i++;
        atom = { kind: "other" };
      } else {
        i += ch.length;
        atom = { kind: "literal", char: ch, required: true, repeated: false };
      }
      const q = quantifier();
      if (q.allowsZero && atom.kind !== "other") atom.required = false;
      // A repeated literal ("a+") occurs, but what follows it need not be adjacent: the run ends after it.
      if (q.present && atom.kind === "literal") atom.repeated = true;
      alts.at(-1)!.push(atom);
    }
    return alts;
  }
  let depth = 0;
  const parsed = alternatives();
  if (i !== source.length) throw new Error(`unbalanced ")" at ${i}`);
  const edges = [-1, ...bars, source.length];
  return { alternatives: parsed, texts: edges.slice(1).map((end, k) => source.slice(edges[k]! + 1, end)) };
}

/** What a match must contain: a cue, all of some requirements, one of some, or nothing (`true`). */
export type Requirement = true | { readonly cue: string } | { readonly all: readonly Requirement[] } | { readonly any: readonly Requirement[] };

function sequenceRequirement(atoms: Atom[]): Requirement {
  const all: Requirement[] = [];
  let run = "";
  const endRun = () => {
    if (selective(run)) all.push({ cue: run });
    run = "";
  };
  for (const atom of atoms) {
    if (atom.kind === "literal" && atom.required) {
      run += atom.char;
      if (atom.repeated) endRun();
      continue;
    }
    endRun();
    if (atom.kind === "group" && atom.required && !atom.zeroWidth) {
      const inner = anyRequirement(atom.alternatives);
      if (inner !== true) all.push(inner);
    }
  }
  endRun();
  return all.length === 0 ? true : all.length === 1 ? all[0]! : { all };
}

function anyRequirement(alternatives: Atom[][]): Requirement {
  const any: Requirement[] = [];
  for (const sequence of alternatives) {
    const requirement = sequenceRequirement(sequence);
    if (requirement === true) return true;
    any.push(requirement);
  }
  return any.length === 1 ? any[0]! : { any };
}

/** A pattern's top-level alternatives, each with what its matches must contain. */
export interface Alternative {
  source: string;
  requires: Requirement;
}

/**
 * Splits a pattern source at its top-level `|` and derives each part's requirement; a source
 * the reader does not understand is one alternative requiring nothing.
 * @example alternativesOf("(?:kill|end) my ?self|sewer slide")
 *   // [{source: "(?:kill|end) my ?self", requires: {all: [{any: [{cue: "kill"}, {cue: "end"}]}, {cue: " my"}, {cue: "self"}]}},
 *   //  {source: "sewer slide", requires: {cue: "sewer slide"}}]
 */
export function alternativesOf(source: string): Alternative[] {
  try {
    const { alternatives, texts } = parse(source);
    return alternatives.flatMap((atoms, k) => {
      const text = texts[k]!;
      // A part that is one whole non-capturing group ("(?:a|b)") splits further.
      const whole = atoms.length === 1 && atoms[0]!.kind === "group" && text.startsWith("(?:") && text.endsWith(")");
      return whole ? alternativesOf(text.slice(3, -1)) : [{ source: text, requires: sequenceRequirement(atoms) }];
    });
  } catch {
    return [{ source, requires: true }];
  }
}

/** Every cue a requirement mentions. */
export function cuesIn(requirement: Requirement): string[] {
  if (requirement === true) return [];
  if ("cue" in requirement) return [requirement.cue];
  return ("all" in requirement ? requirement.all : requirement.any).flatMap(cuesIn);
}

/**
 * Characters and words nearly every text of their language contains: a poor trigger (matching
 * stays exact, only slower). The most frequent Chinese characters and English function words.
 */
const COMMON = new Set([
  ..."我你他她它的了是不在有人一这个么没就都也要会好想说去来看还能和很我们自己小大中上下出到时年子",
  ...["my ", " my", " my ", " me", "me ", " me ", "im", "i m", "i am", "am", "the ", " the", "her", "him", "his", "them", "that", "with ", " a ", "s ", " s ", "and ", "to ", " to", "yo", "y o"],
]);

/** How selective a cue is: Han characters count three, other letters one, spaces nothing; a common cue one. */
function rarity(cue: string): number {
  if (COMMON.has(cue)) return 1;
  let score = 0;
  for (const ch of cue) score += /[\u3400-\u9fff]/u.test(ch) ? 3 : ch === " " ? 0 : 1;
  return score;
}

/**
 * Cues one of which every match must contain: the most selective such set a requirement
 * offers (its least rare cue the rarest, then the fewest cues), or null when it offers none.
 * An alternative is looked at only when one of these occurs.
 * @example triggerOf({all: [{cue: " my"}, {any: [{cue: "kill"}, {cue: "end"}]}]}) // ["kill", "end"]
 */
export function triggerOf(requirement: Requirement): string[] | null {
  if (requirement === true) return null;
  if ("cue" in requirement) return [requirement.cue];
  if ("any" in requirement) {
    const parts = requirement.any.map(triggerOf);
    return parts.some((p) => p === null) ? null : [...new Set(parts.flat() as string[])];
  }
  const weakest = (cues: string[]) => Math.min(...cues.map(rarity));
  let best: string[] | null = null;
  for (const trigger of requirement.all.map(triggerOf)) {
    if (trigger === null) continue;
    if (best === null || weakest(trigger) > weakest(best) || (weakest(trigger) === weakest(best) && trigger.length < best.length)) best = trigger;
  }
  return best;
}
