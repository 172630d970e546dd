import { describe, expect, it } from 'vitest';
import { allowedOrigins } from './allowed-origins';

describe('allowedOrigins', () => {
  it("in production allows the project's Hosting domains and the configured ones, and no local server", () => {
    const origins = allowedOrigins({
      projectId: 'challangex-prod',
      appOrigins: ' https://challangex.example/, https://www.challangex.example ',
    });
    expect(origins).toEqual([
      'https://challangex-prod.web.app',
      'https://challangex-prod.firebaseapp.com',
      'https://challangex.example',
      'https://www.challangex.example',
    ]);
  });

  it('in production ignores what only the emulator reads', () => {
    const origins = allowedOrigins({ projectId: 'p', appOrigins: '' });
    expect(origins.some((origin) => /localhost|127\.0\.0\.1/.test(origin))).toBe(false);
  });

  it('in the emulator adds the dev server and preview, or the local stack’s own list', () => {
    expect(allowedOrigins({ projectId: 'demo-p', appOrigins: '', emulator: {} })).toContain(
      'http://127.0.0.1:5173',
    );
    const e2e = allowedOrigins({
      projectId: 'demo-p',
      appOrigins: '',
      emulator: { allowedOrigins: 'http://127.0.0.1:41234' },
    });
    expect(e2e).toContain('http://127.0.0.1:41234');
    expect(e2e).not.toContain('http://127.0.0.1:5173');
  });
});
