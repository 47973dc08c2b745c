import {
  contractAddress,
  contractsListOf,
  cupsListOf,
  displayState,
  isEmptyAnswer,
  pageStart,
  sessionTotalsOf,
  supplyPointsOf,
} from './contractsModel';

const point = { cups: 'ES1', codAbonado: '1', line: 'Gas' as const };

describe('cupsMe answers', () => {
  it('counts products and contracts of each line from the totals, none when there is no answer', () => {
    expect(sessionTotalsOf({ totalElectricidad: 12, totalGas: 11 })).toEqual({
      totalElectricidad: 12,
      totalGas: 11,
      totalContractsElectricidad: 12,
      totalContractsGas: 11,
    });
    expect(sessionTotalsOf(undefined)).toEqual({
      totalElectricidad: 0,
      totalGas: 0,
      totalContractsElectricidad: 0,
      totalContractsGas: 0,
    });
  });

  it('reads the select as a list whether it is a list, a single object or missing', () => {
    expect(supplyPointsOf({ cupsAsociados: { select: [point] } })).toEqual([point]);
    expect(supplyPointsOf({ cupsAsociados: { select: point } })).toEqual([point]);
    expect(supplyPointsOf({ cupsAsociados: null })).toEqual([]);
    expect(supplyPointsOf(undefined)).toEqual([]);
  });

  it('groups the CUPS list by line and keys it by contract code', () => {
    const electricity = { cups: 'ES2', codAbonado: '2', line: 'Electricidad' as const };
    expect(cupsListOf([point, electricity])).toEqual({
      Gas: { '1': point },
      Electricidad: { '2': electricity },
    });
  });

  it('gives each line a page, empty when the answer has none', () => {
    expect(contractsListOf({ contratos: { Gas: { activePage: 2, totalPages: 3, pages: [] } } })).toEqual({
      Electricidad: { activePage: 1, totalPages: 0, pages: [] },
      Gas: { activePage: 2, totalPages: 3, pages: [] },
    });
  });

  it('is empty only with no supply point and zero totals', () => {
    expect(isEmptyAnswer({ cupsAsociados: { select: [] }, totalElectricidad: 0, totalGas: 0 })).toBe(true);
    expect(isEmptyAnswer({ cupsAsociados: { select: point } })).toBe(false);
    expect(isEmptyAnswer({ totalGas: 2 })).toBe(false);
  });

  it('pages start at row 0, 10, 20…', () => {
    expect([1, 2, 3].map(pageStart)).toEqual([0, 10, 20]);
  });
});

describe('rows as shown', () => {
  it('shows Contrato as Alta and any other state as it comes', () => {
    expect(displayState('Contrato')).toBe('Alta');
    expect(displayState('Baja')).toBe('Baja');
    expect(displayState('En tramitación')).toBe('En tramitación');
  });

  it('writes the address with street, number, extension, postal code and city', () => {
    expect(
      contractAddress({
        codAbonado: '1',
        cups: 'ES1',
        calle: 'Calle Mayor',
        numDomicilio: '12',
        extension: '3º B',
        codPostal: '28013',
        ciudad: 'Madrid',
      }),
    ).toBe('Calle Mayor 12, 3º B, 28013 Madrid');
    expect(contractAddress({ codAbonado: '1', cups: 'ES1', calle: 'Calle Feria', ciudad: 'Sevilla' })).toBe(
      'Calle Feria, Sevilla',
    );
  });
});
