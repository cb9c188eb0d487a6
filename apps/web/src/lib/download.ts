import { ApiError } from './api-client.ts';

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` first, then
 * `filename="…"`), else `fallback`.
 */
export function fileNameOf(header: string | null, fallback: string): string {
  const text = header ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(text);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(text);
  return plain?.[1] ?? fallback;
}

/**
 * Saves a download answer as a file in the browser, named by its `content-disposition` (else
 * `fallback`). The body is read as it arrives; `onProgress` hears the bytes received so far
 * (a streamed export has no length to compare them with).
 * @throws ApiError when the answer is not 2xx
 */
export async function saveDownload(
  response: Response,
  fallback: string,
  onProgress?: (bytes: number) => void,
): Promise<void> {
  if (!response.ok) throw new ApiError(`Export failed: ${response.status}`, response.status);
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      onProgress?.(bytes);
    }
  }
  const blob = new Blob(parts as BlobPart[], {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response.headers.get('content-disposition'), fallback);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
