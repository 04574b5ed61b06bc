// Types of the vector engine (index.mjs), for the TypeScript callers (test/vectors.test.ts).

/** Direct access to the crypto backend where the public API cannot reach. */
export interface EngineInternals {
  /** Base64 HMAC-SHA1 of `data` under `key`. */
  hmacSha1?: (key: string, data: string) => Promise<string>;
  /** Whether the Base64 RSA-SHA256 `signature` of `data` verifies with the PEM public key. */
  rsaSha256Verify?: (publicKeyPem: string, signature: string, data: string) => Promise<boolean>;
}

export interface EngineOptions {
  vectors?: Record<string, unknown>;
  keys?: Record<string, string>;
  expectBackend: 'node' | 'web';
  internals?: EngineInternals;
  log?: (line: string) => void;
}

/** The state checks share. */
export interface EngineContext {
  readonly keys: Record<string, string>;
  readonly expectBackend: 'node' | 'web';
  readonly notes: string[];
}

/** One check: `run` throws on a failure and resolves to 'skip' when it cannot run. */
export interface Check {
  id: string;
  group: string;
  run(lib: object, ctx: EngineContext): Promise<unknown>;
}

export interface Tally {
  passed: number;
  failed: number;
  failures: Array<{ id: string; message: string }>;
  skipped: string[];
  notes: string[];
}

export declare const KNOWN_TOPICS: readonly string[];
export declare function listChecks(vectors: Record<string, unknown>): Check[];
export declare function createContext(options: Omit<EngineOptions, 'vectors'>): EngineContext;
export declare function failureMessage(e: unknown): string;
export declare function runSuite(lib: object, options: EngineOptions): Promise<Tally>;
