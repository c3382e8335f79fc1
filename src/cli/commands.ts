/**
 * The operator command line: `app …`, `key …`, `usage …`. Every command takes
 * --json and then prints exactly one JSON object (lists as {"data":[…]}).
 * Errors print one line on stderr and exit non-zero.
 */
import { parseArgs } from "node:util";
import { Operator, OperatorError, appJson, keyJson } from "./operator.ts";
import { CAPABILITIES, type Capability } from "../db/types.ts";
import type { Storage } from "../db/storage.ts";

export class UsageError extends Error {}

type Out = { json: boolean; write: (text: string) => void };

function positiveInt(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) throw new UsageError(`--${flag} must be a whole number ≥ 1 (got "${raw}")`);
  return Number(raw);
}

function capabilities(list: string[]): Capability[] {
  const caps = list.flatMap((c) => c.split(",")).map((c) => c.trim()).filter(Boolean);
  for (const c of caps) if (!(CAPABILITIES as readonly string[]).includes(c)) throw new UsageError(`unknown capability "${c}" (use ${CAPABILITIES.join(", ")})`);
  if (caps.length === 0) throw new UsageError("name at least one capability");
  return caps as Capability[];
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
  else out.write(Object.entries(value).map(([k, v]) => `${k.padEnd(14)} ${cell(v)}`).join("\n"));
}

function parse(args: string[], options: Record<string, { type: "string" | "boolean"; multiple?: boolean }>, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, json: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]!);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(`expected ${positionals} argument${positionals === 1 ? "" : "s"}, got ${parsed.positionals.length}`);
  }
  return { values, positionals: parsed.positionals };
}

const LIMIT_FLAGS = { rpm: { type: "string" }, concurrency: { type: "string" }, "monthly-quota": { type: "string" } } as const;

/** Runs one operator command. @throws UsageError / OperatorError */
export async function runOperatorCommand(store: Storage, pepper: string, argv: string[], write: (text: string) => void): Promise<void> {
  const [group, action, ...rest] = argv;
  const operator = new Operator(store, pepper);
  const now = Date.now();
  const jsonFlag = argv.includes("--json");
  const out: Out = { json: jsonFlag, write };

  if (group === "usage") {
    const p = parse(argv.slice(1), { month: { type: "string" } }, 1);
    const month = p.values.month as string | undefined;
    if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new UsageError(`--month must be YYYY-MM (got "${month}")`);
    print(out, await operator.usage(p.positionals[0]!, month ?? null));
    return;
  }
  if (group === "app") {
    switch (action) {
      case "create": {
        const p = parse(rest, { name: { type: "string" }, env: { type: "string" }, capabilities: { type: "string" }, ...LIMIT_FLAGS }, 0);
        const name = p.values.name as string | undefined;
        if (!name?.trim()) throw new UsageError("--name is required");
        const env = p.values.env as string | undefined;
        if (env !== "test" && env !== "live") throw new UsageError("--env must be test or live");
        const app = await operator.createApp({
          name: name.trim(),
          env,
          capabilities: capabilities([(p.values.capabilities as string | undefined) ?? "bazi,liuyao"]),
          rpm: positiveInt("rpm", p.values.rpm as string | undefined),
          concurrency: positiveInt("concurrency", p.values.concurrency as string | undefined),
          monthlyQuota: positiveInt("monthly-quota", p.values["monthly-quota"] as string | undefined),
        });
        print(out, appJson(app));
        return;
      }
      case "list": {
        parse(rest, {}, 0);
        print(out, { data: (await store.listApps()).map(appJson) });
        return;
      }
      case "show": {
        const p = parse(rest, {}, 1);
        print(out, appJson(await operator.requireApp(p.positionals[0]!)));
        return;
      }
      case "update": {
        const p = parse(rest, LIMIT_FLAGS, 1);
        const changes = {
          rpm: positiveInt("rpm", p.values.rpm as string | undefined),
          concurrency: positiveInt("concurrency", p.values.concurrency as string | undefined),
          monthlyQuota: positiveInt("monthly-quota", p.values["monthly-quota"] as string | undefined),
        };
        const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
        if (Object.keys(defined).length === 0) throw new UsageError("name at least one of --rpm, --concurrency, --monthly-quota");
        print(out, appJson(await operator.updateApp(p.positionals[0]!, defined)));
        return;
      }
      case "suspend":
      case "resume": {
        const p = parse(rest, {}, 1);
        print(out, appJson(await operator.updateApp(p.positionals[0]!, { status: action === "suspend" ? "suspended" : "active" })));
        return;
      }
      case "grant":
      case "revoke": {
        const p = parseArgsLoose(rest);
        if (p.positionals.length < 2) throw new UsageError(`usage: app ${action} APP_ID CAPABILITY…`);
        const [appId, ...caps] = p.positionals;
        print(out, appJson(await operator.grant(appId!, capabilities(caps), action === "grant")));
        return;
      }
    }
    throw new UsageError(`unknown command "app ${action ?? ""}" (create, list, show, update, suspend, resume, grant, revoke)`);
  }
  if (group === "key") {
    switch (action) {
      case "create": {
        const p = parse(rest, { name: { type: "string" }, "expires-at": { type: "string" } }, 1);
        const expiresRaw = p.values["expires-at"] as string | undefined;
        let expiresAt: number | null = null;
        if (expiresRaw !== undefined) {
          expiresAt = Date.parse(expiresRaw);
          if (!/^\d{4}-\d{2}-\d{2}/.test(expiresRaw) || Number.isNaN(expiresAt)) throw new UsageError(`--expires-at must be an ISO 8601 date-time (got "${expiresRaw}")`);
          // A key born expired could never be used: refused rather than created.
          if (expiresAt <= now) throw new UsageError(`--expires-at must be in the future (got "${expiresRaw}", now ${new Date(now).toISOString()})`);
        }
        const { record, key } = await operator.createKey(p.positionals[0]!, (p.values.name as string | undefined) ?? null, expiresAt);
        const json = { ...keyJson(record, now), key };
        if (out.json) write(JSON.stringify(json));
        else write(`${table([{ id: record.id, app_id: record.appId, name: record.name, expires_at: json.expires_at }])}\n\nAPI key (shown only now, store it safely):\n${key}`);
        return;
      }
      case "list": {
        const p = parse(rest, {}, 1);
        print(out, { data: (await operator.listKeys(p.positionals[0]!)).map((k) => keyJson(k, now)) });
        return;
      }
      case "revoke": {
        const p = parse(rest, {}, 1);
        print(out, keyJson(await operator.revokeKey(p.positionals[0]!), now));
        return;
      }
    }
    throw new UsageError(`unknown command "key ${action ?? ""}" (create, list, revoke)`);
  }
  throw new UsageError(`unknown command "${group ?? ""}" (serve, migrate, app, key, usage)`);
}

function parseArgsLoose(args: string[]) {
  try {
    return parseArgs({ args, options: { json: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]!);
  }
}

export { OperatorError };
