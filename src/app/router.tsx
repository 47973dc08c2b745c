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

/** Every page is its own chunk, so moment and Highcharts load only with the routes that use them. */
const pages: Record<RouteId, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('@/features/contracts/HomePage')),
  login: lazy(() => import('@/features/auth/LoginPage')),
  invoices: lazy(() => import('@/features/invoices/InvoicesPage')),
  allInvoices: lazy(() => import('@/features/invoices/AllInvoicesPage')),
  allInvoicesGas: lazy(() => import('@/features/invoices/AllInvoicesGasPage')),
  adminHome: lazy(() => import('@/features/invoices/AdminInvoicesPage')),
  telemetry: lazy(() => import('@/features/telemetry/TelemetryPage')),
  certificate: lazy(() => import('@/features/certificate/CertificatePage')),
  loadCurve: lazy(() => import('@/features/loadCurve/LoadCurvePage')),
  issues: lazy(() => import('@/features/issues/IssuesPage')),
  issueDetail: lazy(() => import('@/features/issues/IssueDetailPage')),
  newIssue: lazy(() => import('@/features/issues/NewIssuePage')),
  userAdmin: lazy(() => import('./UserAdminRoute')),
  readingInput: lazy(() => import('@/features/readings/ReadingInputPage')),
  signup: lazy(() => import('@/features/account/SignupPage')),
  userValidationRequest: lazy(() => import('@/features/account/UserValidationRequestPage')),
  userValidation: lazy(() => import('@/features/account/UserValidationPage')),
  userValidationError: lazy(() => import('@/features/account/UserValidationErrorPage')),
  recoveryUsername: lazy(() => import('@/features/account/RecoveryUsernamePage')),
  userValidationResend: lazy(() => import('@/features/account/UserValidationResendPage')),
  passwordReset: lazy(() => import('@/features/account/PasswordResetPage')),
  passwordChange: lazy(() => import('@/features/account/PasswordChangePage')),
  userChangePassword: lazy(() => import('@/features/account/UserChangePasswordPage')),
  userVerifyEmail: lazy(() => import('@/features/account/UserVerifyEmailPage')),
  legalNotice: lazy(() => import('@/features/legal/LegalNoticePage')),
  cookiePolicy: lazy(() => import('@/features/legal/CookiePolicyPage')),
  privacyPolicy: lazy(() => import('@/features/legal/PrivacyPolicyPage')),
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
