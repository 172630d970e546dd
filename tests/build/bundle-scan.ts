/** What a production bundle must not contain, found in its files' text. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function bundleText(dir: string): string {
  return filesUnder(dir)
    .filter((file) => /\.(js|html|css|json|webmanifest)$/.test(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

const unique = (matches: Iterable<RegExpMatchArray>) => [...new Set([...matches].map((m) => m[0]))];

/**
 * Traces of the emulator wiring: the emulators mode's variables, the services'
 * `http://${emulators.host}:…` URLs, and the Auth SDK's warning, which is
 * bundled only when the app can call connectAuthEmulator.
 */
export function emulatorWiring(text: string): string[] {
  return unique(
    text.matchAll(
      /VITE_(USE_EMULATORS|EMULATOR_HOST|\w+_EMULATOR_PORT)|http:\/\/\$\{\w+\.host\}|You are using the Auth Emulator/g,
    ),
  );
}

/**
 * `demo-` ids (the emulators' projects and key). The Firebase SDK's own
 * fallback for emulator mock tokens, "demo-project", is its code, not our config.
 */
export function demoIds(text: string): string[] {
  return unique(text.matchAll(/\bdemo-[\w-]+/g)).filter((id) => id !== 'demo-project');
}

/**
 * URLs of this machine's servers. A bare `http://localhost` is left alone: React
 * Router and Firebase Auth use it as a base for parsing relative URLs, never fetch it.
 */
export function localUrls(text: string): string[] {
  return unique(
    text.matchAll(/\b(?:https?|wss?):\/\/(?:127\.0\.0\.1|\[::1\]|localhost:\d+)[^\s"'`]*/g),
  );
}
