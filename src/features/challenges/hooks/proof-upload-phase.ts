/** Where one meal's proof upload stands (use-proof-upload.ts), as its row shows it. */
export type ProofUploadPhase =
  | { kind: 'idle' }
  | { kind: 'compressing' }
  /** Kept on this device (with its claim sent when possible) until the network lets it upload. */
  | { kind: 'waiting' }
  | { kind: 'uploading'; paused: boolean; percent: number }
  | { kind: 'saving' }
  /** The server recorded the proof; `flagged` when it waits for an admin before it earns points. */
  | { kind: 'recorded'; flagged: boolean }
  /**
   * The upload failed: why (src/lib/error-messages.ts), and whether the same photo may be sent again;
   * `refused` when the server refused the stored photo (not a picture), saying why.
   */
  | { kind: 'failed'; reason: string; retryable: boolean; refused?: boolean };
