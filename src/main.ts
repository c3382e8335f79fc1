#!/usr/bin/env bun
/**
 * The one entry point: `serve` (default) | `migrate` | `check-model` | `backup` | `app …` | `key …` |
 * `usage …` | `version` | `help` (every command declared in cli/command-specs.ts).
 * Parses the environment once and wires the real implementations.
 */
import { isLoopbackHost, loadConfig, ConfigError, type Config } from "./config.ts";
import { describeDatabase, migrateStorage, openStorage } from "./db/open-storage.ts";
import type { Storage } from "./db/storage.ts";
import { createApp } from "./app.ts";
import { createLogger, endLog } from "./platform/request-log.ts";
import { isOperatorCommand, parseCommand, runOperatorCommand, UsageError, OperatorError } from "./cli/commands.ts";
import { findCommand, RUN_BY_MAIN } from "./cli/command-specs.ts";
import { helpFor } from "./cli/help.ts";
import { probe } from "./cli/probe.ts";
import { checkPepper, PepperMismatch } from "./platform/pepper.ts";
import { Metrics } from "./platform/metrics.ts";
import { Operator } from "./cli/operator.ts";
import { BUILD, BUILD_ID, VERSION } from "./version.ts";
import { prepareAlmanac } from "./bazi/index.ts";
import { prepareGazetteer } from "./place/gazetteer.ts";
import { CHECKPOINT_WORKER_MODULE } from "./db/sqlite/checkpoints.ts";
import { describeModel } from "./responses/choose-interpreter.ts";
import { checkModel, modelWarnings } from "./responses/check-model.ts";
import { prepareSafety } from "./safety/index.ts";

const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60_000;
const USAGE_FLUSH_INTERVAL_MS = 1_000;

function fail(message: string, code = 1): never {
  process.stderr.write(`lingshu: ${message}\n`);
  process.exit(code);
}

/**
 * Runs `open` (which opens the database) or exits with one clear line (no stack trace): a path that
 * cannot be created, a file that is not SQLite, a server that refuses, migrations this role may not apply, …
 */
async function openOrFail<T>(config: Config, open: (config: Config) => Promise<T>): Promise<T> {
  try {
    return await open(config);
  } catch (err) {
    fail(`cannot open the database at ${describeDatabase(config)}: ${err instanceof Error ? err.message : String(err)}`, 1);
  }
}

const openStorageOrFail = (config: Config): Promise<Storage> => openOrFail(config, openStorage);

/** First start, empty database, development on loopback: an App with every capability and a test key, shown once. */
async function bootstrapDevelopmentApp(store: Storage, config: Config): Promise<void> {
  if (config.production || !isLoopbackHost(config.host) || (await store.apps.count()) > 0) return;
  const operator = new Operator(store, config.keyPepper);
  const app = await operator.createApp({
    name: "Local development",
    env: "test",
    capabilities: ["bazi", "liuyao", "healing"],
    rpm: 6000,
    concurrency: 64,
    monthlyQuota: 100_000,
  });
  const { key } = await operator.createKey(app.id, "local development", null);
  const base = `http://localhost:${config.port}`;
  process.stdout.write(
    [
      "",
      `Lingshu created a local development App (${app.id}) with bazi, liuyao and healing.`,
      "Its test API key is shown only this once:",
      "",
      `  ${key}`,
      "",
      "Try it:",
      `  curl -s ${base}/v1/bazi/charts -H "Authorization: Bearer ${key}" \\`,
      `    -H "Content-Type: application/json" -H "Idempotency-Key: first-chart" \\`,
      `    -d '{"birth":{"year":1990,"month":5,"day":17,"hour":8,"gender":"女"}}'`,
      "",
      `Guide: ${base}/docs`,
      "",
    ].join("\n"),
  );
}

/** On SQLite, WAL checkpoints run on a worker thread (see db/sqlite/checkpoints.ts); says where they run. */
async function checkpointInBackground(store: Storage, logger: ReturnType<typeof createLogger>): Promise<"background" | "inline" | null> {
  if (!store.checkpointInBackground) return null;
  const onFailure = (error: string) => logger.warn({ error }, "the checkpoint worker failed: checkpoints run on the request thread");
  const started = await store.checkpointInBackground(new URL(CHECKPOINT_WORKER_MODULE, import.meta.url).href, { onFailure });
  return started ? "background" : "inline";
}

/** Starts listening, or exits with one line: the port is taken, or may not be used by this user. */
function listenOrFail<T>(listen: () => T, config: Config): T {
  try {
    return listen();
  } catch (err) {
    const code = (err as { code?: string }).code;
    const where = `${config.host}:${config.port}`;
    if (code === "EADDRINUSE") fail(`cannot listen on ${where}: the port is in use by another process (stop it, or set PORT to a free port)`, 1);
    if (code === "EACCES") fail(`cannot listen on ${where}: this user may not use that port (ports below 1024 need privileges; set PORT to 1024 or above)`, 1);
    if (code === "EADDRNOTAVAIL") fail(`cannot listen on ${where}: no network interface of this machine has that address (check HOST)`, 1);
    fail(`cannot listen on ${where}: ${err instanceof Error ? err.message : String(err)}`, 1);
  }
}

/** A production start on a database without Apps: what to do next, since no request can succeed yet. */
async function adviseFirstApp(store: Storage, config: Config, logger: ReturnType<typeof createLogger>): Promise<void> {
  if (!config.production || (await store.apps.count()) > 0) return;
  logger.warn({ next: 'lingshu app create --name "Your platform" --env live, then lingshu key create APP_ID' }, "no Apps yet: every request will be refused until an App and a key exist");
}

async function serve(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const store = await openStorageOrFail(config);
  await checkPepper(store, config.keyPepper, Date.now()).catch(async (err: unknown) => {
    if (err instanceof PepperMismatch) {
      await store.close();
      fail(err.message, 1);
    }
    // A database this start cannot write (a read-only file) serves reads; its pepper is recorded at the next writable start.
    logger.warn({ err: String(err) }, "the KEY_PEPPER fingerprint could not be recorded in the database; it will be at the next start that can write");
  });
  const checkpoints = await checkpointInBackground(store, logger);
  await bootstrapDevelopmentApp(store, config);
  await adviseFirstApp(store, config, logger);
  // Recorded only when someone may read them (METRICS_TOKEN): otherwise a request pays nothing for metrics.
  const metrics = config.metricsToken ? new Metrics({ version: VERSION, build: BUILD_ID, backend: store.backend }) : null;
  if (metrics) store.observe?.(metrics);
  const app = createApp({ config, store, logger, metrics });
  // Build the 1900–2100 solar-term and lunar tables now, so the first chart does not pay for them.
  prepareAlmanac();
  // development: false and an error handler: whatever escapes answers in the error envelope, never
  // with Bun's HTML error page (which shows source paths), in every mode.
  // reusePort: false: with development: false Bun would set SO_REUSEPORT, and a second instance
  // started on a busy port would share it silently (the kernel splitting connections between two
  // services, perhaps of different versions or databases) instead of failing.
  const server = listenOrFail(() =>
    Bun.serve({
      port: config.port,
      hostname: config.host,
      development: false,
      reusePort: false,
      fetch: (request) => app.handle(request),
      error(error) {
        return app.fault(error);
      },
    }),
    config,
  );
  const model = describeModel(config);
  logger.info({ version: VERSION, build: BUILD_ID, port: server.port, host: config.host, database: config.databaseUrl ? describeDatabase(config) : config.databasePath, backend: store.backend, ...(checkpoints && { checkpoints }), model }, "listening");
  for (const warning of modelWarnings(model, Date.now())) logger.warn({ model: model.model }, warning);
  // The safety screen's rules and model take ~100 ms to build: after listening, so /ready answers at once
  // and the first Response (which would otherwise build them) finds them ready.
  setTimeout(prepareSafety, 0);
  // The gazetteer's name index (~25 ms) likewise, for the first chart with a birthplace.
  setTimeout(prepareGazetteer, 0);

  const flush = setInterval(() => void app.counter.flush().catch((err) => logger.error({ err: String(err) }, "usage flush failed")), USAGE_FLUSH_INTERVAL_MS);
  const purge = setInterval(() => {
    store.idempotency.purgeExpired(Date.now()).catch((err) => logger.error({ err: String(err) }, "idempotency purge failed"));
  }, IDEMPOTENCY_PURGE_INTERVAL_MS);
  void store.idempotency.purgeExpired(Date.now()).catch((err) => logger.error({ err: String(err) }, "idempotency purge failed"));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.drain();
    logger.info({ signal, delay_ms: config.shutdownDelayMs }, "draining");
    // Still listening: an orchestrator or load balancer that polls /ready (now 503) takes the
    // instance out during the delay, and requests that arrive meanwhile are served.
    if (config.shutdownDelayMs > 0) await Bun.sleep(config.shutdownDelayMs);
    clearInterval(flush);
    clearInterval(purge);
    // stop(false): no new connections; resolves once in-flight requests have completed. A client
    // that stalls mid-request must not hold the process, so after the grace period the remaining
    // connections are closed. Their requests committed nothing (writes land only with their
    // answer), so a retry with the same Idempotency-Key runs again.
    const drained = await Promise.race([server.stop(false).then(() => true), Bun.sleep(config.shutdownGraceMs).then(() => false)]);
    if (!drained) {
      logger.warn({ signal, grace_ms: config.shutdownGraceMs }, "closing connections still open after the grace period");
      await server.stop(true);
    }
    await app.counter.flush().catch(() => {});
    await store.close().catch(() => {});
    logger.info({ signal }, "stopped");
    await endLog(logger);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** `--help` anywhere, `-h`, or `help WORDS…`: the help those words name (cli/help.ts), before any configuration is read. */
function helpRequested(argv: string[]): string | null {
  const asked = argv[0] === "help" || argv.includes("--help") || argv.includes("-h");
  if (!asked) return null;
  const words = (argv[0] === "help" ? argv.slice(1) : argv).filter((a) => !a.startsWith("-"));
  // The deepest words that name something: `app create --name x --help` is the help of app create.
  for (let n = Math.min(words.length, 2); n >= 0; n -= 1) {
    const text = helpFor(words.slice(0, n));
    if (text && (n > 0 || words.length === 0)) return text;
  }
  fail(`no help for "${words.join(" ")}": run lingshu --help for the commands`, 2);
}

function printVersion(json: boolean): void {
  const built = BUILD.date ? `, built ${BUILD.date}` : "";
  process.stdout.write(json ? `${JSON.stringify({ version: VERSION, build: BUILD_ID, commit: BUILD.commit, built_at: BUILD.date })}\n` : `lingshu ${VERSION} (build ${BUILD.commit}${built})\n`);
}

/** The arguments of a command main() runs itself, checked against its declaration. */
function parseOwnCommand(name: string, rest: string[]) {
  try {
    return parseCommand(findCommand([name])!, rest);
  } catch (err) {
    if (err instanceof UsageError) fail(err.message, 2);
    throw err;
  }
}

async function main(argv: string[]): Promise<void> {
  const help = helpRequested(argv);
  if (help) {
    process.stdout.write(help);
    return;
  }
  const [command = "serve", ...rest] = argv;
  if (command === "--version" || command === "-v" || command === "version") return printVersion(parseOwnCommand("version", rest).values.json === true);
  if (!RUN_BY_MAIN.has(command) && !isOperatorCommand(command)) {
    fail(`unknown command "${command}" (run lingshu --help for the commands)`, 2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`invalid configuration: ${err.message}`, 2);
    throw err;
  }
  if (command === "serve") {
    parseOwnCommand("serve", rest);
    return serve(config);
  }
  if (command === "probe") {
    const path = String(parseOwnCommand("probe", rest).values.path ?? "/health");
    const result = await probe(config, path);
    if (!result.ok) fail(result.line, 1);
    process.stdout.write(`${result.line}\n`);
    return;
  }
  if (command === "check-model") {
    const json = parseOwnCommand("check-model", rest).values.json === true;
    const result = await checkModel(config);
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${result.line}\n`);
    process.exit(result.ok ? 0 : 1);
  }
  if (command === "migrate") {
    const json = parseOwnCommand("migrate", rest).values.json === true;
    // Only what this run applied: an operator (or a deploy job's log) sees whether it changed anything.
    const applied = await openOrFail(config, migrateStorage);
    const text = applied.length > 0 ? `applied: ${applied.join(", ")}` : "already up to date";
    process.stdout.write(json ? `${JSON.stringify({ applied, database: config.databaseUrl ? describeDatabase(config) : config.databasePath })}\n` : `${text}\n`);
    return;
  }
  const store = await openStorageOrFail(config);
  try {
    await runOperatorCommand(store, config.keyPepper, argv, (text) => process.stdout.write(`${text}\n`));
  } catch (err) {
    if (err instanceof UsageError) fail(err.message, 2);
    if (err instanceof OperatorError || err instanceof PepperMismatch) fail(err.message, 1);
    throw err;
  } finally {
    await store.close();
  }
}

await main(process.argv.slice(2));
