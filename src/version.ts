/** The release. */
export const VERSION = "1.0.0";

// Defined by scripts/build.ts (`bun build --define`) in the compiled executable; absent from source.
declare const LINGSHU_BUILD_COMMIT: string;
declare const LINGSHU_BUILD_DATE: string;

/** What this executable was built from: the git commit and the build time; running from source, "source". */
export const BUILD: { commit: string; date: string | null } = {
  commit: typeof LINGSHU_BUILD_COMMIT === "string" ? LINGSHU_BUILD_COMMIT : "source",
  date: typeof LINGSHU_BUILD_DATE === "string" ? LINGSHU_BUILD_DATE : null,
};

/** One string that names the build everywhere it is shown (--version, /health, the listening log line, /openapi.json). */
export const BUILD_ID = `${VERSION}+${BUILD.commit}`;
