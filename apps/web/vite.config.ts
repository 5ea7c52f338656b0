import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
            // Alone, so that it runs before the chunks whose modules make zod schemas (see the file).
            { name: 'csp-setup', test: /[\\/]src[\\/]csp-setup\.ts$/, priority: 10 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            { name: 'charts', test: /node_modules[\\/]@mui[\\/]x-charts/, priority: 6 },
            { name: 'mui-x', test: /node_modules[\\/]@mui[\\/]x-internal/, priority: 6 },
            { name: 'd3', test: /node_modules[\\/](d3-[a-z-]+|internmap)[\\/]/, priority: 6 },
            { name: 'data-grid', test: /node_modules[\\/]@mui[\\/]x-/, priority: 5 },
            { name: 'flow', test: /node_modules[\\/](@xyflow|@dagrejs|zustand|classcat)[\\/]/, priority: 5 },
            { name: 'codemirror', test: /node_modules[\\/](@codemirror|@lezer|@marijn|crelt|style-mod|w3c-keyname)[\\/]/, priority: 5 },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
