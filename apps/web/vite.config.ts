import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

// The server (apps/server) owns /backend and /demo; in development Vite only serves the client
// and forwards those paths so cookies and the WebSocket share one origin, as in production.
const BACKEND = "http://127.0.0.1:8080";

/** In development, /display and /display/<slug> get display.html, as the server does in production. */
function displayEntryInDev(): Plugin {
  return {
    name: "caresuite-display-entry",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/display(\/[^/?]*)?\/?(\?.*)?$/.test(request.url)) request.url = `/display.html${request.url.replace(/^[^?]*/, "")}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), displayEntryInDev()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Reported by `vite build`; the /login budget is checked on gzip sizes.
    reportCompressedSize: true,
    // Everything the entry loads statically is one chunk (docs/decisions/003-initial-chunk.md):
    // otherwise each lazily loaded feature that shares a few modules with the entry splits the
    // entry into more, smaller files, and /login pays for every split.
    // Two pages: the app (index.html) and the wall-screen board (display.html), which loads no
    // router, shell or admin code (docs/decisions/006-display-entry.md). entriesAware keeps the
    // initial group per set of pages: what both load, what only the app loads, what only the
    // board loads.
    rolldownOptions: {
      input: { main: resolve(import.meta.dirname, "index.html"), display: resolve(import.meta.dirname, "display.html") },
      output: {
        codeSplitting: { groups: [{ name: "initial", tags: ["$initial"], entriesAware: true }] },
      },
    },
    // Every browser we support preloads modules natively; the polyfill would cost each page.
    modulePreload: { polyfill: false },
    // That chunk is what every page loads first anyway (~600 kB raw, ~190 kB gzip).
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      "/backend": { target: BACKEND, ws: true },
      // Only below /demo/: the /demo page itself is the client's.
      "^/demo/": { target: BACKEND },
    },
  },
});
