// The machine a bench ran on, and its load while it ran: figures are comparable only as
// ratios within one run, and the load average says how busy the shared machine was.

import { cpus, loadavg, totalmem } from 'node:os';

export interface MachineFigures {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  platform: string;
  /**
   * The process's GLIBC_TUNABLES ('unset' when it has none): the engine is measured in the
   * bench's own process, so its figures hold for a server started with the same setting
   * (`npm run bench` gives it the one `npm start` gives the server).
   */
  glibcTunables: string;
}

export function machine(): MachineFigures {
  const list = cpus();
  return {
    cpu: list[0]?.model ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    glibcTunables: process.env.GLIBC_TUNABLES ?? 'unset',
  };
}

export const currentLoad = (): number => loadavg()[0];
