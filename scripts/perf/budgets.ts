/**
 * The client's performance budgets, checked by the test command (scripts/test.sh). Exits 1 when
 * one is broken, naming the figure and the budget.
 *
 * 1. JavaScript (gzip -9) of the production build in apps/client/dist (built before this step):
 *    a visitor's home route, a signed-in shopper's home route (plus the identity SDK), and every
 *    route. Deterministic and cheap.
 * 2. Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) on the one-process
 *    storefront serving that build: performance score, LCP, CLS and TBT of the main pages, the
 *    median of three runs each (lighthouse.ts). Skipped with PERF_BUDGET_LIGHTHOUSE=false.
 */
import path from 'node:path';
import { bundleFigures, gzippedSizeIn, kb, readManifest, type BundleFigures } from './bundle.ts';

export const SIZE_BUDGETS_KB = {
  /** A visitor's first page: the entry and the home page, before it renders. */
  visitorHome: 130,
  /** The same for a signed-in shopper, who also loads the identity SDK at start-up. */
  signedInHome: 160,
  /** Any route (the storefront's own budget). */
  route: 150,
};

export interface BudgetLine {
  what: string;
  figure: string;
  budget: string;
  ok: boolean;
}

const formatKb = (bytes: number) => `${kb(bytes).toFixed(1)} KB`;

/** Every size budget as a line of the report, broken ones included. */
export function sizeBudgetLines(figures: BundleFigures, budgets = SIZE_BUDGETS_KB): BudgetLine[] {
  const home = figures.routes.find((route) => route.page === 'HomePage');
  if (!home) throw new Error('The build has no home page chunk (HomePage.tsx)');
  const signIn = figures.signInChunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
  const line = (what: string, bytes: number, budgetKb: number): BudgetLine => ({
    what,
    figure: formatKb(bytes),
    budget: `≤ ${budgetKb} KB`,
    ok: kb(bytes) <= budgetKb,
  });
  return [
    line('home route JS, visitor', home.bytes, budgets.visitorHome),
    line('home route JS, signed in (+ identity SDK)', home.bytes + signIn, budgets.signedInHome),
    ...[...figures.routes]
      .sort((a, b) => b.bytes - a.bytes)
      .map((route) => line(`route JS: ${route.page}`, route.bytes, budgets.route)),
  ];
}

export function printLines(title: string, lines: BudgetLine[]): void {
  console.log(title);
  const width = Math.max(...lines.map((l) => l.what.length));
  for (const l of lines)
    console.log(
      `  ${l.ok ? ' ' : '✗'} ${l.what.padEnd(width)}  ${l.figure.padStart(9)}  ${l.budget}`,
    );
}

async function main() {
  const started = Date.now();
  const dist = path.resolve(import.meta.dirname, '../../apps/client/dist');
  const figures = bundleFigures(readManifest(dist), gzippedSizeIn(dist));
  const lines = sizeBudgetLines(figures);
  printLines('JavaScript before the page renders (gzip -9), from the build manifest:', lines);

  if (process.env.PERF_BUDGET_LIGHTHOUSE !== 'false') {
    const { lighthouseBudgetLines } = await import('./lighthouse.ts');
    const measured = await lighthouseBudgetLines();
    printLines(measured.title, measured.lines);
    lines.push(...measured.lines);
  }

  const broken = lines.filter((l) => !l.ok);
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (broken.length) {
    console.error(`\n${broken.length} budget(s) broken:`);
    for (const l of broken) console.error(`  ${l.what}: ${l.figure}, budget ${l.budget}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
