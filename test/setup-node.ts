import { setBackend } from '../src/crypto/index.js';
import { nodeBackend } from '../src/crypto/node.js';

setBackend(nodeBackend);
