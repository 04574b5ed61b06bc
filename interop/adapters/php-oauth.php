<?php
// Debian php-oauth (the PECL OAuth extension 2.0.7): new OAuth(key, secret, method,
// OAUTH_AUTH_TYPE_AUTHORIZATION), setNonce, setTimestamp, setToken and getRequestHeader(method,
// url, params), as the PHP manual shows; oauth_get_sbs for the base string; oauth_urlencode for
// percent-encoding. Parameters go in as a PHP array, a repeated name as an array of values.
// HMAC-SHA1, HMAC-SHA256, RSA-SHA1, PLAINTEXT: no RSA-SHA256; no realm; no decoder; nothing signs
// a given base string. PHP's JSON parser refuses a lone surrogate: such cases are skipped.

function params_array(array $pairs): array {
    $out = [];
    foreach ($pairs as [$n, $v]) {
        if (!array_key_exists($n, $out)) $out[$n] = $v;
        else $out[$n] = array_merge((array) $out[$n], [$v]);
    }
    return $out;
}

function skip(string $why): array { return ['skip' => $why]; }

function header_for(array $c) {
    if ($c['signatureMethod'] === 'RSA-SHA256') return skip('PECL OAuth has no RSA-SHA256 (RSA-SHA1 only)');
    if (array_key_exists('realm', $c)) return skip('PECL OAuth has no realm');
    $o = new OAuth($c['consumerKey'], $c['consumerSecret'] ?? '', $c['signatureMethod'], OAUTH_AUTH_TYPE_AUTHORIZATION);
    $o->setNonce($c['nonce']);
    $o->setTimestamp((string) $c['timestamp']);
    if (isset($c['token'])) $o->setToken($c['token'], $c['tokenSecret'] ?? '');
    return ['output' => $o->getRequestHeader(strtoupper($c['method']), $c['url'], params_array($c['params']))];
}

function answer(string $topic, array $c): array {
    switch ($topic) {
        case 'percent-encoding':
            return $c['operation'] === 'encode' ? ['output' => oauth_urlencode($c['input'])] : skip('PECL OAuth has no decoder');
        case 'base-string':
            return ['output' => oauth_get_sbs($c['method'], $c['url'], params_array($c['params']))];
        case 'hmac-sha1':
            return skip('PECL OAuth signs only a base string it builds itself (generateSignature takes method, URL, params)');
        case 'rsa-sha256':
            return skip('PECL OAuth has no RSA-SHA256 (RSA-SHA1 only)');
        case 'oauth-sign':
            return header_for($c);
    }
    return skip("PECL OAuth has nothing for $topic");
}

while (($line = fgets(STDIN)) !== false) {
    if (trim($line) === '') continue;
    $case = json_decode($line, true);
    if ($case === null) {
        if (strpos($line, '"lone-surrogate"') === false) throw new RuntimeException('not JSON: ' . $line);
        preg_match('/"id":\s*("(?:[^"\\\\]|\\\\.)*")/', $line, $m);
        $a = ['id' => json_decode($m[1]), 'skip' => 'PHP json_decode refuses a lone surrogate'];
    } else {
        try {
            $a = ['id' => $case['id']] + answer($case['topic'], $case['input']);
        } catch (Throwable $e) {
            $a = ['id' => $case['id'], 'error' => get_class($e) . ': ' . $e->getMessage()];
        }
    }
    // A decoded string that is not UTF-8 is written with its bad bytes as U+FFFD: the library
    // accepted the input, which is what the kit counts.
    echo json_encode($a, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
    fflush(STDOUT);
}
