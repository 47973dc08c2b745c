import { CONTROL_LETTERS } from '../../contract/spanishDocuments';

// The documents' validators are the contract's (shared with the SPA); the seed and its tests use them from here.
export { cifControl, isValidCif, isValidNif, nifLetter } from '../../contract/spanishDocuments';

/** The two control letters of a CUPS from its 16 digits (4 of distributor, 12 of supply point). */
export function cupsControl(digits: string): string {
  if (!/^\d{16}$/.test(digits)) throw new Error(`CUPS no válido: ${digits}`);
  const remainder = Number(BigInt(digits) % 529n);
  return CONTROL_LETTERS[Math.floor(remainder / 23)] + CONTROL_LETTERS[remainder % 23];
}

/** 'ES', 16 digits, 2 control letters, and optionally the border point and type suffix (e.g. '0F'). */
export function isValidCups(cups: string): boolean {
  const match = /^ES(\d{16})([A-Z]{2})(\d[FPRCXYZ])?$/.exec(cups.toUpperCase());
  return match ? cupsControl(match[1]) === match[2] : false;
}

/** The two control digits of a Spanish account number (CCC) over bank+branch and over the account. */
function cccControl(bankBranch: string, account: string): string {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const digit = (digits: string) => {
    const sum = [...digits].reduce((total, d, i) => total + Number(d) * weights[i], 0);
    const control = 11 - (sum % 11);
    return control === 11 ? 0 : control === 10 ? 1 : control;
  };
  return `${digit(`00${bankBranch}`)}${digit(account)}`;
}

/** A Spanish IBAN ('ES' + 2 check digits + 20-digit CCC) for a bank, branch and 10-digit account. */
export function spanishIban(bank: string, branch: string, account: string): string {
  const ccc = `${bank}${branch}${cccControl(bank + branch, account)}${account}`;
  if (!/^\d{20}$/.test(ccc)) throw new Error(`Cuenta no válida: ${ccc}`);
  // ISO 7064 mod 97-10 over the account followed by 'ES00' as digits (E=14, S=28).
  const check = 98 - Number(BigInt(`${ccc}142800`) % 97n);
  return `ES${String(check).padStart(2, '0')}${ccc}`;
}
