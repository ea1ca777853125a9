/**
 * Where the CPU goes during a benchmark: CPU seconds (user + system) of each process of a stack and of the real
 * servers of infra/local, read from /proc before and after, per second of wall time (1.0 = one core busy).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux's USER_HZ

interface Sample {
  at: number;
  ticks: Map<string, number>;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
}

/** What a process is, by its command line: a service of the stack whose process group is `group`, or a server. */
function labelOf(cmdline: string, pgrp: number, group: number, self: number): string | null {
  if (pgrp === group) {
    const service = /(?:services\/([a-z]+)|(gateway))\/dist\/main\.js/.exec(cmdline);
    if (service) return service[1] ?? service[2]!;
    return 'start.mjs (balancers)';
  }
  if (pgrp === self) return 'bench clients';
  if (!cmdline.includes('.cache/12yards/infra') && !cmdline.includes('redis-server 127.0.0.1:16379'))
    return null;
  if (cmdline.includes('ferretdb')) return 'FerretDB';
  if (cmdline.includes('kafka')) return 'Kafka';
  if (cmdline.includes('minio')) return 'MinIO';
  if (cmdline.includes('redis-server')) return 'Redis';
  return null;
}

/** CPU ticks so far per label, for the stack's process group. */
export function sampleCpu(stackGroup: number): Sample {
  const ticks = new Map<string, number>();
  const self = Number(read('/proc/self/stat')?.split(') ')[1]?.split(' ')[2]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    const cmdline = read(`/proc/${entry}/cmdline`)?.replace(/\0/g, ' ') ?? '';
    if (!stat) continue;
    // Fields after "(comm) ": state ppid pgrp ... utime is field 14, stime 15 (1-based over the whole line).
    const rest = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const label = labelOf(cmdline, Number(rest[2]), stackGroup, self);
    if (!label) continue;
    ticks.set(label, (ticks.get(label) ?? 0) + Number(rest[11]) + Number(rest[12]));
  }
  return { at: performance.now(), ticks };
}

/** Cores used per label between two samples (processes that started in between count from 0), busiest first. */
export function coresUsed(before: Sample, after: Sample): Record<string, number> {
  const seconds = (after.at - before.at) / 1000;
  const used = [...after.ticks].map(([label, t]) => {
    const cores = (t - (before.ticks.get(label) ?? 0)) / TICKS_PER_SECOND / seconds;
    return [label, Math.round(cores * 100) / 100] as const;
  });
  return Object.fromEntries(used.sort((a, b) => b[1] - a[1]));
}
