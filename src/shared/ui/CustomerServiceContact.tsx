import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import './customerServiceContact.css';

export const CONTACT_PHONE_LABEL = 'Teléfono';
export const CONTACT_EMAIL_LABEL = 'Correo electrónico';

/**
 * The way forward where the portal cannot help (a customer without products): the customer-service phone and
 * e-mail of the runtime configuration, as links that call and write.
 */
export function CustomerServiceContact({ intro }: { intro: string }) {
  const { customerServicePhone, email } = getRuntimeConfig().company;
  return (
    <div className="service-contact">
      <p>{intro}</p>
      <dl className="service-contact__ways">
        <div>
          <dt>{CONTACT_PHONE_LABEL}</dt>
          <dd>
            <a href={`tel:${customerServicePhone.replace(/\s+/g, '')}`}>{customerServicePhone}</a>
          </dd>
        </div>
        <div>
          <dt>{CONTACT_EMAIL_LABEL}</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
      </dl>
    </div>
  );
}
