// node:crypto is slow to load and a query needs none of it; the one path that does (the MCP
// server's content stamps) loads it on first use.
import type * as Crypto from 'node:crypto';

let loaded: typeof Crypto | undefined;

export function nodeCrypto(): typeof Crypto {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (loaded ??= require('node:crypto') as typeof Crypto);
}
