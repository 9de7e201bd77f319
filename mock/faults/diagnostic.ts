/**
 * Faults that break no rule of the spec: a server behaving in a way the suite must survive without a
 * verdict to prove. They are switched on like the others, but the proofs do not run them (no rule of
 * theirs to fail); the test that each names says what it shows.
 */
export interface DiagnosticFault {
  readonly name: string;
  readonly does: string;
  /** The test that runs with it, and what that shows. */
  readonly shows: string;
}

export const DIAGNOSTIC_FAULTS = [
  {
    name: 'echo-request-headers',
    does: 'every host copies each request header into each response: an x-echo-<name> header, and into the body',
    shows: 'no output of a run carries a credential in any spelling, whatever a server echoes back (test/e2e/no-credential-output.test.ts)',
  },
] as const satisfies readonly DiagnosticFault[];
