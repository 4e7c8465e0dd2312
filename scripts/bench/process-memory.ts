import fs from 'node:fs';

/** The server process (node --import tsx server/index.ts), the child of scripts/start.mjs. */
export function serverPid(startPid: number): number {
  const children = fs.readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  const pid = Number(children[0]);
  if (!pid) throw new Error('server process not found');
  return pid;
}

/** VmRSS and VmHWM (peak) of a process, in MiB. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}
