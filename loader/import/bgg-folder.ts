// `ludex import bgg <folder>`: every BGG file a folder tree holds, each given to its
// importer in the order that makes newer-wins and links work (the dump, the 2021 dataset,
// XML API2 captures, ranking history, then awards and polls, which attach to games the
// others created). The steps are a list: each names its file matcher and its importer. The
// aggregates are refreshed once, at the end; files whose content and as-of date were
// imported before are skipped (an unchanged re-import reads each file once, to hash it).
// docs/import-bgg-folder.md.

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { getSetting, setSetting } from '../settings.js';
import type { Store } from '../store.js';
import { candidate, type CandidateFile, walkFiles } from './bgg-folder/find.js';
import { BGG_STEPS, type BggStep } from './bgg-folder/steps.js';
import { collectGarbage } from './heap.js';
import {
  type ForeignImporter,
  type ForeignImportOptions,
  type ForeignImportReport,
  withImportMemoryLimit,
} from './report.js';

/** store_settings key: the files `import bgg` imported, by content hash → as-of date. */
export const IMPORTED_FILES_SETTING = 'bgg_imported_files';

export const UNKNOWN_FILE = 'not a BGG file this command knows';
export const UNCHANGED_FILE = 'imported before with the same content and as-of date';

export interface BggStepReport {
  step: string;
  format: string;
  /** Files the step matched (imported or skipped as unchanged). */
  files: string[];
  /** Of those, files skipped because the same content and as-of were imported before. */
  unchanged: string[];
  report?: ForeignImportReport;
}

export interface BggFolderReport extends ForeignImportReport {
  steps: BggStepReport[];
  /** Files no step took, or skipped as unchanged, with the reason. */
  skippedFiles: { path: string; reason: string }[];
  /** Whether the aggregates were refreshed (not when nothing was written). */
  refreshed: boolean;
}

const importedSchema = z.record(z.string(), z.strictObject({ asOf: z.string(), path: z.string() }));
type Imported = z.infer<typeof importedSchema>;

export type BggFolderImporter = (
  store: Store,
  paths: readonly string[],
  options: ForeignImportOptions,
) => Promise<BggFolderReport>;

export function importBggFolderWith(steps: readonly BggStep[]): BggFolderImporter {
  return async (store, paths, options) => runFolder(store, paths, options, steps);
}

export const importBggFolder: ForeignImporter = importBggFolderWith(BGG_STEPS);

async function runFolder(
  store: Store,
  paths: readonly string[],
  options: ForeignImportOptions,
  steps: readonly BggStep[],
): Promise<BggFolderReport> {
  const now = options.now ?? new Date();
  const { files, unreadable } = await walkFiles(paths);
  const report: BggFolderReport = {
    files: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    records: {},
    skipped: [],
    rejectedFiles: unreadable.map((path) => ({ path, reason: 'cannot read' })),
    steps: steps.map((s) => ({ step: s.name, format: s.format, files: [], unchanged: [] })),
    skippedFiles: [],
    refreshed: false,
  };
  const byStep = new Map<string, CandidateFile[]>(steps.map((s) => [s.name, []]));
  for (const path of files) {
    const file = await candidate(path);
    const step = steps.find((s) => s.matches(file));
    if (step) byStep.get(step.name)?.push(file);
    else report.skippedFiles.push({ path, reason: UNKNOWN_FILE });
  }

  const imported = await loadImported(store);
  let wrote = false;
  for (const [index, step] of steps.entries()) {
    const stepReport = report.steps[index];
    const todo: { path: string; key: string; asOf: string }[] = [];
    for (const file of byStep.get(step.name) ?? []) {
      stepReport.files.push(file.path);
      const asOf = await step.asOf(file.path, options);
      const key = await contentHash(file.path);
      if (imported[key]?.asOf === asOf) {
        stepReport.unchanged.push(file.path);
        report.skippedFiles.push({ path: file.path, reason: UNCHANGED_FILE });
      } else {
        todo.push({ path: file.path, key, asOf });
      }
    }
    if (todo.length === 0) continue;
    options.onProgress?.(`${step.name}: ${todo.length.toLocaleString('en-US')} files`);
    const result = await step.importer(
      store,
      todo.map((t) => t.path),
      { ...options, now, refresh: async () => {} },
    );
    stepReport.report = result;
    add(report, result);
    if (result.created + result.updated > 0 || Object.keys(result.records).length > 0) wrote = true;
    // A file whose import failed (a rolled-back batch) stays unrecorded: a later run tries it
    // again. One rejected for what it is (a search response, another CSV layout) is recorded:
    // the same content would be rejected the same way.
    const rejected = new Set(result.rejectedFiles.filter((r) => mayPassLater(r.reason)).map((r) => r.path));
    for (const t of todo) if (!rejected.has(t.path)) imported[t.key] = { asOf: t.asOf, path: basename(t.path) };
    await setSetting(store, IMPORTED_FILES_SETTING, JSON.stringify(imported));
  }

  if (wrote) {
    options.onProgress?.('refreshing the aggregates of every game…');
    collectGarbage();
    await withImportMemoryLimit(store, options.memoryLimit, () => store.transaction((tx) => options.refresh(tx, now)));
    report.refreshed = true;
  }
  return report;
}

/** A rejection that another run may not repeat: a failed batch or an unreadable file. */
function mayPassLater(reason: string): boolean {
  return /failed|cannot read|rolled back/i.test(reason);
}

function add(report: BggFolderReport, result: ForeignImportReport): void {
  report.files += result.files;
  report.created += result.created;
  report.updated += result.updated;
  report.unchanged += result.unchanged;
  for (const [kind, count] of Object.entries(result.records))
    report.records[kind] = (report.records[kind] ?? 0) + count;
  report.skipped.push(...result.skipped);
  report.rejectedFiles.push(...result.rejectedFiles);
}

async function loadImported(store: Store): Promise<Imported> {
  const text = await getSetting(store, IMPORTED_FILES_SETTING);
  if (text === undefined) return {};
  try {
    const parsed = importedSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

async function contentHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}
