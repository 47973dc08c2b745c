import { passwordProblem } from './passwordRule';

describe('the password rule of every flow that sets one', () => {
  it.each(['=', '_', '&', '?', '-', '/', '\\', '"', '+', "'"])('%s is forbidden', (character) => {
    expect(passwordProblem(`Segura${character}2024!`)).toBe('forbidden');
  });

  it('8 characters and 3 of 4 classes, the specials being !@#$%^*.', () => {
    expect(passwordProblem('Segura2024!')).toBeNull();
    expect(passwordProblem('Segura2024')).toBeNull();
    expect(passwordProblem('segura2024!')).toBeNull();
    expect(passwordProblem('Seg2024')).toBe('weak');
    expect(passwordProblem('segura2024')).toBe('weak');
    expect(passwordProblem('segura,2024')).toBe('weak');
  });
});
