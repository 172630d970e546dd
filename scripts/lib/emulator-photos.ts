/**
 * Photos stored straight into the local Storage emulator, as the owner (rules bypassed): the demo
 * data's avatars and proofs (demo-seed.ts) and the e2e's arranged proofs (e2e/progress.spec.ts).
 */

/** Uploads a PNG to `path`; returns its tokened download URL, as getDownloadURL would. */
export async function uploadPhoto(
  storageHost: string,
  bucket: string,
  path: string,
  png: Buffer,
): Promise<string> {
  const boundary = `photo${Date.now()}`;
  const metadata = JSON.stringify({ name: path, contentType: 'image/png' });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadata}\r\n--${boundary}\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  const base = `http://${storageHost}/v0/b/${encodeURIComponent(bucket)}/o`;
  const response = await fetch(`${base}?name=${encodeURIComponent(path)}`, {
    method: 'POST',
    headers: {
      Authorization: 'Firebase owner',
      'X-Goog-Upload-Protocol': 'multipart',
      'Content-Type': `multipart/related; boundary=${boundary}`,
    },
    body,
  });
  if (response.status !== 200)
    throw new Error(`Upload of ${path} failed: ${response.status} ${await response.text()}`);
  const { downloadTokens } = (await response.json()) as { downloadTokens: string };
  return `${base}/${encodeURIComponent(path)}?alt=media&token=${downloadTokens.split(',')[0]}`;
}

/**
 * Gives a stored photo the time it was "taken" (the Node Storage emulator's
 * /internal/setTimeCreated, emulators/storage/README.md). Proof checks accept a photo only when it
 * was stored inside its meal's window (functions/src/proofs/proof-verification.ts), so a proof of a past
 * meal needs it. False when the emulator has no such endpoint (firebase-tools' own).
 */
export async function setPhotoTimeCreated(
  storageHost: string,
  bucket: string,
  path: string,
  at: number,
): Promise<boolean> {
  const response = await fetch(`http://${storageHost}/internal/setTimeCreated`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bucket, name: path, timeCreated: new Date(at).toISOString() }),
  });
  if (response.ok) return true;
  const text = await response.text();
  if (response.status === 404 && !text.includes(path)) return false;
  throw new Error(`Dating ${path} failed: ${response.status} ${text}`);
}
