// The figures a chaos scenario measured, printed as one line each so a run's log is its report.

export function report(scenario: string, figures: Record<string, unknown>): void {
  console.log(`[chaos] ${scenario}: ${JSON.stringify(figures)}`);
}

/**
 * Reads and drops a child server's log lines from now on. Unread, its stdout pipe fills
 * (every request logs a line) and the server blocks on its next log write.
 */
export function discardLogs(logs: AsyncIterator<string>): void {
  void (async () => {
    for (;;) if ((await logs.next()).done) return;
  })();
}
