import '../styles/app.css';

import { CONFIG_ERROR_TEXT, CONFIG_ERROR_TITLE, technicalDetail } from './layoutMessages';

/** Shown instead of the app when config.json is missing or invalid: never a blank page. */
export function ConfigErrorPage({ detail }: { detail: string }) {
  return (
    <main className="page" role="alert">
      <h1 className="page__title">{CONFIG_ERROR_TITLE}</h1>
      <p>{CONFIG_ERROR_TEXT}</p>
      <p className="config-error__detail">{technicalDetail(detail)}</p>
    </main>
  );
}
