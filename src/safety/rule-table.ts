/**
 * The lexicons' rules compiled for matching. Each pattern is split into its
 * top-level alternatives (cues.ts), each its own expression with the cues a
 * match must contain; a text's views are read once for every cue
 * (src/text/cue-index.ts), and an alternative is looked at only when one of its trigger
 * cues occurs and its whole requirement holds. A broad alternation run over
 * 1,000 characters costs microseconds; most texts trigger a handful.
 */
import { EN_RULES } from "./lexicon-en.ts";
import { EN_SITUATION_RULES } from "./lexicon-en-situations.ts";
import { ROMANISED_RULES } from "./lexicon-romanised.ts";
import { ZH_RULES } from "./lexicon-zh.ts";
import { ZH_SITUATION_RULES } from "./lexicon-zh-situations.ts";
import { TOPIC_RULES } from "./topics.ts";
import type { SafetyRule, View } from "./rules.ts";
import { views } from "./views.ts";
import { alternativesOf, cuesIn, triggerOf, type Requirement } from "./cues.ts";
import { CueIndex } from "../text/cue-index.ts";

export const SAFETY_RULES: readonly SafetyRule[] = [...EN_RULES, ...EN_SITUATION_RULES, ...ROMANISED_RULES, ...ZH_RULES, ...ZH_SITUATION_RULES, ...TOPIC_RULES];

const VIEWS: readonly View[] = ["zh", "en", "squashed"];

/** A cue requirement (cues.ts) with each cue as its id in its view's index; `true` requires nothing. */
type Needs = true | number | { all: Needs[] } | { any: Needs[] };

interface CompiledAlternative {
  expression: RegExp;
  needs: Needs;
  /** Cues one of which must occur (cues.ts triggerOf), or null: always looked at. */
  trigger: string[] | null;
}

export interface CompiledRule {
  rule: SafetyRule;
  /** Per pattern, its top-level alternatives: the pattern matches where one of them does. */
  patterns: CompiledAlternative[][];
  unless: RegExp | null;
}

/** A text read for matching: its views, and per view which of its cues occur (by cue id). */
export interface Scan {
  views: Record<View, string>;
  found: Record<View, Uint8Array>;
}

/** English sources match whole words only. */
const wrap = (view: View, source: string) => (view === "en" ? `(?<![a-z0-9])(?:${source})(?![a-z0-9])` : source);

/** A requirement's cues as ids; a cue outside the index requires nothing (never wrong, only slower). */
function needsOf(requirement: Requirement, ids: ReadonlyMap<string, number>): Needs {
  if (requirement === true) return true;
  if ("cue" in requirement) return ids.get(requirement.cue) ?? true;
  const parts = ("all" in requirement ? requirement.all : requirement.any).map((r) => needsOf(r, ids));
  if ("all" in requirement) {
    const needed = parts.filter((p) => p !== true);
    return needed.length === 0 ? true : { all: needed };
  }
  return parts.includes(true) ? true : { any: parts };
}

/** Whether the cues found meet a requirement. */
function holds(needs: Needs, found: Uint8Array): boolean {
  if (needs === true) return true;
  if (typeof needs === "number") return found[needs] === 1;
  if ("all" in needs) return needs.all.every((n) => holds(n, found));
  return needs.any.some((n) => holds(n, found));
}

function compileWith(rule: SafetyRule, cueIds: ReadonlyMap<string, number> | null): CompiledRule {
  return {
    rule,
    patterns: rule.all.map((source) =>
      cueIds === null
        ? [{ expression: new RegExp(wrap(rule.view, source)), needs: true, trigger: null }]
        : alternativesOf(source).map((alternative) => ({
            expression: new RegExp(wrap(rule.view, alternative.source)),
            needs: needsOf(alternative.requires, cueIds),
            trigger: triggerOf(alternative.requires),
          })),
    ),
    unless: rule.unless ? new RegExp(rule.unless) : null,
  };
}

/** One alternative of the table, flattened: which rule and which of its patterns it belongs to. */
interface TableAlternative extends CompiledAlternative {
  view: View;
  /** The pattern's place among all the table's patterns. */
  pattern: number;
}

/** The compiled table, built on first use (see prepareRules). */
interface Table {
  rules: CompiledRule[];
  /** Per rule, its patterns' places. */
  patternsOf: number[][];
  patterns: number;
  /** Every alternative, in rule and pattern order. */
  alternatives: TableAlternative[];
  cueIndexes: Record<View, CueIndex>;
  cueIds: Record<View, ReadonlyMap<string, number>>;
  /** Per view, per cue id: the places of the alternatives it triggers. */
  triggered: Record<View, number[][]>;
  /** The places of alternatives with no trigger: always looked at. */
  untriggered: number[];
}

let built: Table | null = null;
function table(): Table {
  if (built) return built;
  const cueIndexes = {} as Record<View, CueIndex>;
  const cueIds = {} as Record<View, Map<string, number>>;
  for (const view of VIEWS) {
    const requirements = SAFETY_RULES.filter((r) => r.view === view).flatMap((r) => r.all.flatMap((source) => alternativesOf(source).map((a) => a.requires)));
    const cues = [...new Set(requirements.flatMap(cuesIn))];
    cueIndexes[view] = new CueIndex(cues);
    cueIds[view] = new Map(cues.map((cue, id) => [cue, id]));
  }
  const rules = SAFETY_RULES.map((rule) => compileWith(rule, cueIds[rule.view]));
  const triggered = Object.fromEntries(VIEWS.map((view) => [view, cueIndexes[view].cues.map((): number[] => [])])) as Record<View, number[][]>;
  const untriggered: number[] = [];
  const alternatives: TableAlternative[] = [];
  const patternsOf: number[][] = [];
  let patterns = 0;
  for (const compiled of rules) {
    const { view } = compiled.rule;
    patternsOf.push(compiled.patterns.map(() => patterns++));
    compiled.patterns.forEach((alternativesOfPattern, p) => {
      for (const alternative of alternativesOfPattern) {
        const place = alternatives.push({ ...alternative, view, pattern: patternsOf.at(-1)![p]! }) - 1;
        const ids = alternative.trigger?.map((cue) => cueIds[view].get(cue));
        if (ids === undefined || ids.includes(undefined)) untriggered.push(place);
        else for (const id of ids) triggered[view][id!]!.push(place);
      }
    });
  }
  return (built = { rules, patternsOf, patterns, alternatives, cueIndexes, cueIds, triggered, untriggered });
}

/** Compiles the table now rather than on the first text (~60 ms). */
export const prepareRules = (): void => void table();

/** Compiles one rule; without cues, each pattern is one expression always tried (the reference the cues are tested against). */
export const compileRule = (rule: SafetyRule, useCues = true): CompiledRule => compileWith(rule, useCues ? table().cueIds[rule.view] : null);

/** Reads `text` once for every rule. */
export function scan(text: string): Scan {
  const v = views(text);
  const { cueIndexes } = table();
  return { views: v, found: { zh: cueIndexes.zh.found(v.zh), en: cueIndexes.en.found(v.en), squashed: cueIndexes.squashed.found(v.squashed) } };
}

/**
 * Whether one compiled rule fires on a scanned text, looking at every alternative: every
 * pattern matches (an alternative whose cues occur) and `unless` does not.
 */
export function fires(rule: CompiledRule, text: Scan): boolean {
  const { view: name } = rule.rule;
  const view = text.views[name];
  if (view.length === 0) return false;
  const found = text.found[name];
  const matches = (alternatives: CompiledAlternative[]) => alternatives.some((a) => holds(a.needs, found) && a.expression.test(view));
  return rule.patterns.every(matches) && !(rule.unless?.test(view) ?? false);
}

/** The table's rules that fire on a scanned text, in table order: what `fires` finds, looking only at triggered alternatives. */
export function firingRules(text: Scan): SafetyRule[] {
  const { rules, patternsOf, patterns, alternatives, triggered, untriggered } = table();
  const live = new Uint8Array(alternatives.length);
  for (const place of untriggered) live[place] = 1;
  for (const view of VIEWS) {
    const found = text.found[view];
    for (let id = 0; id < found.length; id++) if (found[id] === 1) for (const place of triggered[view][id]!) live[place] = 1;
  }
  const matched = new Uint8Array(patterns);
  for (let place = 0; place < alternatives.length; place++) {
    if (live[place] === 0) continue;
    const alternative = alternatives[place]!;
    if (matched[alternative.pattern] === 1) continue;
    const view = text.views[alternative.view];
    if (view.length > 0 && holds(alternative.needs, text.found[alternative.view]) && alternative.expression.test(view)) matched[alternative.pattern] = 1;
  }
  return rules
    .filter((compiled, r) => patternsOf[r]!.every((p) => matched[p] === 1) && !(compiled.unless?.test(text.views[compiled.rule.view]) ?? false))
    .map((compiled) => compiled.rule);
}
