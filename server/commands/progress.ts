// Progress of a long command on stderr. On a terminal one line is rewritten in place (and
// cleared to its end, so a shorter status leaves no tail of the longer one); into a file or
// a pipe every status is a line of its own, so logs stay readable.

export interface ProgressLine {
  update(status: string): void;
  /** Ends the rewritten line, if any, before the command prints its summary. */
  done(): void;
}

export function progressLine(stream: NodeJS.WriteStream = process.stderr): ProgressLine {
  let open = false;
  return {
    update(status) {
      if (stream.isTTY) {
        stream.write(`\r${status}\x1b[K`);
        open = true;
      } else {
        stream.write(`${status}\n`);
      }
    },
    done() {
      if (open) stream.write('\n');
      open = false;
    },
  };
}

export interface Meter {
  /** `done` units finished of `total` (undefined: not known, so no percentage or ETA). */
  update(done: number, total?: number, detail?: string): void;
  /** Prints the last state once more, whatever the throttle held back. */
  finish(): void;
}

export interface MeterOptions {
  label: string;
  /** Plural noun of the units: "lines", "rows", "files", "steps". */
  unit: string;
  /** Milliseconds since some origin; tests pass a fake clock. */
  now?: () => number;
  /** Least milliseconds between two printed updates (a terminal repaints more often than a log). */
  everyMs?: number;
}

/**
 * Progress of one long step as "label: 12,000 of 171,716 rows (7%) · 4,100 rows/s · 39 s
 * left": done, total and percentage, the rate since the step began and the time left at
 * that rate. Throttled, so a fast loop does not flood a log.
 */
export function meter(line: ProgressLine, options: MeterOptions, stream: NodeJS.WriteStream = process.stderr): Meter {
  const now = options.now ?? (() => performance.now());
  const everyMs = options.everyMs ?? (stream.isTTY ? 100 : 2000);
  const started = now();
  let printed = Number.NEGATIVE_INFINITY;
  let last: { done: number; total?: number; detail?: string } | undefined;
  const print = () => {
    if (last === undefined) return;
    printed = now();
    line.update(describe(options, last.done, last.total, (printed - started) / 1000, last.detail));
  };
  return {
    update(done, total, detail) {
      last = { done, total, detail };
      if (now() - printed >= everyMs) print();
    },
    finish() {
      print();
    },
  };
}

const n = (x: number) => Math.round(x).toLocaleString('en');

export function describe(
  options: MeterOptions,
  done: number,
  total: number | undefined,
  seconds: number,
  detail?: string,
): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const parts = [total === undefined ? `${n(done)} ${options.unit}` : `${n(done)} of ${n(total)} ${options.unit}`];
  if (total !== undefined && total > 0) parts[0] += ` (${Math.min(100, Math.floor((done / total) * 100))}%)`;
  if (seconds >= 1 && rate > 0) parts.push(`${rate >= 10 ? n(rate) : rate.toFixed(1)} ${options.unit}/s`);
  if (total !== undefined && rate > 0 && done < total) parts.push(`${duration((total - done) / rate)} left`);
  else parts.push(`${duration(seconds)} elapsed`);
  return `${options.label}${detail ? ` (${detail})` : ''}: ${parts.join(' · ')}`;
}

/** 42 s, 3 min 05 s, 1 h 02 min. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}
