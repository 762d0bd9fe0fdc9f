import { z } from 'zod';

export const VARIABLE_NAME_MAX = 50;
export const VARIABLE_VALUE_MAX = 500;
/** Variables one user may keep: the composer loads them all. */
export const VARIABLES_MAX = 200;

/**
 * A variable's name, the one rule for the route and the Manage Variables dialog: a letter, then letters,
 * digits, `_` or `-`, at most 50 characters. Starting with a letter keeps out `__proto__` and its kin.
 */
export const VariableNameSchema = z
  .string()
  .max(VARIABLE_NAME_MAX, 'variables.nameInvalid')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'variables.nameInvalid');

export const VariableNameParamsSchema = z.object({ name: VariableNameSchema });
export const VariableBodySchema = z.object({
  value: z.string().trim().min(1, 'variables.required').max(VARIABLE_VALUE_MAX, 'errors.validation'),
});
export const VariablesSchema = z.object({ data: z.record(z.string(), z.string()) });
export type Variables = Record<string, string>;

/**
 * Replaces {{name}} with the variable's value, or with nothing when it is unknown (spec section 5). Only
 * the map's own entries count: `{{constructor}}` is unknown, not Object's constructor.
 */
export const fillVariables = (text: string, variables: Variables) =>
  text.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_-]*)\s*\}\}/g, (_whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name]! : '',
  );
