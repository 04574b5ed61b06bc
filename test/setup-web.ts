import { setBackend } from '../src/crypto/index.js';
import { webBackend } from '../src/crypto/web.js';

setBackend(webBackend);
