/**
 * A fake Anthropic Messages API on loopback (Bun.serve), for driving the real
 * SDK without the internet. It records every request and answers each one
 * with the next scripted behaviour (or the default): a forced tool_use answer,
 * a slow answer, a body that trickles, an error status, or a dropped connection.
 */

/** What the fake does with one request. */
export type FakeBehaviour =
  | { kind: "answer"; delayMs?: number }
  | { kind: "slow_body"; delayMs: number }
  | { kind: "status"; status: number; errorType?: string; retryAfterMs?: number; retryAfterSeconds?: number }
  | { kind: "drop" }
  | { kind: "no_tool" };

export interface RecordedRequest {
  path: string;
  headers: Record<string, string>;
  /** The raw body: its length is the size of the prompt the service sent. */
  text: string;
  body: any;
}

/** The tool input the fake answers with; the default echoes the last input and writes a long summary. */
export type AnswerWriter = (request: any, n: number) => { answer: string; summary?: string };

export interface FakeAnthropic {
  url: string;
  requests: RecordedRequest[];
  /** Behaviours for the next requests, in order; afterwards the default applies. */
  script(...behaviours: FakeBehaviour[]): void;
  setDefault(behaviour: FakeBehaviour): void;
  setWriter(writer: AnswerWriter): void;
  /** Back to answering at once with the default writer; recorded requests and the answer count are cleared. */
  reset(): void;
  stop(): Promise<void>;
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
});

const ERROR_TYPES: Record<number, string> = { 429: "rate_limit_error", 529: "overloaded_error", 500: "api_error", 400: "invalid_request_error", 401: "authentication_error" };

export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  let queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = { kind: "answer" };
  let writer = defaultWriter;
  let answered = 0;

  const message = (body: any, toolInput: object | null) => ({
    id: `msg_fake_${answered}`,
    type: "message",
    role: "assistant",
    model: body.model,
    content: toolInput ? [{ type: "tool_use", id: `toolu_fake_${answered}`, name: body.tools?.[0]?.name ?? "record_answer", input: toolInput }] : [{ type: "text", text: "I will not use the tool." }],
    stop_reason: toolInput ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 1000 + answered, output_tokens: 200, cache_creation_input_tokens: answered === 1 ? 900 : 0, cache_read_input_tokens: answered === 1 ? 0 : 900 },
  });

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const text = await req.text();
      const body = text ? JSON.parse(text) : null;
      requests.push({ path: new URL(req.url).pathname, headers: Object.fromEntries(req.headers), text, body });
      const behaviour = queue.shift() ?? fallback;
      const json = { "content-type": "application/json" };
      switch (behaviour.kind) {
        case "drop":
          // A stream that errors before its first byte makes Bun reset the connection, without a status line.
          return new Response(new ReadableStream({ start: (c) => c.error() }));
        case "status": {
          const headers: Record<string, string> = { ...json };
          if (behaviour.retryAfterMs !== undefined) headers["retry-after-ms"] = String(behaviour.retryAfterMs);
          if (behaviour.retryAfterSeconds !== undefined) headers["retry-after"] = String(behaviour.retryAfterSeconds);
          const type = behaviour.errorType ?? ERROR_TYPES[behaviour.status] ?? "api_error";
          return new Response(JSON.stringify({ type: "error", error: { type, message: `fake ${behaviour.status}` } }), { status: behaviour.status, headers });
        }
        case "no_tool":
          answered += 1;
          return Response.json(message(body, null));
        case "slow_body": {
          answered += 1;
          const full = new TextEncoder().encode(JSON.stringify(message(body, writer(body, answered))));
          return new Response(
            new ReadableStream({
              async start(c) {
                c.enqueue(full.slice(0, 10));
                await Bun.sleep(behaviour.delayMs);
                c.enqueue(full.slice(10));
                c.close();
              },
            }),
            { headers: json },
          );
        }
        case "answer": {
          if (behaviour.delayMs) await Bun.sleep(behaviour.delayMs);
          answered += 1;
          return Response.json(message(body, writer(body, answered)));
        }
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
      requests.length = 0;
    },
    stop: () => server.stop(true),
  };
}
