/**
 * WAL checkpoints on a second thread, for the server.
 *
 * Why: by default SQLite checkpoints on the connection that commits, every
 * 1,000 pages: it copies those pages into the database file and fsyncs both
 * files while the event loop waits. Measured over HTTP (chart creation, 64
 * connections) that was 29–35 µs of a 40–60 µs commit per write. A worker with
 * its own connection does the copying on the other core; the request thread's
 * commits then only append to the WAL (11–16 µs per write). Durability is the
 * same: the worker syncs exactly as the request connection would.
 *
 * If the worker cannot start or fails later, the request connection goes back
 * to checkpointing inline; while it runs, an inline checkpoint remains as a
 * backstop should the WAL ever outgrow fallbackFrames(restartAfterFrames).
 */
import type { Database } from "bun:sqlite";

/** SQLite's default wal_autocheckpoint, in pages. */
export const INLINE_AUTOCHECKPOINT_FRAMES = 1000;

export interface CheckpointerSettings {
  path: string;
  /** Past this many WAL frames the worker waits for a full checkpoint so the WAL starts over (bounds its size). */
  restartAfterFrames: number;
  /** Pause between checkpoints while the WAL grows; while it does not, the pause doubles up to idleIntervalMs. */
  busyIntervalMs: number;
  idleIntervalMs: number;
  busyTimeoutMs: number;
}

export type CheckpointerCommand = { type: "start"; settings: CheckpointerSettings } | { type: "stop" };
export type CheckpointerReport =
  | { type: "started" }
  | { type: "stopped" }
  | { type: "failed"; message: string }
  /** A checkpoint that found frames to copy, and how long it took. */
  | { type: "checkpointed"; mode: "passive" | "restart"; seconds: number };

export const DEFAULT_CHECKPOINTER = {
  // 4,000 pages of 4 KiB: the WAL stays under ~16 MB.
  restartAfterFrames: 4000,
  busyIntervalMs: 2,
  // Once load starts, the WAL grows for at most this long unwatched (≈ 1,000 frames at 20,000 frames/s).
  idleIntervalMs: 50,
  busyTimeoutMs: 5000,
} satisfies Omit<CheckpointerSettings, "path">;

/**
 * The path of the worker module relative to the entry point (src/main.ts). `bun build --compile`
 * stores a second entry at its path relative to the first, so `new URL(CHECKPOINT_WORKER_MODULE,
 * import.meta.url)` in the entry point finds it both from source and inside the executable.
 */
export const CHECKPOINT_WORKER_MODULE = "./db/sqlite/checkpoint-worker.ts";

export class BackgroundCheckpoints {
  /** Resolves true once the worker has opened the database, false if it could not (checkpoints then stay inline). */
  readonly started: Promise<boolean>;
  /** The worker's error, once it failed. */
  failure: string | null = null;
  private readonly worker: Worker;
  private stopped: Promise<void> | null = null;
  private resolveStopped: () => void = () => {};

  constructor(
    private readonly sqlite: Database,
    workerUrl: string,
    settings: CheckpointerSettings,
    private readonly onFailure: (message: string) => void = () => {},
    private readonly onCheckpoint: (seconds: number, mode: string) => void = () => {},
  ) {
    this.worker = new Worker(workerUrl);
    // Checkpoints must never keep a process alive that has nothing else to do.
    this.worker.unref();
    let settleStarted: (ok: boolean) => void = () => {};
    this.started = new Promise((resolve) => (settleStarted = resolve));
    this.worker.onmessage = (event: MessageEvent<CheckpointerReport>) => {
      const report = event.data;
      if (report.type === "checkpointed") this.onCheckpoint(report.seconds, report.mode);
      else if (report.type === "started") settleStarted(true);
      else if (report.type === "stopped") this.resolveStopped();
      else {
        this.checkpointInline(report.message);
        settleStarted(false);
      }
    };
    this.worker.onerror = (event) => {
      this.checkpointInline(event.message);
      settleStarted(false);
      this.resolveStopped();
    };
    sqlite.exec(`PRAGMA wal_autocheckpoint = ${fallbackFrames(settings.restartAfterFrames)}`);
    this.worker.postMessage({ type: "start", settings } satisfies CheckpointerCommand);
  }

  /** Stops the worker and closes its connection; the request connection checkpoints inline again. */
  stop(): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      this.resolveStopped = resolve;
      if (this.failure !== null) return resolve();
      // Referenced again until it answers: otherwise a process with nothing else left (a server
      // shutting down) would exit before the worker has closed its connection.
      this.worker.ref();
      this.worker.postMessage({ type: "stop" } satisfies CheckpointerCommand);
    }).then(() => {
      void this.worker.terminate();
      this.restoreInline();
    });
    return this.stopped;
  }

  private checkpointInline(message: string): void {
    if (this.failure !== null) return;
    this.failure = message;
    this.restoreInline();
    this.onFailure(message);
  }

  private restoreInline(): void {
    try {
      this.sqlite.exec(`PRAGMA wal_autocheckpoint = ${INLINE_AUTOCHECKPOINT_FRAMES}`);
    } catch {
      // The request connection is already closed: nothing left to checkpoint on it.
    }
  }
}

/** The request connection's own checkpoint, a backstop while the worker runs: well past the worker's limit. */
export const fallbackFrames = (restartAfterFrames: number) => restartAfterFrames * 4;
