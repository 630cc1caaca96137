/**
 * The editor's report worker (src/lib/bots/simulate.worker.ts) in a Node worker thread, for
 * report.bench.ts: the few globals of a Web Worker it uses (`postMessage`, `onmessage`) given
 * over the thread's port, then the worker's own module, unchanged.
 */
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
const scope = globalThis as unknown as { postMessage: (message: unknown) => void; onmessage: ((event: { data: unknown }) => void) | null };
scope.postMessage = (message) => port.postMessage(message);
scope.onmessage = null;
port.on('message', (data: unknown) => scope.onmessage?.({ data }));
await import('../src/lib/bots/simulate.worker');
