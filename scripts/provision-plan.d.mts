// Types of scripts/provision-plan.mjs, for test/provision.test.ts.
export interface Tool {
  readonly label: string;
  readonly pkg: string;
  readonly env: string;
}
export declare const TOOLS: Readonly<Record<'redis-server' | 'python3' | 'openssl' | 'chromium', Tool>>;
export interface Context {
  redisUrl?: string | undefined;
  isRoot: boolean;
  hasApt: boolean;
  off: boolean;
}
export interface Plan {
  env: Record<string, string>;
  install: string[];
  missing: string[];
  message?: string;
}
export declare function plan(
  wanted: readonly string[],
  found: Readonly<Record<string, string | undefined>>,
  context: Context,
): Plan;
