/**
 * `npm run perf:client`: the storefront's client performance figures.
 *
 * 1. Builds the client and adds up the gzipped JavaScript the home route loads: the entry, its
 *    static imports, and the home page's lazy chunk with its static imports (budget in budgets.ts).
 *    Chunks the entry imports dynamically at start-up (sign-in) are listed apart.
 * 2. Starts the real server on the embedded engines (fresh data folder, seeded catalogue) and runs
 *    Lighthouse's performance category on the home page, the catalogue and a product page, with
 *    its default mobile settings and with its desktop preset (target score ≥ 95).
 *
 * Options (environment): PERF_SEED_LISTINGS (default 2000), PERF_SKIP_LIGHTHOUSE=true.
 */
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Config } from 'lighthouse';
import { bundleFigures, gzippedSizeIn, readManifest } from './bundle.ts';
import { SIZE_BUDGETS_KB } from './budgets.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium.ts';
import { buildClient, REPO_ROOT, startStorefront } from '../../tests/e2e/support/storefront.ts';

const HOME_ROUTE_BUDGET_KB = SIZE_BUDGETS_KB.visitorHome;
const SCORE_TARGET = 95;
const DIST = path.join(REPO_ROOT, 'apps/client/dist');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function homeRouteJavaScript() {
  const figures = bundleFigures(readManifest(DIST), gzippedSizeIn(DIST));
  const home = figures.routes.find((route) => route.page === 'HomePage');
  if (!home) throw new Error('The build manifest names no home page chunk');
  return { chunks: home.chunks, total: home.bytes, startup: figures.signInChunks };
}

interface PageFigures {
  name: string;
  preset: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  jsTransferred: number;
  lcpElement: string;
  shifts: string[];
}

interface AuditNode {
  selector?: string;
  snippet?: string;
}
const describeNode = (node: AuditNode | undefined) =>
  node ? `${node.selector ?? ''} ${node.snippet?.slice(0, 80) ?? ''}`.trim() : '?';

async function lighthouseRun(
  url: string,
  name: string,
  preset: 'mobile' | 'desktop',
  port: number,
): Promise<PageFigures> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
    )?.items ?? [];
  return {
    name,
    preset,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    jsTransferred: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    lcpElement: describeNode(
      (
        lhr.audits['largest-contentful-paint-element']?.details as
          { items?: Array<{ items?: Array<{ node?: AuditNode }> }> } | undefined
      )?.items?.[0]?.items?.[0]?.node,
    ),
    shifts: (
      (
        lhr.audits['layout-shifts']?.details as
          { items?: Array<{ node?: AuditNode; score?: number }> } | undefined
      )?.items ?? []
    )
      .slice(0, 3)
      .map((item) => `${(item.score ?? 0).toFixed(3)} ${describeNode(item.node)}`),
  };
}

async function main() {
  console.log('Building the client...');
  buildClient();

  const js = homeRouteJavaScript();
  console.log('\nJavaScript of the home route (gzip -9): entry + static imports + home page chunk');
  for (const chunk of js.chunks)
    console.log(`  ${chunk.file.padEnd(44)} ${kb(chunk.bytes).padStart(9)}`);
  const verdict = js.total / 1024 <= HOME_ROUTE_BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `  ${'total'.padEnd(44)} ${kb(js.total).padStart(9)}  (${verdict} the ${HOME_ROUTE_BUDGET_KB} KB budget)`,
  );
  if (js.startup.length) {
    const extra = js.startup.reduce((sum, c) => sum + c.bytes, 0);
    console.log(
      `  plus loaded at start-up by a dynamic import (sign-in): ${js.startup.map((c) => `${c.file} ${kb(c.bytes)}`).join(', ')}`,
    );
    console.log(`  ${'total with start-up chunks'.padEnd(44)} ${kb(js.total + extra).padStart(9)}`);
  }

  if (process.env.PERF_SKIP_LIGHTHOUSE === 'true') return;

  console.log('\nStarting the storefront (embedded engines, seeded catalogue)...');
  const storefront = await startStorefront({
    seedListings: Number(process.env.PERF_SEED_LISTINGS ?? 2000),
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  const figures: PageFigures[] = [];
  try {
    const products = (await (
      await fetch(`${storefront.url}/api/products?limit=1`)
    ).json()) as Array<{ product_id: string }>;
    const pages = [
      { name: 'home', url: `${storefront.url}/` },
      { name: 'catalogue', url: `${storefront.url}/products` },
      { name: 'product', url: `${storefront.url}/products/${products[0]!.product_id}` },
    ];
    // One warm-up load so the first measured page does not pay for the server's cold caches.
    await fetch(pages[0]!.url);
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const page of pages) {
        const result = await lighthouseRun(page.url, page.name, preset, chrome.port);
        figures.push(result);
        console.log(`  ${preset} ${page.name}: score ${result.score}`);
      }
    }
  } finally {
    await chrome.kill();
    await storefront.stop();
  }

  console.log(
    `\nLighthouse ${'performance'} (target ≥ ${SCORE_TARGET}); mobile = Lighthouse defaults (simulated slow 4G, 4x CPU slowdown)`,
  );
  console.log(
    '  preset   page        score   FCP      LCP      TBT     CLS     Speed Index  JS transferred',
  );
  for (const f of figures) {
    console.log(
      `  ${f.preset.padEnd(8)} ${f.name.padEnd(11)} ${String(f.score).padStart(5)}${f.score >= SCORE_TARGET ? ' ' : '!'}  ${`${(f.fcp / 1000).toFixed(2)} s`.padEnd(8)} ${`${(f.lcp / 1000).toFixed(2)} s`.padEnd(8)} ${`${Math.round(f.tbt)} ms`.padEnd(7)} ${f.cls.toFixed(3).padEnd(7)} ${`${(f.si / 1000).toFixed(2)} s`.padEnd(12)} ${kb(f.jsTransferred)}`,
    );
  }
  console.log(
    '\nWhat moves and what paints last (the largest layout shifts, then the LCP element):',
  );
  for (const f of figures) {
    console.log(`  ${f.preset} ${f.name}: LCP element ${f.lcpElement}`);
    for (const shift of f.shifts) console.log(`      shift ${shift}`);
  }
  const below = figures.filter((f) => f.score < SCORE_TARGET);
  if (below.length)
    console.log(
      `\n${below.length} of ${figures.length} runs below ${SCORE_TARGET}: ${below.map((f) => `${f.preset} ${f.name} ${f.score}`).join(', ')}`,
    );
}

await main();
