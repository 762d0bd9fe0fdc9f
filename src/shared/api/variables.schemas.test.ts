import { describe, expect, it } from 'vitest';
import { fillVariables, VariableNameSchema } from './variables.schemas';

describe('variable names and filling', () => {
  it('fills known variables and blanks unknown ones', () => {
    expect(fillVariables('Hi {{name}}, {{ city }}! {{missing}}.', { name: 'Ada', city: 'London' })).toBe(
      'Hi Ada, London! .',
    );
  });

  it('accepts a letter then letters, digits, _ and -, up to 50 characters', () => {
    for (const ok of ['a', 'brand', 'Brand_2', 'brand-name', 'x'.repeat(50)])
      expect(VariableNameSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['', '__proto__', '_a', '-a', '1a', 'a b', 'a{', 'é', 'x'.repeat(51)])
      expect(VariableNameSchema.safeParse(bad).success).toBe(false);
  });

  it('fills only the map’s own variables, and nothing that is not a variable name', () => {
    const values = JSON.parse('{"brand-name":"Postwell","__proto__":"sneaky"}') as Record<string, string>;
    expect(fillVariables('{{ brand-name }} {{constructor}}{{toString}}{{__proto__}}!', values)).toBe(
      'Postwell {{__proto__}}!',
    );
  });
});
