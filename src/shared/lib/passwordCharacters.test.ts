import { forbiddenPasswordCharacters } from './passwordCharacters';

describe('characters no password may contain (DECISIONS "Passwords across flows")', () => {
  it.each(['=', '_', '&', '?', '-', '/', '\\', '"'])('%s is refused by the named rule', (character) => {
    expect(forbiddenPasswordCharacters(`Segura${character}2024!`)).toBe('namedRule');
  });

  it.each(['+', "'"])('%s is refused by the sign-up list', (character) => {
    expect(forbiddenPasswordCharacters(`Segura${character}2024!`)).toBe('signupList');
  });

  it('the named rule wins when both lists refuse', () => {
    expect(forbiddenPasswordCharacters("Seg'ura-2024")).toBe('namedRule');
  });

  it('the named rule specials and other characters pass', () => {
    expect(forbiddenPasswordCharacters('Segura2024!@#$%^*.')).toBeNull();
    expect(forbiddenPasswordCharacters('Nueva,2024 ñÁ')).toBeNull();
  });
});
