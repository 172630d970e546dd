import { describe, expect, it } from 'vitest';
import type { RuntimeCaching } from 'workbox-build';
import { bundleAppWorker, storageImagesPattern, withStorageImages } from './installable-app';

/** Whether a runtime-caching rule would cache a cross-origin image request for `href`. */
function caches(rule: RuntimeCaching, href: string): boolean {
  const url = new URL(href);
  const pattern = rule.urlPattern;
  if (pattern instanceof RegExp) return pattern.test(href);
  if (typeof pattern === 'function')
    return Boolean(
      pattern({
        url,
        sameOrigin: false,
        request: { destination: 'image' } as Request,
        event: {} as Parameters<typeof pattern>[0]['event'],
      }),
    );
  return href === pattern;
}

const cachedBy = (bucket: string, emulatorOrigin?: string) => {
  const rules = withStorageImages(storageImagesPattern(bucket, emulatorOrigin)).workbox
    ?.runtimeCaching as RuntimeCaching[];
  return (href: string) => rules.some((rule) => caches(rule, href));
};

describe("the service worker's image cache", () => {
  const cached = cachedBy('my-project.appspot.com');

  it("caches the project's own Storage download URLs", () => {
    expect(
      cached(
        'https://firebasestorage.googleapis.com/v0/b/my-project.appspot.com/o/Challenge%2Fu%2Fc%2FDay1-breakfast.jpg?alt=media&token=t',
      ),
    ).toBe(true);
  });

  it.each([
    'https://evil.example/v0/b/my-project.appspot.com/o/pixel.png',
    'https://tracker.example/v0/b/anything/o/x',
    'https://firebasestorage.googleapis.com/v0/b/someone-else.appspot.com/o/a.jpg?alt=media',
    'https://firebasestorage.googleapis.com.evil.example/v0/b/my-project.appspot.com/o/a.jpg',
    'http://127.0.0.1:9199/v0/b/my-project.appspot.com/o/a.jpg',
  ])('caches nothing from another host or bucket: %s', (href) => {
    expect(cached(href)).toBe(false);
  });

  it("caches the local emulator's download URLs in an emulator build only", () => {
    const emulator = cachedBy('demo-x.appspot.com', 'http://127.0.0.1:9199');
    expect(emulator('http://127.0.0.1:9199/v0/b/demo-x.appspot.com/o/a.jpg?alt=media')).toBe(true);
    expect(emulator('http://127.0.0.1:9200/v0/b/demo-x.appspot.com/o/a.jpg')).toBe(false);
  });
});

describe("the service worker's own code", () => {
  it('is one classic script that listens for pushes and notification taps', async () => {
    const code = await bundleAppWorker();
    // importScripts runs classic scripts only: no module syntax may remain.
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    const listened: string[] = [];
    const scope = {
      location: { origin: 'https://challangex.example' },
      addEventListener: (type: string) => listened.push(type),
    };
    new Function('self', code)(scope);
    expect(listened.sort()).toEqual(['notificationclick', 'push']);
  }, 60_000);
});
