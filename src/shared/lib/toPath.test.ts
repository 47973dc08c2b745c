import toPath from './toPath';

describe('toPath (Formik’s reading of field names in the bundle)', () => {
  it('splits dotted names and numeric indexes as lodash does', () => {
    expect(toPath('nombre')).toEqual(['nombre']);
    expect(toPath('anidado.uno.dos')).toEqual(['anidado', 'uno', 'dos']);
    expect(toPath('contratos[0].codigo')).toEqual(['contratos', '0', 'codigo']);
    expect(toPath('contratos.1.lecturas[12]')).toEqual(['contratos', '1', 'lecturas', '12']);
  });

  it('takes a path already split, as strings', () => {
    expect(toPath(['contratos', 0, 'codigo'])).toEqual(['contratos', '0', 'codigo']);
  });
});
