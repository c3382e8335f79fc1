/**
 * What the Responses report for the metrics (platform/metrics.ts implements it), and the
 * interpreter wrapper that times each interpretation and names its outcome.
 */
import type { Interpreter } from "./interpreter.ts";
import { ModelFailure } from "./model-failure.ts";

export interface ResponseObserver {
  /** A Response answered with the fixed safety-action text (stored). */
  escalation(capability: string): void;
  /** One interpretation: ok, or a ModelFailure's kind, or "error". */
  modelCall(interpreter: string, outcome: string, seconds: number): void;
}

export function observedInterpreter(inner: Interpreter, name: string, observer: ResponseObserver): Interpreter {
  return {
    async interpret(request) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const interpretation = await inner.interpret(request);
        observer.modelCall(name, "ok", seconds());
        return interpretation;
      } catch (err) {
        observer.modelCall(name, err instanceof ModelFailure ? err.kind : "error", seconds());
        throw err;
      }
    },
  };
}
