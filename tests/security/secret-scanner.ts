import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface SecretPattern {
  what: string;
  pattern: RegExp;
}

const SECRET_PATTERNS: SecretPattern[] = [
  { what: 'a PEM block (private key or certificate)', pattern: /-----BEGIN [A-Z ]*-----/g },
  {
    what: 'a service-account JSON field',
    pattern: /"(private_key|private_key_id|client_x509_cert_url)"\s*:/g,
  },
  { what: 'a service-account JSON type marker', pattern: /"type"\s*:\s*"service_account"/g },
  {
    what: 'a service-account e-mail',
    pattern: /[a-z0-9-]+@[a-z0-9-]+\.iam\.gserviceaccount\.com/g,
  },
  { what: 'a Google API key (such as GEMINI_API_KEY)', pattern: /AIza[0-9A-Za-z_-]{35}/g },
];

export interface SecretScanOptions {
  /** Matches that are public by design (the Firebase web API key of the build's config). */
  allowed: ReadonlySet<string>;
  /** Values of server-side secrets that must never appear, whatever their shape. */
  forbiddenValues: readonly string[];
}

/** Every secret-looking string in `text`, as "what (excerpt…)". */
export function findSecrets(
  text: string,
  { allowed, forbiddenValues }: SecretScanOptions,
): string[] {
  const findings: string[] = [];
  for (const { what, pattern } of SECRET_PATTERNS) {
    for (const [match] of text.matchAll(pattern)) {
      if (!allowed.has(match)) findings.push(`${what} (${match.slice(0, 12)}…)`);
    }
  }
  for (const value of forbiddenValues) {
    if (text.includes(value))
      findings.push('the value of a server-side secret environment variable');
  }
  return findings;
}

/** Values of KEY=value lines in the Vite env files a build may have read. */
export function envFileValues(repoRoot: string, key: string): string[] {
  const line = new RegExp(`^\\s*${key}\\s*=\\s*['"]?([^'"#\\s]+)`);
  return ['.env', '.env.local', '.env.production', '.env.production.local']
    .map((file) => join(repoRoot, file))
    .filter(existsSync)
    .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
    .map((text) => line.exec(text)?.[1])
    .filter((value): value is string => Boolean(value));
}
