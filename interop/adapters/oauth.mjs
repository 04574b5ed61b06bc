#!/usr/bin/env node
// npm `oauth` 0.10.2 (node-oauth): new OAuth(...) and oa.post(url, token, secret, body) as its
// README shows, the request captured before it is sent (its _createClient hook) and the fixed
// nonce and timestamp of the case put in place of its random ones (_getNonce, _getTimestamp).
// Percent-encoding, base string and HMAC are its own internal steps (_encodeData,
// _normaliseRequestParams + _createSignatureBase, _createSignature), called as its signer calls
// them. No RSA-SHA256 (the constructor accepts HMAC-SHA1, HMAC-SHA256, RSA-SHA1, PLAINTEXT) and
// no realm outside OAuthEcho.
import { parse } from 'node:querystring';
import { parse as parseUrl } from 'node:url';
import { OAuth } from 'oauth';
import { pairsToObject, serve, skip } from '../lib/loop.mjs';

const client = (secret = '', method = 'HMAC-SHA1', key = '') => new OAuth(null, null, key, secret, '1.0', null, method);
const plain = client();

serve('oauth', {
  'percent-encoding': (c) =>
    c.operation === 'encode' ? plain._encodeData(c.input) : skip('no decoder on its signing path'),
  'base-string': (c) => {
    // _prepareParameters' steps: body parameters, then the URL's query (querystring.parse) over them.
    const params = pairsToObject(c.params);
    const q = parseUrl(c.url, false).query;
    if (q) Object.assign(params, parse(q));
    return plain._createSignatureBase(c.method, c.url, plain._normaliseRequestParams(params));
  },
  'hmac-sha1': (c) => client(c.consumerSecret)._createSignature(c.baseString, c.tokenSecret),
  'rsa-sha256': () => skip('node-oauth has no RSA-SHA256 (RSA-SHA1 only)'),
  'oauth-sign': (c) => {
    if (c.signatureMethod === 'RSA-SHA256') return skip('node-oauth has no RSA-SHA256');
    if (c.realm !== undefined) return skip('node-oauth writes a realm only in OAuthEcho');
    const oa = client(c.consumerSecret, c.signatureMethod, c.consumerKey);
    oa._getNonce = () => c.nonce;
    oa._getTimestamp = () => c.timestamp;
    let sent;
    oa._createClient = (_port, _host, _method, _path, headers) => {
      sent = headers;
      return { write() {}, end() {}, on() {} };
    };
    const method = c.method.toUpperCase();
    if (method === 'POST') oa.post(c.url, c.token, c.tokenSecret, pairsToObject(c.params));
    else if (method === 'GET' && c.params.length === 0) oa.get(c.url, c.token, c.tokenSecret);
    else return skip(`node-oauth sends no body parameters with ${c.method}`);
    return sent.Authorization;
  },
});
