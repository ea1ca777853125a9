import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { sharedSingletons } from './federation-shared';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

// The admin panel is a federation remote served under /admin-app/; the shell loads ./AdminApp on /admin12YardsDB.
export default defineConfig({
  base: '/admin-app/',
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'admin',
      filename: 'remoteEntry.js',
      exposes: { './AdminApp': './src/AdminApp.tsx' },
      shared: sharedSingletons,
      dts: false,
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: { port: 5174, origin: 'http://localhost:5174', proxy: { '/api': gateway, '/media': gateway } },
  preview: { port: 4174 },
});
