import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { sharedVersions } from './federation-shared.ts';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

// The shell is a runtime-only federation host: no federation plugin here, so public pages carry no federation
// runtime and every library is tree-shaken. On /admin12YardsDB, src/pages/AdminRoute.tsx loads the runtime, hands
// it the shell's copies of the shared singletons (src/lib/admin-shared.ts) and loads the admin remote.
export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  define: {
    __SHARED_VERSIONS__: JSON.stringify(sharedVersions),
    // A build is always React's production build, whatever NODE_ENV the building process has (tests set 'test').
    ...(command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
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
}));
