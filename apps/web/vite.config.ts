import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from '../server/src/http/csp.ts';
import { precompress } from './vite/precompress.ts';

const server = process.env.KON_SERVER ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    // No CSP here: the dev server injects inline scripts (React Fast Refresh) that a strict policy refuses.
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/socket.io': { target: server, ws: true, changeOrigin: false },
    },
  },
  // `vite preview` serves the production build: the same policy as the server.
  preview: { headers: { 'Content-Security-Policy': contentSecurityPolicy() } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
