# The line loop every Ruby adapter of interop/ shares (protocol: vectors/PROTOCOL.md).
# serve(library) { |topic, input| ... }: the block returns the output, or Skip.new(reason) for
# what the library cannot express; an exception the library raises becomes an `error` answer.
# Ruby's JSON parser refuses a lone surrogate (the protocol says to skip such cases), and a
# decoded string that is not UTF-8 is written with its bad bytes shown as U+FFFD (the library
# accepted the input: the kit counts that, whatever the bytes).
require 'json'

Skip = Struct.new(:why)

def key_text(name)
  dir = ENV['PAYSIG_VECTORS'] || File.join(__dir__, '..', '..', 'vectors')
  File.read(File.join(dir, 'keys', name))
end

def answer_for(line)
  c = JSON.parse(line)
rescue JSON::ParserError
  raise unless line.include?('"lone-surrogate"')
  { id: JSON.parse(line[/"id":\s*("(?:[^"\\]|\\.)*")/, 1]), skip: 'Ruby JSON.parse refuses a lone surrogate' }
else
  begin
    out = yield(c['topic'], c['input'])
    return { id: c['id'], skip: out.why } if out.is_a?(Skip)
    out = out.scrub if out.is_a?(String) && !out.valid_encoding?
    { id: c['id'], output: out }
  rescue StandardError => e
    { id: c['id'], error: "#{e.class}: #{e.message}" }
  end
end

def serve(_library, &block)
  $stdout.sync = true
  $stdin.each_line do |line|
    next if line.strip.empty?
    puts JSON.generate(answer_for(line, &block))
  end
end
