import type { SignupBody } from './accountApi';
import type { SignupValues } from './accountSchemas';

/**
 * The §7 body plus what spec 01 §3 lists (document, owner CIF, role). Administrators: user name from the e-mail
 * (@ -> -), telephone 0, owner = document (spec 01 §2).
 */
export function signupBody(values: SignupValues): SignupBody {
  const admin = values.isAdministradorFinca;
  const ownerCif = admin ? values.documentNumber : values.ownerCif;
  return {
    username: admin ? values.email.trim().replace('@', '-') : values.username.trim(),
    password: values.password,
    nif: ownerCif,
    email: values.email.trim(),
    telefono: admin ? '0' : values.telephone.trim(),
    firstName: values.firstName.trim(),
    lastName: [values.firstSurname.trim(), values.secondSurname.trim()].filter(Boolean).join(' '),
    language: values.language,
    identification: { typeDoc: values.documentType, idDoc: values.documentNumber },
    ownerCif,
    role: 'access',
  };
}
