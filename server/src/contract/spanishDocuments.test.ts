import { isValidDocument, normaliseDocument } from './spanishDocuments';

describe('isValidDocument (NIF/NIE/CIF with its check character)', () => {
  it.each([
    ['12345678Z', 'a DNI'],
    ['00000000T', 'a DNI of zeros'],
    ['12 345 678-z', 'a DNI as typed, with spaces, a dash and a small letter'],
    ['X1234567L', 'a NIE starting X'],
    ['Y1234567X', 'a NIE starting Y'],
    ['Z1234567R', 'a NIE starting Z'],
    ['B12345674', 'a company CIF ending in a digit'],
    ['H28000008', 'a comunidad de propietarios'],
    ['Q2826000H', 'a public body CIF ending in a letter'],
  ])('accepts %s (%s)', (text) => {
    expect(isValidDocument(text)).toBe(true);
  });

  it.each([
    ['12345678A', 'a DNI with a wrong letter'],
    ['1234567Z', 'seven digits'],
    ['X1234567A', 'a NIE with a wrong letter'],
    ['B12345675', 'a CIF with a wrong digit'],
    ['Q28260008', 'a CIF that must end in a letter'],
    ['', 'nothing'],
    ['ABCDEFGHI', 'letters'],
  ])('refuses %s (%s)', (text) => {
    expect(isValidDocument(text)).toBe(false);
  });

  it('compares documents without spaces and in upper case', () => {
    expect(normaliseDocument(' x-1234567 l ')).toBe('X1234567L');
  });
});
