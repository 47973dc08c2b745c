/**
 * Spanish identity documents with their check character (NIF/DNI, NIE, CIF): one validator that the server's
 * permissions (issue 28), the SPA's forms and the seed's generated people all use. Plain functions, no imports,
 * so the SPA may import it.
 */

/** Control letters shared by the DNI/NIE and the CUPS: index = number mod 23. */
export const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
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

/** A document as typed compares without spaces or dashes and in upper case. */
export const normaliseDocument = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase();

/** Whether the text (as typed) is a NIF, NIE or CIF with a right check character. */
export function isValidDocument(text: string): boolean {
  const value = normaliseDocument(text);
  return isValidNif(value) || isValidCif(value);
}
