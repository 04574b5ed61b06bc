// Types of scripts/size.mjs, for test/size-gate.test.ts.
export declare const ENTRIES: readonly {
  readonly name: string;
  readonly goal: number | null;
  /** The key of the entry's reason in {@link WHY}, for an entry with a goal. */
  readonly why?: keyof typeof WHY;
}[];
export declare const WHY: {
  readonly control: string;
  readonly hmac: string;
  readonly verifyRequest: string;
  readonly everything: string;
};
export declare function overBaseline<T extends { name: string; gzip: number }>(sizes: T[], baseline: object): T[];
export declare function withoutProse(code: string): string;
