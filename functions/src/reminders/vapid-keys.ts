/**
 * The VAPID key pair the reminder sender signs with (RFC 8292). Deployed: the public key and subject
 * are params (VAPID_PUBLIC_KEY, VAPID_SUBJECT) and the private key a secret (VAPID_PRIVATE_KEY), see
 * docs/deploy.md. Under the emulators: the fixed dev pair below.
 */
import type { VapidKeys } from 'web-push';

/**
 * Generated once (`npx web-push generate-vapid-keys`) for the dev stack and the tests, which push to the
 * local push service only. Public in this repository, so worthless as a secret: never deployed.
 */
export const DEV_VAPID_KEYS: VapidKeys = {
  publicKey:
    'BBVtaj4ODizD8eoTUkWhHw3-k6CP_iWKsKT7ipcq_bH9ngRSiaOinanWHfoEDi8CFBsuRxjsyXyvmKttiRX_YZI',
  privateKey: 'V_m9WlG1RQRpMNP26Bk_6m5X_TUFQaC98oYZjYY_SY8',
};

export const DEFAULT_VAPID_SUBJECT = 'mailto:reminders@challangex.dev';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The keys to sign with: the dev pair under the emulators, else the configured pair, refused when
 * missing or when it is the dev pair (anyone could sign pushes to our members' subscriptions with it).
 */
export function reminderVapidDetails(options: {
  inEmulator: boolean;
  subject?: string;
  publicKey?: string;
  privateKey?: string;
}): VapidDetails {
  const subject = options.subject || DEFAULT_VAPID_SUBJECT;
  if (options.inEmulator) return { subject, ...DEV_VAPID_KEYS };
  const { publicKey, privateKey } = options;
  if (!publicKey || !privateKey)
    throw new Error(
      'Meal reminders need the VAPID_PUBLIC_KEY param and the VAPID_PRIVATE_KEY secret',
    );
  if (publicKey === DEV_VAPID_KEYS.publicKey || privateKey === DEV_VAPID_KEYS.privateKey)
    throw new Error(
      'The dev VAPID key pair is public: generate a production pair (docs/deploy.md)',
    );
  return { subject, publicKey, privateKey };
}
