import type { z } from 'zod';

/** A procedure's output parser that carries its zod schema for the OpenAPI document. */
export interface DeclaredOutput<S extends z.ZodType> {
  (value: unknown): z.output<S>;
  readonly schema: S;
}

/**
 * Declares what a procedure answers, for `.output()`. TypeScript checks the resolver's result
 * against the schema; at run time the value passes through untouched, so nothing is parsed twice
 * and the engine's serialized answers keep their identity (their ETag). The contract tests check
 * the live answers against the schema (server/test/openapi-contract.test.ts).
 */
export function declared<S extends z.ZodType>(schema: S): DeclaredOutput<S> {
  const pass = (value: unknown) => value as z.output<S>;
  return Object.assign(pass, { schema });
}

/** The schema behind a procedure's `.output(declared(...))`, if it has one. */
export function schemaOfOutput(output: unknown): z.ZodType | undefined {
  return typeof output === 'function' && 'schema' in output ? (output.schema as z.ZodType) : undefined;
}
