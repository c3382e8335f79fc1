/**
 * The background checkpointer's thread (see checkpoints.ts). Its own connection
 * copies committed WAL frames into the database file, so the request thread's
 * commits only append to the WAL. This file is a Worker's entry point: the build
 * bundles it as a second entry (scripts/build.ts).
 */
import { Database } from "bun:sqlite";
import type { CheckpointerCommand, CheckpointerReport, CheckpointerSettings } from "./checkpoints.ts";

declare const self: Worker;

interface CheckpointResult {
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames of it already copied into the database file. */
  checkpointed: number;
}

let db: Database | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

const report = (message: CheckpointerReport) => self.postMessage(message);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function start(settings: CheckpointerSettings): void {
  try {
    db = new Database(settings.path, { readwrite: true, create: false });
    db.exec(`PRAGMA busy_timeout = ${settings.busyTimeoutMs}`);
    // As on the request connection: a checkpoint syncs the WAL before copying and the database after.
    db.exec("PRAGMA synchronous = NORMAL");
  } catch (error) {
    report({ type: "failed", message: errorText(error) });
    return;
  }
  const passive = db.query<CheckpointResult, []>("PRAGMA wal_checkpoint(PASSIVE)");
  const restart = db.query<CheckpointResult, []>("PRAGMA wal_checkpoint(RESTART)");
  let previousLog = -1;
  let interval = settings.busyIntervalMs;
  const tick = () => {
    timer = null;
    let log: number;
    try {
      // PASSIVE never waits: it copies what it can while the request thread keeps writing.
      const started = performance.now();
      log = passive.get()!.log;
      if (log !== previousLog && log > 0) report({ type: "checkpointed", mode: "passive", seconds: (performance.now() - started) / 1000 });
      // The WAL only starts over once every frame is copied while no write is running. Under steady
      // load that moment may not come by itself, so past the limit RESTART waits for it (holding
      // back writes for the few frames PASSIVE left, then the WAL is reused from its start).
      if (log >= settings.restartAfterFrames) {
        const restarting = performance.now();
        restart.get();
        report({ type: "checkpointed", mode: "restart", seconds: (performance.now() - restarting) / 1000 });
      }
    } catch (error) {
      report({ type: "failed", message: errorText(error) });
      stop();
      return;
    }
    // While the WAL grows, look again soon; while it does not, back off by doubling up to the idle pause.
    interval = log === previousLog ? Math.min(interval * 2, settings.idleIntervalMs) : settings.busyIntervalMs;
    previousLog = log;
    timer = setTimeout(tick, interval);
  };
  report({ type: "started" });
  tick();
}

function stop(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  // close(true) finalizes the prepared checkpoints; close(false) would leave the connection open until they are collected.
  db?.close(true);
  db = null;
}

self.onmessage = (event: MessageEvent<CheckpointerCommand>) => {
  const command = event.data;
  if (command.type === "start") start(command.settings);
  else {
    stop();
    report({ type: "stopped" });
  }
};
