import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 35 },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-saga|@redux-saga|react-redux|immer|reselect|use-sync-external-store)[\\/]/,
              priority: 35,
            },
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase|idb|tslib)[\\/]/, priority: 30 },
            { name: 'swiper', test: /node_modules[\\/]swiper[\\/]/, priority: 20 },
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
