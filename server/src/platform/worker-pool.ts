import { parentPort, Worker } from 'node:worker_threads';
import { createWorkQueue } from './work-queue';

/**
 * Work that would hold the event loop (rendering a PDF) runs on worker threads instead, so every
 * other request, /healthz included, is answered meanwhile. Each worker runs one job at a time; the
 * queue in front bounds how many run and wait (QueueFullError past that).
 */
export interface WorkerPool<In, Out> {
  run(input: In): Promise<Out>;
  /** Stops every worker; jobs under way fail. */
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** The worker's module: it calls answerJobs. */
  url: URL;
  /** Node options for the workers (a TypeScript loader when running from source). */
  execArgv?: string[];
  size: number;
  maxQueued: number;
}

type Answer<Out> = { output: Out } | { error: string };

/** Workers start when first needed and stay for the next job; an idle one does not keep the process alive. */
export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const queue = createWorkQueue({ concurrency: options.size, maxQueued: options.maxQueued });
  const idle: Worker[] = [];
  const all = new Set<Worker>();

  function spawn(): Worker {
    const worker = new Worker(options.url, { execArgv: options.execArgv ?? [] });
    all.add(worker);
    worker.once('exit', () => {
      all.delete(worker);
      const at = idle.indexOf(worker);
      if (at !== -1) idle.splice(at, 1);
    });
    return worker;
  }

  async function onWorker(input: In): Promise<Out> {
    const worker = idle.pop() ?? spawn();
    worker.ref();
    try {
      const output = await new Promise<Out>((resolve, reject) => {
        const done = () => {
          worker.off('message', onMessage);
          worker.off('error', reject);
          worker.off('exit', onExit);
        };
        const onMessage = (answer: Answer<Out>) => {
          done();
          if ('error' in answer) reject(new Error(answer.error));
          else resolve(answer.output);
        };
        const onExit = (code: number) => {
          done();
          reject(new Error(`the worker stopped (exit code ${code})`));
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
        worker.once('exit', onExit);
        worker.postMessage(input);
      });
      worker.unref();
      idle.push(worker);
      return output;
    } catch (err) {
      // A worker that failed may be in any state: a new one takes the next job.
      all.delete(worker);
      void worker.terminate();
      throw err;
    }
  }

  return {
    run: (input) => queue.run(() => onWorker(input)),
    async close() {
      idle.length = 0;
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}

/** The worker's side: answers each job posted by the pool with `handle`'s result or its error's message. */
export function answerJobs<In, Out>(handle: (input: In) => Promise<Out> | Out): void {
  const port = parentPort;
  if (!port) throw new Error('answerJobs runs in a worker thread');
  port.on('message', (input: In) => {
    Promise.resolve()
      .then(() => handle(input))
      .then(
        (output) => port.postMessage({ output } satisfies Answer<Out>),
        (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies Answer<Out>),
      );
  });
}
