// The worker loads the library by URL; serve our own copy so compression never depends on a CDN.
import compressionLibraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

/** DESIGN §4: quality 0.4, at most 1600 px, in a web worker; always JPEG to match the proof path. */
export async function compressProofPhoto(file: File): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    initialQuality: 0.4,
    maxWidthOrHeight: 1600,
    useWebWorker: true,
    fileType: 'image/jpeg',
    libURL: new URL(compressionLibraryUrl, window.location.href).href,
  });
}
