import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  // Each file also written gzip- and brotli-compressed (.gz, .br): the server sends the one the browser
  // accepts (@fastify/static preCompressed), without compressing per request.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' })],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // Alone with zod's config (core.js and the util.js it imports), so that it runs before the
            // chunks whose modules make zod schemas (see the file) and imports nothing of theirs.
            { name: 'csp-setup', test: /[\\/]src[\\/]csp-setup\.ts$|node_modules[\\/]zod[\\/]v4[\\/]core[\\/](core|util)\.js$/, priority: 10 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            { name: 'charts', test: /node_modules[\\/]@mui[\\/]x-charts/, priority: 6 },
            { name: 'mui-x', test: /node_modules[\\/]@mui[\\/]x-internal/, priority: 6 },
            { name: 'd3', test: /node_modules[\\/](d3-[a-z-]+|internmap)[\\/]/, priority: 6 },
            { name: 'data-grid', test: /node_modules[\\/]@mui[\\/]x-/, priority: 5 },
            { name: 'flow', test: /node_modules[\\/](@xyflow|@dagrejs|zustand|classcat)[\\/]/, priority: 5 },
            { name: 'codemirror', test: /node_modules[\\/](@codemirror|@lezer|@marijn|crelt|style-mod|w3c-keyname)[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
});
