/**
 * The embedded store's writer thread (see writer-client.ts): it receives batches of writes, runs the
 * batches that arrived meanwhile in one transaction, and answers with one acknowledgement per write
 * once the transaction is committed (durable).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteWriter, type WriteOp } from './sqlite-writer';

type Incoming = { ops: { id: number; op: WriteOp }[] } | { close: true };

const port = parentPort!;
const { file, synchronous } = workerData as { file: string; synchronous: 'FULL' | 'NORMAL' };
const writer = new SqliteWriter(file, synchronous);
let queue: { id: number; op: WriteOp }[] = [];
let scheduled = false;

function flush() {
  scheduled = false;
  const jobs = queue;
  queue = [];
  const acks = writer.run(jobs.map((j) => j.op));
  port.postMessage({ acks: jobs.map((j, i) => ({ id: j.id, ...acks[i]! })) });
}

port.on('message', (m: Incoming) => {
  if ('close' in m) {
    if (queue.length > 0) flush();
    writer.close();
    port.postMessage({ closed: true });
    port.close();
    return;
  }
  queue.push(...m.ops);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
port.postMessage({ ready: true });
