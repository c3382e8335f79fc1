/**
 * The fixed-length rolling summary kept with a conversation. Its length is
 * bounded so the prompt that carries it never grows with the conversation,
 * and the local version is deterministic so it can stand in when the model's
 * own summary is unavailable (and be tested byte for byte).
 *
 * Lengths are UTF-16 code units (String.prototype.length), the unit every JS
 * caller measures in; a code-point count is never larger.
 *
 * Layout (one item per line):
 *   Subject: <what the conversation is about>
 *   Q: <user turn, compressed> → A: <answer, compressed>
 *   …newest turn last; the oldest turns are dropped first.
 */

/** Upper bound, in UTF-16 code units, of any summary this module returns. */
export const MAX_SUMMARY_CHARS = 1200;

const SUBJECT_PREFIX = "Subject: ";
/** Budgets keep room for the subject plus about three turns within the maximum. */
const SUBJECT_MAX = 200;
const INPUT_MAX = 100;
const OUTPUT_MAX = 200;
/** Lines that are neither subject nor "Q:" turn (e.g. a model-written summary) are kept as one short note. */
const NOTE_MAX = OUTPUT_MAX + INPUT_MAX;
const ELLIPSIS = "…";
const SENTENCE_END = /[。！？；.!?;\n]/;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Whitespace runs (newlines included) become single spaces, so one item stays on one line. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * `text` cut to at most `max` code units (default MAX_SUMMARY_CHARS). Prefers
 * the last sentence end in the second half of the allowance, then the last
 * space in its last fifth (English words), else a plain character boundary
 * with "…" appended. Never splits a surrogate pair.
 */
export function clampSummary(text: string, max: number = MAX_SUMMARY_CHARS): string {
  const trimmed = text.trimEnd();
  if (trimmed.length <= max) return trimmed;
  if (max <= ELLIPSIS.length) return "";

  let room = max - ELLIPSIS.length;
  if (isHighSurrogate(trimmed.charCodeAt(room - 1))) room -= 1;
  const head = trimmed.slice(0, room);

  for (let i = head.length - 1; i >= Math.floor(max / 2); i--) {
    if (SENTENCE_END.test(head[i]!)) return head.slice(0, i + 1).trimEnd();
  }
  const space = head.lastIndexOf(" ");
  const cut = space >= Math.floor(max * 0.8) ? head.slice(0, space) : head;
  return cut.trimEnd() + ELLIPSIS;
}

/** A summary with only a subject line: how callers seed one with the cast question. */
export function startSummary(subject: string): string {
  return SUBJECT_PREFIX + clampSummary(oneLine(subject), SUBJECT_MAX);
}

/** The previous summary split into its subject (if any) and its turn lines, oldest first. */
function parse(previous: string): { subject: string | null; turns: string[] } {
  let subject: string | null = null;
  const turns: string[] = [];
  for (const raw of previous.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (subject === null && line.startsWith(SUBJECT_PREFIX)) subject = line;
    else turns.push(clampSummary(oneLine(line), NOTE_MAX));
  }
  return { subject, turns };
}

/**
 * The questions asked so far, oldest first, as the local summary keeps them ("Q: … → A: …" lines;
 * a model's summary has none). What a short follow-up ("那明年呢？") inherits its matter from.
 */
export function questionsAsked(summary: string): string[] {
  return parse(summary).turns.flatMap((turn) => /^Q: (.*?) → A: /.exec(turn)?.[1] ?? []);
}

/**
 * The summary after one more exchange: the previous subject line kept (or,
 * without one, the user's input becomes the subject), the new turn appended
 * in compressed form, and the oldest turns dropped until the whole fits in
 * MAX_SUMMARY_CHARS. Pure and deterministic; same arguments, same summary.
 */
export function localRollingSummary(previous: string, input: string, output: string): string {
  const { subject, turns } = parse(previous);
  const subjectLine = subject ?? startSummary(input);
  const turn = `Q: ${clampSummary(oneLine(input), INPUT_MAX)} → A: ${clampSummary(oneLine(output), OUTPUT_MAX)}`;
  const kept = [...turns, turn];

  const size = () => subjectLine.length + kept.reduce((n, line) => n + 1 + line.length, 0);
  while (kept.length > 1 && size() > MAX_SUMMARY_CHARS) kept.shift();
  return clampSummary([subjectLine, ...kept].join("\n"));
}
