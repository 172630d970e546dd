/**
 * Which push endpoints the API takes (docs/security.md, "Meal reminders"). The API POSTs to a
 * subscription's endpoint, so an endpoint is a URL a member chose: only the browsers' push services
 * are taken, never an address of the member's choosing (the API would otherwise be a way to POST to
 * any server). Under the emulators the local push service's http endpoints are taken too.
 */

/** The push services of the browsers that support Web Push (Chromium-based ones use FCM). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
];
/** Hosts under these domains: Edge's Windows Push Notification Services, Apple's regional ones. */
const PUSH_SERVICE_DOMAINS = ['.notify.windows.com', '.push.apple.com'];
/** The local push service (emulators/push) listens on loopback. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface PushEndpointPolicy {
  /** Under the emulators only: http endpoints on loopback (the local push service). */
  allowLocalPushService: boolean;
}

const isPushServiceHost = (host: string) =>
  PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain));

/** Why the endpoint is refused, in the member's words, or undefined when it is taken. */
export function pushEndpointRefusal(
  endpoint: string,
  { allowLocalPushService }: PushEndpointPolicy,
): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Must be a push service URL';
  }
  if (url.username || url.password) return 'Must be a push service URL';
  if (url.protocol === 'http:' && allowLocalPushService && LOOPBACK_HOSTS.has(url.hostname))
    return undefined;
  if (url.protocol !== 'https:') return 'Must be an https URL';
  if (url.port !== '' || !isPushServiceHost(url.hostname))
    return "Must be a browser's push service URL";
  return undefined;
}
