import { ValidationError } from 'yup';
import { readingFieldsFor, readingSchema, roundedFee } from './readingsSchemas';

const names = (line: 'Electricidad' | 'Gas', fee: string | number | undefined) =>
  readingFieldsFor(line, fee).map((field) => field.name);

const SIX = ['Activa', 'Reactiva']
  .flatMap((kind) => [1, 2, 3, 4, 5, 6].map((p) => `Energia${kind}P${p}`))
  .concat([1, 2, 3, 4, 5, 6].map((p) => `PotenciaMaximaP${p}`));

describe('which readings each access fee asks for (spec 01 §3)', () => {
  it.each(['2.0A', '2.1A'])('%s: the total', (fee) => {
    expect(names('Electricidad', fee)).toEqual(['EnergiaActivaTotal']);
  });
  it.each(['2.0DHA', '2.1DHA'])('%s: peak and valley', (fee) => {
    expect(names('Electricidad', fee)).toEqual(['EnergiaActivaPunta', 'EnergiaActivaValle']);
  });
  it.each(['2.0DHS', '2.1DHS'])('%s: peak, flat and valley', (fee) => {
    expect(names('Electricidad', fee)).toEqual([
      'EnergiaActivaPunta',
      'EnergiaActivaLlano',
      'EnergiaActivaValle',
    ]);
  });
  it.each(['3.0A', '3.1A', '6.1', '6.2', 6.1, '5.5'])(
    '%s: active, reactive and maximum power P1..P6',
    (fee) => {
      expect(names('Electricidad', fee)).toEqual(SIX);
    },
  );
  it.each(['3.1', '3.2', '3.3', 3.4])('gas %s: Consumo', (fee) => {
    expect(names('Gas', fee)).toEqual(['Consumo']);
  });
  it('decided: 2.0TD reads peak, flat and valley; 3.0TD and 6.1TD the six periods', () => {
    expect(names('Electricidad', '2.0TD')).toEqual([
      'EnergiaActivaPunta',
      'EnergiaActivaLlano',
      'EnergiaActivaValle',
    ]);
    expect(names('Electricidad', '3.0TD')).toEqual(SIX);
    expect(names('Electricidad', '6.1TD')).toEqual(SIX);
  });
  it('decided: an unknown electricity fee reads the total, any gas fee Consumo', () => {
    expect(names('Electricidad', undefined)).toEqual(['EnergiaActivaTotal']);
    expect(names('Gas', 'RL.9')).toEqual(['Consumo']);
  });
  it('rounds the fee as the rules do', () => {
    expect(roundedFee('6.1')).toBe(6);
    expect(roundedFee('3,3')).toBe(3);
    expect(roundedFee('2.0DHA')).toBe(2);
    expect(roundedFee('RL.1')).toBeNull();
  });
});

describe('reading rules (spec 01 §5)', () => {
  const fields = readingFieldsFor('Electricidad', '2.0DHA');
  async function errorOf(value: string): Promise<string | null> {
    try {
      await readingSchema(fields).validate(
        { EnergiaActivaPunta: value, EnergiaActivaValle: '1' },
        { abortEarly: true },
      );
      return null;
    } catch (error) {
      return (error as ValidationError).errors[0];
    }
  }

  it.each(['1', '0,5', '123,456', '1000000', ' 12 '])('accepts %p', async (value) => {
    expect(await errorOf(value)).toBeNull();
  });

  it('requires it', async () => {
    expect(await errorOf('')).toBe('El campo Energía activa punta es obligatorio');
  });

  it.each(['1.000', '12,3456', '1,', ',5', 'abc', '-1', '1 000', '1.5'])(
    'refuses %p as not numeric',
    async (value) => {
      expect(await errorOf(value)).toBe(
        'El campo Energía activa punta sólo puede tener caracteres numéricos, con la coma (,) como separador de decimal, y no se permite el punto (.) como separador de miles',
      );
    },
  );

  it.each(['0', '0,000', '000'])('refuses %p as not greater than zero', async (value) => {
    expect(await errorOf(value)).toBe('El campo Energía activa punta debe de ser mayor que cero (0)');
  });
});
