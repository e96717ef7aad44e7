// The figures a chaos scenario measured, printed as one line each so a run's log is its report.

export function report(scenario: string, figures: Record<string, unknown>): void {
  console.log(`[chaos] ${scenario}: ${JSON.stringify(figures)}`);
}
