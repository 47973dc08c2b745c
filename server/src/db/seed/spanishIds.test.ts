import { cifControl, cupsControl, isValidCif, isValidCups, isValidNif, nifLetter } from './spanishIds';

describe('NIF', () => {
  it.each([
    [12345678, 'Z'],
    [0, 'T'],
    [22, 'E'],
    ['00000023', 'T'],
    [99999999, 'R'],
  ])('DNI %s has letter %s', (dni, letter) => {
    expect(nifLetter(dni)).toBe(letter);
  });

  it('validates DNI and NIE and rejects a wrong letter', () => {
    expect(isValidNif('12345678Z')).toBe(true);
    expect(isValidNif('12345678z')).toBe(true);
    expect(isValidNif('12345678A')).toBe(false);
    expect(isValidNif('X1234567L')).toBe(true);
    expect(isValidNif('Y1234567X')).toBe(true);
    expect(isValidNif('X1234567A')).toBe(false);
    expect(isValidNif('1234567Z')).toBe(false);
  });
});

describe('CIF', () => {
  it.each([
    ['B', '1234567', '4'],
    ['A', '5810223', '7'],
    ['H', '2800000', '8'],
    ['Q', '2826000', 'H'],
    ['P', '2807900', 'B'],
  ])('%s%s has control %s', (entity, digits, control) => {
    expect(cifControl(entity, digits)).toBe(control);
  });

  it('validates companies and public bodies', () => {
    expect(isValidCif('B12345674')).toBe(true);
    expect(isValidCif('B12345675')).toBe(false);
    expect(isValidCif('Q2826000H')).toBe(true);
    expect(isValidCif('Q28260008')).toBe(false);
    expect(isValidCif('12345678Z')).toBe(false);
  });
});

describe('CUPS', () => {
  it.each([
    ['0000000000000000', 'TT'],
    ['0000000000000022', 'TE'],
    ['0000000000000023', 'RT'],
    ['0000000000000528', 'EE'],
    ['0021000000000001', 'RK'],
    ['0031405905917001', 'AD'],
  ])('%s has control %s', (digits, control) => {
    expect(cupsControl(digits)).toBe(control);
  });

  it('validates full codes, with or without the 0F suffix', () => {
    expect(isValidCups('ES0021000000000001RK')).toBe(true);
    expect(isValidCups('ES0021000000000001RK0F')).toBe(true);
    expect(isValidCups('ES0021000000000001KR')).toBe(false);
    expect(isValidCups('ES002100000000001RK')).toBe(false);
    expect(isValidCups('FR0021000000000001RK')).toBe(false);
  });
});
