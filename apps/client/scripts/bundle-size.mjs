/**
 * Gzipped JavaScript a visitor's first visit to the home page downloads before it can render: the
 * entry and its static imports plus the home page chunk and its static imports. A visitor (no
 * session note in localStorage, see src/features/auth/sessionHint.ts) does not wait for the
 * identity SDK: it loads afterwards when the browser is idle, so it is reported apart, together
 * with what a returning signed-in user loads before the page renders.
 * Usage (after `npx vite build` in client/): node scripts/bundle-size.mjs [budgetKB]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = Number(process.argv[2] ?? 150);

function closure(key, seen = new Set()) {
  if (!key || seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

const find = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const groups = {
  'entry (shell, state, router, react)': [...closure(entryKey)],
  'home page chunk': [...closure(find('features/home/HomePage.tsx'))],
};
const deferred = { 'sign-in (Firebase auth)': [...closure(find('features/auth/firebase.ts'))] };

const counted = new Set();
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const size = (key) => gzipSync(readFileSync(join(dist, manifest[key].file))).length;
function add(label, keys) {
  let groupTotal = 0;
  for (const key of keys) {
    if (counted.has(key)) continue;
    counted.add(key);
    groupTotal += size(key);
  }
  console.log(`${label.padEnd(52)} ${kb(groupTotal)} KB gzip`);
  return groupTotal;
}

let visitor = 0;
for (const [label, keys] of Object.entries(groups)) visitor += add(label, keys);
const visitorFiles = [...counted];
for (const key of visitorFiles)
  console.log(`  ${manifest[key].file.padEnd(48)} ${kb(size(key))} KB`);
console.log(
  `${'home route JS for a visitor (before render)'.padEnd(52)} ${kb(visitor)} KB gzip (budget ${budgetKb} KB)`,
);
console.log('');
let signIn = 0;
for (const [label, keys] of Object.entries(deferred))
  signIn += add(`${label}: visitors load it when idle`, keys);
console.log(
  `${'home route JS for a returning signed-in user'.padEnd(52)} ${kb(visitor + signIn)} KB gzip (waits for sign-in state, SPEC §2)`,
);
process.exitCode = visitor / 1024 <= budgetKb ? 0 : 1;
