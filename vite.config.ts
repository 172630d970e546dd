import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA calls /api/...; locally that is the Functions emulator (Hosting rewrites it in production).
const apiTarget =
  process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5001/demo-challangex/us-central1/api';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, host: '127.0.0.1', proxy },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1', proxy },
});
