import { describe, expect, it } from 'vitest';
import { bundleFigures, type Manifest } from '../../scripts/perf/bundle.ts';
import { sizeBudgetLines } from '../../scripts/perf/budgets.ts';

const KB = 1024;

/** A build like the client's: an entry with a shared vendor chunk, lazy pages, the identity SDK. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [
      'src/features/home/HomePage.tsx',
      'src/features/catalogue/CataloguePage.tsx',
      'src/features/auth/firebase.ts',
    ],
  },
  '_react.js': { file: 'assets/react.js' },
  '_card.js': { file: 'assets/card.js', imports: ['_react.js'] },
  '_sdk.js': { file: 'assets/sdk.js' },
  'src/features/home/HomePage.tsx': {
    file: 'assets/HomePage.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_card.js', 'index.html'],
  },
  'src/features/catalogue/CataloguePage.tsx': {
    file: 'assets/CataloguePage.js',
    isDynamicEntry: true,
    imports: ['_card.js'],
  },
  'src/features/auth/firebase.ts': {
    file: 'assets/firebase.js',
    isDynamicEntry: true,
    imports: ['_sdk.js'],
  },
};

const sizes = (overrides: Record<string, number> = {}) => {
  const table: Record<string, number> = {
    'assets/index.js': 20 * KB,
    'assets/react.js': 60 * KB,
    'assets/card.js': 2 * KB,
    'assets/HomePage.js': 4 * KB,
    'assets/CataloguePage.js': 5 * KB,
    'assets/firebase.js': 1 * KB,
    'assets/sdk.js': 28 * KB,
    ...overrides,
  };
  return (file: string) => table[file]!;
};

describe('route JavaScript from the build manifest', () => {
  it('adds the entry, its static imports and the page chunk with its own, each chunk once', () => {
    const figures = bundleFigures(manifest, sizes());
    const home = figures.routes.find((route) => route.page === 'HomePage')!;
    expect(home.bytes).toBe((20 + 60 + 2 + 4) * KB);
    expect(home.chunks.map((chunk) => chunk.file)).toEqual([
      'assets/react.js',
      'assets/index.js',
      'assets/HomePage.js',
      'assets/card.js',
    ]);
    expect(figures.routes.find((route) => route.page === 'CataloguePage')!.bytes).toBe(
      (20 + 60 + 2 + 5) * KB,
    );
    expect(figures.signInChunks.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBe(29 * KB);
  });

  it('passes within the budgets and names the figure and the budget of a broken one', () => {
    const budgets = { visitorHome: 90, signedInHome: 120, route: 100 };
    expect(sizeBudgetLines(bundleFigures(manifest, sizes()), budgets).every((l) => l.ok)).toBe(
      true,
    );

    // 30 KB more in the home page's chunk: both home budgets break, the catalogue's holds.
    const heavier = bundleFigures(manifest, sizes({ 'assets/HomePage.js': 34 * KB }));
    const broken = sizeBudgetLines(heavier, budgets).filter((l) => !l.ok);
    expect(broken).toEqual([
      { what: 'home route JS, visitor', figure: '116.0 KB', budget: '≤ 90 KB', ok: false },
      {
        what: 'home route JS, signed in (+ identity SDK)',
        figure: '145.0 KB',
        budget: '≤ 120 KB',
        ok: false,
      },
      { what: 'route JS: HomePage', figure: '116.0 KB', budget: '≤ 100 KB', ok: false },
    ]);
  });
});

describe('Lighthouse budgets', async () => {
  const { medianFigures, pageBudgetLines } = await import('../../scripts/perf/lighthouse.ts');
  const run = (score: number, lcpMs: number, cls: number, tbtMs: number) => ({
    score,
    lcpMs,
    cls,
    tbtMs,
    benchmarkIndex: 1000,
  });

  it('takes the median of each figure over the runs, and names each broken budget', () => {
    const median = medianFigures([
      run(98, 2100, 0, 40),
      run(90, 3900, 0.3, 400),
      run(97, 2000, 0.01, 60),
    ]);
    expect(median).toEqual(run(97, 2100, 0.01, 60));
    const budgets = { score: 97, lcpMs: 2200, cls: 0.02, tbtMs: 100 };
    expect(pageBudgetLines('home', median, budgets).every((l) => l.ok)).toBe(true);

    const slower = medianFigures([
      run(95, 2300, 0.05, 150),
      run(96, 2400, 0.05, 120),
      run(99, 1, 0, 0),
    ]);
    expect(
      pageBudgetLines('home', slower, budgets)
        .filter((l) => !l.ok)
        .map((l) => `${l.what}: ${l.figure}, budget ${l.budget}`),
    ).toEqual([
      'home: Lighthouse mobile score: 96, budget ≥ 97',
      'home: LCP: 2.30 s, budget ≤ 2.20 s',
      'home: CLS: 0.050, budget ≤ 0.02',
      'home: TBT: 120 ms, budget ≤ 100 ms',
    ]);
  });
});
