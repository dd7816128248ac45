/**
 * Every & operation, each declared once (declare-operation.ts), in the order tools/list shows
 * them. The MCP service's tools and the API's routes are both derived from this list; the API
 * binds a domain function to each name (api/operation-routes.ts), and a name without one, or one
 * without a name here, does not compile.
 */
import type * as z from 'zod';
import { connectionOperations } from './connection-operations.ts';
import { evidenceOperations } from './evidence-operations.ts';
import { identityOperations } from './identity-operations.ts';
import { hostedLoopOperations, loopOperations } from './loop-operations.ts';
import { questionOperations } from './question-operations.ts';
import { suggestionOperations } from './suggestion-operations.ts';

export const OPERATIONS = [
  ...identityOperations,
  ...connectionOperations,
  ...questionOperations,
  ...loopOperations,
  ...suggestionOperations,
  ...hostedLoopOperations,
  ...evidenceOperations,
] as const;

export type AnyOperation = (typeof OPERATIONS)[number];
export type OperationName = AnyOperation['name'];
export type OperationNamed<N extends OperationName> = Extract<AnyOperation, { name: N }>;
export type OperationInput<N extends OperationName> = z.output<OperationNamed<N>['input']>;
export type OperationOutput<N extends OperationName> = z.output<OperationNamed<N>['output']>;
