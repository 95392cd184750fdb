import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (issue 29): a Workbox service worker precaches the shell (the HTML, the scripts and styles under
 * 1 MB, the fonts and icons) so it opens without a network; the three big chunks (the PDF worker, Excel, the password
 * checker) are cached when first used. A new build's worker waits until the user takes the update (useAppUpdate).
 * The manifest is the server's (GET /api/public/app-manifest: the organisation's name), not generated here.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2}'],
    // Files over 1 MB are left to the runtime cache below (Workbox's own size limit fails the build instead).
    maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
    manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => e.size <= 1024 * 1024), warnings: [] })],
    navigateFallback: '/index.html',
    // The API, the biometric devices' protocol and the server's own documents are never the app's shell.
    navigateFallbackDenylist: [/^\/api\//, /^\/iclock\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Hashed file names never change: the big chunks left out of the precache, once fetched, come from the cache.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'assets', expiration: { maxEntries: 40, maxAgeSeconds: 60 * 60 * 24 * 60 } },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // scripts/dev.mjs sets VITE_API_TARGET to the API server it starts (PORT, default 3000).
    proxy: { '/api': { target: process.env.VITE_API_TARGET ?? 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Framework code changes rarely: keep it in its own long-cached chunk. Everything else is split by
        // its dynamic imports, never forced into the entry.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          // Radix, zod, pdfmake, exceljs, recharts…: split by use, so the sign-in page loads only what it needs.
          return undefined;
        },
      },
    },
  },
});
