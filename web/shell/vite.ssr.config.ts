import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { sharedVersions } from './federation-shared.ts';

// The server entry (src/entry-server.tsx) that the gateway renders public pages with: a plain Vite SSR build,
// without the federation plugin (the admin remote is client-only and never rendered on the server). Everything is
// bundled into CommonJS so the gateway (and jest) can require it with one copy of React and react-router.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  // React's production server renderer, whatever NODE_ENV the gateway runs with.
  define: {
    __SHARED_VERSIONS__: JSON.stringify(sharedVersions),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false } },
  },
});
