/**
 * A file's bytes as base64 (no `data:` prefix), for the JSON bodies of the uploads (bank
 * statements, decision 0149; Worldline settlement reports, decision 0151).
 * @throws the FileReader's error when the file cannot be read
 */
export function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
