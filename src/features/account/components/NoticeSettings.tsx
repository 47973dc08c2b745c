import { useState } from 'react';
import { Button } from '@/shared/ui/Button';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { Notification } from '@/shared/ui/Notification';
import { RETRY } from '@/shared/ui/pageMessages';
import type { NotificationKind, NotificationPreferences } from '@contract/account';
import { useNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } from '../accountApi';
import {
  NOTICE_LABELS,
  NOTICES_INTRO,
  NOTICES_LOAD_FAILED,
  NOTICES_LOADING,
  NOTICES_SAVE_FAILED,
  NOTICES_SAVED,
  NOTICES_SAVING,
  NOTICES_TITLE,
} from '../accountMessages';

/** One switch per kind, in the catalogue's order (the catalogue has every kind of the contract: tsc checks). */
const NOTICE_KINDS = Object.keys(NOTICE_LABELS) as NotificationKind[];

/**
 * Mi cuenta's "Avisos por correo": one switch per kind of e-mail, each change saved on the server at once. The
 * switches show what the server stored; a failed save says so and offers to send the same choice again.
 */
export function NoticeSettings() {
  const preferences = useNotificationPreferencesQuery();
  const [save, saving] = useSaveNotificationPreferencesMutation();
  const [failed, setFailed] = useState<NotificationPreferences | null>(null);
  const [saved, setSaved] = useState(0);

  const send = async (wanted: NotificationPreferences) => {
    setFailed(null);
    const result = await save(wanted);
    if ('error' in result) setFailed(wanted);
    else setSaved((count) => count + 1);
  };

  const shown = saving.isLoading && saving.originalArgs ? saving.originalArgs : preferences.data;
  return (
    <section
      className="notice-settings"
      id="avisos-por-correo"
      aria-labelledby="notice-settings-title"
      aria-busy={preferences.isLoading || saving.isLoading}
    >
      <h2 id="notice-settings-title">{NOTICES_TITLE}</h2>
      <p className="notice-settings__intro">{NOTICES_INTRO}</p>
      {preferences.isLoading && <p>{NOTICES_LOADING}</p>}
      {preferences.isError && !preferences.data && (
        <ErrorWithRetry onRetry={() => void preferences.refetch()}>{NOTICES_LOAD_FAILED}</ErrorWithRetry>
      )}
      {shown && (
        <ul className="notice-settings__list">
          {NOTICE_KINDS.map((kind) => (
            <li key={kind} className="notice-settings__item">
              <input
                type="checkbox"
                role="switch"
                id={`notice-${kind}`}
                className="notice-settings__switch"
                checked={shown[kind]}
                aria-describedby={`notice-${kind}-hint`}
                disabled={saving.isLoading}
                onChange={(event) => void send({ ...shown, [kind]: event.target.checked })}
              />
              <span>
                <label htmlFor={`notice-${kind}`}>{NOTICE_LABELS[kind].label}</label>
                <span id={`notice-${kind}-hint`} className="notice-settings__hint">
                  {NOTICE_LABELS[kind].hint}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {saving.isLoading && <p role="status">{NOTICES_SAVING}</p>}
      {failed && (
        <div className="error-with-retry">
          <Notification kind="error">{NOTICES_SAVE_FAILED}</Notification>
          <Button variant="secondary" onClick={() => void send(failed)}>
            {RETRY}
          </Button>
        </div>
      )}
      {!failed && !saving.isLoading && saved > 0 && (
        <Notification kind="success" key={saved}>
          {NOTICES_SAVED}
        </Notification>
      )}
    </section>
  );
}
