# workerd configuration for examples/workers/worker.mjs, bundled first to dist/worker.js
# (workerd does not resolve npm packages; wrangler bundles the same way):
#   npx esbuild examples/workers/worker.mjs --bundle --format=esm --conditions=workerd,worker,browser \
#     --outfile=examples/workers/dist/worker.js
#   npx workerd serve examples/workers/config.capnp [--socket-addr http=127.0.0.1:8080]
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:8787", http = (), service = "main") ],
);

const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "dist/worker.js") ],
  compatibilityDate = "2025-09-01",
);
