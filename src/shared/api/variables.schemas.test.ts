import { expect, it } from 'vitest';
import { fillVariables } from './variables.schemas';

it('fills known variables and blanks unknown ones', () => {
  expect(fillVariables('Hi {{name}}, {{ city }}! {{missing}}.', { name: 'Ada', city: 'London' })).toBe(
    'Hi Ada, London! .',
  );
});
