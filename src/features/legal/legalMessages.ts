/** Texts around the legal documents (the documents themselves are in legalContent.ts). */
export const LAST_UPDATED = 'Última actualización: 1 de octubre de 2026';
export const DEMO_NOTICE = (company: string) =>
  `Texto legal de ${company}, empresa ficticia de demostración de esta Oficina Virtual. Sirve de ejemplo completo y no corresponde a ninguna empresa real.`;
export const CONTENTS = 'Contenido';
export const LEGAL_NOTICE_TITLE = 'Aviso legal';
export const PRIVACY_POLICY_TITLE = 'Política de privacidad';
export const COOKIE_POLICY_TITLE = 'Política de cookies';
