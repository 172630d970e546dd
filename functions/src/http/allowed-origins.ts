/** Where the SPA is served from when the function runs in the local emulators (dev server, preview, Hosting emulator). */
const LOCAL_APP_ORIGINS = [5173, 4173, 5000].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export interface OriginSettings {
  projectId: string;
  /** The APP_ORIGINS param: comma-separated origins beyond the project's Hosting domains (a custom domain). */
  appOrigins: string;
  /** Set when the function runs in the Functions emulator, never in production. */
  emulator?: {
    /** A local stack's own list (ALLOWED_ORIGINS, e.g. an end-to-end run's preview server). */
    allowedOrigins?: string;
  };
}

const list = (value = '') =>
  value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);

/**
 * The browser origins the API answers: the project's Hosting domains and any
 * configured custom domain; local servers only in the emulator.
 */
export function allowedOrigins({ projectId, appOrigins, emulator }: OriginSettings): string[] {
  const local = emulator ? list(emulator.allowedOrigins) : [];
  return [
    ...new Set([
      `https://${projectId}.web.app`,
      `https://${projectId}.firebaseapp.com`,
      ...list(appOrigins),
      ...(emulator ? (local.length > 0 ? local : LOCAL_APP_ORIGINS) : []),
    ]),
  ];
}
