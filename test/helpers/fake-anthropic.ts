/**
 * A fake Anthropic Messages API on loopback (Bun.serve), for driving the real
 * SDK without the internet. It behaves like the API as documented: it refuses,
 * with the API's error body, every request the real API refuses for the model
 * asked for (fake-anthropic-rules.ts: forced tool choice, sampling parameters,
 * prefill, thinking budgets, disabled thinking, effort, unsupported schemas…);
 * a model that thinks returns its `thinking` block first and spends thinking
 * tokens within `max_tokens` (an answer that does not fit stops at
 * `max_tokens`); the answer comes as the requested JSON text, as a call of the
 * offered tool, or as plain text. It records every request and can be scripted
 * to answer slowly, trickle its body, fail with a status, drop the connection,
 * refuse, stop at max_tokens, or answer off the requested format.
 */
import { refusalOf, thinks, type ServedModel } from "./fake-anthropic-rules.ts";

/** What the fake does with one request it accepts. */
export type FakeBehaviour =
  | { kind: "answer"; delayMs?: number }
  | { kind: "slow_body"; delayMs: number }
  | { kind: "status"; status: number; errorType?: string; retryAfterMs?: number; retryAfterSeconds?: number }
  | { kind: "drop" }
  /** The model ends its turn with prose instead of the requested JSON or tool call. */
  | { kind: "off_format" }
  /** The API's refusal: HTTP 200, empty content, stop_reason "refusal". */
  | { kind: "refusal"; category?: string | null }
  /** The model runs out of max_tokens before its answer ends, whatever max_tokens is. */
  | { kind: "cut_off" };

export interface RecordedRequest {
  path: string;
  headers: Record<string, string>;
  /** The raw body: its length is the size of the prompt the service sent. */
  text: string;
  body: any;
  /** The status the fake answered with. */
  status: number;
}

/** The answer the fake's model writes; the default echoes the last input, writes a long summary and sees no crisis. */
export type AnswerWriter = (request: any, n: number) => { answer: string; summary?: string; crisis?: boolean; crisis_categories?: string[]; same_matter?: boolean };

export interface FakeAnthropic {
  url: string;
  requests: RecordedRequest[];
  /** Behaviours for the next accepted requests, in order; afterwards the default applies. */
  script(...behaviours: FakeBehaviour[]): void;
  setDefault(behaviour: FakeBehaviour): void;
  setWriter(writer: AnswerWriter): void;
  /** Back to answering at once with the default writer; recorded requests, answer count and cache are cleared. */
  reset(): void;
  stop(): Promise<void>;
}

export interface FakeOptions {
  /** Test-only models beside the served ones, e.g. a bare one that stands for an id the service does not know. */
  extraModels?: Record<string, ServedModel>;
}

/** The address of a fake that is no longer listening: a model endpoint that cannot be reached. */
export async function unreachableUrl(): Promise<string> {
  const gone = await startFakeAnthropic();
  await gone.stop();
  return gone.url;
}

/** The text of the last user content block: the turn (summary and new input). */
export function turnText(body: any): string {
  const content = body.messages.at(-1).content;
  return typeof content === "string" ? content : content.at(-1).text;
}

/** The person's input, as the service wrapped it in <input> tags. */
export const inputOf = (body: any) => /<input>\n([\s\S]*)\n<\/input>/.exec(turnText(body))?.[1] ?? "";

const defaultWriter: AnswerWriter = (body, n) => ({
  answer: `Fake answer ${n} to: ${inputOf(body)}`,
  // Longer than any summary the service keeps, so its clamping is exercised on every turn.
  summary: `Summary after turn ${n}. `.repeat(200),
  crisis: false,
  crisis_categories: [],
  same_matter: true,
});

const ERROR_TYPES: Record<number, string> = { 400: "invalid_request_error", 401: "authentication_error", 403: "permission_error", 404: "not_found_error", 429: "rate_limit_error", 500: "api_error", 504: "timeout_error", 529: "overloaded_error" };

/** Thinking tokens the fake's model spends at each effort (the API's default effort is high). */
const THINKING_TOKENS: Record<string, number> = { low: 300, medium: 1_200, high: 3_000, xhigh: 6_000, max: 9_000 };
/** About how many characters a token holds, for the fake's token counts. */
const CHARS_PER_TOKEN = 3;
const tokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

const blockText = (block: any) => (typeof block === "string" ? block : (block?.text ?? ""));

/** Prompt caching: the system prompt and content blocks up to the last cache_control, as the cached prefix. */
function cachedPrefix(body: any): string | null {
  const blocks = [...(Array.isArray(body.system) ? body.system : []), ...body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : []))];
  const last = blocks.findLastIndex((b: any) => b?.cache_control);
  return last < 0 ? null : JSON.stringify([body.model, body.tools ?? null, body.output_config ?? null, blocks.slice(0, last + 1).map(blockText)]);
}

export async function startFakeAnthropic(options: FakeOptions = {}): Promise<FakeAnthropic> {
  const extra = options.extraModels ?? {};
  const requests: RecordedRequest[] = [];
  let queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = { kind: "answer" };
  let writer = defaultWriter;
  let answered = 0;
  let cache = new Set<string>();

  /** The Message the model writes for an accepted request. */
  function message(body: any, behaviour: FakeBehaviour): object {
    const id = `msg_fake_${answered}`;
    const prefix = cachedPrefix(body);
    const cacheRead = prefix !== null && cache.has(prefix);
    if (prefix !== null) cache.add(prefix);
    const promptText = JSON.stringify([body.system, body.messages]);
    const prefixTokens = prefix === null ? 0 : tokens(prefix);
    const usageOf = (output: number) => ({
      input_tokens: tokens(promptText) - prefixTokens,
      output_tokens: output,
      cache_creation_input_tokens: cacheRead ? 0 : prefixTokens,
      cache_read_input_tokens: cacheRead ? prefixTokens : 0,
    });
    const envelope = { id, type: "message", role: "assistant", model: body.model, stop_sequence: null };
    if (behaviour.kind === "refusal") {
      const category = behaviour.category === undefined ? "general_harms" : behaviour.category;
      return { ...envelope, content: [], stop_reason: "refusal", stop_details: { type: "refusal", category, explanation: "This request was declined." }, usage: usageOf(0) };
    }
    const thinkingTokens = thinks(body.model, body, extra) ? THINKING_TOKENS[body.output_config?.effort ?? "high"]! : 0;
    const thinking = thinkingTokens > 0 ? [{ type: "thinking", thinking: body.thinking?.display === "summarized" ? "Reading the facts first." : "", signature: `sig_${answered}` }] : [];
    const written = writer(body, answered);
    const tool = body.tools?.find((t: any) => t.name === "record_answer");
    const answerBlock =
      behaviour.kind === "off_format"
        ? { type: "text", text: "I would rather answer in my own words." }
        : body.output_config?.format
          ? { type: "text", text: JSON.stringify(written) }
          : tool
            ? { type: "tool_use", id: `toolu_fake_${answered}`, name: tool.name, input: written }
            : { type: "text", text: written.answer };
    const answerTokens = tokens(JSON.stringify(answerBlock));
    const room = body.max_tokens - thinkingTokens;
    if (behaviour.kind === "cut_off" || answerTokens > room) {
      // Out of tokens: the text so far (a tool call is never sent half-written), or only the thinking.
      const answerText: string = answerBlock.type === "text" ? (answerBlock.text ?? "") : "";
      const keptChars = Math.min(answerText.length - 1, Math.max(0, room) * CHARS_PER_TOKEN);
      const partial = keptChars > 0 ? [{ type: "text", text: answerText.slice(0, keptChars) }] : [];
      return { ...envelope, content: [...thinking, ...partial], stop_reason: "max_tokens", stop_details: null, usage: usageOf(Math.min(body.max_tokens, thinkingTokens + answerTokens)) };
    }
    const stopReason = answerBlock.type === "tool_use" ? "tool_use" : "end_turn";
    return { ...envelope, content: [...thinking, answerBlock], stop_reason: stopReason, stop_details: null, usage: usageOf(thinkingTokens + answerTokens) };
  }

  const json = { "content-type": "application/json" };
  const errorBody = (status: number, type: string, text: string, requestId: string) =>
    new Response(JSON.stringify({ type: "error", error: { type, message: text }, request_id: requestId }), { status, headers: { ...json, "request-id": requestId } });

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const text = await req.text();
      let body: any = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = undefined;
      }
      const headers = Object.fromEntries(req.headers);
      const recorded: RecordedRequest = { path: new URL(req.url).pathname, headers, text, body, status: 200 };
      requests.push(recorded);
      const requestId = `req_fake_${requests.length}`;
      const refusal = recorded.path === "/v1/messages" && req.method === "POST" ? refusalOf(headers, body, extra) : { status: 404, type: "not_found_error", message: "Not Found" };
      if (refusal) {
        recorded.status = refusal.status;
        return errorBody(refusal.status, refusal.type, refusal.message, requestId);
      }
      const behaviour = queue.shift() ?? fallback;
      switch (behaviour.kind) {
        case "drop":
          // A stream that errors before its first byte makes Bun reset the connection, without a status line.
          return new Response(new ReadableStream({ start: (c) => c.error() }));
        case "status": {
          recorded.status = behaviour.status;
          const response = errorBody(behaviour.status, behaviour.errorType ?? ERROR_TYPES[behaviour.status] ?? "api_error", `fake ${behaviour.status}`, requestId);
          if (behaviour.retryAfterMs !== undefined) response.headers.set("retry-after-ms", String(behaviour.retryAfterMs));
          if (behaviour.retryAfterSeconds !== undefined) response.headers.set("retry-after", String(behaviour.retryAfterSeconds));
          return response;
        }
        case "slow_body": {
          answered += 1;
          const full = new TextEncoder().encode(JSON.stringify(message(body, behaviour)));
          return new Response(
            new ReadableStream({
              async start(c) {
                c.enqueue(full.slice(0, 10));
                await Bun.sleep(behaviour.delayMs);
                c.enqueue(full.slice(10));
                c.close();
              },
            }),
            { headers: { ...json, "request-id": requestId } },
          );
        }
        case "answer":
          if (behaviour.delayMs) await Bun.sleep(behaviour.delayMs);
        // falls through: every other behaviour is a Message
        default:
          answered += 1;
          return new Response(JSON.stringify(message(body, behaviour)), { headers: { ...json, "request-id": requestId } });
      }
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    script: (...behaviours) => void queue.push(...behaviours),
    setDefault: (behaviour) => void (fallback = behaviour),
    setWriter: (w) => void (writer = w),
    reset() {
      queue = [];
      fallback = { kind: "answer" };
      writer = defaultWriter;
      answered = 0;
      cache = new Set();
      requests.length = 0;
    },
    stop: () => server.stop(true),
  };
}
