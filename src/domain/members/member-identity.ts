import { lightFormat } from 'date-fns';
import { INPUT_LIMITS } from '@domain/constants';

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
 * Characters a name must not hold: controls, format characters (zero-width spaces and joiners, bidi
 * embeddings, overrides and isolates, the BOM, soft hyphens), private-use characters, every character
 * Unicode says a renderer may ignore (Hangul fillers, variation selectors...), the blank Braille
 * pattern, and any white space but the plain space. They make a name that looks like another one.
 */
const INVISIBLE_CHARACTER =
  /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|[^\S ]/u;

/** An emoji with its presentation selector, skin tone and zero-width-joined parts (👩🏽‍💻, ❤️): visible. */
const EMOJI_SEQUENCE =
  /\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?(?:\u200D\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?)*/gu;

/** Latin look-alikes of the Cyrillic and Greek letters and of digits and symbols, for the check below. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  ѕ: 's',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ɡ: 'g',
  ı: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  l: 'i',
};

/** A name reduced to what it looks like: no case, accents, separators or look-alike letters. */
function appearance(name: string): string {
  const letters = [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((character) => LOOK_ALIKES[character] ?? character)
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, '');
  return letters.replaceAll('rn', 'm').replaceAll('vv', 'w');
}

const PRODUCT_NAMES = ['ChallangeX', 'ChallengeX'].map(appearance);
const STAFF_NAMES = ['Admin', 'Administrator', 'Moderator', 'Mod', 'Support', 'Staff', 'Official']
  .flatMap((role) => [role, `${role} Team`, `Team ${role}`])
  .map(appearance);

export const DISPLAY_NAME_INVISIBLE =
  'Display name must not contain invisible or control characters';
export const DISPLAY_NAME_IMPERSONATION = 'Display name must not pose as ChallangeX or its team';

/**
 * Why a display name cannot be stored or shown, or undefined when it can: one definition for the
 * profile form, the first sign-in record and the API's public copies (database.rules.json refuses
 * the product's and staff names too, as far as its regular expressions reach).
 */
export function displayNameProblem(name: string): string | undefined {
  if (INVISIBLE_CHARACTER.test(name.replace(EMOJI_SEQUENCE, ''))) return DISPLAY_NAME_INVISIBLE;
  const looks = appearance(name);
  if (
    PRODUCT_NAMES.some((product) => looks.includes(product)) ||
    STAFF_NAMES.includes(looks) ||
    PRODUCT_NAMES.some((product) => STAFF_NAMES.some((staff) => looks === product + staff))
  )
    return DISPLAY_NAME_IMPERSONATION;
  return undefined;
}

/** The name to show in public copies (feed, boards): the member's own, or "Member" when it is refused. */
export function publicDisplayName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  return trimmed !== '' && displayNameProblem(trimmed) === undefined ? trimmed : 'Member';
}

/**
 * The name stored at first sign-in: the Auth display name, else the e-mail's local part, else
 * "Member"; trimmed, at most INPUT_LIMITS.displayName long and free of what displayNameProblem
 * refuses, so the rules always accept it and it poses as nobody.
 */
export function memberDisplayName(account: {
  displayName: string | null;
  email: string | null;
}): string {
  for (const candidate of [account.displayName, account.email?.split('@')[0]]) {
    const name = clamp(candidate?.trim() ?? '', INPUT_LIMITS.displayName);
    if (name !== '' && displayNameProblem(name) === undefined) return name;
  }
  return 'Member';
}

/** Google's account-photo host: the photoURL of a Google sign-in. */
export const GOOGLE_PHOTO_ORIGIN = 'https://lh3.googleusercontent.com';
export const STORAGE_DOWNLOAD_ORIGIN = 'https://firebasestorage.googleapis.com';

export interface PhotoSources {
  /** The project's bucket, e.g. my-project.appspot.com. */
  bucket: string;
  /** Where its download URLs point: Google's Storage API, or the local emulator in emulator builds. */
  storageOrigins?: readonly string[];
}

const URL_TAIL = /^[^\s<>\\]*$/;

/**
 * A member photo every viewer's browser may fetch: a download URL of the project's bucket or a Google
 * account photo, nothing else (any other host would learn who views the feed and the boards). Empty
 * means no photo. The same two forms as users/{uid}/info/photoURL in database.rules.json.
 */
export function isAcceptedPhotoUrl(value: unknown, sources: PhotoSources): boolean {
  if (value === '') return true;
  if (typeof value !== 'string' || value.length > 2048) return false;
  const storage = (sources.storageOrigins ?? [STORAGE_DOWNLOAD_ORIGIN]).map(
    (origin) => `${origin}/v0/b/${sources.bucket}/o/`,
  );
  for (const prefix of [`${GOOGLE_PHOTO_ORIGIN}/`, ...storage])
    if (value.startsWith(prefix) && URL_TAIL.test(value.slice(prefix.length))) return true;
  return false;
}

/** The photo to store or copy: the value when accepted, else none. */
export function acceptedPhotoUrl(value: unknown, sources: PhotoSources): string {
  return typeof value === 'string' && isAcceptedPhotoUrl(value, sources) ? value : '';
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
