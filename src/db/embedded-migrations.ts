/**
 * What both backends' migration lists share: the SQL files are imported as text (so that
 * `bun build --compile` embeds them in the binary) and matched against drizzle-kit's journal, so a
 * migration in the journal that is not embedded fails at start rather than being skipped.
 */
export interface EmbeddedMigration {
  tag: string;
  sql: string;
}

/**
 * The journal's migrations in order, each with its embedded SQL.
 * @param where the module that embeds them, named in the error
 */
export function embeddedMigrations(journal: { entries: { tag: string }[] }, sqlByTag: Record<string, string>, where: string): EmbeddedMigration[] {
  return journal.entries.map((entry) => {
    const sql = sqlByTag[entry.tag];
    if (sql === undefined) throw new Error(`migration ${entry.tag} is in the journal but not embedded in ${where}`);
    return { tag: entry.tag, sql };
  });
}
