/** A blob as a data: URL (off the main thread's JavaScript: the browser encodes it). */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the saved copy could not be read'));
    reader.readAsDataURL(blob);
  });
}
