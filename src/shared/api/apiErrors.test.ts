import { API_MESSAGES, describeApiError } from './apiErrors';

describe('describeApiError', () => {
  it('shows the Spanish reason of a refusal, and the usual text for other client errors', () => {
    const message = 'La persona titular ha revocado su permiso para consultar este suministro.';
    expect(describeApiError({ status: 403, data: { code: 403, message } })).toBe(message);
    expect(describeApiError({ status: 403, data: '<html>' })).toBe(API_MESSAGES.UNKNOWN);
    expect(describeApiError({ status: 404, data: { code: 404, message: 'Recurso no encontrado' } })).toBe(
      API_MESSAGES.UNKNOWN,
    );
  });
});
