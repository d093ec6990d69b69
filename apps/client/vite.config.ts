import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { HOME_PATHS } from './src/features/home/api.ts';
import { CATEGORIES, ROUTE_PRELOAD_DATA_ID, ROUTE_PRELOAD_SCRIPT } from '@rewear/contracts';

const backend = 'http://localhost:8080';

/**
 * The routes whose page code a first visit fetches alongside the entry: path pattern, page module,
 * and the reads whose answers do not depend on who is asking.
 */
const PRELOADED_ROUTES: Array<[RegExp, RegExp, string[]]> = [
  [/^\/$/, /features\/home\/HomePage\.tsx$/, Object.values(HOME_PATHS)],
  [/^\/products\/?$/, /features\/catalogue\/CataloguePage\.tsx$/, []],
  [/^\/products\/[^/]+\/?$/, /features\/product\/ProductDetailPage\.tsx$/, []],
];

/**
 * A lazy route's code is found only once the entry has run. For the routes above, a small inline
 * script in index.html (where it says `route preload`; its text is in @rewear/contracts) asks for
 * the page's chunks, stylesheets and public reads at once (modulepreload and preload), so they
 * download alongside the entry instead of after it; the page's own requests then find them in the
 * browser's preload cache.
 */
const ROUTE_PRELOAD_MARK = '<!-- route preload -->';

function routePreload(): Plugin {
  return {
    name: 'rewear-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle: OutputBundle | undefined = ctx.bundle;
        if (!bundle) return html.replace(ROUTE_PRELOAD_MARK, '');
        const chunks = Object.values(bundle).filter(
          (item): item is OutputChunk => item.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (chunk: OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) closure(imported, into);
          }
          return into;
        };
        const alreadyLoaded = entry ? closure(entry) : new Set<string>();
        const routes = PRELOADED_ROUTES.flatMap(([path, module, data]) => {
          const page = chunks.find(
            (chunk) => chunk.facadeModuleId && module.test(chunk.facadeModuleId),
          );
          if (!page) return [];
          const files = [...closure(page)].filter((file) => !alreadyLoaded.has(file));
          const css = files.flatMap((file) => [
            ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
          ]);
          return [
            {
              path: path.source,
              js: files.map((file) => `/${file}`),
              css: css.map((file) => `/${file}`),
              data,
            },
          ];
        });
        // The routes go in a data block (never executed) and the script that reads them is the
        // same in every build, so the Content-Security-Policy allows it by a fixed hash.
        const data = JSON.stringify(routes).replace(/</g, '\\u003c');
        const tags = `<script type="application/json" id="${ROUTE_PRELOAD_DATA_ID}">${data}</script><script>${ROUTE_PRELOAD_SCRIPT}</script>`;
        // The home page's largest paint is the first category's picture (a fixed list), found
        // only once the page has rendered: asked for with the entry instead. Every route's page
        // carries it (the script above is fixed by its hash); it is a small SVG.
        const lcpImage = `<link rel="preload" as="image" href="${CATEGORIES[0]!.image}" fetchpriority="high">`;
        // Before the entry's own tags (a script after a stylesheet would wait for it).
        return html.replace(ROUTE_PRELOAD_MARK, lcpImage + tags);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), routePreload()],
  server: {
    proxy: {
      '/api': backend,
      '/images': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/bundle-size.mjs to add up what each route loads.
    manifest: true,
    rolldownOptions: {
      // The shared contracts are declarations and pure functions: what the client does not use
      // (the event schemas) must not reach the bundle.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contracts[\\/]/.test(id),
      },
      output: {
        // Long-lived vendor chunks: they change less often than the app code.
        codeSplitting: {
          // Shared libraries get the higher priority, so a chunk that depends on them (swiper/react
          // needs react) cannot pull them in with it.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 40,
            },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 35,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-saga|@redux-saga|react-redux|immer|reselect|use-sync-external-store)[\\/]/,
              priority: 35,
            },
            {
              name: 'firebase',
              test: /node_modules[\\/](@firebase|firebase|idb|tslib)[\\/]/,
              priority: 30,
            },
            { name: 'swiper', test: /node_modules[\\/]swiper[\\/]/, priority: 20 },
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
