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
    rolldownOptions: {
      // The shared contracts are declarations and pure functions: what the client does not use
      // (the event schemas) must not reach the bundle.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contracts[\\/]/.test(id),
      },
      output: {
        // Long-lived vendor chunks: they change less often than the app code.
        codeSplitting: {
          groups: [
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 22 },
            { name: 'swiper', test: /node_modules[\\/]swiper[\\/]/, priority: 25 },
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 25 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-saga|@redux-saga|react-redux|immer|reselect|use-sync-external-store)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
