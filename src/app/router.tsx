import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import {
  NOT_FOUND_TITLE,
  routes,
  type GuardKind,
  type RouteHandle,
  type RouteId,
} from '@/shared/config/routes';
import { AdminOnly, GuestOnly, RequireAuth } from '@/features/auth/guards';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './layout/NotFoundPage';
import { RouteErrorPage } from './layout/RouteErrorPage';

/**
 * Every page is its own chunk, so moment and Highcharts load only with the routes that use them. Each chunk is
 * named after its route: webpack lists them by path (route-chunks.json) and the server preloads the current one.
 */
const pages: Record<RouteId, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import(/* webpackChunkName: "home" */ '@/features/contracts/HomePage')),
  login: lazy(() => import(/* webpackChunkName: "login" */ '@/features/auth/LoginPage')),
  invoices: lazy(() => import(/* webpackChunkName: "invoices" */ '@/features/invoices/InvoicesPage')),
  allInvoices: lazy(
    () => import(/* webpackChunkName: "allInvoices" */ '@/features/invoices/AllInvoicesPage'),
  ),
  allInvoicesGas: lazy(
    () => import(/* webpackChunkName: "allInvoicesGas" */ '@/features/invoices/AllInvoicesGasPage'),
  ),
  adminHome: lazy(() => import(/* webpackChunkName: "adminHome" */ '@/features/invoices/AdminInvoicesPage')),
  telemetry: lazy(() => import(/* webpackChunkName: "telemetry" */ '@/features/telemetry/TelemetryPage')),
  certificate: lazy(
    () => import(/* webpackChunkName: "certificate" */ '@/features/certificate/CertificatePage'),
  ),
  loadCurve: lazy(() => import(/* webpackChunkName: "loadCurve" */ '@/features/loadCurve/LoadCurvePage')),
  issues: lazy(() => import(/* webpackChunkName: "issues" */ '@/features/issues/IssuesPage')),
  issueDetail: lazy(() => import(/* webpackChunkName: "issueDetail" */ '@/features/issues/IssueDetailPage')),
  newIssue: lazy(() => import(/* webpackChunkName: "newIssue" */ '@/features/issues/NewIssuePage')),
  userAdmin: lazy(() => import(/* webpackChunkName: "userAdmin" */ './UserAdminRoute')),
  readingInput: lazy(
    () => import(/* webpackChunkName: "readingInput" */ '@/features/readings/ReadingInputPage'),
  ),
  signup: lazy(() => import(/* webpackChunkName: "signup" */ '@/features/account/SignupPage')),
  userValidationRequest: lazy(
    () =>
      import(/* webpackChunkName: "userValidationRequest" */ '@/features/account/UserValidationRequestPage'),
  ),
  userValidation: lazy(
    () => import(/* webpackChunkName: "userValidation" */ '@/features/account/UserValidationPage'),
  ),
  userValidationError: lazy(
    () => import(/* webpackChunkName: "userValidationError" */ '@/features/account/UserValidationErrorPage'),
  ),
  recoveryUsername: lazy(
    () => import(/* webpackChunkName: "recoveryUsername" */ '@/features/account/RecoveryUsernamePage'),
  ),
  userValidationResend: lazy(
    () =>
      import(/* webpackChunkName: "userValidationResend" */ '@/features/account/UserValidationResendPage'),
  ),
  passwordReset: lazy(
    () => import(/* webpackChunkName: "passwordReset" */ '@/features/account/PasswordResetPage'),
  ),
  passwordChange: lazy(
    () => import(/* webpackChunkName: "passwordChange" */ '@/features/account/PasswordChangePage'),
  ),
  userChangePassword: lazy(
    () => import(/* webpackChunkName: "userChangePassword" */ '@/features/account/UserChangePasswordPage'),
  ),
  userVerifyEmail: lazy(
    () => import(/* webpackChunkName: "userVerifyEmail" */ '@/features/account/UserVerifyEmailPage'),
  ),
  legalNotice: lazy(() => import(/* webpackChunkName: "legalNotice" */ '@/features/legal/LegalNoticePage')),
  cookiePolicy: lazy(
    () => import(/* webpackChunkName: "cookiePolicy" */ '@/features/legal/CookiePolicyPage'),
  ),
  privacyPolicy: lazy(
    () => import(/* webpackChunkName: "privacyPolicy" */ '@/features/legal/PrivacyPolicyPage'),
  ),
};

function guarded(kind: GuardKind, Page: ComponentType) {
  switch (kind) {
    case 'auth':
      return (
        <RequireAuth>
          <Page />
        </RequireAuth>
      );
    case 'guest':
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

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
