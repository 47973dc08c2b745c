import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { createAppRouter, loadPageOf } from '@/app/router';
import { makeStore } from '@/app/store';
import { ConfigErrorPage } from '@/app/layout/ConfigErrorPage';
import { installRuntimeConfig } from '@/shared/config/runtimeConfig';
import { loginPathFor } from '@/shared/config/routes';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');
const root = createRoot(container);

function start() {
  const router = createAppRouter();
  const store = makeStore(undefined, {
    sessionEffects: {
      goToLogin: () => void router.navigate(loginPathFor(router.state.location.pathname), { replace: true }),
      reload: () => window.location.reload(),
    },
  });
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}

function fail(error: unknown) {
  console.error(error);
  root.render(<ConfigErrorPage detail={error instanceof Error ? error.message : String(error)} />);
}

// The page normally carries the configuration: then the first render starts at once, without a fetch.
try {
  const installed = installRuntimeConfig();
  // The page's chunk is preloaded by the server; waiting for it lets the first frame show the page itself.
  const page = loadPageOf(window.location.pathname).catch(() => undefined);
  if (installed instanceof Promise) Promise.all([installed, page]).then(start, fail);
  else void page.then(start);
} catch (error) {
  fail(error);
}
