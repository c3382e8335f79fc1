import { defineConfig } from "drizzle-kit";

/** PostgreSQL migrations: `npx drizzle-kit generate --config drizzle.postgres.config.ts`. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/postgres/schema.ts",
  out: "./migrations/postgres",
});
