// `ludex serve` as a child process, as a user starts it: on an ephemeral 127.0.0.1 port,
// resolved once its JSON log says it serves. For tests that kill or signal the process.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface ChildServer {
  process: ChildProcess;
  url: string;
  /** Everything written to stderr so far (the first start prints the admin key there). */
  stderr(): string;
  /** The admin key the first start printed; undefined when none was printed. */
  adminKey: string | undefined;
  /** Log lines (JSON) after the "serving" line, in order. */
  logs: AsyncIterator<string>;
}

export interface ChildServerOptions {
  /** Merged over process.env, after the defaults (port 0, 127.0.0.1, info logs, no cron). */
  env: Record<string, string>;
  /** Arguments after `serve`. */
  args?: string[];
  /** The log message that means "listening" (a replica says something else). */
  ready?: string;
  /** The entry point and its Node flags; default the sources through tsx. */
  entry?: string[];
}

export async function serveChild(options: ChildServerOptions): Promise<ChildServer> {
  const entry = options.entry ?? ['--import', 'tsx', 'server/ludex.ts'];
  const child = spawn(process.execPath, [...entry, 'serve', ...(options.args ?? [])], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', MATERIALIZE_CRON: 'off', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ready = options.ready ?? 'Ludex is serving';
  const logs = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  for (;;) {
    const next = await logs.next();
    if (next.done) throw new Error(`server stopped before listening: ${stderr}`);
    const entry = JSON.parse(next.value) as { msg?: string; url?: string };
    if (entry.msg === ready && entry.url) {
      return {
        process: child,
        url: entry.url,
        stderr: () => stderr,
        adminKey: /\b(ldx_[A-Za-z0-9_-]+)/.exec(stderr)?.[1],
        logs,
      };
    }
  }
}

/** SIGKILL: no graceful close, no checkpoint. */
export async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** SIGTERM and the exit code the orderly shutdown ends with. */
export async function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}
