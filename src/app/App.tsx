import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '@/shared/ui/Spinner';
import { ErrorBoundary } from './ErrorBoundary';
import type { AppStore } from './store';
import './styles/app.css';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <ErrorBoundary>
      <Provider store={store}>
        <PersistGate persistor={store.persistor} loading={<Spinner />}>
          <RouterProvider router={router} />
        </PersistGate>
      </Provider>
    </ErrorBoundary>
  );
}
