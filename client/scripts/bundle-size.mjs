/**
 * Gzipped JavaScript a first visit to the home page downloads: the entry and its static imports,
 * the home page chunk and its static imports, and the sign-in chunk every page loads at start.
 * Usage (after `npx vite build` in client/): node scripts/bundle-size.mjs [budgetKB]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = Number(process.argv[2] ?? 150);

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const homeKey = Object.keys(manifest).find((key) => key.endsWith('features/home/HomePage.tsx'));
const authKey = Object.keys(manifest).find((key) => key.endsWith('features/auth/firebase.ts'));
const groups = {
  'entry (shell, state, router, react)': [...closure(entryKey)],
  'home page chunk': [...closure(homeKey)],
  'sign-in (Firebase auth, loaded at start)': authKey ? [...closure(authKey)] : [],
};

const counted = new Set();
const size = (key) => gzipSync(readFileSync(join(dist, manifest[key].file))).length;
let total = 0;
for (const [label, keys] of Object.entries(groups)) {
  let groupTotal = 0;
  for (const key of keys) {
    if (counted.has(key)) continue;
    counted.add(key);
    groupTotal += size(key);
  }
  total += groupTotal;
  console.log(`${label.padEnd(44)} ${(groupTotal / 1024).toFixed(1).padStart(7)} KB gzip`);
}
for (const key of counted) console.log(`  ${manifest[key].file.padEnd(48)} ${(size(key) / 1024).toFixed(1).padStart(6)} KB`);
console.log(`${'home route JS, total'.padEnd(44)} ${(total / 1024).toFixed(1).padStart(7)} KB gzip (budget ${budgetKb} KB)`);
process.exitCode = total / 1024 <= budgetKb ? 0 : 1;
