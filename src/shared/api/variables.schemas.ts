import { z } from 'zod';

export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;

export const VariableNameParamsSchema = z.object({
  name: z.string().regex(VARIABLE_NAME, 'variables.nameInvalid'),
});
export const VariableBodySchema = z.object({
  value: z.string().trim().min(1, 'variables.required').max(500, 'errors.validation'),
});
export const VariablesSchema = z.object({ data: z.record(z.string(), z.string()) });
export type Variables = Record<string, string>;

/** Replaces {{name}} with the variable's value, or with nothing when it is unknown (spec section 5). */
export const fillVariables = (text: string, variables: Variables) =>
  text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_whole, name: string) => variables[name] ?? '');
