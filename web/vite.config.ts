import { fileURLToPath } from 'node:url';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';

const api = process.env.TIDINGS_API_URL ?? 'http://127.0.0.1:4000';

const FIRST_SCREEN_ROUTES: string[] = ['/_app', '/_app/articles'];
const SCREEN_CHUNKS = [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] satisfies Array<
  Array<'loader' | 'component' | 'pendingComponent' | 'errorComponent' | 'notFoundComponent'>
>;

// Everything the entry runs (the first screen: the signed-in layout and the article list, their routes unsplit), besides
// the libraries' chunks, in one chunk: as many small chunks shared with other screens it would cost more to download,
// each compressed apart and joined by imports. Signed-out pages load it too, and have it when the reader signs in.
const ENTRY = fileURLToPath(new URL('src/main.tsx', import.meta.url));
let firstScreenModules: Set<string> | undefined;
const firstScreenChunk = (moduleId: string, context: ChunkingContext) => {
  if (!firstScreenModules) {
    const reached = new Set<string>();
    const visit = (id: string) => {
      if (reached.has(id)) return;
      reached.add(id);
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(ENTRY);
    firstScreenModules = reached;
  }
  return firstScreenModules.has(moduleId) ? 'first-screen' : null;
};

const ALWAYS_LOADED = /^assets\/(react|relay|router|first-screen|rolldown-runtime)-[\w-]+\.js$/;

// The server's build of the first screen (web/src/firstScreen/drawFirstScreen.tsx): this package's `first-screen` entry,
// which the API's start-up hands to the server.
const SERVER_DRAW = { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Before react(): it generates src/routeTree.gen.ts and splits route components into their own chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routeFileIgnorePattern: '__generated__',
      codeSplittingOptions: {
        // Other screens' loaders (and the Relay queries they import) and components load with their screens; the
        // first screen's routes stay whole in the entry, so its queries start and its screen draws with no further load.
        splitBehavior: ({ routeId }) => (FIRST_SCREEN_ROUTES.includes(routeId) ? [] : SCREEN_CHUNKS),
      },
    }),
    react(),
    // plugin-react 6 has no Babel; the Relay `graphql` tag needs babel-plugin-relay (see the stack notes).
    babel({ plugins: ['babel-plugin-relay'] }),
    tailwindcss(),
  ],
  build: isSsrBuild
    ? SERVER_DRAW
    : {
        // The entry page preloads all the first screen's chunks; a lazy chunk's imports load with it, except the first
        // screen's, which are there already.
        modulePreload: {
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => !ALWAYS_LOADED.test(dep))),
        },
        manifest: true, // web/scripts/bundle-budget.mjs finds the first screen's chunks in it
        rolldownOptions: {
          output: {
            // Libraries change less often than the app: their own chunks stay cached across releases.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                // graphql-ws is not here: relay/environment.ts loads it once the page is idle, after the first screen.
                { name: 'relay', test: /node_modules[\\/](react-relay|relay-runtime)[\\/]/ },
                { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
                { name: firstScreenChunk },
              ],
            },
          },
        },
      },
  server: { proxy: { '/graphql': { target: api, ws: true } } },
}));
