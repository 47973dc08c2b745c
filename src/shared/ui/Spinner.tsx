import './spinner.css';

export const LOADING_TEXT = 'Cargando…';

export function Spinner({ label = LOADING_TEXT }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
