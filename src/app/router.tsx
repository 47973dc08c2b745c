import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import {
  NOT_FOUND_TITLE,
  routes,
  type GuardKind,
  type RouteHandle,
  type RouteId,
} from '@/shared/config/routes';
import { AdminOnly, GuestOnly, RequireAuth, StaffOnly } from '@/features/auth/guards';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './layout/NotFoundPage';
import { RouteErrorPage } from './layout/RouteErrorPage';

/**
 * Every page is its own chunk, so moment and Highcharts load only with the routes that use them. Each chunk is
 * named after its route: webpack lists them by path (route-chunks.json) and the server preloads the current one.
 */
const loaders: Record<RouteId, () => Promise<PageModule>> = {
  home: () => import(/* webpackChunkName: "home" */ '@/features/contracts/HomePage'),
  login: () => import(/* webpackChunkName: "login" */ '@/features/auth/LoginPage'),
  invoices: () => import(/* webpackChunkName: "invoices" */ '@/features/invoices/InvoicesPage'),
  allInvoices: () => import(/* webpackChunkName: "allInvoices" */ '@/features/invoices/AllInvoicesPage'),
  allInvoicesGas: () =>
    import(/* webpackChunkName: "allInvoicesGas" */ '@/features/invoices/AllInvoicesGasPage'),
  adminHome: () => import(/* webpackChunkName: "adminHome" */ '@/features/invoices/AdminInvoicesPage'),
  telemetry: () => import(/* webpackChunkName: "telemetry" */ '@/features/telemetry/TelemetryPage'),
  certificate: () => import(/* webpackChunkName: "certificate" */ '@/features/certificate/CertificatePage'),
  loadCurve: () => import(/* webpackChunkName: "loadCurve" */ '@/features/loadCurve/LoadCurvePage'),
  issues: () => import(/* webpackChunkName: "issues" */ '@/features/issues/IssuesPage'),
  issueDetail: () => import(/* webpackChunkName: "issueDetail" */ '@/features/issues/IssueDetailPage'),
  newIssue: () => import(/* webpackChunkName: "newIssue" */ '@/features/issues/NewIssuePage'),
  userAdmin: () => import(/* webpackChunkName: "userAdmin" */ './UserAdminRoute'),
  readingInput: () => import(/* webpackChunkName: "readingInput" */ '@/features/readings/ReadingInputPage'),
  signup: () => import(/* webpackChunkName: "signup" */ '@/features/account/SignupPage'),
  userValidationRequest: () =>
    import(/* webpackChunkName: "userValidationRequest" */ '@/features/account/UserValidationRequestPage'),
  userValidation: () =>
    import(/* webpackChunkName: "userValidation" */ '@/features/account/UserValidationPage'),
  userValidationError: () =>
    import(/* webpackChunkName: "userValidationError" */ '@/features/account/UserValidationErrorPage'),
  recoveryUsername: () =>
    import(/* webpackChunkName: "recoveryUsername" */ '@/features/account/RecoveryUsernamePage'),
  userValidationResend: () =>
    import(/* webpackChunkName: "userValidationResend" */ '@/features/account/UserValidationResendPage'),
  passwordReset: () => import(/* webpackChunkName: "passwordReset" */ '@/features/account/PasswordResetPage'),
  passwordChange: () =>
    import(/* webpackChunkName: "passwordChange" */ '@/features/account/PasswordChangePage'),
  userChangePassword: () =>
    import(/* webpackChunkName: "userChangePassword" */ '@/features/account/UserChangePasswordPage'),
  userVerifyEmail: () =>
    import(/* webpackChunkName: "userVerifyEmail" */ '@/features/account/UserVerifyEmailPage'),
  legalNotice: () => import(/* webpackChunkName: "legalNotice" */ '@/features/legal/LegalNoticePage'),
  cookiePolicy: () => import(/* webpackChunkName: "cookiePolicy" */ '@/features/legal/CookiePolicyPage'),
  privacyPolicy: () => import(/* webpackChunkName: "privacyPolicy" */ '@/features/legal/PrivacyPolicyPage'),
  invoiceExplainer: () =>
    import(/* webpackChunkName: "invoiceExplainer" */ '@/features/invoices/BillExplainerPage'),
  simulator: () => import(/* webpackChunkName: "simulator" */ '@/features/loadCurve/SimulatorPage'),
  attentionLogin: () => import(/* webpackChunkName: "attentionLogin" */ '@/features/auth/StaffLoginPage'),
  attention: () => import(/* webpackChunkName: "attention" */ '@/features/attention/QueuePage'),
  attentionDetail: () => import(/* webpackChunkName: "attentionDetail" */ '@/features/attention/RequestPage'),
};

interface PageModule {
  default: ComponentType;
}

const loaded = new Map<RouteId, PageModule>();

/**
 * A page whose module is already loaded is handed to React.lazy as a synchronous thenable, so the first render
 * shows it at once instead of a fallback frame (LCP equal to FCP).
 */
const pages = Object.fromEntries(
  (Object.keys(loaders) as RouteId[]).map((id) => [
    id,
    lazy(() => {
      const module = loaded.get(id);
      if (!module) return loaders[id]();
      // React reads a thenable that calls back at once as resolved; its type asks for a Promise.
      const settled = { then: (resolve: (value: PageModule) => void) => resolve(module) };
      return settled as unknown as Promise<PageModule>;
    }),
  ]),
) as Record<RouteId, LazyExoticComponent<ComponentType>>;

function guarded(kind: GuardKind, Page: ComponentType) {
  switch (kind) {
    case 'auth':
      return (
        <RequireAuth>
          <Page />
        </RequireAuth>
      );
    case 'guest':
    case 'staffGuest':
      return (
        <GuestOnly>
          <Page />
        </GuestOnly>
      );
    case 'admin':
      return (
        <AdminOnly>
          <Page />
        </AdminOnly>
      );
    case 'staff':
      return (
        <StaffOnly>
          <Page />
        </StaffOnly>
      );
    case 'public':
      return <Page />;
  }
}

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...(Object.keys(routes) as RouteId[]).map((id): RouteObject => ({
        id,
        path: routes[id].path,
        element: guarded(routes[id].guard, pages[id]),
        handle: { title: routes[id].title } satisfies RouteHandle,
      })),
      {
        id: 'notFound',
        path: '*',
        element: <NotFoundPage />,
        handle: { title: NOT_FOUND_TITLE } satisfies RouteHandle,
      },
    ],
  },
];

/** Loads the page of `pathname` (its chunk preloaded by the server) before the first render. */
export async function loadPageOf(pathname: string): Promise<void> {
  const id = matchRoutes(appRoutes, pathname)?.at(-1)?.route.id;
  if (id && id in loaders) loaded.set(id as RouteId, await loaders[id as RouteId]());
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
