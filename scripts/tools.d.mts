// Types of scripts/tools.mjs, for the TypeScript tests that find a tool themselves.
export declare function findOnPath(name: string, env?: NodeJS.ProcessEnv): string | undefined;
export declare function probe(wanted: readonly string[], env?: NodeJS.ProcessEnv): Record<string, string | undefined>;
