// Migration 7: the date a game's baseline statistics describe (the as-of date of the source
// that wrote them: a BGG dump's date, an XML capture's). An import never replaces them with
// a source dated earlier (docs/import-bgg-folder.md).

export const SOURCE_AS_OF: readonly string[] = ['ALTER TABLE baseline_stats ADD COLUMN source_as_of DATE'];
