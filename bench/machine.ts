// The machine a bench ran on, and its load while it ran: figures are comparable only as
// ratios within one run, and the load average says how busy the shared machine was.

import { cpus, loadavg, totalmem } from 'node:os';

export interface MachineFigures {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  platform: string;
}

export function machine(): MachineFigures {
  const list = cpus();
  return {
    cpu: list[0]?.model ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

export const currentLoad = (): number => loadavg()[0];
