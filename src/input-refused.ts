/**
 * How an engine refuses an input it cannot use, without knowing about HTTP: one detail per field,
 * which the API answers as a VALIDATION_ERROR's `details` (platform/pipeline.ts toApiError is the
 * one place that maps it). Below the engines and the platform alike, so neither imports the other.
 */
export interface ValidationDetail {
  path: string;
  message: string;
}

/**
 * An input refused by an engine, with its problems; the message is the engine's own wording.
 * @example throw new InputRefused([{ path: "lines[2]", message: "must be 6, 7, 8 or 9" }])
 */
export class InputRefused extends Error {
  constructor(
    readonly details: ValidationDetail[],
    message = details.map((d) => `${d.path}: ${d.message}`).join("; "),
  ) {
    super(message);
    this.name = "InputRefused";
  }
}
