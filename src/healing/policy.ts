/**
 * Version of the Healing decision policy: red lines, hard filters, scoring weights and
 * tie-breaks, applied constraints and checkout safety rules. Every Plan records it, so bump
 * it whenever any of those rules changes the outcome for some input (the catalog has its
 * own CATALOG_VERSION for protocol content).
 */
export const POLICY_VERSION = "1.0.0";
