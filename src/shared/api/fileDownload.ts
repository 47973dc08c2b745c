import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { archiveFileName, MIN_DOWNLOAD_BYTES, saveBlob } from '@/shared/lib/download';
import type { OvArgs } from './baseQuery';

/** A file answer under the minimum size is an error body, not a document (DECISIONS "Downloads"). */
export const FILE_TOO_SMALL_ERROR: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: 'TOO_SMALL' };

/** Files as Blobs; error answers as JSON when they are JSON, so their message fields can be shown. */
export async function blobOrErrorBody(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface SavedFile {
  fileName: string;
}

type FileBaseQuery = (
  args: OvArgs,
) =>
  | PromiseLike<{ data?: unknown; error?: FetchBaseQueryError }>
  | { data?: unknown; error?: FetchBaseQueryError };

/**
 * Fetches a file through the session's baseQuery and saves it in the same step, for an endpoint's queryFn: a
 * Blob is not serialisable, so it never enters the store; the store learns only the saved file's name.
 */
export async function fetchAndSaveFile(
  baseQuery: FileBaseQuery,
  request: OvArgs,
  fileName: string,
  minimumBytes = MIN_DOWNLOAD_BYTES,
): Promise<{ data: SavedFile } | { error: FetchBaseQueryError }> {
  const result = await baseQuery({ ...request, responseHandler: blobOrErrorBody });
  if (result.error) return { error: result.error };
  const blob = result.data as Blob | null | undefined;
  // A 204 answers no body at all: the same failure as a file too small to be one.
  if (typeof blob?.size !== 'number') return { error: FILE_TOO_SMALL_ERROR };
  const savedName = archiveFileName(fileName, blob.type);
  return saveBlob(blob, savedName, minimumBytes)
    ? { data: { fileName: savedName } }
    : { error: FILE_TOO_SMALL_ERROR };
}
