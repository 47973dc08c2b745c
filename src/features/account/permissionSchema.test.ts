import { PERMISSION_ERRORS } from './accountMessages';
import { permissionSchema, type PermissionValues } from './accountSchemas';

const valid: PermissionValues = {
  documento: 'X1234567L',
  todos: false,
  contratos: ['100000154'],
  desde: '2026-11-28',
  hasta: '2027-05-28',
  alcance: 'consumo',
};

async function errorsOf(values: Partial<PermissionValues>): Promise<string[]> {
  try {
    await permissionSchema.validate({ ...valid, ...values }, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('the permission form (Permisos de acceso)', () => {
  it('accepts a NIE, chosen supplies, and exactly two years', async () => {
    expect(await errorsOf({})).toEqual([]);
    expect(await errorsOf({ hasta: '2028-11-28' })).toEqual([]);
    expect(await errorsOf({ todos: true, contratos: [] })).toEqual([]);
  });

  it('says in Spanish what is wrong', async () => {
    expect(await errorsOf({ documento: '12345678A' })).toEqual([PERMISSION_ERRORS.document]);
    expect(await errorsOf({ contratos: [] })).toEqual([PERMISSION_ERRORS.supplies]);
    expect(await errorsOf({ hasta: '2026-11-27' })).toEqual([PERMISSION_ERRORS.endBeforeStart]);
    expect(await errorsOf({ hasta: '2028-11-29' })).toEqual([PERMISSION_ERRORS.overTwoYears]);
  });
});
