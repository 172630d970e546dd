import type firebase from 'firebase/compat/app';
import type { RulesTestContext } from '@firebase/rules-unit-testing';
import type { OwnerAccess } from './rules-harness';
import type { MatrixFixture } from './rules-matrix';

export type Storage = firebase.storage.Storage;

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/** The objects in the bucket before one test, by full path. */
export interface StorageWorld {
  objects: Record<string, StoredObject>;
}

export const KB = 1024;
export const MB = 1024 * KB;

/** Bytes that start like a JPEG file; the rules look at the declared type and size only. */
export function imageBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0].slice(0, size));
  return bytes;
}

export const SVG_BYTES = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
);

export function buildStorageWorld(objects: Record<string, StoredObject>): StorageWorld {
  return { objects: { ...objects } };
}

export function storageFixture(
  initial: Record<string, StoredObject>,
): MatrixFixture<StorageWorld, Storage> {
  return {
    buildWorld: () => buildStorageWorld(initial),
    seed: async (owner: OwnerAccess, world: StorageWorld) => {
      for (const [path, object] of Object.entries(world.objects)) {
        await owner.storage.ref(path).put(object.bytes, { contentType: object.contentType });
      }
    },
    client: (context: RulesTestContext) => context.storage(),
  };
}
