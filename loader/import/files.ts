// The files an import reads: each path as given, folders walked recursively for the files
// whose name matches, in name order, so a run over the same folder always visits files in
// the same order. A path that cannot be read is reported, not thrown.

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface FileList {
  files: string[];
  unreadable: { path: string; reason: string }[];
}

export async function listFiles(paths: readonly string[], namePattern: RegExp): Promise<FileList> {
  const out: FileList = { files: [], unreadable: [] };
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.isDirectory()) out.files.push(...(await walk(path, namePattern)));
      else out.files.push(path);
    } catch (error) {
      out.unreadable.push({ path, reason: `cannot read: ${(error as Error).message}` });
    }
  }
  return out;
}

async function walk(dir: string, namePattern: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) files.push(...(await walk(path, namePattern)));
    else if (e.isFile() && namePattern.test(e.name)) files.push(path);
  }
  return files;
}
