import { lightFormat } from 'date-fns';
import { INPUT_LIMITS } from '@/domain/constants';

/** Cuts `text` to at most `max` UTF-16 units (the database's length) without splitting a character. */
function clamp(text: string, max: number): string {
  let result = '';
  for (const character of text) {
    if (result.length + character.length > max) break;
    result += character;
  }
  return result.trimEnd();
}

/**
 * The name stored at first sign-in: the Auth display name, else the e-mail's local part, else
 * "Member"; trimmed and at most INPUT_LIMITS.displayName long, so the rules always accept it.
 */
export function memberDisplayName(account: {
  displayName: string | null;
  email: string | null;
}): string {
  for (const candidate of [account.displayName, account.email?.split('@')[0]]) {
    const name = clamp(candidate?.trim() ?? '', INPUT_LIMITS.displayName);
    if (name !== '') return name;
  }
  return 'Member';
}

/**
 * "Join At" as the app shows it (yyyy-MM-dd HH:mm:ss, local time). Members who joined since the
 * server stamps joinAt have a number (epoch ms); older records keep the text written then.
 */
export function joinAtText(joinAt: number | string | undefined | null): string | undefined {
  if (typeof joinAt === 'string') return joinAt || undefined;
  if (typeof joinAt === 'number' && Number.isFinite(joinAt))
    return lightFormat(joinAt, 'yyyy-MM-dd HH:mm:ss');
  return undefined;
}
