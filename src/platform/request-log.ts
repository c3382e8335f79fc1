/**
 * One structured JSON log line per request (pino). Never logs the Authorization
 * header, a key or a body: only the fields named here.
 */
import pino, { type Logger } from "pino";
import type { LogLevel } from "../config.ts";

export type { Logger };

export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { service: "lingshu" }, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ sync: false }));
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

export function logRequest(logger: Logger, line: RequestLogLine): void {
  if (line.status >= 500) logger.error(line, "request");
  else logger.info(line, "request");
}
