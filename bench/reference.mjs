// The one place bench/ imports the plain reference pipelines from. If tools/vectors/reference/ moves
// (for example to tools/reference/), this line is the only one to change.
export * from '../tools/vectors/reference/index.mjs';
