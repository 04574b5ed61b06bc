// Types of scripts/size.mjs, for test/size-gate.test.ts.
export declare const ENTRIES: readonly { readonly name: string; readonly goal: number | null }[];
export declare function overBaseline<T extends { name: string; gzip: number }>(sizes: T[], baseline: object): T[];
