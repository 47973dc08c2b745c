import { ADMIN_PROFILE, ADMIN_TITLE, NOT_GIVEN, PROFILE_LABELS } from './accountMessages';
import { ChangePasswordSection } from './components/ChangePasswordSection';
import { AccessRecordSection } from './components/AccessRecordSection';
import { GrantedSuppliesSection } from './components/GrantedSuppliesSection';
import { PermissionsSection } from './components/PermissionsSection';
import { MyDataSection } from './components/MyDataSection';
import { NoticeSettings } from './components/NoticeSettings';
import { UserAdminMenu } from './components/UserAdminMenu';
import { pathTo } from '@/shared/config/routes';
import { Page } from '@/shared/ui/Page';
import './account.css';

/** The stored profile's fields this page shows (spec 01 §3). */
export interface AdminProfile {
  username: string;
  ownercif: string;
  email: string;
  telephoneNumber: string;
}

export interface UserAdminPageProps {
  profile: AdminProfile | null;
  isAdministrador: boolean;
  /** The session's e-mail (from the login answer), used when the profile has none. */
  email: string | null;
  onLogout: () => void;
}

/**
 * /admin: the stored profile, the change-password form and the e-mail notices. The app passes the session in, so this feature
 * needs nothing from the auth feature.
 */
export default function UserAdminPage({ profile, isAdministrador, email, onLogout }: UserAdminPageProps) {
  const accountEmail = profile?.email || email || '';
  // Administrators sign in with their e-mail, so it is their user name here (spec 01 §5).
  const username = isAdministrador ? accountEmail : (profile?.username ?? '');

  const rows: [string, string][] = [
    [PROFILE_LABELS.username, profile?.username || NOT_GIVEN],
    [PROFILE_LABELS.nif, profile?.ownercif || NOT_GIVEN],
    [PROFILE_LABELS.email, accountEmail || NOT_GIVEN],
    [PROFILE_LABELS.phone, profile?.telephoneNumber || NOT_GIVEN],
  ];

  return (
    <Page className="user-admin" titleId="account-title" title={ADMIN_TITLE} back={pathTo('home')}>
      <div className="user-admin__columns">
        <UserAdminMenu onLogout={onLogout} accessRecord={!isAdministrador} />
        {/* Named by its own heading: the page's title already names the page's region (axe landmark-unique). */}
        <section className="user-admin__panel" aria-labelledby="user-admin-profile">
          <h2 id="user-admin-profile">{ADMIN_PROFILE}</h2>
          <dl className="summary">
            {rows.map(([label, value]) => (
              <div key={label} className="summary__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <ChangePasswordSection username={username} />
          <NoticeSettings />
          <MyDataSection />
          {/* Administrators hold no supplies of their own: their clients see who read theirs. */}
          <PermissionsSection />
          {!isAdministrador && <AccessRecordSection />}
          {/* A permission names a customer account's document: administrators receive none. */}
          {!isAdministrador && <GrantedSuppliesSection />}
        </section>
      </div>
    </Page>
  );
}
