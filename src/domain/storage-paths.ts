/** Cloud Storage object paths (docs/architecture.md, "Data model and access"); storage.rules guards them. */
export const storagePaths = {
  avatar: (uid: string) => `Challenge/${uid}/profile/avtar.jpg`,
  mealProof: (uid: string, challengeId: string, day: number, meal: string) =>
    `Challenge/${uid}/${challengeId}/Day${day}-${meal}.jpg`,
} as const;
