/** A member a public record names: their uid, the name it carries, and what tells them apart from namesakes. */
export interface NamedMember {
  uid: string;
  displayName: string;
  photoURL?: string;
  /** A line that tells namesakes apart (their latest challenge, their points). */
  detail?: string;
}

/** Names compared as a reader types them: any letter case, outer spaces ignored, one Unicode form. */
const comparable = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase();

/**
 * The members `candidates` name `name`, one entry per uid (the first record of a member wins: list the most
 * current sources first). Profile addresses without a uid (`/profile/{displayName}`, docs/product.md) resolve
 * when this is exactly one member.
 */
export function membersNamed(name: string, candidates: Iterable<NamedMember>): NamedMember[] {
  const wanted = comparable(name);
  if (!wanted) return [];
  const found = new Map<string, NamedMember>();
  for (const candidate of candidates) {
    if (!candidate.uid || found.has(candidate.uid)) continue;
    if (comparable(candidate.displayName ?? '') === wanted) found.set(candidate.uid, candidate);
  }
  return [...found.values()];
}
