// The worker loads the library by URL; serve our own copy so compression never depends on a CDN
// (the CSP would block one anyway).
import compressionLibraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

/** docs/product.md#constants-and-limits: photos are compressed at quality 0.4 in a web worker, always to JPEG to match the upload paths. */
export async function compressPhoto(file: File, maxWidthOrHeight: number): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    initialQuality: 0.4,
    maxWidthOrHeight,
    useWebWorker: true,
    fileType: 'image/jpeg',
    libURL: new URL(compressionLibraryUrl, window.location.href).href,
  });
}
