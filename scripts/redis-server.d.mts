// Types of scripts/redis-server.mjs, for test/helpers/redis-server.ts.
import type { ChildProcess } from 'node:child_process';
export declare function redisServerPath(): string;
export declare function freePort(): Promise<number>;
export declare function spawnRedis(port: number, args: string[]): { child: ChildProcess; ready: Promise<void> };
export declare function establish(send: (args: string[]) => Promise<unknown>, prefix: string): Promise<void>;
