// Types of fixtures.mjs, for the TypeScript tests that load the vectors the same way.
export declare function loadFixtures(): { vectors: Record<string, unknown>; keys: Record<string, string> };
