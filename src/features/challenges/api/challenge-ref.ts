/** Which challenge an owner action applies to (ids come from the storage path, SPEC §3). */
export interface ChallengeRef {
  ownerId: string;
  challengeId: string;
  title: string;
}
