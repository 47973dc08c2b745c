import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { CONTACT_LABEL, EMAIL_LABEL, PHONE_LABEL, SOCIAL_LABEL, opensInNewWindow } from './layoutMessages';

/** The customer-service phone, e-mail and social links of the header's top strip. */
export function ContactStrip({ id }: { id: string }) {
  const { company } = getRuntimeConfig();
  return (
    <div id={id} className="header__top">
      <div className="header__inner">
        <ul className="header__contact" aria-label={CONTACT_LABEL}>
          <li>
            {PHONE_LABEL} <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
          </li>
          <li>
            {EMAIL_LABEL} <a href={`mailto:${company.email}`}>{company.email}</a>
          </li>
        </ul>
        <ul className="header__social" aria-label={SOCIAL_LABEL}>
          {company.social.map((link) => (
            <li key={link.url}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={opensInNewWindow(link.name)}
              >
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
