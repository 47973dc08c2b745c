import { COMPANY } from '../documents/company';
import { endSentence, validationMail, verifyEmailMail } from './messages';

describe('account e-mails', () => {
  it('one full stop after a company name that ends in "S.L."', () => {
    expect(COMPANY.name.endsWith('S.L.')).toBe(true);
    for (const mail of [
      validationMail('a@b.example', 'Ana', 'https://oficina.example/v?token=x', 48),
      verifyEmailMail('a@b.example', 'Ana', 'https://oficina.example/v?token=x', 48),
    ]) {
      expect(mail.text).not.toContain('..');
      expect(mail.html).not.toContain('..');
      expect(mail.text).toContain(`Oficina Virtual de ${COMPANY.name} Para`);
    }
  });

  it('a sentence gets its full stop when it has none', () => {
    expect(endSentence('Energía Demo')).toBe('Energía Demo.');
    expect(endSentence('Energía Demo, S.L.')).toBe('Energía Demo, S.L.');
  });
});
