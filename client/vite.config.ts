import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** In development the API runs beside Vite (pnpm dev); its port follows PORT like the server's. */
const api = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react()],
  // One .env at the repository root serves both; Vite exposes only the VITE_ settings to the page.
  envDir: '..',
  server: {
    port: 5173,
    proxy: { '/api': api, '/trpc': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, reportCompressedSize: true },
});
