// CPU profile of the portal while the load generator (its own process) reads one route: the share of the
// server's samples by package and by function, to show where a read's time goes (CPU_PROFILE=dir in run.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Where a frame's code lives: a package name, Node's own code, the portal's source, or V8's bookkeeping. */
export function owner(url: string, functionName: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/apps/') || url.includes('/packages/')) return 'portal';
  if (url === '') return functionName.startsWith('(') ? functionName : 'native';
  return 'other';
}

/** Self-time shares (0–1) by key, highest first. */
export function shares(profile: Profile, key: (node: ProfileNode) => string): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node) continue;
    const k = key(node);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const total = profile.samples.length || 1;
  return [...counts].map(([k, n]): [string, number] => [k, n / total]).sort((a, b) => b[1] - a[1]);
}

/** Runs `work` under V8's sampling profiler, writes `<dir>/<name>.cpuprofile`, prints the top shares. */
export async function profiled(dir: string, name: string, work: () => Promise<unknown>): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await work();
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  session.disconnect();
  writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  const pct = ([k, s]: [string, number]) => `${k} ${(s * 100).toFixed(1)}%`;
  const byOwner = shares(profile, (n) => owner(n.callFrame.url, n.callFrame.functionName));
  const byFunction = shares(profile, (n) => {
    const { functionName, url, lineNumber } = n.callFrame;
    return `${functionName || '(anonymous)'} ${owner(url, functionName)}:${lineNumber + 1}`;
  });
  console.log(`  profile ${name}: by package: ${byOwner.slice(0, 8).map(pct).join(', ')}`);
  console.log(`  profile ${name}: by function: ${byFunction.slice(0, 10).map(pct).join(', ')}`);
}
