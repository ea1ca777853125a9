import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { sharedSingletons } from './federation-shared.ts';

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
      // expose.tsx = AdminApp + its stylesheet (kept out of AdminApp.tsx so jest can import the component).
      exposes: { './AdminApp': './src/expose.tsx' },
      shared: sharedSingletons,
      // Adds the admin's CSS as <link> when the shell loads the exposed module: the host's CSS lacks the admin's classes.
      bundleAllCSS: true,
      dts: false,
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: {
    port: 5174,
    origin: 'http://localhost:5174',
    // Keep the browser's Host: the gateway refuses writes whose Origin differs from the host it sees.
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/media': { target: gateway, changeOrigin: false },
    },
  },
  preview: { port: 4174 },
});
