/**
 * Read-ahead for a subscription of the SQLite log that is catching up (a boot's replay, a
 * projector far behind): a worker thread reads the next batches on its own connection while
 * this thread applies the current one. Reading a batch here cost about as much as parsing it;
 * with the worker, this thread only parses one JSON text per batch.
 *
 * A run follows one subscription from one position on. It is only an accelerator: a batch it
 * does not have (the subscriber retried, the worker failed) is read by the subscriber itself.
 */
import { Worker } from 'node:worker_threads';
import type { EventEnvelope } from '@rewear/contracts';
import { loggerFor } from '@rewear/platform/logging';

/** Batches read ahead of the one being applied (about 1 MB of JSON text each at 2,000 events). */
const BATCHES_AHEAD = 3;
const WORKER_SOURCE = new URL('./sqlite-read-ahead.worker.mjs', import.meta.url);

interface BatchText {
  /** The position the batch was read after, and its last one. */
  from: number;
  last: number;
  count: number;
  /** JSON array of the batch's envelopes. */
  text: string;
  /** Shorter than a full batch: the head of the log was reached and the run ends with it. */
  ended: boolean;
}

export class ReadAheadRun {
  private readonly worker: Worker;
  private readonly received: BatchText[] = [];
  private ended = false;
  /** The worker could not read (it could not open the file, say): no run of this log would. */
  failed = false;
  private readonly exited: Promise<void>;

  constructor(file: string, after: number, batchSize: number) {
    // No flags of the parent (a TypeScript loader): the worker is plain JavaScript.
    this.worker = new Worker(WORKER_SOURCE, {
      execArgv: [],
      workerData: { file, after, size: batchSize, credit: BATCHES_AHEAD },
    });
    this.worker.unref();
    this.worker.on('message', (batch: BatchText) => this.received.push(batch));
    this.worker.on('error', (error) => {
      this.failed = true;
      loggerFor('event-log').warn(
        `[event-log] read-ahead worker failed, the subscription reads on its own: ${error.message}`,
      );
    });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** True once the head of the log was handed out, or the worker failed: the run is of no further use. */
  get done(): boolean {
    return this.failed || this.ended;
  }

  /**
   * The batch after `position` if the worker has read it, else null (read it yourself). Never
   * waits: while the worker starts, or falls behind, the subscriber reads on and the batches the
   * worker then delivers for positions already passed are dropped, until it is ahead again.
   */
  take(position: number): EventEnvelope[] | null {
    while (this.received.length > 0 && this.received[0]!.from < position)
      this.release(this.received.shift()!);
    const batch = this.received[0];
    if (this.failed || batch?.from !== position) return null;
    this.received.shift();
    this.release(batch);
    return JSON.parse(batch.text) as EventEnvelope[];
  }

  /** A batch handed out or dropped: the worker may read one more, unless the log's head was reached. */
  private release(batch: BatchText): void {
    if (batch.ended) this.ended = true;
    else this.worker.postMessage('more');
  }

  async close(): Promise<void> {
    // Held while it closes its connection: an unreferenced worker would let the process end mid-close.
    this.worker.ref();
    this.worker.postMessage('close');
    await this.exited;
  }
}
