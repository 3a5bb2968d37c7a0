import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The server (apps/server) owns /backend and /demo; in development Vite only serves the client
// and forwards those paths so cookies and the WebSocket share one origin, as in production.
const BACKEND = "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Reported by `vite build`; the /login budget is checked on gzip sizes.
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      "/backend": { target: BACKEND, ws: true },
      "/demo": { target: BACKEND },
    },
  },
});
