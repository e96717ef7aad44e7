// `export [path]`: the whole store in the catalog format, to a file or standard output.
// Standard output may close early (`export | head`): that ends the export with one sentence,
// not a stack trace.

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { exportCatalog } from '../../loader/catalog/export.js';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { openStore } from '../store-setup.js';
import { CommandError, isBrokenPipe } from './errors.js';
import { meter, progressLine } from './progress.js';

export async function exportCommand(config: Config, path: string | undefined, json: boolean): Promise<number> {
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  const output = path === undefined ? process.stdout : createWriteStream(path, { encoding: 'utf8' });
  let broken: unknown;
  const onError = (error: unknown) => {
    broken ??= error;
  };
  output.on('error', onError);
  const line = progressLine();
  const progress = meter(line, { label: `exporting to ${path ?? 'standard output'}`, unit: 'records' });
  const started = performance.now();
  let written = 0;
  try {
    const report = await exportCatalog(store, async (record) => {
      if (broken !== undefined) throw broken;
      if (!output.write(`${record}\n`)) await once(output, 'drain');
      written++;
      // Into a file the progress is worth showing; into a pipe it would only interleave.
      if (path !== undefined) progress.update(written);
    });
    if (path !== undefined) {
      await new Promise<void>((resolve, reject) =>
        output.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      progress.finish();
      line.done();
    }
    const seconds = Math.round(performance.now() - started) / 1000;
    const summary = { records: report.lines, kinds: report.kinds, path: path ?? null, seconds };
    if (json) (path === undefined ? console.error : console.log)(JSON.stringify(summary));
    else if (path !== undefined) console.error(`Exported ${report.lines.toLocaleString('en')} records to ${path}.`);
    return 0;
  } catch (error) {
    const cause = broken ?? error;
    if (path === undefined && isBrokenPipe(cause))
      throw new CommandError(
        `standard output closed after ${written.toLocaleString('en')} records (its reader, such as head, stopped reading), so the rest of the export was not written.`,
      );
    throw error;
  } finally {
    line.done();
    // Standard output keeps the listener: a second EPIPE must not become an uncaught error.
    if (path !== undefined) output.off('error', onError);
    await store.close();
  }
}
