// The files an import reads: each path as given, folders walked recursively for *.xml
// files in name order, so a run over the same folder always visits files in the same order.

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface FileList {
  files: string[];
  unreadable: { path: string; reason: string }[];
}

export async function listXmlFiles(paths: readonly string[]): Promise<FileList> {
  const out: FileList = { files: [], unreadable: [] };
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.isDirectory()) out.files.push(...(await walk(path)));
      else out.files.push(path);
    } catch (error) {
      out.unreadable.push({ path, reason: `cannot read: ${(error as Error).message}` });
    }
  }
  return out;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) files.push(...(await walk(path)));
    else if (e.isFile() && /\.xml$/i.test(e.name)) files.push(path);
  }
  return files;
}
