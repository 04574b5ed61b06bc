# Debian ruby-simple-oauth (simple_oauth 0.3.1): SimpleOAuth::Header.new(method, url, params,
# oauth).to_s as its README shows, params as a Hash (so a repeated name cannot be expressed),
# nonce and timestamp among the oauth options; encoding from SimpleOAuth::Header.escape /
# unescape. Its base string and HMAC are private steps of the header (signature_base,
# hmac_sha1_signature), reached with `send`; the base string only around the oauth_* attributes it
# always writes (nonce, signature method, timestamp, version). HMAC-SHA1, RSA-SHA1, PLAINTEXT:
# no RSA-SHA256; no realm option.
require_relative '../lib/loop'
require 'simple_oauth'

ATTRS = %w[callback consumer_key nonce signature_method timestamp token verifier version].freeze
ALWAYS = %w[nonce signature_method timestamp version].freeze

def repeated?(pairs)
  pairs.map(&:first).uniq.size != pairs.size
end

def header(c)
  return Skip.new('simple_oauth has no RSA-SHA256 (RSA-SHA1 only)') if c['signatureMethod'] == 'RSA-SHA256'
  return Skip.new('simple_oauth has no realm option') if c.key?('realm')
  return Skip.new('simple_oauth takes params as a Hash: no repeated names') if repeated?(c['params'])
  oauth = { consumer_key: c['consumerKey'], consumer_secret: c['consumerSecret'], nonce: c['nonce'],
            timestamp: c['timestamp'].to_s, signature_method: c['signatureMethod'] }
  oauth.merge!(token: c['token'], token_secret: c['tokenSecret']) if c['token']
  oauth[:token_secret] = c['tokenSecret'] if c['tokenSecret'] && !c['token']
  SimpleOAuth::Header.new(c['method'], c['url'], c['params'].to_h, oauth).to_s
end

def base_string(c)
  oauth, params = c['params'].partition { |n, _| n.start_with?('oauth_') }
  names = oauth.map { |n, _| n.delete_prefix('oauth_') }
  unless (ALWAYS - names).empty? && (names - ATTRS).empty? && !repeated?(oauth)
    return Skip.new('simple_oauth writes its own nonce, signature method, timestamp and version: this parameter set is not one it signs')
  end
  return Skip.new('simple_oauth takes params as a Hash: no repeated names') if repeated?(params)
  options = oauth.to_h { |n, v| [n.delete_prefix('oauth_').to_sym, v] }
  SimpleOAuth::Header.new(c['method'], c['url'], params.to_h, options).send(:signature_base)
end

def hmac(c)
  h = SimpleOAuth::Header.new('POST', 'https://x/', {}, consumer_secret: c['consumerSecret'], token_secret: c['tokenSecret'])
  base = c['baseString']
  h.define_singleton_method(:signature_base) { base }
  h.send(:hmac_sha1_signature)
end

serve('simple_oauth') do |topic, c|
  case topic
  when 'percent-encoding'
    c['operation'] == 'encode' ? SimpleOAuth::Header.escape(c['input']) : SimpleOAuth::Header.unescape(c['input'])
  when 'base-string' then base_string(c)
  when 'hmac-sha1' then hmac(c)
  when 'rsa-sha256' then Skip.new('simple_oauth has no RSA-SHA256 (RSA-SHA1 only)')
  when 'oauth-sign' then header(c)
  else Skip.new("simple_oauth has nothing for #{topic}")
  end
end
