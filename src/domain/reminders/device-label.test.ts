import { describe, expect, it } from 'vitest';
import { deviceLabel, UNKNOWN_DEVICE_LABEL } from '@domain/reminders/device-label';

const AGENTS: Array<[string, string]> = [
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Chrome on Android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari on iPhone',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Edge on Windows',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
    'Firefox on macOS',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    'Samsung Internet on Android',
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'Opera on Linux',
  ],
];

describe('deviceLabel', () => {
  it.each(AGENTS)('names %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });

  it('says "A browser" for a missing or unknown agent, never echoing it', () => {
    expect(deviceLabel(undefined)).toBe(UNKNOWN_DEVICE_LABEL);
    expect(deviceLabel('<script>alert(1)</script>')).toBe(UNKNOWN_DEVICE_LABEL);
    expect(deviceLabel('curl/8.5.0')).toBe(UNKNOWN_DEVICE_LABEL);
  });
});
