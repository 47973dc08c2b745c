/** Control letters shared by the DNI/NIE and the CUPS: index = number mod 23. */
const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';
/** Entities whose CIF ends in a letter; A, B, E and H (companies, comunidades) end in a digit. */
const CIF_LETTER_ENTITIES = 'KNPQRSW';
const CIF_DIGIT_ENTITIES = 'ABEH';

export function nifLetter(dniNumber: string | number): string {
  const digits = String(dniNumber);
  if (!/^\d{1,8}$/.test(digits)) throw new Error(`Número de DNI no válido: ${digits}`);
  return CONTROL_LETTERS[Number(digits) % 23];
}

export function isValidNif(nif: string): boolean {
  const value = nif.toUpperCase();
  const dni = /^(\d{8})([A-Z])$/.exec(value);
  if (dni) return nifLetter(dni[1]) === dni[2];
  // A NIE is checked like a DNI after replacing its leading X, Y or Z with 0, 1 or 2.
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  return nie ? nifLetter('XYZ'.indexOf(nie[1]) + nie[2]) === nie[3] : false;
}

/** The control character of a CIF from its entity letter and its seven digits. */
export function cifControl(entity: string, digits: string): string {
  if (!/^[A-HJ-NP-SUVW]$/.test(entity) || !/^\d{7}$/.test(digits)) {
    throw new Error(`CIF no válido: ${entity}${digits}`);
  }
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const digit = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  }
  const control = (10 - (sum % 10)) % 10;
  return CIF_LETTER_ENTITIES.includes(entity) ? CIF_LETTERS[control] : String(control);
}

export function isValidCif(cif: string): boolean {
  const match = /^([A-HJ-NP-SUVW])(\d{7})([0-9A-J])$/.exec(cif.toUpperCase());
  if (!match) return false;
  const [, entity, digits, given] = match;
  const digit = cifControl(CIF_DIGIT_ENTITIES.includes(entity) ? entity : 'A', digits);
  const letter = CIF_LETTERS[Number(digit)];
  if (CIF_DIGIT_ENTITIES.includes(entity)) return given === digit;
  if (CIF_LETTER_ENTITIES.includes(entity)) return given === letter;
  return given === digit || given === letter;
}

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
