/**
 * One structured JSON log line per request (pino). Never logs the Authorization
 * header, a key or a body: only the fields named here.
 */
import pino, { type Logger } from "pino";
import type { LogLevel } from "../config.ts";

export type { Logger };

export function createLogger(level: LogLevel): Logger {
  // Levels as names ("level":"info"): what log shippers and people grep for, not pino's numbers.
  return pino({ level, base: { service: "lingshu" }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, pino.destination({ sync: false }));
}

/**
 * Ends the asynchronous log destination once everything buffered is written, for the last lines
 * before process.exit. (pino's flush(cb) calls back at once with the default settings, and a
 * synchronous flush cannot wait for a write already in flight; process.exit then dropped it.)
 * Resolves after at most `timeoutMs`, so a stalled stdout cannot hold the exit.
 */
export function endLog(logger: Logger, timeoutMs = 1000): Promise<void> {
  const stream = (logger as unknown as Record<symbol, { end?: () => void; once?: (event: string, listener: () => void) => void }>)[pino.symbols.streamSym];
  if (!stream?.end || !stream.once) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    stream.once!("close", done);
    stream.once!("error", done);
    stream.end!();
  });
}

export interface RequestLogLine {
  request_id: string;
  app_id: string | null;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  error_code?: string;
  replayed?: boolean;
}

/** Told every request-log line (the metrics). */
export interface RequestObserver {
  request(line: RequestLogLine): void;
}

export function logRequest(logger: Logger, line: RequestLogLine, observer?: RequestObserver | null): void {
  if (line.status >= 500) logger.error(line, "request");
  else logger.info(line, "request");
  observer?.request(line);
}
