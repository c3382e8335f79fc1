/**
 * Every command of the binary, declared once: the parser reads its options and arguments from here
 * (cli/commands.ts, main.ts) and `--help` prints them (cli/help.ts), so what the help says is what
 * the command accepts. Data only.
 */
import { CAPABILITIES } from "../db/types.ts";
import { DEFAULT_LIMITS } from "./operator.ts";

export interface OptionSpec {
  /** Without the leading dashes. */
  name: string;
  /** The value's placeholder (NAME, N, ISO8601); absent for a flag that takes no value. */
  value?: string;
  description: string;
  default?: string;
  required?: boolean;
}

export interface ArgumentSpec {
  name: string;
  description: string;
  /** One or more (CAPABILITY…). */
  repeated?: boolean;
}

export interface CommandSpec {
  /** The words that name it: ["app", "create"]. */
  path: readonly string[];
  summary: string;
  args: readonly ArgumentSpec[];
  options: readonly OptionSpec[];
  /** Said after the options: exit codes, what it prints, what to know. */
  notes?: string;
  examples: readonly string[];
}

/** Commands with subcommands, and what they group. */
export const COMMAND_GROUPS: Readonly<Record<string, string>> = {
  app: "Apps: the tenants, their capabilities and limits",
  key: "API keys of an App",
  pepper: "the KEY_PEPPER this database was first used with",
};

const LIMIT_OPTIONS: OptionSpec[] = [
  { name: "rpm", value: "N", description: "requests per minute", default: String(DEFAULT_LIMITS.rpm) },
  { name: "concurrency", value: "N", description: "requests in flight at once", default: String(DEFAULT_LIMITS.concurrency) },
  { name: "monthly-quota", value: "N", description: "billing units per UTC month", default: String(DEFAULT_LIMITS.monthlyQuota) },
];

const APP_ID: ArgumentSpec = { name: "APP_ID", description: "the App's id (app_…)" };
const KEY_ID: ArgumentSpec = { name: "KEY_ID", description: "the key's id (key_…), as `key list` shows it" };
const CAPABILITY_ARGS: ArgumentSpec = { name: "CAPABILITY", description: `one or more of ${CAPABILITIES.join(", ")}`, repeated: true };

export const COMMANDS: readonly CommandSpec[] = [
  {
    path: ["serve"],
    summary: "run the HTTP service (the default command)",
    args: [],
    options: [],
    notes: "Configured by the environment only (PORT, HOST, DATABASE_PATH or DATABASE_URL, KEY_PEPPER, …; see the README). Stops cleanly on SIGTERM or SIGINT.",
    examples: ["lingshu serve", "PORT=8080 DATABASE_PATH=/var/lib/lingshu/lingshu.sqlite lingshu"],
  },
  {
    path: ["migrate"],
    summary: "apply the embedded database migrations",
    args: [],
    options: [],
    notes: 'Prints what it applied, or "already up to date". `serve` migrates too; this is for a deploy step that runs before the instances start.',
    examples: ["lingshu migrate", "DATABASE_URL=postgres://lingshu@db/lingshu lingshu migrate --json"],
  },
  {
    path: ["check-model"],
    summary: "send one real request to the configured model",
    args: [],
    options: [],
    notes: 'Uses LINGSHU_MODEL and ANTHROPIC_API_KEY. Prints "ok: …" and exits 0, or "not ok: …" and exits 1.',
    examples: ["ANTHROPIC_API_KEY=sk-ant-… lingshu check-model"],
  },
  {
    path: ["probe"],
    summary: "ask the service running on this machine whether it answers (a container's HEALTHCHECK)",
    args: [],
    options: [{ name: "path", value: "PATH", description: "what to ask for: /health (alive) or /ready (ready to serve)", default: "/health" }],
    notes: "Asks http://HOST:PORT (PORT and HOST from the environment; 127.0.0.1 when HOST listens on every address) and exits 0 on a 200 within 2 s, else 1 with one line. For images without curl or a shell.",
    examples: ["lingshu probe", "lingshu probe --path /ready"],
  },
  {
    path: ["backup"],
    summary: "copy the SQLite database to a file, consistently, while the service runs",
    args: [{ name: "PATH", description: "the new file (must not exist yet)" }],
    options: [],
    notes: "Uses SQLite's online backup (VACUUM INTO) and then checks the copy with integrity_check; exits 1 if either fails. To restore: stop the service, replace DATABASE_PATH with the copy (and remove its -wal and -shm files), start it. On PostgreSQL use pg_dump.",
    examples: ["lingshu backup /var/backups/lingshu-2026-11-27.sqlite"],
  },
  {
    path: ["version"],
    summary: "print the version and the build (commit and date); also --version, -v",
    args: [],
    options: [],
    examples: ["lingshu --version", "lingshu version --json"],
  },
  {
    path: ["help"],
    summary: "show help for a command; also --help, -h after any command",
    args: [{ name: "COMMAND", description: "the command's words, e.g. key create", repeated: true }],
    options: [],
    examples: ["lingshu help", "lingshu help key create", "lingshu app update --help"],
  },
  {
    path: ["app", "create"],
    summary: "create an App",
    args: [],
    options: [
      { name: "name", value: "NAME", description: "what operators call it", required: true },
      { name: "env", value: "test|live", description: "its keys start ap_test_ or ap_live_", required: true },
      { name: "capabilities", value: "LIST", description: `comma-separated, of ${CAPABILITIES.join(", ")} (healing only when named)`, default: "bazi,liuyao" },
      ...LIMIT_OPTIONS,
    ],
    examples: ['lingshu app create --name "Acme" --env live --capabilities bazi,liuyao,healing --rpm 1200'],
  },
  { path: ["app", "list"], summary: "list every App", args: [], options: [], examples: ["lingshu app list", "lingshu app list --json"] },
  { path: ["app", "show"], summary: "show one App", args: [APP_ID], options: [], examples: ["lingshu app show app_0VcCYyYBtXgfALN6Zb1M"] },
  {
    path: ["app", "update"],
    summary: "change an App's limits",
    args: [APP_ID],
    options: LIMIT_OPTIONS.map(({ default: _unchanged, ...option }) => option),
    notes: "Name at least one option; the others keep their values. Every instance applies the change within a second.",
    examples: ["lingshu app update app_0VcCYyYBtXgfALN6Zb1M --rpm 3000 --monthly-quota 200000"],
  },
  {
    path: ["app", "rename"],
    summary: "give an App another name",
    args: [APP_ID, { name: "NAME", description: "the new name" }],
    options: [],
    examples: ['lingshu app rename app_0VcCYyYBtXgfALN6Zb1M "Acme (production)"'],
  },
  {
    path: ["app", "delete"],
    summary: "delete an App and everything it owns: keys, charts, casts, Plans, Sessions, Responses, usage",
    args: [APP_ID],
    options: [{ name: "yes", description: "confirm: nothing of the App can be recovered afterwards (back up first)", required: true }],
    notes: "One transaction; prints the rows deleted by table. Its keys stop working at once on every instance. To stop an App without losing its data, suspend it instead.",
    examples: ["lingshu app delete app_0VcCYyYBtXgfALN6Zb1M --yes"],
  },
  {
    path: ["app", "suspend"],
    summary: "refuse every request of an App (403) until it is resumed",
    args: [APP_ID],
    options: [],
    examples: ["lingshu app suspend app_0VcCYyYBtXgfALN6Zb1M"],
  },
  { path: ["app", "resume"], summary: "serve a suspended App again", args: [APP_ID], options: [], examples: ["lingshu app resume app_0VcCYyYBtXgfALN6Zb1M"] },
  { path: ["app", "grant"], summary: "give an App capabilities", args: [APP_ID, CAPABILITY_ARGS], options: [], examples: ["lingshu app grant app_0VcCYyYBtXgfALN6Zb1M healing"] },
  { path: ["app", "revoke"], summary: "take capabilities from an App", args: [APP_ID, CAPABILITY_ARGS], options: [], examples: ["lingshu app revoke app_0VcCYyYBtXgfALN6Zb1M liuyao"] },
  {
    path: ["key", "create"],
    summary: "create an API key for an App; the key is printed this once",
    args: [APP_ID],
    options: [
      { name: "name", value: "LABEL", description: "a label to tell keys apart" },
      { name: "expires-at", value: "ISO8601", description: "when it stops working (in the future)", default: "never" },
    ],
    examples: ["lingshu key create app_0VcCYyYBtXgfALN6Zb1M --name backend --expires-at 2027-12-31T00:00:00Z"],
  },
  { path: ["key", "list"], summary: "list an App's keys (never their plaintext)", args: [APP_ID], options: [], examples: ["lingshu key list app_0VcCYyYBtXgfALN6Zb1M"] },
  { path: ["key", "revoke"], summary: "stop a key at once", args: [KEY_ID], options: [], examples: ["lingshu key revoke key_0VcCYz4UJ9NerLEOH8Rn"] },
  {
    path: ["key", "rotate"],
    summary: "create a new key for a key's App and let the old one expire after a grace period",
    args: [KEY_ID],
    options: [{ name: "grace", value: "DURATION", description: "how long the old key keeps working: 30m, 24h, 7d, or 0 to stop it now", default: "24h" }],
    notes: "Prints the new key this once, and the old key with its new expires_at. An old key that already expires sooner keeps its earlier time.",
    examples: ["lingshu key rotate key_0VcCYz4UJ9NerLEOH8Rn --grace 7d"],
  },
  {
    path: ["pepper", "show"],
    summary: "compare KEY_PEPPER with the pepper the database was first used with, by fingerprint",
    args: [],
    options: [],
    notes: "A fingerprint shows whether two peppers are the same and nothing of the pepper. A database records its pepper's on first use; the server and every other command refuse to run with another.",
    examples: ["lingshu pepper show --json"],
  },
  {
    path: ["pepper", "adopt"],
    summary: "make KEY_PEPPER this database's pepper after the old one was lost, revoking every key",
    args: [],
    options: [{ name: "yes", description: "confirm: every active key is revoked (none of them can be verified with another pepper)", required: true }],
    notes: "Then create new keys with `lingshu key create`. With the old pepper at hand, set KEY_PEPPER back to it instead.",
    examples: ["KEY_PEPPER=… lingshu pepper adopt --yes"],
  },
  {
    path: ["usage"],
    summary: "an App's billing units and requests in a UTC month",
    args: [APP_ID],
    options: [{ name: "month", value: "YYYY-MM", description: "the UTC month", default: "the current one" }],
    examples: ["lingshu usage app_0VcCYyYBtXgfALN6Zb1M --month 2026-11"],
  },
];

/** The commands main.ts runs itself (no database, or the service); every other one is an operator command (cli/commands.ts). */
export const RUN_BY_MAIN: ReadonlySet<string> = new Set(["serve", "migrate", "check-model", "probe", "version", "help"]);

/** Options every command takes. */
export const COMMON_OPTIONS: readonly OptionSpec[] = [
  { name: "json", description: "print exactly one JSON object (lists as {\"data\":[…]})" },
  { name: "help", description: "show this help" },
];

/** The command `words` name, or null. */
export function findCommand(words: readonly string[]): CommandSpec | null {
  return COMMANDS.find((c) => c.path.length === words.length && c.path.every((w, i) => w === words[i])) ?? null;
}
