import '../styles/app.css';

export const CONFIG_ERROR_TITLE = 'La Oficina Virtual no está disponible';
export const CONFIG_ERROR_TEXT =
  'No se ha podido cargar la configuración de la aplicación. Por favor, inténtelo de nuevo más tarde.';

/** Shown instead of the app when config.json is missing or invalid: never a blank page. */
export function ConfigErrorPage({ detail }: { detail: string }) {
  return (
    <main className="page" role="alert">
      <h1 className="page__title">{CONFIG_ERROR_TITLE}</h1>
      <p>{CONFIG_ERROR_TEXT}</p>
      <p className="config-error__detail">Detalle técnico: {detail}</p>
    </main>
  );
}
