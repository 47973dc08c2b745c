export const MIN_DOWNLOAD_BYTES = 150;
export const MIN_PROFORMA_BYTES = 300;

const ARCHIVE_EXTENSIONS: Record<string, string> = {
  'application/vnd.rar': 'rar',
  'application/x-rar-compressed': 'rar',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
};

/**
 * An archive is named by what the server answered (DECISIONS "Archive file names"): the production backend may
 * send a RAR where the reference server sends a ZIP, and a name that lies about its format does not open
 * everywhere. Other files, and answers of an unknown type, keep the documented name.
 */
export function archiveFileName(fileName: string, contentType: string | null | undefined): string {
  const extension = ARCHIVE_EXTENSIONS[(contentType ?? '').split(';')[0].trim().toLowerCase()];
  return extension ? fileName.replace(/\.(zip|rar)$/i, `.${extension}`) : fileName;
}

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
