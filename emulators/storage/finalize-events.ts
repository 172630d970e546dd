/**
 * Storage triggers in the local stack: when an object is finalized (a new object or a new generation
 * of one), posts the CloudEvent Cloud Storage sends (`google.cloud.storage.object.v1.finalized`, its
 * data the GCS JSON object resource) to firebase-tools' Functions emulator, whose multicast endpoint
 * runs every function registered for that event and bucket. The body is the one firebase-tools' own
 * storage emulator posts (firebase-tools/lib/emulator/storage/cloudFunctions.js). Delivery is
 * asynchronous, as in production: the upload is answered first and a failed post is only logged.
 */
import { randomUUID } from 'node:crypto';
import { gcsResource } from './object-resources';
import type { ObjectMetadata } from './store';

export interface FunctionsEventTarget {
  /** The Functions emulator, e.g. http://127.0.0.1:5001. */
  functionsOrigin: string;
  projectId: string;
}

export const FINALIZED_EVENT_TYPE = 'google.cloud.storage.object.v1.finalized';

/** The CloudEvent of a finalized object, `selfOrigin` the emulator's own URL for its links. */
export function finalizedCloudEvent(meta: ObjectMetadata, selfOrigin: string) {
  return {
    specversion: '1.0',
    id: randomUUID(),
    type: FINALIZED_EVENT_TYPE,
    source: `//storage.googleapis.com/projects/_/buckets/${meta.bucket}`,
    subject: `objects/${meta.name}`,
    bucket: meta.bucket,
    time: meta.updated,
    datacontenttype: 'application/json',
    data: gcsResource(meta, selfOrigin),
  };
}

export class FinalizeEvents {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly target: FunctionsEventTarget,
    private readonly selfOrigin: () => string,
    private readonly log: (line: string) => void,
  ) {}

  get url(): string {
    const origin = this.target.functionsOrigin.replace(/\/+$/, '');
    return `${origin}/functions/projects/${encodeURIComponent(this.target.projectId)}/trigger_multicast`;
  }

  /** Sends the event without waiting for it; the caller has already answered the upload. */
  finalized(meta: ObjectMetadata): void {
    const event = finalizedCloudEvent(meta, this.selfOrigin());
    const sent = fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/cloudevents+json; charset=UTF-8' },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok)
          this.log(`storage: finalize event for ${meta.name} answered ${response.status}`);
      })
      .catch((err: unknown) =>
        this.log(
          `storage: finalize event for ${meta.name} not delivered: ${(err as Error).message}`,
        ),
      )
      .finally(() => this.pending.delete(sent));
    this.pending.add(sent);
  }

  /** Waits for the events on their way (on close). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
