/**
 * The functions a CPU profile spent most of its time in, by self time and by total time:
 *   npx tsx scripts/bench/profile-top.ts file.cpuprofile [count=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countText = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-top.ts file.cpuprofile [count]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
);
const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);

const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  self.set(label(byId.get(id)!), (self.get(label(byId.get(id)!)) ?? 0) + us);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}
const top = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(countText))
    .map(([name, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(
  `${file}: ${(total / 1000).toFixed(0)} ms sampled\nself:\n${top(self)}\ntotal:\n${top(inclusive)}`,
);
