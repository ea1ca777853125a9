import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TemplateProblem, type DocumentData } from './render';
import type { RenderReply, RenderRequest } from './render-worker';

/** What one render may use: V8 heap of its process (MB) and wall time (ms). */
export interface RenderLimits {
  memoryMb: number;
  timeoutMs: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = { memoryMb: 256, timeoutMs: 30_000 };

/** A render stopped at its memory or time bound: the template is too big to fill, retrying will not help. */
export class RenderLimitExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderLimitExceeded';
  }
}

/**
 * One render process: the bundle's dist/document/render-worker.js, or from source (tsx, jest) render-worker.ts
 * through tsx's require hook. A process rather than a worker thread: a thread's resourceLimits do not catch every
 * out-of-memory (one 100 MB string in a 64 MB thread aborted the whole process), a process's death is its own.
 */
function startRenderProcess(memoryMb: number): ChildProcess {
  const heap = [`--max-old-space-size=${memoryMb}`, '--max-semi-space-size=16'];
  const options: ForkOptions = { serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] };
  const built = [join(__dirname, 'render-worker.js'), join(__dirname, 'document', 'render-worker.js')].find(
    (f) => existsSync(f),
  );
  if (built) return fork(built, [], { ...options, execArgv: heap });
  return fork(join(__dirname, 'render-worker.ts'), [], {
    ...options,
    execArgv: [...heap, '--require', require.resolve('tsx/cjs')],
  });
}

const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

/**
 * Fills a template in a process of its own whose heap and run time are bounded, so a template that explodes (a zip
 * bomb stored before uploads were checked, a huge document) ends that render with RenderLimitExceeded and never
 * takes the service down. A template problem throws TemplateProblem, as renderDocx does.
 */
export function renderDocxBounded(
  template: Buffer,
  data: DocumentData,
  limits: RenderLimits = DEFAULT_RENDER_LIMITS,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = startRenderProcess(limits.memoryMb);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4096)));
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new RenderLimitExceeded(`filling it takes longer than ${limits.timeoutMs / 1000} s`)),
        ),
      limits.timeoutMs,
    );
    child.on('message', (reply: RenderReply) =>
      settle(() =>
        reply.ok
          ? resolve(Buffer.from(reply.document))
          : reject(new TemplateProblem(reply.problem.message, reply.problem.details)),
      ),
    );
    child.on('error', (err) => settle(() => reject(err)));
    // stderr is read to its end before 'close', so an out-of-memory report is there to be recognised.
    child.on('close', (code, signal) =>
      settle(() =>
        reject(
          OUT_OF_MEMORY.test(stderr)
            ? new RenderLimitExceeded(`filling it needs more than ${limits.memoryMb} MB of memory`)
            : new Error(
                `The render process stopped (${signal ?? `exit code ${code}`}) before answering: ${stderr.trim().split('\n').pop() ?? ''}`,
              ),
        ),
      ),
    );
    child.send({ template, data } satisfies RenderRequest);
  });
}
