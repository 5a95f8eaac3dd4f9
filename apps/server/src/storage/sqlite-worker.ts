/**
 * The embedded store's writer thread (see writer-client.ts): it receives batches of writes, runs a
 * batch and every batch already waiting behind it in one transaction, and answers with one
 * acknowledgement per write once the transaction is committed (durable).
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { SqliteWriter, type WriteOp } from './sqlite-writer';

type Incoming = { ops: { id: number; op: WriteOp }[] } | { close: true };

const port = parentPort!;
const { file, synchronous } = workerData as { file: string; synchronous: 'FULL' | 'NORMAL' };
const writer = new SqliteWriter(file, synchronous);

function commit(jobs: { id: number; op: WriteOp }[]) {
  if (jobs.length === 0) return;
  const acks = writer.run(jobs.map((j) => j.op));
  port.postMessage({ acks: jobs.map((j, i) => ({ id: j.id, ...acks[i]! })) });
}

function close() {
  writer.close();
  port.postMessage({ closed: true });
  port.close();
}

port.on('message', (first: Incoming) => {
  if ('close' in first) return close();
  // The batches that arrived while the last commit (its fsync) was under way join this one.
  const jobs = [...first.ops];
  for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
    const next = m.message as Incoming;
    if ('close' in next) {
      commit(jobs);
      return close();
    }
    jobs.push(...next.ops);
  }
  commit(jobs);
});
port.postMessage({ ready: true });
