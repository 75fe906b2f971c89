import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serverAliases } from './build/aliases.ts';
import { precompress } from './build/precompress.ts';
// The config runs in Node before Vite's aliases apply, so it names @contract/firm by its path.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- build configuration, not code of the page
import { firm } from '../server/src/contract/firm.ts';

/** In development the API runs beside Vite (pnpm dev); its port follows PORT like the server's. */
const api = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  plugins: [
    react(),
    // index.html takes the firm's name and description from the firm's one identity (contract/firm.ts).
    {
      name: 'site-html',
      transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', firm.name).replaceAll('%SITE_DESCRIPTION%', firm.description),
    },
    // Every text file of the build also as .br and .gz, served as they are by the server.
    precompress(),
  ],
  resolve: { alias: serverAliases },
  // One .env at the repository root serves both; Vite exposes only the VITE_ settings to the page.
  envDir: '..',
  server: {
    port: 5173,
    proxy: { '/api': api, '/trpc': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // React is shared by the shell and every lazily loaded page: one named, long-cached chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // zod and the contract's schemas load with the pages that check a form before sending, and on a
            // dashboard only when a form's schema is first needed (lib/use-contract-schema.ts).
            { name: 'contract-schemas', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
