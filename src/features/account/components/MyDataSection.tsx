import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { describeApiError } from '@/shared/api/apiErrors';
import { formatMadridTime } from '@/shared/lib/madridClock';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { useDataArchiveStateQuery, useDownloadDataArchiveMutation } from '../accountApi';
import {
  MY_DATA_DOWNLOAD,
  MY_DATA_FAILED,
  MY_DATA_INTRO,
  MY_DATA_PREPARING,
  MY_DATA_READY,
  MY_DATA_SAVED,
  MY_DATA_TITLE,
  MY_DATA_WORKING,
} from '../accountMessages';

/** The server's own Spanish text of a refusal (409: one archive already in preparation), else the generic one. */
function refusalText(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : describeApiError(error as FetchBaseQueryError);
}

/**
 * Mi cuenta's "Mis datos" (issue 28): one button downloads everything the portal holds. A small account's archive
 * is saved at once; a large one is prepared in the background and e-mailed, and this section says so (also
 * when the page is opened again later).
 */
export function MyDataSection() {
  const state = useDataArchiveStateQuery();
  const [download, downloading] = useDownloadDataArchiveMutation();
  const outcome = downloading.data;
  const archive = state.data;

  return (
    <section
      id="mis-datos"
      className="my-data"
      aria-labelledby="my-data-title"
      aria-busy={downloading.isLoading}
    >
      <h2 id="my-data-title">{MY_DATA_TITLE}</h2>
      <p className="my-data__intro">{MY_DATA_INTRO}</p>
      <Button onClick={() => void download()} disabled={downloading.isLoading}>
        {MY_DATA_DOWNLOAD}
      </Button>
      {downloading.isLoading && <p role="status">{MY_DATA_WORKING}</p>}
      {downloading.isError && <Notification kind="error">{refusalText(downloading.error)}</Notification>}
      {outcome && 'saved' in outcome && (
        <Notification kind="success">{MY_DATA_SAVED(outcome.saved)}</Notification>
      )}
      {outcome && 'preparing' in outcome && <Notification kind="info">{outcome.preparing}</Notification>}
      {!outcome && archive?.estado === 'preparando' && (
        <Notification kind="info">{MY_DATA_PREPARING}</Notification>
      )}
      {archive?.estado === 'listo' && archive.caduca && (
        <Notification kind="info">{MY_DATA_READY(formatMadridTime(Date.parse(archive.caduca)))}</Notification>
      )}
      {archive?.estado === 'error' && !outcome && <Notification kind="error">{MY_DATA_FAILED}</Notification>}
    </section>
  );
}
