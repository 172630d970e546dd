import { describe, expect, it } from 'vitest';
import { pushEndpointRefusal } from '@domain/reminders/push-endpoint';

const production = { allowLocalPushService: false };
const emulators = { allowLocalPushService: true };

describe('pushEndpointRefusal', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('takes the push service endpoint %s', (endpoint) => {
    expect(pushEndpointRefusal(endpoint, production)).toBeUndefined();
  });

  it('refuses http in production, and takes the local push service under the emulators only', () => {
    const local = 'http://127.0.0.1:9330/push/abc';
    expect(pushEndpointRefusal(local, production)).toBe('Must be an https URL');
    expect(pushEndpointRefusal(local, emulators)).toBeUndefined();
    expect(pushEndpointRefusal('http://fcm.googleapis.com/fcm/send/x', emulators)).toBe(
      'Must be an https URL',
    );
  });

  it.each([
    'https://example.com/push/1',
    'https://fcm.googleapis.com.evil.test/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'https://127.0.0.1/push/x',
  ])('refuses %s: not a push service', (endpoint) => {
    expect(pushEndpointRefusal(endpoint, emulators)).toMatch(/^Must be/);
  });

  it('refuses what is not a URL', () => {
    expect(pushEndpointRefusal('not a url', emulators)).toBe('Must be a push service URL');
  });
});
