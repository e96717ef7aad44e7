// Which BGG file each file of a folder tree is: every file is read up to its first line and
// offered to the steps in order; the first step whose matcher accepts it takes it. Files no
// step knows (READMEs, search or collection XML is still XML: the XML importer reports
// those) are listed as skipped, never as errors.

import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** What a matcher sees of a file: its path, lower-case extension and first line (BOM and CR removed). */
export interface CandidateFile {
  path: string;
  extension: string;
  header: string;
}

/** Bytes read for a file's first line (the longest BGG header is under 300 bytes). */
const HEADER_BYTES = 4096;

/** Every regular file under the paths (folders walked recursively), in name order. */
export async function walkFiles(paths: readonly string[]): Promise<{ files: string[]; unreadable: string[] }> {
  const files: string[] = [];
  const unreadable: string[] = [];
  const visit = async (path: string): Promise<void> => {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(path);
    } catch {
      unreadable.push(path);
      return;
    }
    if (info.isFile()) {
      files.push(path);
      return;
    }
    if (!info.isDirectory()) return;
    const names = (await readdir(path)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) await visit(join(path, name));
  };
  for (const path of paths) await visit(path);
  return { files, unreadable };
}

export async function candidate(path: string): Promise<CandidateFile> {
  return { path, extension: extname(path).toLowerCase(), header: await firstLine(path) };
}

async function firstLine(path: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { start: 0, end: HEADER_BYTES - 1 }) as AsyncIterable<Buffer>) {
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const end = text.indexOf('\n');
  return (end === -1 ? text : text.slice(0, end)).replace(/^\uFEFF/, '').replace(/\r$/, '');
}
