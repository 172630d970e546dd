/**
 * The audited group challenge page with a full board: the demo group (scripts/lib/demo-seed.ts, demoGroup)
 * filled up to GROUP_MEMBER_LIMIT members through the real API, as members join: each a signed-up member
 * with a complete profile and an avatar in Storage, joining with the owner's invite token (their own plan,
 * board row and the feed's summary written by the server). The joiners have proved nothing yet (the demo's
 * own members have); the owner's page then reads a 50-row board with 50 avatars.
 */
import { GROUP_MEMBER_LIMIT } from '@domain/challenges/challenge-board';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import type { InviteRecord } from '@domain/challenges/group-records';
import { storagePaths } from '@domain/data/storage-paths';
import { demoGroup, demoMembers } from '../lib/demo-seed';
import { uploadPhoto } from '../lib/emulator-photos';
import { identiconPng } from '../lib/identicon-png';
import type { StackPorts } from '../lib/stack';
import { signUpMembers, writeProfiles } from './generate-latency';
import { BENCH_PROJECT_ID } from './served-app';

const TIME_ZONE = 'Asia/Kolkata';

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: 'Bearer owner' },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Fills the demo group to GROUP_MEMBER_LIMIT members; returns how many joined. */
export async function fillDemoGroup({
  ports,
  databaseUrl,
  log,
}: {
  ports: StackPorts;
  databaseUrl: (path: string) => string;
  log: (line: string) => void;
}): Promise<number> {
  const owner = demoMembers.find((member) => member.email === demoGroup.owner)!;
  const feed = await readJson<Record<string, FeedEntry>>(databaseUrl('feed'));
  const found = Object.entries(feed).find(
    ([, entry]) => entry.displayName === owner.name && entry.title === demoGroup.challenge.title,
  );
  if (!found) throw new Error(`The demo group "${demoGroup.challenge.title}" is not in feed/`);
  const [challengeId, { uid: ownerId }] = found;
  const invite = await readJson<InviteRecord | null>(
    databaseUrl(`users/${ownerId}/challenges/${challengeId}/invite`),
  );
  if (!invite?.open) throw new Error('The demo group has no open invite');
  const count =
    (await readJson<number | null>(databaseUrl(`groups/${challengeId}/memberCount`))) ?? 1;
  const missing = GROUP_MEMBER_LIMIT - count;
  if (missing <= 0) return 0;

  log(`filling the demo group to ${GROUP_MEMBER_LIMIT} members (${missing} joins through the API)`);
  const members = await signUpMembers(`127.0.0.1:${ports.auth}`, missing);
  const namespace = `${BENCH_PROJECT_ID}-default-rtdb`;
  await writeProfiles(ports.database, members, namespace);
  const bucket = `${BENCH_PROJECT_ID}.appspot.com`;
  const photos: Record<string, string> = {};
  for (const [index, member] of members.entries()) {
    photos[`users/${member.uid}/info/photoURL`] = await uploadPhoto(
      `127.0.0.1:${ports.storage}`,
      bucket,
      storagePaths.avatar(member.uid),
      identiconPng(`group-member-${index}`),
    );
  }
  const patch = await fetch(`http://127.0.0.1:${ports.database}/.json?ns=${namespace}`, {
    method: 'PATCH',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify(photos),
    signal: AbortSignal.timeout(60_000),
  });
  if (!patch.ok) throw new Error(`Writing avatars: ${patch.status} ${await patch.text()}`);

  const api = `http://127.0.0.1:${ports.functions}/${BENCH_PROJECT_ID}/us-central1/api`;
  for (const member of members) {
    const response = await fetch(`${api}/api/challenges/${challengeId}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.idToken}` },
      body: JSON.stringify({ token: invite.token, timezone: TIME_ZONE }),
      signal: AbortSignal.timeout(60_000),
    });
    if (response.status !== 201)
      throw new Error(`Joining the demo group: ${response.status} ${await response.text()}`);
  }
  return missing;
}
