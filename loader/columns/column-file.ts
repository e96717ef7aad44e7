// The column file: a prepared Dataset's columns in one file next to the store, so a start
// reads no DuckDB row and builds no order. It holds the DatasetInput (dataset-parts.ts) and
// the engine's prebuilt orders (engine INDEX_PARTS), each part an Arrow IPC file, behind a
// small header:
//
//   "LUDEXCOL"  uint32 LE header length  header JSON  padding  part  part  …
//
// The header names the format, the store's data version the columns were read at, and
// each part's offset, length and CRC-32. Each part is read into a buffer of its own, so the
// typed arrays the engine takes are views of the file's bytes (tableFromIPC copies nothing). A file is
// written to a temporary name and renamed over the old one, so a reader sees the old file
// or the new one, never half of one.

import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { RecordBatchFileWriter, type Table, tableFromIPC, tableToIPC } from 'apache-arrow';
import { INDEX_PARTS, type DatasetInput, type IndexTables } from '../../engine/index.js';
import { runInSlices, yieldTurn } from '../turns.js';
import { DATASET_PARTS, decodeDatasetInput, encodeDatasetInputSteps } from './dataset-parts.js';

const MAGIC = Buffer.from('LUDEXCOL', 'latin1');
/** Bumped whenever the layout or any part's schema changes: an older file is then rebuilt. */
export const COLUMN_FILE_FORMAT = 8;
const ALIGN = 8;
/** Every part, in file order. */
export const COLUMN_FILE_PARTS: readonly string[] = [...DATASET_PARTS, ...INDEX_PARTS];

/** Where the column file of the store at `storePath` lives. */
export function columnFilePath(storePath: string): string {
  return `${storePath}.columns`;
}

interface PartEntry {
  name: string;
  offset: number;
  length: number;
  crc32: number;
}

interface Header {
  format: number;
  data_version: string;
  games: number;
  parts: PartEntry[];
}

/** What a column file holds once read and checked. */
export interface ColumnFileContents {
  dataVersion: string;
  input: DatasetInput;
  indexes: IndexTables;
}

/** Why a column file was not used. */
export type ColumnFileProblem = 'missing' | 'stale' | 'corrupt';

export type ColumnFileRead =
  | { ok: true; contents: ColumnFileContents; bytes: number }
  | { ok: false; problem: ColumnFileProblem; reason: string };

export class ColumnFileError extends Error {
  override readonly name = 'ColumnFileError';
}

/** A well-formed header of another format: a file another build wrote, stale rather than corrupt. */
class ColumnFileFormatError extends ColumnFileError {}

const align = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;
/** Buffers handed to one writev call. */
const WRITE_BATCH = 64;

/** The whole column file in memory (what the writer writes and a replica publication holds). */
export function encodeColumnFile(dataVersion: string, input: DatasetInput, indexes: IndexTables): Buffer[] {
  const steps = partTablesSteps(input, indexes);
  let next = steps.next();
  while (!next.done) next = steps.next();
  const bodies = next.value.map((table) => tableToIPC(table, 'file'));
  const pieces = bodies.map((body) => ({ chunks: [body], length: body.length, crc32: crc32(body) }));
  return fileChunks(dataVersion, input.games.numRows, pieces);
}

/** Every part's table, in COLUMN_FILE_PARTS order: the input's a step each (dataset-parts.ts). */
function* partTablesSteps(input: DatasetInput, indexes: IndexTables): Generator<void, Table[]> {
  const tables = new Map<string, Table>(yield* encodeDatasetInputSteps(input));
  for (const name of INDEX_PARTS) tables.set(name, indexes[name]);
  return COLUMN_FILE_PARTS.map((name) => {
    const table = tables.get(name);
    if (!table) throw new ColumnFileError(`part ${name} is missing`);
    return table;
  });
}

/** One part's Arrow IPC file as the pieces the writer made (views, not joined), with its length and CRC-32. */
interface EncodedPart {
  chunks: Uint8Array[];
  length: number;
  crc32: number;
}

/** Bytes checksummed between two turns of the event loop (encodedPart), across the writer's pieces. */
const CRC_PIECE_BYTES = 4 * 2 ** 20;

/**
 * A part's IPC file without joining its pieces into one buffer: `tableToIPC` copies every
 * column's bytes into a fresh array, which held the thread for 150–300 ms on the games
 * table of a 150,000-game catalog. The writer's pieces are views of the columns' buffers.
 */
async function encodedPart(table: Table): Promise<EncodedPart> {
  const writer = RecordBatchFileWriter.writeAll(table);
  const part: EncodedPart = { chunks: [], length: 0, crc32: 0 };
  let sinceTurn = 0;
  for await (const chunk of writer) {
    part.chunks.push(chunk);
    part.length += chunk.byteLength;
    // A large buffer (a text column's bytes) checksummed a piece a turn: tens of MB in one
    // call held a serving thread for ~60 ms. The writer's pieces arrive without a turn
    // between them, so the count runs across them (8 MB of them in a row: ~35 ms here).
    for (let at = 0; at < chunk.byteLength; at += CRC_PIECE_BYTES) {
      if (sinceTurn >= CRC_PIECE_BYTES) {
        await yieldTurn();
        sinceTurn = 0;
      }
      const piece = chunk.subarray(at, at + CRC_PIECE_BYTES);
      part.crc32 = crc32(piece, part.crc32);
      sinceTurn += piece.byteLength;
    }
  }
  return part;
}

/**
 * The file as buffers to write in order: the magic, the header's length and the header, then
 * each part after its padding. The header's length depends on the offsets it lists: the
 * parts are laid out after a header of the final size (offsets are fixed-width-free JSON,
 * so iterate until stable).
 */
function fileChunks(dataVersion: string, games: number, parts: readonly EncodedPart[]): Buffer[] {
  let headerSize = 0;
  let header: Header;
  for (;;) {
    let at = align(MAGIC.length + 4 + headerSize);
    const entries = parts.map((part, i) => {
      const entry = { name: COLUMN_FILE_PARTS[i], offset: at, length: part.length, crc32: part.crc32 };
      at = align(at + part.length);
      return entry;
    });
    header = { format: COLUMN_FILE_FORMAT, data_version: dataVersion, games, parts: entries };
    const size = Buffer.byteLength(JSON.stringify(header));
    if (size === headerSize) break;
    headerSize = size;
  }
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const out: Buffer[] = [MAGIC, length, headerBytes];
  let at = MAGIC.length + 4 + headerBytes.length;
  header.parts.forEach((entry, i) => {
    out.push(Buffer.alloc(entry.offset - at));
    for (const chunk of parts[i].chunks) out.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    at = entry.offset + entry.length;
  });
  return out;
}

/** A temporary name no other write of this process uses, so two writes never share one. */
let writes = 0;
const temporaryPath = (path: string): string => `${path}.${process.pid}.${++writes}.tmp`;

/** Writes the column file atomically (temporary file, fsync, rename); owner-only like the store. */
export function writeColumnFile(path: string, dataVersion: string, input: DatasetInput, indexes: IndexTables): number {
  const chunks = encodeColumnFile(dataVersion, input, indexes);
  const temporary = temporaryPath(path);
  let bytes = 0;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    for (const chunk of chunks) bytes += writeSync(fd, chunk);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return bytes;
}

/**
 * writeColumnFile for a server that keeps answering: the input's tables are made in slices
 * that give the event loop turns (loader/turns.ts), each part's IPC pieces are kept as they
 * are (encodedPart, no join) and go out through asynchronous writes. Encoding and writing
 * 109 MB at 150,000 games held the thread for ~1 s in one piece.
 */
export async function writeColumnFileInSlices(
  path: string,
  dataVersion: string,
  input: DatasetInput,
  indexes: IndexTables,
): Promise<number> {
  const tables = await runInSlices(partTablesSteps(input, indexes));
  const parts: EncodedPart[] = [];
  for (const table of tables) {
    parts.push(await encodedPart(table));
    await yieldTurn();
  }
  const chunks = fileChunks(dataVersion, input.games.numRows, parts);
  const temporary = temporaryPath(path);
  let bytes = 0;
  try {
    const file = await open(temporary, 'w', 0o600);
    try {
      // a few chunks per call: one system call each, on the thread pool, never the whole file at once
      for (let i = 0; i < chunks.length; i += WRITE_BATCH) {
        const batch = chunks.slice(i, i + WRITE_BATCH);
        const { bytesWritten } = await file.writev(batch);
        const expected = batch.reduce((sum, chunk) => sum + chunk.length, 0);
        if (bytesWritten !== expected) throw new ColumnFileError(`wrote ${bytesWritten} of ${expected} bytes`);
        bytes += bytesWritten;
      }
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return bytes;
}

/**
 * Reads the column file at `path` for a store at `dataVersion`: its contents when the file
 * is current and whole; otherwise why not (missing, stale, corrupt). Never throws. Each
 * part is read into a buffer of its own, so the parts decoded into JS values (entities,
 * lists) are garbage once decoded and only the columns the engine keeps stay resident.
 */
export function readColumnFile(path: string, dataVersion: string | undefined): ColumnFileRead {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, problem: 'missing', reason: 'no column file' };
    return { ok: false, problem: 'corrupt', reason: `unreadable: ${(error as Error).message}` };
  }
  try {
    const size = fstatSync(fd).size;
    const header = readHeaderOf(fd, size);
    if (dataVersion === undefined || header.data_version !== dataVersion)
      return {
        ok: false,
        problem: 'stale',
        reason: `built at data version ${header.data_version}, the store is at ${dataVersion ?? 'none'}`,
      };
    const contents = decodeColumnFile(header, size, (entry) => readCheckedAt(fd, entry.offset, entry.length));
    return { ok: true, contents, bytes: size };
  } catch (error) {
    const problem = error instanceof ColumnFileFormatError ? 'stale' : 'corrupt';
    return { ok: false, problem, reason: (error as Error).message };
  } finally {
    closeSync(fd);
  }
}

/**
 * The data version a column file's header names; undefined when there is no file or its
 * header cannot be read. The parts are not checked (a start that reads them does).
 */
export function columnFileDataVersion(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    return readHeaderOf(fd, fstatSync(fd).size).data_version;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The header of the column file open as `fd` (`size` bytes); throws when it is not one. */
function readHeaderOf(fd: number, size: number): Header {
  const prefix = readAt(fd, 0, Math.min(size, MAGIC.length + 4));
  const headerSize = prefix.length === MAGIC.length + 4 ? prefix.readUInt32LE(MAGIC.length) : 0;
  return readHeader(Buffer.concat([prefix, readAt(fd, prefix.length, Math.min(headerSize, size - prefix.length))]));
}

/** `length` bytes at `position`, in a buffer of their own (fewer when the file ends first). */
function readAt(fd: number, position: number, length: number): Buffer {
  return readCheckedAt(fd, position, length).bytes;
}

/** Read at a time: small enough that each piece is still in the CPU's cache when its CRC is taken. */
const READ_PIECE = 1 << 20;

/**
 * `length` bytes at `position`, in a buffer of their own (fewer when the file ends first),
 * and their CRC-32, taken piece by piece as they arrive: a second pass over a 65 MB part
 * would read it all back from memory (in a start profile, 48-170 ms of CRC).
 */
export function readCheckedAt(
  fd: number,
  position: number,
  length: number,
  piece = READ_PIECE,
): PartBytes & { bytes: Buffer } {
  const out = Buffer.allocUnsafeSlow(Math.max(0, length));
  let done = 0;
  let sum = 0;
  while (done < out.length) {
    const n = readSync(fd, out, done, Math.min(piece, out.length - done), position + done);
    if (n === 0) break;
    sum = crc32(out.subarray(done, done + n), sum);
    done += n;
  }
  return { bytes: done === out.length ? out : out.subarray(0, done), crc32: sum };
}

/** A part's bytes and their CRC-32. */
interface PartBytes {
  bytes: Uint8Array;
  crc32: number;
}

/** Decodes a whole column file held in memory (a replica publication's); throws when it is not one. */
export function decodeColumnFileBytes(bytes: Uint8Array): ColumnFileContents {
  return decodeColumnFile(readHeader(bytes), bytes.length, (entry) => {
    const part = bytes.subarray(entry.offset, entry.offset + entry.length);
    return { bytes: part, crc32: crc32(part) };
  });
}

function readHeader(bytes: Uint8Array): Header {
  if (bytes.length < MAGIC.length + 4 || !MAGIC.equals(bytes.subarray(0, MAGIC.length)))
    throw new ColumnFileError('not a Ludex column file (no magic)');
  const size = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readUInt32LE(MAGIC.length);
  const start = MAGIC.length + 4;
  if (start + size > bytes.length) throw new ColumnFileError('truncated header');
  let header: Header;
  try {
    header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + start, size).toString('utf8')) as Header;
  } catch {
    throw new ColumnFileError('unreadable header');
  }
  if (header === null || typeof header !== 'object' || !Number.isInteger(header.format))
    throw new ColumnFileError(`format ${String(header?.format)}, this build reads format ${COLUMN_FILE_FORMAT}`);
  if (header.format !== COLUMN_FILE_FORMAT)
    throw new ColumnFileFormatError(
      `written by a build of format ${header.format}, this build reads format ${COLUMN_FILE_FORMAT}`,
    );
  const names = Array.isArray(header.parts) ? header.parts.map((p) => p?.name) : [];
  if (typeof header.data_version !== 'string' || names.join() !== COLUMN_FILE_PARTS.join())
    throw new ColumnFileError('the header does not list the parts of this format');
  return header;
}

function decodeColumnFile(
  header: Header,
  fileSize: number,
  readPart: (entry: PartEntry) => PartBytes,
): ColumnFileContents {
  const tables = new Map<string, Table>();
  for (const entry of header.parts) {
    const { name, offset, length, crc32: sum } = entry;
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset % ALIGN !== 0 || offset < 0)
      throw new ColumnFileError(`part ${name} has a bad offset`);
    if (offset + length > fileSize) throw new ColumnFileError(`truncated: part ${name} ends past the file`);
    const { bytes: body, crc32: bodySum } = readPart(entry);
    if (body.length !== length) throw new ColumnFileError(`truncated: part ${name} ends past the file`);
    if (bodySum !== sum) throw new ColumnFileError(`part ${name} fails its checksum`);
    try {
      tables.set(name, tableFromIPC(body));
    } catch (error) {
      throw new ColumnFileError(`part ${name} is not Arrow IPC: ${(error as Error).message}`);
    }
  }
  const input = decodeDatasetInput(tables);
  if (input.games.numRows !== header.games)
    throw new ColumnFileError(`${input.games.numRows} games, the header says ${header.games}`);
  const indexes = Object.fromEntries(INDEX_PARTS.map((name) => [name, tables.get(name)])) as IndexTables;
  return { dataVersion: header.data_version, input, indexes };
}
