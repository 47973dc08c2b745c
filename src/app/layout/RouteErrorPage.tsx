import { ErrorPanel } from '../ErrorBoundary';

/** Shown by the router when a route fails outside the layout (for example a chunk that cannot load). */
export function RouteErrorPage() {
  return (
    <main id="contenido" className="shell__main">
      <ErrorPanel />
    </main>
  );
}
