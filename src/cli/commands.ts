/**
 * The operator command line: `app …`, `key …`, `usage …`, `backup`. Each command's arguments and
 * options are read from its declaration (cli/command-specs.ts), which `--help` prints. Every command
 * takes --json and then prints exactly one JSON object (lists as {"data":[…]}). Errors print one line
 * on stderr and exit non-zero.
 */
import { parseArgs } from "node:util";
import { Operator, OperatorError, appJson, keyJson } from "./operator.ts";
import { COMMAND_GROUPS, COMMON_OPTIONS, findCommand, type CommandSpec } from "./command-specs.ts";
import { adoptPepper, checkPepper, PEPPER_FACT, pepperFingerprint } from "../platform/pepper.ts";
import { usageLine } from "./help.ts";
import { BackupFailed, CAPABILITIES, type Capability } from "../db/types.ts";
import type { Storage } from "../db/storage.ts";


export class UsageError extends Error {}

type Out = { json: boolean; write: (text: string) => void };

interface ParsedCommand {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

function positiveInt(flag: string, raw: string | boolean | undefined): number | undefined {
  if (raw === undefined || typeof raw === "boolean") return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) throw new UsageError(`--${flag} must be a whole number ≥ 1 (got "${raw}")`);
  return Number(raw);
}

function capabilities(list: string[]): Capability[] {
  const caps = list.flatMap((c) => c.split(",")).map((c) => c.trim()).filter(Boolean);
  for (const c of caps) if (!(CAPABILITIES as readonly string[]).includes(c)) throw new UsageError(`unknown capability "${c}" (use ${CAPABILITIES.join(", ")})`);
  if (caps.length === 0) throw new UsageError("name at least one capability");
  return caps as Capability[];
}

const DURATION_UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "30m", "24h", "7d", "0" → milliseconds. */
function duration(flag: string, raw: string): number {
  if (raw === "0") return 0;
  const match = /^(\d{1,6})([smhd])$/.exec(raw);
  if (!match) throw new UsageError(`--${flag} must be a duration such as 30m, 24h or 7d, or 0 (got "${raw}")`);
  return Number(match[1]) * DURATION_UNITS_MS[match[2]!]!;
}

function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return "(none)";
  const cols = Object.keys(rows[0]!);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(cols), ...rows.map((r) => line(cols.map((c) => cell(r[c]))))].join("\n");
}

const cell = (v: unknown) => (v === null || v === undefined ? "-" : Array.isArray(v) ? v.join(",") : String(v));

function print(out: Out, value: Record<string, unknown> | { data: Record<string, unknown>[] }): void {
  if (out.json) out.write(JSON.stringify(value));
  else if ("data" in value && Array.isArray(value.data)) out.write(table(value.data));
  else {
    const width = Math.max(...Object.keys(value).map((k) => k.length));
    out.write(Object.entries(value).map(([k, v]) => `${k.padEnd(width)}  ${cell(v)}`).join("\n"));
  }
}

/** Parses `args` (after the command's words) as its declaration says: options, required ones, argument count. */
export function parseCommand(spec: CommandSpec, args: string[]): ParsedCommand {
  const options = Object.fromEntries([...spec.options, ...COMMON_OPTIONS].map((o) => [o.name, { type: o.value ? ("string" as const) : ("boolean" as const) }]));
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]!);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  for (const option of spec.options) if (option.required && !String(values[option.name] ?? "").trim()) throw new UsageError(`--${option.name} is required`);
  const repeated = spec.args.some((a) => a.repeated);
  const count = parsed.positionals.length;
  if (spec.args.length === 0 && count > 0) throw new UsageError(`${spec.path.join(" ")} takes no arguments (got "${parsed.positionals.join(" ")}")`);
  if (repeated ? count < spec.args.length : count !== spec.args.length) {
    const wanted = `${repeated ? "at least " : ""}${spec.args.length} argument${spec.args.length === 1 ? "" : "s"}`;
    throw new UsageError(`expected ${wanted}, got ${count} (usage: ${usageLine(spec)})`);
  }
  return { values, positionals: parsed.positionals };
}

type Handler = (p: ParsedCommand, ctx: { operator: Operator; store: Storage; out: Out; now: number; pepper: string }) => Promise<void>;

const limits = (p: ParsedCommand) => ({
  rpm: positiveInt("rpm", p.values.rpm),
  concurrency: positiveInt("concurrency", p.values.concurrency),
  monthlyQuota: positiveInt("monthly-quota", p.values["monthly-quota"]),
});

function expiresAt(raw: string | boolean | undefined, now: number): number | null {
  if (raw === undefined || typeof raw === "boolean") return null;
  const at = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(at)) throw new UsageError(`--expires-at must be an ISO 8601 date-time (got "${raw}")`);
  // A key born expired could never be used: refused rather than created.
  if (at <= now) throw new UsageError(`--expires-at must be in the future (got "${raw}", now ${new Date(now).toISOString()})`);
  return at;
}

/** A new key: its JSON with the plaintext, or a table and the plaintext said once. */
function printNewKey(out: Out, created: { record: Parameters<typeof keyJson>[0]; key: string }, now: number, extra: Record<string, unknown> = {}): void {
  const json = { ...keyJson(created.record, now), key: created.key, ...extra };
  if (out.json) out.write(JSON.stringify(json));
  else out.write(`${table([{ id: json.id, app_id: json.app_id, name: json.name, expires_at: json.expires_at }])}\n\nAPI key (shown only now, store it safely):\n${created.key}`);
}

const HANDLERS: Record<string, Handler> = {
  usage: async (p, { operator, out }) => {
    const month = p.values.month as string | undefined;
    if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new UsageError(`--month must be YYYY-MM (got "${month}")`);
    print(out, await operator.usage(p.positionals[0]!, month ?? null));
  },
  backup: async (p, { store, out }) => {
    if (!store.backupTo) throw new OperatorError("backup copies an SQLite database; on PostgreSQL use pg_dump (see docs/deploy.md)");
    const result = await store.backupTo(p.positionals[0]!).catch((err: unknown) => {
      throw err instanceof BackupFailed ? new OperatorError(err.message) : err;
    });
    print(out, { path: p.positionals[0]!, bytes: result.bytes, integrity_check: "ok", duration_ms: result.durationMs });
  },
  "app create": async (p, { operator, out }) => {
    const env = p.values.env;
    if (env !== "test" && env !== "live") throw new UsageError("--env must be test or live");
    const app = await operator.createApp({ name: String(p.values.name).trim(), env, capabilities: capabilities([(p.values.capabilities as string | undefined) ?? "bazi,liuyao"]), ...limits(p) });
    print(out, appJson(app));
  },
  "app list": async (_p, { store, out }) => print(out, { data: (await store.apps.list()).map(appJson) }),
  "app show": async (p, { operator, out }) => print(out, appJson(await operator.requireApp(p.positionals[0]!))),
  "app update": async (p, { operator, out }) => {
    const defined = Object.fromEntries(Object.entries(limits(p)).filter(([, v]) => v !== undefined));
    if (Object.keys(defined).length === 0) throw new UsageError("name at least one of --rpm, --concurrency, --monthly-quota");
    print(out, appJson(await operator.updateApp(p.positionals[0]!, defined)));
  },
  "app rename": async (p, { operator, out }) => {
    const name = p.positionals[1]!.trim();
    if (!name) throw new UsageError("the new name is empty");
    print(out, appJson(await operator.updateApp(p.positionals[0]!, { name })));
  },
  "app delete": async (p, { operator, out }) => {
    const id = p.positionals[0]!;
    const rows = await operator.deleteApp(id);
    const said = Object.entries(rows).filter(([, n]) => n > 0).map(([table, n]) => `${table} ${n}`).join(", ") || "none";
    print(out, { id, object: "app", deleted: true, rows: out.json ? rows : said });
  },
  "app suspend": async (p, { operator, out }) => print(out, appJson(await operator.updateApp(p.positionals[0]!, { status: "suspended" }))),
  "app resume": async (p, { operator, out }) => print(out, appJson(await operator.updateApp(p.positionals[0]!, { status: "active" }))),
  "app grant": async (p, { operator, out }) => print(out, appJson(await operator.grant(p.positionals[0]!, capabilities(p.positionals.slice(1)), true))),
  "app revoke": async (p, { operator, out }) => print(out, appJson(await operator.grant(p.positionals[0]!, capabilities(p.positionals.slice(1)), false))),
  "key create": async (p, { operator, out, now }) => {
    const created = await operator.createKey(p.positionals[0]!, (p.values.name as string | undefined) ?? null, expiresAt(p.values["expires-at"], now));
    printNewKey(out, created, now);
  },
  "key list": async (p, { operator, out, now }) => print(out, { data: (await operator.listKeys(p.positionals[0]!)).map((k) => keyJson(k, now)) }),
  "key revoke": async (p, { operator, out, now }) => print(out, keyJson(await operator.revokeKey(p.positionals[0]!), now)),
  "pepper show": async (_p, { store, out, now, pepper }) => {
    const ours = pepperFingerprint(pepper);
    const stored = await store.claimFact(PEPPER_FACT, ours, now);
    print(out, { key_pepper: ours, database: stored, matches: ours === stored });
  },
  "pepper adopt": async (_p, { store, out, now, pepper }) => {
    const revoked = await adoptPepper(store, pepper, now);
    print(out, { key_pepper: pepperFingerprint(pepper), keys_revoked: revoked.length });
  },
  "key rotate": async (p, { operator, out }) => {
    const graceMs = duration("grace", (p.values.grace as string | undefined) ?? "24h");
    const { created, old } = await operator.rotateKey(p.positionals[0]!, graceMs);
    // Statuses as of after the rotation: with --grace 0 the old key is already expired.
    const after = Date.now();
    printNewKey(out, created, after, { replaces: keyJson(old, after) });
    if (!out.json) out.write(`\nThe old key ${old.id} works until ${keyJson(old, after).expires_at}.`);
  },
};

/** Runs one operator command. @throws UsageError / OperatorError */
export async function runOperatorCommand(store: Storage, pepper: string, argv: string[], write: (text: string) => void): Promise<void> {
  const [group, action] = argv;
  const words = group !== undefined && group in COMMAND_GROUPS ? [group, action ?? ""] : [group ?? ""];
  const spec = findCommand(words);
  const handler = spec && HANDLERS[spec.path.join(" ")];
  if (!spec || !handler) {
    const known = Object.keys(HANDLERS).filter((name) => name.startsWith(`${words[0]} `)).map((name) => name.split(" ")[1]);
    throw new UsageError(known.length > 0 ? `unknown command "${words.join(" ")}" (${known.join(", ")})` : `unknown command "${words.join(" ")}" (run lingshu --help)`);
  }
  const parsed = parseCommand(spec, argv.slice(words.length));
  const now = Date.now();
  // Every command but the pepper's own checks the pepper first: keys made under another could never verify.
  if (spec.path[0] !== "pepper") await checkPepper(store, pepper, now);
  await handler(parsed, { operator: new Operator(store, pepper), store, out: { json: parsed.values.json === true, write }, now, pepper });
}

/** Whether `command` is one runOperatorCommand runs. */
export const isOperatorCommand = (command: string) => Object.keys(HANDLERS).some((name) => name.split(" ")[0] === command);

export { OperatorError };
