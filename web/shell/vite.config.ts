import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { sharedSingletons } from './federation-shared.ts';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

// The shell is the federation host with no static remote: a static remote makes every page fetch the admin's
// remoteEntry.js at start-up. The admin is registered at runtime on /admin12YardsDB only (src/pages/AdminRoute.tsx).
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'shell',
      remotes: {},
      shared: sharedSingletons,
      dts: false,
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      '/api': gateway,
      '/media': gateway,
      '/admin-app': { target: 'http://localhost:5174' },
    },
  },
  preview: { port: 4173 },
});
