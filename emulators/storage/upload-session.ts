/** A resumable upload in progress (resumable-uploads.ts), in a module of its own so the shared context can name it. */
import type { Principal } from '../common/auth-token';
import type { BlobWriter } from './blobs';
import type { WritableMetadata } from './object-metadata';
import type { Api } from './object-resources';

export interface UploadSession {
  id: string;
  api: Api;
  bucket: string;
  name: string;
  metadata: WritableMetadata;
  declaredSize: number | null;
  declaredContentType: string | undefined;
  principal: Principal;
  writer: BlobWriter;
  status: 'active' | 'final' | 'cancelled';
  finalResponse?: { status: number; body: unknown };
  /** Sequence number of the request currently allowed to write (newer requests supersede). */
  writerTurn: number;
  turns: number;
  lock: Promise<unknown>;
  touched: number;
}
