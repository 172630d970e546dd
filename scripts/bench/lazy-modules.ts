/**
 * Code that must never be in the home route's initial JS (docs/architecture.md#budgets-and-quality): found
 * in built chunks by a string only that code carries (minifiers keep string
 * literals), or, for our own admin screen, by the chunk Vite names after it.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ChunkSize } from './initial-js';

export interface LazyModule {
  name: string;
  /** Whether a built chunk holds this module's code. */
  isIn(file: string, content: string): boolean;
}

const byString = (name: string, marker: string): LazyModule => ({
  name,
  isIn: (_file, content) => content.includes(marker),
});

export const mustBeLazy: LazyModule[] = [
  byString('Firebase Storage SDK', 'firebasestorage.googleapis.com'),
  byString('browser-image-compression', 'The file given is not an instance of Blob or File'),
  byString('sweetalert2', 'swal2-container'),
  {
    // A separate admin-page chunk exists only while the route imports it lazily.
    name: 'admin screen (src/features/admin)',
    isIn: (file) => basename(file).startsWith('admin-page-'),
  },
];

export interface LazyModuleReport {
  name: string;
  /** Initial chunks holding it: must be empty. */
  initialChunks: string[];
  /** Lazy chunks holding it: empty means the marker is stale (or the code is gone). */
  lazyChunks: string[];
}

export function locateLazyModules(
  distDir: string,
  chunks: ChunkSize[],
  initial: ChunkSize[],
): LazyModuleReport[] {
  const initialFiles = new Set(initial.map((chunk) => chunk.file));
  const contents = chunks.map((chunk) => ({
    file: chunk.file,
    content: readFileSync(join(distDir, chunk.file), 'utf8'),
  }));
  return mustBeLazy.map((module) => {
    const holders = contents
      .filter(({ file, content }) => module.isIn(file, content))
      .map(({ file }) => file);
    return {
      name: module.name,
      initialChunks: holders.filter((file) => initialFiles.has(file)),
      lazyChunks: holders.filter((file) => !initialFiles.has(file)),
    };
  });
}
