// The XML files an import reads (folders walked recursively for *.xml, in name order).

import { listFiles, type FileList } from '../files.js';

export type { FileList } from '../files.js';

export function listXmlFiles(paths: readonly string[]): Promise<FileList> {
  return listFiles(paths, /\.xml$/i);
}
