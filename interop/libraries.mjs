// The third-party OAuth 1.0a libraries of the interop table: where each comes from, how to check
// it is installed, and the adapter command that runs it behind interop/front.mjs. `debian` lists
// the Debian packages that provide a missing one (interop/run.mjs installs them as root).

/** @typedef {{ id: string, name: string, language: string, registry: 'npm' | 'Debian',
 *   package: string, runtime: 'node' | 'python3' | 'ruby' | 'php', adapter: string,
 *   module?: string, debian?: string[] }} Library */

/** @type {Library[]} */
export const LIBRARIES = [
  {
    id: 'oauth-1.0a',
    name: 'oauth-1.0a',
    language: 'JavaScript',
    registry: 'npm',
    package: 'oauth-1.0a',
    runtime: 'node',
    adapter: 'vectors/adapters/oauth-1.0a/adapter.mjs',
  },
  {
    id: 'oauth',
    name: 'oauth (node-oauth)',
    language: 'JavaScript',
    registry: 'npm',
    package: 'oauth',
    runtime: 'node',
    adapter: 'interop/adapters/oauth.mjs',
  },
  {
    id: 'oauth-sign',
    name: 'oauth-sign',
    language: 'JavaScript',
    registry: 'npm',
    package: 'oauth-sign',
    runtime: 'node',
    adapter: 'interop/adapters/oauth-sign.mjs',
  },
  {
    id: 'oauth-signature',
    name: 'oauth-signature',
    language: 'JavaScript',
    registry: 'npm',
    package: 'oauth-signature',
    runtime: 'node',
    adapter: 'interop/adapters/oauth-signature.mjs',
  },
  {
    id: 'oauthlib',
    name: 'oauthlib',
    language: 'Python',
    registry: 'Debian',
    package: 'python3-oauthlib',
    runtime: 'python3',
    module: 'oauthlib',
    adapter: 'interop/adapters/python-oauthlib.py',
    debian: ['python3-oauthlib'],
  },
  {
    id: 'authlib',
    name: 'Authlib',
    language: 'Python',
    registry: 'Debian',
    package: 'python3-authlib',
    runtime: 'python3',
    module: 'authlib',
    adapter: 'interop/adapters/python-authlib.py',
    debian: ['python3-authlib'],
  },
  {
    id: 'ruby-oauth',
    name: 'oauth (Ruby gem)',
    language: 'Ruby',
    registry: 'Debian',
    package: 'ruby-oauth',
    runtime: 'ruby',
    module: 'oauth',
    adapter: 'interop/adapters/ruby-oauth.rb',
    debian: ['ruby', 'ruby-oauth'],
  },
  {
    id: 'simple-oauth',
    name: 'simple_oauth',
    language: 'Ruby',
    registry: 'Debian',
    package: 'ruby-simple-oauth',
    runtime: 'ruby',
    module: 'simple_oauth',
    adapter: 'interop/adapters/ruby-simple-oauth.rb',
    debian: ['ruby', 'ruby-simple-oauth'],
  },
  {
    id: 'pecl-oauth',
    name: 'PECL OAuth',
    language: 'PHP',
    registry: 'Debian',
    package: 'php-oauth',
    runtime: 'php',
    module: 'OAuth',
    adapter: 'interop/adapters/php-oauth.php',
    debian: ['php-cli', 'php-oauth'],
  },
];

/** The topics of the table, in its column order, with their column titles. */
export const COLUMNS = [
  ['percent-encoding', 'percent encoding'],
  ['base-string', 'base string'],
  ['hmac-sha1', 'HMAC-SHA1'],
  ['rsa-sha256', 'RSA-SHA256'],
  ['oauth-sign', 'header (whole request)'],
  ['operations', 'service operations'],
];
