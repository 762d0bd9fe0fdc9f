import type { ReactNode } from 'react';
import type { Variables } from '../../../../shared/api/variables.schemas';
import { useVariables } from '../api/get-variables';

/** Hands the saved variables (none until they have loaded) to what another feature draws with them. */
export function WithVariables({ children }: { children: (variables: Variables) => ReactNode }) {
  const variables = useVariables();
  return children(variables.data ?? {});
}
