import type { Migration } from 'kysely';

import * as core from './0001_core';
import * as accountTokens from './0002_account_tokens';
import * as invoices from './0003_invoices';
import * as measurements from './0004_measurements';
import * as issues from './0005_issues';
import * as invoiceLaunchDate from './0006_invoice_launch_date';
import * as signupIdentity from './0007_signup_identity';
import * as sessions from './0008_sessions';
import * as mailQueue from './0009_mail_queue';
import * as invoiceTerms from './0010_invoice_terms';
import * as issueUpdates from './0011_issue_updates';
import * as sessionsCreated from './0012_sessions_created';
import * as measurementHours from './0013_measurement_hours';
import * as invoiceCounts from './0014_invoice_counts';
import * as measurementDays from './0015_measurement_days';
import * as invoiceAmountCounts from './0016_invoice_amount_counts';
import * as signInDevices from './0017_sign_in_devices';
import * as serverSettings from './0018_server_settings';
import * as notifications from './0019_notifications';
import * as jobRuns from './0020_job_runs';
import * as claims from './0021_claims';
import * as dataAccess from './0022_data_access';
import * as pendingInvoiceNotices from './0023_pending_invoice_notices';
import * as permissions from './0024_permissions';

// Migrations live in code (not a folder scanned at run time) so tsx, jest and any bundler see the same set.
// Add a new file and one line here; names sort in the order they run.
export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_account_tokens': accountTokens,
  '0003_invoices': invoices,
  '0004_measurements': measurements,
  '0005_issues': issues,
  '0006_invoice_launch_date': invoiceLaunchDate,
  '0007_signup_identity': signupIdentity,
  '0008_sessions': sessions,
  '0009_mail_queue': mailQueue,
  '0010_invoice_terms': invoiceTerms,
  '0011_issue_updates': issueUpdates,
  '0012_sessions_created': sessionsCreated,
  '0013_measurement_hours': measurementHours,
  '0014_invoice_counts': invoiceCounts,
  '0015_measurement_days': measurementDays,
  '0016_invoice_amount_counts': invoiceAmountCounts,
  '0017_sign_in_devices': signInDevices,
  '0018_server_settings': serverSettings,
  '0019_notifications': notifications,
  '0020_job_runs': jobRuns,
  '0021_claims': claims,
  '0022_data_access': dataAccess,
  '0023_pending_invoice_notices': pendingInvoiceNotices,
  '0024_permissions': permissions,
};
