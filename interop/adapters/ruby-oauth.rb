# Debian ruby-oauth (the `oauth` gem 0.5.4): OAuth::Consumer#sign! on a Net::HTTP request, as its
# README shows (form body set by Net::HTTP's set_form_data, nonce and timestamp passed as request
# options); the base string from its request proxy (OAuth::RequestProxy.proxy(request, uri:));
# HMAC from OAuth::Signature::HMAC::SHA1; encoding from OAuth::Helper.escape / unescape.
# HMAC-SHA1, RSA-SHA1, PLAINTEXT: no RSA-SHA256.
require_relative '../lib/loop'
require 'oauth'
require 'oauth/request_proxy/net_http'
require 'net/http'
require 'uri'

def http_request(c)
  uri = URI.parse(c['url'])
  klass = c['method'].upcase == 'GET' ? Net::HTTP::Get : Net::HTTP::Post
  request = klass.new(uri.request_uri)
  request.set_form_data(c['params']) unless c['params'].empty?
  [uri, request]
end

def signed_header(c)
  return Skip.new('the oauth gem 0.5.4 has no RSA-SHA256 (RSA-SHA1 only)') if c['signatureMethod'] == 'RSA-SHA256'
  return Skip.new("the oauth gem sends no body parameters with #{c['method']}") if c['method'].upcase == 'GET' && !c['params'].empty?
  uri, request = http_request(c)
  consumer = OAuth::Consumer.new(c['consumerKey'], c['consumerSecret'],
                                 site: "#{uri.scheme}://#{uri.host}:#{uri.port}", signature_method: c['signatureMethod'])
  token = c['token'] ? OAuth::Token.new(c['token'], c['tokenSecret']) : nil
  options = { nonce: c['nonce'], timestamp: c['timestamp'].to_s }
  options[:realm] = c['realm'] if c.key?('realm')
  begin
    consumer.sign!(request, token, options)
  rescue OAuth::Signature::UnknownSignatureMethod => e # an Exception, not a StandardError
    raise ArgumentError, "unknown signature method #{e.message}"
  end
  request['Authorization']
end

serve('ruby oauth') do |topic, c|
  case topic
  when 'percent-encoding'
    c['operation'] == 'encode' ? OAuth::Helper.escape(c['input']) : OAuth::Helper.unescape(c['input'])
  when 'base-string'
    # Body parameters in the form body (POST); the oauth_* ones, which travel in the header, and
    # a GET's, through the proxy's `parameters` option.
    post = c['method'].upcase == 'POST'
    body, extra = c['params'].partition { |n, _| post && !n.start_with?('oauth_') }
    _, request = http_request(c.merge('params' => body))
    OAuth::RequestProxy.proxy(request, uri: c['url'], parameters: extra).signature_base_string
  when 'hmac-sha1'
    # Its HMAC-SHA1 class signs the base string of a request proxy: a Hash proxy (MockRequest)
    # that answers the given base string.
    proxy = OAuth::RequestProxy.proxy('method' => 'POST', 'uri' => 'https://x/', 'parameters' => {})
    base = c['baseString']
    proxy.define_singleton_method(:signature_base_string) { base }
    OAuth::Signature::HMAC::SHA1.new(proxy, consumer_secret: c['consumerSecret'], token_secret: c['tokenSecret']).signature
  when 'rsa-sha256' then Skip.new('the oauth gem 0.5.4 has no RSA-SHA256 (RSA-SHA1 only)')
  when 'oauth-sign' then signed_header(c)
  else Skip.new("the oauth gem has nothing for #{topic}")
  end
end
