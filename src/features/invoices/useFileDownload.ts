import { useCallback, useState } from 'react';
import { MIN_DOWNLOAD_BYTES } from '@/shared/lib/download';
import { useSaveInvoiceFileMutation, type FileRequest } from './invoicesApi';

export interface FileDownload {
  request: FileRequest;
  fileName: string;
  /** The catalogue text shown when the call fails or the file is too small (spec 02 §8). */
  failureMessage: string;
  minimumBytes?: number;
}

/**
 * Runs one file call and saves the answer. A failed call, an empty (204) answer or a file under the minimum
 * size (150 bytes, 300 for proformas) shows the documented failure text instead.
 */
export function useFileDownload() {
  const [saveFile] = useSaveInvoiceFileMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const download = useCallback(
    async ({ request, fileName, failureMessage, minimumBytes = MIN_DOWNLOAD_BYTES }: FileDownload) => {
      setFailure(null);
      setPending(true);
      const call = saveFile({ ...request, fileName, minimumBytes });
      try {
        const { saved } = await call.unwrap();
        if (!saved) setFailure(failureMessage);
      } catch {
        setFailure(failureMessage);
      } finally {
        call.reset();
        setPending(false);
      }
    },
    [saveFile],
  );

  return { download, failure, pending };
}
