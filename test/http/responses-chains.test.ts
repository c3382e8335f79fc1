/**
 * 50-turn follow-up chains for every Subject kind, with both interpreters. The
 * context is a fixed-length rolling summary: measured through the fake
 * server's recorded requests, the prompt for turn 50 is no larger than the
 * prompt for turn 2, and the stored summary never passes its bound.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, type TestServer } from "../helpers/server.ts";
import { startFakeAnthropic, turnText, type FakeAnthropic } from "../helpers/fake-anthropic.ts";
import { responsesClient } from "../helpers/responses.ts";
import { MAX_SUMMARY_CHARS } from "../../src/responses/summary.ts";
import { LOCAL_MODEL } from "../../src/responses/local-interpreter.ts";
import { DEFAULT_MODEL } from "../../src/config.ts";

const TURNS = 50;
const KINDS = ["bazi", "liuyao", "healing"] as const;
/** What each kind's answers must keep naming on every turn. */
const NAMED: Record<(typeof KINDS)[number], string> = { bazi: "己丑", liuyao: "雷火丰", healing: "music_breath_10" };
/** A follow-up that asks about something specific skips the overview it has had, but still cites the Subject's facts. */
const CITED: Record<(typeof KINDS)[number], RegExp> = { bazi: /己丑|癸酉|甲子|壬申|[辛庚癸壬]\((?:正官|七杀|正印|偏印)\)/, liuyao: /雷火丰|官鬼|父母|己丑|庚申/, healing: /music_breath_10/ };

/** Turn n's input: the same length for every n, alternating Chinese and English, always on the cast's matter. */
const inputFor = (n: number) => (n % 2 ? `第${String(n).padStart(2, "0")}轮：面试的结果会怎样？` : `Turn ${String(n).padStart(2, "0")}: what does this mean for the interview?`);

let fake: FakeAnthropic;
let local: TestServer;
let model: TestServer;

/** A model that ignores the length it was asked for: its summary is always over the bound. */
const verbose = () => ({ answer: "An answer about the interview.", summary: "The person keeps asking about the interview and how it will go. ".repeat(40) });
/** A model that only ever appends to the summary it was given. */
const appending = (body: any, n: number) => ({
  answer: `Answer ${n}.`,
  summary: `${/<summary>\n([\s\S]*)\n<\/summary>/.exec(turnText(body))![1]} Turn ${n}: asked again about the interview.`,
});

beforeAll(async () => {
  fake = await startFakeAnthropic();
  [local, model] = await Promise.all([
    startServer(),
    startServer({ env: { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: fake.url, LINGSHU_MODEL_MAX_RETRIES: "0" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([local.stop(), model.stop()]);
  await fake.stop();
});

async function chain(s: TestServer, kind: (typeof KINDS)[number]) {
  const r = responsesClient(s);
  const subject = await r.subject(kind);
  const records = [await r.first(kind, subject.id, inputFor(1))];
  for (let n = 2; n <= TURNS; n++) records.push(await r.followUp(records.at(-1)!.id, inputFor(n)));
  return { records, summaries: await Promise.all(records.map((rec) => r.summaryOf(rec.id))) };
}

describe.each(KINDS)("%s: a 50-turn chain", (kind) => {
  test("local interpreter: every turn answers in the input's language, names the facts, and the summary stays bounded", async () => {
    const { records, summaries } = await chain(local, kind);
    expect(records).toHaveLength(TURNS);
    records.forEach((rec, i) => {
      expect(rec.previous_response_id).toBe(i === 0 ? null : records[i - 1]!.id);
      expect(rec.model).toBe(LOCAL_MODEL);
      expect(rec.language).toBe((i + 1) % 2 ? "zh" : "en");
      if (i === 0) expect(rec.output_text).toContain(NAMED[kind]);
      else expect(rec.output_text).toMatch(CITED[kind]);
    });
    for (const summary of summaries) expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(summaries.at(-1)).toContain("Turn 50");
    expect(summaries.at(-1)).not.toContain("第01轮");
  });

  test("Anthropic interpreter: the prompt for turn 50 is no larger than for turn 2", async () => {
    fake.reset();
    fake.setWriter(verbose);
    const { records, summaries } = await chain(model, kind);
    expect(fake.requests).toHaveLength(TURNS);
    const sizes = fake.requests.map((req) => req.text.length);
    console.log(`responses/${kind}: prompt characters turn 1 ${sizes[0]}, turn 2 ${sizes[1]}, turn 50 ${sizes[TURNS - 1]}, largest ${Math.max(...sizes)}`);
    expect(sizes[TURNS - 1]!).toBeLessThanOrEqual(sizes[1]!);
    expect(Math.max(...sizes.slice(1))).toBe(sizes[1]!);
    for (const summary of summaries) expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(records.every((rec) => rec.model === DEFAULT_MODEL)).toBe(true);
  });
});

test("a model that only appends to its summary: the prompt stops growing at the bound", async () => {
  fake.reset();
  fake.setWriter(appending);
  await chain(model, "liuyao");
  const summaries = fake.requests.map((req) => /<summary>\n([\s\S]*)\n<\/summary>/.exec(turnText(req.body))![1]!);
  const sizes = fake.requests.map((req) => req.text.length);
  for (const summary of summaries) expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
  // Without the bound turn 50 would carry 49 appended sentences (over 2,000 characters).
  expect(summaries.at(-1)!.length).toBeGreaterThan(MAX_SUMMARY_CHARS / 2);
  const plateau = sizes.slice(-10);
  expect(Math.max(...plateau) - Math.min(...plateau)).toBeLessThan(100);
});
