/** What the request handlers of the storage emulator share. */
import type { FinalizeEvents } from './finalize-events';
import type { UploadSession } from './upload-session';
import type { StorageRuleset } from './rules/engine';
import type { ObjectStore } from './store';

export interface StorageContext {
  readonly store: ObjectStore;
  /** The rules in force; replaced when the rules file changes or through /internal/setRules. */
  ruleset: StorageRuleset | null;
  /** Resumable uploads in progress, by upload id. */
  readonly uploads: Map<string, UploadSession>;
  /** Total bytes all stored objects may use, if limited. */
  readonly quotaBytes: number | undefined;
  /** Where finalized objects are announced (Storage triggers), when a Functions emulator is set. */
  readonly finalizeEvents: FinalizeEvents | null;
  log(line: string): void;
}
