/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { catalogs } from './build-plugins/catalogs';
import { launcherBytes } from './build-plugins/launcher-bytes';
import { routeChunks } from './build-plugins/route-chunks';

const backend = 'http://127.0.0.1:8080';

// React Router 7's package exports name its development build only (its
// dev warnings and checks); a production build takes the production build it
// also ships, about 4 KB gzipped smaller in every page's entry script.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
  },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The message catalogues, compiled (src/i18n): `virtual:catalog/<locale>`.
    catalogs(),
    // Each page's scripts, for the gateway to preload from that page's HTML.
    routeChunks(),
    // Where the chat launcher lies in the entry script, for its byte budget (e2e/chat-bytes.spec.ts).
    launcherBytes(),
    // The gateway serves `.br` / `.gz` siblings when the client accepts them.
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 512 }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/ws': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // A dynamic import preloads the chunks it needs, but never the entry or
    // React's chunk: the page loaded them first (index.html), so naming them
    // in every import only costs bytes (45 times in a language's frame).
    modulePreload: {
      // Browsers without <link rel="modulepreload"> (Safari before 17) still
      // load every script, only not ahead: no polyfill in every page's entry.
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType === 'html') return deps;
        const needed = deps.filter((dep) => !/^assets\/(index|react)-[\w-]+\.js$/.test(dep));
        // Only the imported chunk itself: the import fetches it, nothing to preload beside it.
        return needed.length === 1 && needed[0] === file ? [] : needed;
      },
    },
    assetsDir: 'assets',
    // Read by launcherBytes() only, which drops them: no map is written or served.
    sourcemap: 'hidden',
    rollupOptions: {
      output: {
        // Chunks under 2 kB without side effects merge into one loaded in similar conditions: each
        // request carries ~740 bytes of headers (the CSP), more than such a chunk, so /blog's first
        // visit costs fewer bytes in fewer scripts (e2e/blog-budget.spec.ts). The catalogues stay
        // their own chunks.
        experimentalMinChunkSize: 2000,
        // TanStack Query is one chunk, loaded with the pages that use it
        // (app/router.tsx withQueries) in one request, not in six pieces shared
        // with other code. React is a chunk of its own beside the entry: Rollup
        // would otherwise put it in the query chunk (a dependency of it), and
        // every page would load that.
        manualChunks: (id) =>
          /\/node_modules\/@tanstack\/(react-query|query-core)\//.test(id)
            ? 'query-client'
            : /\/node_modules\/(react|react-dom|scheduler)\//.test(id)
              ? 'react'
              : undefined,
        // The chunk shared by the chat widget and the agent console (socket, chat API) gets a
        // recognisable name; the grouping itself is Rollup's.
        // A catalogue's chunk is named by its language and area (catalog-fr-home).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/src/features/chat/lib/live-socket'))
            ? 'assets/live-chat-[hash].js'
            : chunk.facadeModuleId?.startsWith('\0catalog:')
              ? `assets/catalog-${chunk.facadeModuleId.slice('\0catalog:'.length).replace('/', '-')}-[hash].js`
              : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    css: false,
    // See src/test/setup.ts: whole-app renders on a busy machine.
    testTimeout: 20_000,
  },
}));
