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
