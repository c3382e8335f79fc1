/**
 * The deterministic local interpreter, the default when no Anthropic key is
 * set: it writes a plain-language explanation from the same fact sheet the
 * model would get, in the input's language, and keeps the same bounded
 * rolling summary. Same request, same answer.
 */
import { localRollingSummary, questionsAsked } from "./summary.ts";
import { explainBazi } from "./local/bazi.ts";
import { explainLiuyao } from "./local/liuyao.ts";
import { explainHealing } from "./local/healing.ts";
import { paragraphs, type Explanation } from "./local/text.ts";
import { glossTerms } from "./local/english-terms.ts";
import { readingLimits } from "./reading-limits.ts";
import { writesCantonese } from "../text/language.ts";
import { toTraditional } from "../text/to-traditional.ts";
import type { Interpretation, Interpreter, InterpretRequest } from "./interpreter.ts";

/** The `model` of every locally written Response. */
export const LOCAL_MODEL = "lingshu-local-1";

function explanation({ facts, input, language, now, summary, topics, constraints }: InterpretRequest): Explanation {
  switch (facts.capability) {
    case "bazi":
      return explainBazi(facts.data, input, language, now, questionsAsked(summary));
    case "liuyao":
      return explainLiuyao(facts.data, input, language, topics);
    case "healing":
      return explainHealing(facts.data, input, language, constraints.length > 0);
  }
}

/**
 * The explanation's paragraphs for one request (pure). The writers write Simplified Chinese; a
 * person who wrote Traditional gets it converted (Hong Kong forms for Cantonese, Taiwan otherwise).
 * An English answer keeps the tradition's terms and names each in English at its first use.
 */
export function explain(request: InterpretRequest): string[] {
  const limits = readingLimits(request.topics, request.constraints, request.script);
  const written = paragraphs(explanation(request), request.input, request.language, request.followUp ?? false, limits.length > 0);
  if (request.language === "en") return [...limits, ...glossTerms(written)];
  const variant = writesCantonese(request.input) ? "hk" : "tw";
  return [...limits, ...(request.script === "zh-Hant" ? written.map((p) => toTraditional(p, variant)) : written)];
}

export class LocalInterpreter implements Interpreter {
  async interpret(request: InterpretRequest): Promise<Interpretation> {
    const text = explain(request).join("\n\n");
    return { text, summary: localRollingSummary(request.summary, request.input, text), model: LOCAL_MODEL, usage: null };
  }
}
