import { useEffect, useState } from 'react';
import { ApiError } from '@/services/api-client';
import { memberIdToken } from '@/services/saved-session';

/** Which photo of a flagged proof: its own, or the earlier proof it matches. */
export type ProofPhotoKind = 'flagged' | 'earlier';

const ROUTE_OF: Record<ProofPhotoKind, string> = { flagged: 'photo', earlier: 'earlier-photo' };

/**
 * A flagged proof's photo as the API streams it to an admin (GET /api/admin/proofs/:key/photo or
 * /earlier-photo): the API checks the admin's record on every view, so photos reach only current admins
 * (docs/security.md, "Admins"). null when the photo is gone (404).
 */
export async function fetchProofPhoto(key: string, kind: ProofPhotoKind): Promise<Blob | null> {
  const token = await memberIdToken();
  const response = await fetch(
    `/api/admin/proofs/${encodeURIComponent(key)}/${ROUTE_OF[kind]}`,
    token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  );
  if (response.status === 404) return null;
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, payload.error ?? `Request failed (${response.status})`);
  }
  return response.blob();
}

/** The photo's state on screen: an object URL while shown, released when the proof leaves the screen. */
export type ProofPhoto =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'gone' }
  | { status: 'error'; error: Error };

export function useProofPhoto(key: string, kind: ProofPhotoKind): ProofPhoto {
  const [photo, setPhoto] = useState<{ key: string; shown: ProofPhoto } | null>(null);
  useEffect(() => {
    let current = true;
    let url: string | undefined;
    fetchProofPhoto(key, kind).then(
      (blob) => {
        if (!current) return;
        if (!blob) return setPhoto({ key, shown: { status: 'gone' } });
        url = URL.createObjectURL(blob);
        setPhoto({ key, shown: { status: 'ready', url } });
      },
      (error: unknown) =>
        current &&
        setPhoto({
          key,
          shown: {
            status: 'error',
            error: error instanceof Error ? error : new Error(String(error)),
          },
        }),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, kind]);
  return photo?.key === key ? photo.shown : { status: 'loading' };
}
