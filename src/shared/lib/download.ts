export const MIN_DOWNLOAD_BYTES = 150;
export const MIN_PROFORMA_BYTES = 300;

/**
 * Saves a blob as a file through a temporary object URL. Returns false (and saves nothing) when the blob is
 * smaller than the minimum size: such answers are error bodies, not documents (DECISIONS "Downloads").
 */
export function saveBlob(blob: Blob, fileName: string, minimumBytes = MIN_DOWNLOAD_BYTES): boolean {
  if (blob.size < minimumBytes) return false;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return true;
}

export function saveText(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName, 0);
}
