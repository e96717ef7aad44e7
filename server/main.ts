// The composition root of the running server: config, logger, store, Dataset, app, listener.

import { createServer, type Server } from 'node:http';
import { toNodeHandler } from 'h3';
import { buildDataset } from '../engine/index.js';
import { loadDatasetInput } from '../loader/load.js';
import type { Store } from '../loader/store.js';
import { createApp } from './app.js';
import { rawProblemResponse } from './problem.js';
import type { Config } from './config.js';
import { CursorCodec } from './cursor.js';
import type { Logger } from './logger.js';
import { DatasetState } from './state.js';
import { cursorSecret, ensureDemoCatalog, openStore } from './store-setup.js';

export interface RunningServer {
  server: Server;
  store: Store;
  url: string;
  close(): Promise<void>;
}

export async function loadState(store: Store, logger: Logger): Promise<DatasetState> {
  const started = performance.now();
  const dataset = buildDataset(await loadDatasetInput(store));
  // Build every sort order and range index now, so no request pays for the first use.
  dataset.prepare();
  logger.info({ games: dataset.size, ms: Math.round(performance.now() - started) }, 'dataset loaded');
  return new DatasetState(dataset);
}

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const opened = await openStore(config, logger);
  const { store } = opened;
  try {
    await ensureDemoCatalog(opened, config, logger);
    const state = await loadState(store, logger);
    const cursors = new CursorCodec(await cursorSecret(store));
    const app = createApp({ state, store, cursors, publicBaseUrl: config.publicBaseUrl, logger });
    const server = createServer(toNodeHandler(app));
    // Requests Node cannot parse never reach h3; answer them with a problem too.
    server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(rawProblemResponse(error.code, config.publicBaseUrl));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    logger.info({ url, store: config.storePath }, 'Ludex is serving');
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await store.close();
      })());
    return { server, store, url, close };
  } catch (error) {
    await store.close();
    throw error;
  }
}
