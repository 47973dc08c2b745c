import cloneDeep from './cloneDeep';

describe('cloneDeep (Formik’s copy of form values in the bundle)', () => {
  const values = {
    nombre: 'Ana',
    acepta: true,
    importe: 12.5,
    vacio: null,
    sinValor: undefined,
    desde: new Date('2026-11-01T00:00:00Z'),
    contratos: [{ codigo: '1', lecturas: [1, 2] }, { codigo: '2' }],
    anidado: { uno: { dos: 'tres' } },
  };

  it('copies form values: equal, and no object, array or date shared', () => {
    const copy = cloneDeep(values);
    expect(copy).toEqual(values);
    expect(copy).not.toBe(values);
    expect(copy.contratos).not.toBe(values.contratos);
    expect(copy.contratos[0]).not.toBe(values.contratos[0]);
    expect(copy.contratos[0].lecturas).not.toBe(values.contratos[0].lecturas);
    expect(copy.anidado.uno).not.toBe(values.anidado.uno);
    expect(copy.desde).not.toBe(values.desde);
    copy.contratos[0].lecturas!.push(3);
    expect(values.contratos[0].lecturas).toEqual([1, 2]);
  });

  it('gives primitives back as they are', () => {
    for (const value of ['texto', 0, false, null, undefined]) expect(cloneDeep(value)).toBe(value);
  });
});
